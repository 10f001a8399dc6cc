import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Every folder with an index.html is one page of the multi-page build.
const pageEntries = Object.fromEntries(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'index.html')))
    .map((entry) => [entry.name, join(root, entry.name, 'index.html')]),
);

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/', import.meta.url)),
    emptyOutDir: true,
    // AG Grid and MUI are large by nature; the pages are served locally, so size is not a concern.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: { index: join(root, 'index.html'), ...pageEntries } },
  },
});
