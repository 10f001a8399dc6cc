// Which workspace packages each package's shipped code may import. Dependencies point one way:
// contracts, then the core (no I/O), then adapters, then the runtime (the composition root), then
// the server and the CLI; the web UI sees only the contracts and the core's pure projection.
// eslint.config.js turns this table into import rules, and package-boundaries.test.ts checks that
// every package.json declares no more than the table allows.

/** @type {Readonly<Record<string, readonly string[]>>} */
export const allowedImports = {
  protocol: [],
  core: ['protocol'],
  vision: ['protocol'],
  storage: ['protocol', 'core'],
  models: ['protocol', 'core'],
  'env-browser': ['protocol', 'core'],
  'env-desktop': ['protocol', 'core'],
  'env-remote': ['protocol', 'core'],
  'desktop-scenarios': ['protocol', 'core'],
  scenarios: ['protocol'],
  testbed: ['protocol'],
  tools: ['protocol', 'core'],
  'model-rules': ['protocol', 'core', 'vision'],
  'model-engine': ['protocol', 'core', 'models'],
  report: ['protocol', 'core'],
  testing: ['protocol', 'core'],
  runtime: [
    'protocol',
    'core',
    'vision',
    'storage',
    'models',
    'env-browser',
    'env-desktop',
    'env-remote',
    'scenarios',
    'desktop-scenarios',
    'tools',
    'model-rules',
    'model-engine',
    'report',
  ],
  server: ['protocol', 'core', 'runtime', 'report'],
  cli: ['protocol', 'core', 'runtime', 'report', 'server'],
  // The browser bundle: the contracts, and from the core only its pure projection and plan diff.
  web: ['protocol', 'core/projection'],
};

/** Node built-ins and I/O libraries the core and the contracts must never import. */
export const ioModules = [
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
  'ws',
];
