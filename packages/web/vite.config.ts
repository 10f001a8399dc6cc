import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Where `vite dev` and `vite preview` forward `/api` (HTTP and the WebSockets) while the UI is
 * worked on without the server serving it: `SANDPIPER_API=http://127.0.0.1:7788 vite preview`.
 */
const api = process.env['SANDPIPER_API'] ?? 'http://127.0.0.1:7788';

// The server checks Origin, so forwarded requests must look as if they came from its own page.
const proxy = {
  '/api': {
    target: api,
    ws: true,
    changeOrigin: true,
    configure: (server: { on(event: 'proxyReq' | 'proxyReqWs', listener: (request: OriginSetter) => void): void }) => {
      const sameOrigin = (request: OriginSetter) => {
        if (request.getHeader('origin') !== undefined) request.setHeader('origin', api);
      };
      server.on('proxyReq', sameOrigin);
      server.on('proxyReqWs', sameOrigin);
    },
  },
};

interface OriginSetter {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): void;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy },
  preview: { proxy },
});
