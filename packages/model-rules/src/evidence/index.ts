/**
 * Reflection on what a step's actions changed: the evidence-first reflector (regions found,
 * labelled from the executed actions, then judged against the step) and the one-shot baseline.
 */
export { createEvidenceReflector } from './evidence-reflector.js';
export type { EvidenceReflectorOptions } from './options.js';
export { createOneShotReflector } from './one-shot-reflector.js';
export type { OneShotReflectorOptions } from './one-shot-reflector.js';
