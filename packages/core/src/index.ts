export * from './handle.js';
export * from './ports.js';
export * from './engine.js';
