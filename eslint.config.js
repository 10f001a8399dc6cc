// One lint config for the whole repository. Type-aware rules catch floating promises;
// the boundary rule keeps the core free of I/O (see "Boundaries" in the README).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ioModules = [
  'fs',
  'fs/promises',
  'path',
  'http',
  'https',
  'net',
  'child_process',
  'os',
  'worker_threads',
  'crypto',
  'playwright-core',
  'better-sqlite3',
  'tesseract.js',
  'sharp',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.sandpiper/**', 'test-artifacts/**', 'packages/scenarios/apps/**'] },
  js.configs.recommended,
  { files: ['bin/**/*.js', 'eslint.config.js'], languageOptions: { globals: { process: 'readonly' } } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The web UI's components are .tsx; they get the same type-aware rules as every .ts file.
    files: ['packages/web/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The core and the contracts must not perform I/O: no Node built-ins, no browser, no database.
    files: ['packages/core/src/**/*.ts', 'packages/protocol/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The core has no I/O: pass a port instead of importing Node built-ins.' },
            {
              group: ['@sandpiper/*', '!@sandpiper/protocol'],
              message: 'The core may depend only on @sandpiper/protocol.',
            },
          ],
          paths: ioModules.map((name) => ({
            name,
            message: 'The core has no I/O: put this behind a port in an adapter.',
          })),
        },
      ],
    },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@sandpiper/*', 'node:*'], message: 'protocol depends on nothing but zod.' }] },
      ],
    },
  },
);
