/** Which workspace packages each package's shipped code may import (see package-boundaries.js). */
export declare const allowedImports: Readonly<Record<string, readonly string[]>>;
/** Node built-ins and I/O libraries the pure packages must never import. */
export declare const ioModules: readonly string[];
