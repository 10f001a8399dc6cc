export { createManualClock } from './clock.js';
export { createSequentialIds } from './ids.js';
export { createMemoryEventLog, createMemoryBlobStore } from './memory-store.js';
export { createScriptedEngine, type ScriptedEngineScript, type ScriptedEngineCalls } from './scripted-engine.js';
export { createScriptedEnvironment, type ScriptedEnvironmentOptions } from './scripted-environment.js';
export { startModelServer, TOKENS_PER_CALL, type ModelServer, type ServedRequest } from './clerk-model-server.js';
export { criterion, legacyCriterion } from './criteria.js';
export { seededRandom, testSeeds, TEST_SEED_VARIABLE } from './seeds.js';
