// One lint config for the whole repository. Type-aware rules catch floating promises;
// the boundary rules (scripts/package-boundaries.js) keep dependencies pointing one way and the
// core free of I/O (see "Boundaries" in the README).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { allowedImports, ioModules } from './scripts/package-boundaries.js';

/** Packages whose shipped code performs no I/O: no Node built-ins, no browser, no database. */
const pureCode = new Set(['protocol', 'core', 'web']);

/**
 * One import rule per package from the boundary table: a package's shipped code (tests aside) may
 * import only the workspace packages the table lists, and pure packages no I/O modules at all.
 */
function boundaryRule(name, allowed) {
  const pure = pureCode.has(name);
  const allowedList =
    allowed.length === 0 ? 'nothing but zod' : allowed.map((entry) => `@sandpiper/${entry}`).join(', ');
  return {
    files: [`packages/${name}/src/**/*.ts`, `packages/${name}/src/**/*.tsx`],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', '**/*-test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any workspace package or entry point but the allowed ones, matched whole.
              regex: `^@sandpiper/(?!(?:${allowed.map((entry) => entry.replace('/', '\\/')).join('|')})$)`,
              message: `${name} may import ${allowedList} (scripts/package-boundaries.js).`,
            },
            ...(pure
              ? [{ group: ['node:*'], message: `${name} has no I/O: pass a port instead of importing Node built-ins.` }]
              : []),
          ],
          paths: pure
            ? ioModules.map((module) => ({
                name: module,
                message: `${name} has no I/O: put this behind a port in an adapter.`,
              }))
            : [],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'scratch/**',
      '.sandpiper/**',
      'test-artifacts/**',
      'packages/scenarios/apps/**',
    ],
  },
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
  ...Object.entries(allowedImports).map(([name, allowed]) => boundaryRule(name, allowed)),
);
