/**
 * The composition root. From a target (a built-in scenario, a URL, a DevTools endpoint) and the
 * configuration, it builds everything one run needs: the environment, a fresh engine, the store
 * and blobs, clock, ids, fingerprinter, tools, the evidence stage, and the report at the end. The
 * CLI and the server both go through it and assemble nothing themselves.
 */
export {
  createRuntime,
  EXECUTOR_TOKEN_VARIABLE,
  type ExecutorServeOptions,
  type ExecutorServer,
  type PrepareRequest,
  type Runtime,
  type RuntimeOptions,
  type TaskRequest,
  SECRET_VARIABLE_PREFIX,
  secretsFrom,
} from './runtime.js';
export { generateExecutorToken, MIN_TOKEN_LENGTH } from '@sandpiper/env-remote';
export type { DriveOptions, PreparedRun, RunOutcome } from './prepared-run.js';
export { CONFIG_FILE_NAME, configFileSchema, loadConfigFile, resolveDataDir, type ConfigFile } from './config.js';
export { apiKeyValues, describeModels, displaySpec, prepareEngine, type EngineSetup } from './engine-setup.js';
export { createFallbackEngine } from './fallback-engine.js';
export { createHybridEngine } from './hybrid-engine.js';
export {
  BUILTIN_ENGINE,
  loadPrices,
  MODEL_ROLES,
  modelsConfigSchema,
  profilesOf,
  roleSettingsSchema,
  selectModels,
  type ModelRole,
  type ModelSelection,
  type ModelsConfig,
  type CustomProfile,
  type RoleSettings,
  type RoleSpec,
  type SpecSource,
} from './model-config.js';
export { requireScenario, withAccessibility, type BrowserOptions } from './open-environment.js';
export { desktopSessionDir, requireDesktopScenario } from './open-desktop.js';
export { desktopScenarios, desktopTasks } from '@sandpiper/desktop-scenarios';
export { createRandomIds, createSystemClock, newRunId } from './system.js';
export { createVisionFingerprinter } from './fingerprint.js';
export { createVisionChangeEvidence } from './change-evidence.js';
export {
  runScenarioTask,
  timeEnvironment,
  type ScenarioRunOptions,
  type ScenarioTaskResult,
} from './scenario-runner.js';

// What the front ends (CLI, server) need of the adapters, so they depend on the runtime alone.
export { openStore, RunClaimedError, type RunSummary, type Store, type StoredRunStatus } from '@sandpiper/storage';
export { scenarioNames, scenarios, type ScenarioServer } from '@sandpiper/scenarios';
export { reflectorMethods, type ReflectorMethod } from '@sandpiper/model-rules';
export { checkModelSpec, findPrice, type ModelCheck, type ModelEnvironment, type PriceTable } from '@sandpiper/models';
export type { ModelProfile, ProbeCheck, ProbeProblem } from '@sandpiper/models';
export { PROBE_CONTEXT_TOKENS, probeModels, type ModelsProbe, type ProbeInput, type SpecProbe } from './model-probe.js';
