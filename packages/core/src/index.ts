export * from './handle.js';
export * from './ports.js';
export * from './engine.js';
export * from './plan/index.js';
export * from './run/index.js';
export * from './detectors/index.js';
