import path from 'node:path';
import { completionConfigSchema, detectorConfigSchema, type Environment, type ToolRunner } from '@sandpiper/core';
import type { ModelEnvironment } from '@sandpiper/models';
import type { ReflectorMethod } from '@sandpiper/model-rules';
import { serveExecutor } from '@sandpiper/env-remote';
import {
  parseContract,
  taskSchema,
  UsageError,
  type Budgets,
  type EnvironmentSpec,
  type Task,
} from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioFault, type ScenarioServer } from '@sandpiper/scenarios';
import { createOcrEngine, createOcrSecretLocator, type OcrEngine } from '@sandpiper/model-rules';
import { openStore, type Store } from '@sandpiper/storage';
import { createCoder, createKnowledgeBase, createToolRunner, type KnowledgeBase } from '@sandpiper/tools';
import type { ConfigFile } from './config.js';
import { apiKeyValues, prepareEngine, type EngineSetup } from './engine-setup.js';
import { createVisionFingerprinter, createVisionMasker } from './fingerprint.js';
import { getDesktopScenario } from '@sandpiper/desktop-scenarios';
import { openEnvironment, overLoopbackExecutor, requireScenario, type BrowserOptions } from './open-environment.js';
import { prepareRun, type PreparedRun } from './prepared-run.js';
import { createRandomIds, createSystemClock, newRunId } from './system.js';

/** What a runtime is built from: the configuration and the process's surroundings. */
/** Where the token of an `executor` target is read from; never part of a task or a log. */
export const EXECUTOR_TOKEN_VARIABLE = 'SANDPIPER_EXECUTOR_TOKEN';

export interface RuntimeOptions {
  /** The validated `sandpiper.config.json` (or `{}`). */
  readonly config: ConfigFile;
  /** Directory of the run store, reports and the person's own knowledge notes; created when missing. */
  readonly dataDir: string;
  /** Where relative paths in the configuration (a price file) are resolved from. */
  readonly cwd: string;
  /** Environment variables holding API keys; they are also stripped from everything stored. */
  readonly env: ModelEnvironment;
  /** `--model`: the engine of every run that names none; absent: the configuration decides. */
  readonly model?: string;
  /** The engine of every run that names none, instead of the one `model` and the configuration choose (embedders, tests). */
  readonly engine?: EngineSetup;
  /** `--reflector`: the built-in engine's step check; absent: the configuration decides. */
  readonly reflector?: ReflectorMethod;
  /** `--hybrid`: the built-in engine first and the model only where it cannot settle something; absent: the configuration decides. */
  readonly hybrid?: boolean;
  /** How browsers are shown; each field falls back to the configuration, then headless with accessibility. */
  readonly browser?: Partial<BrowserOptions>;
  /** A scenario server to use instead of starting one; left running by `close`. */
  readonly scenarioServer?: ScenarioServer;
  /**
   * Reach every locally opened environment through the executor contract on a loopback
   * WebSocket, as a remote one would be; absent: when `SANDPIPER_EXECUTOR_LOOPBACK=1` is in `env`.
   */
  readonly loopbackExecutor?: boolean;
}

/** What a new run is asked to do, before defaults are filled in and it is validated. */
export interface TaskRequest {
  readonly environment: EnvironmentSpec;
  /** The plain-language task; a scenario's example task when absent and the target is a scenario. */
  readonly instruction?: string;
  /** Who approves plans and sensitive actions; the configuration's policy, then `ask`, when absent. */
  readonly approval?: Task['approval'];
  /** Limits; each absent field takes the configuration's value, then the task contract's default. */
  readonly budgets?: Partial<Budgets>;
}

/**
 * The composition root: from a target and the configuration it builds everything one run needs
 * (the environment, a fresh engine, the store, clock, ids, fingerprinter, tools, the report). The
 * CLI and the server call it and wire nothing themselves.
 */
export interface Runtime {
  /** Where runs, blobs and reports are kept. */
  readonly store: Store;
  /** `<dataDir>/reports`: each run's `report.json` and `report.html` under its id. */
  readonly reportsDir: string;
  /** The engine runs use unless they name their own; checked when the runtime was created. */
  readonly engine: EngineSetup;
  /**
   * The engine for one run that names a model (`provider:model[@baseURL]`) or `builtin`; the
   * runtime's own when absent.
   * @throws UsageError when that model cannot be used (unknown provider, missing key, no price file).
   */
  engineFor(model: string | undefined): Promise<EngineSetup>;
  /**
   * A validated task with the configuration's defaults filled in.
   * @throws UsageError for an unknown scenario, a missing instruction or a field out of bounds.
   */
  createTask(request: TaskRequest): Task;
  /** A new run id that sorts by start time. */
  newRunId(): string;
  /**
   * Open the environment and build the engine for one run. For a new run (`start`) the run row is
   * written once the environment is up, so a failed start leaves nothing behind.
   */
  prepare(request: PrepareRequest): Promise<PreparedRun>;
  /** The scenario server the runtime's scenario runs use, started on first need. */
  scenarios(): Promise<ScenarioServer>;
  /**
   * Open a local environment (a scenario app, an address) and serve it as an executor, for
   * `sandpiper executor`: runs elsewhere reach it with an `executor` target. Closing the server
   * closes the environment.
   */
  serveExecutor(spec: EnvironmentSpec, options: ExecutorServeOptions): Promise<ExecutorServer>;
  /** Stop what the runtime started (the scenario server) and close the store. Runs must be closed first. */
  close(): Promise<void>;
}

/** A running executor server (`Runtime.serveExecutor`). */
export interface ExecutorServer {
  /** The address runs pass as `--executor`, such as `ws://127.0.0.1:7878/executor`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ExecutorServeOptions {
  /** Loopback by default; anything else exposes the token to the network (no TLS). */
  readonly host?: string;
  /** 0 takes a free port. */
  readonly port: number;
  /** At least 16 characters. */
  readonly token: string;
  /** Connections, refusals and failures, never the token. */
  readonly log?: (message: string) => void;
}

export interface PrepareRequest {
  readonly runId: string;
  readonly task: Task;
  readonly mode: 'start' | 'resume';
  /** The engine of this run; the runtime's own when absent. */
  readonly engine?: EngineSetup;
  /** For a scenario target: open the app with its surprise notice or a planted fault (benchmarks). */
  readonly scenario?: { readonly surprise?: boolean; readonly fault?: ScenarioFault };
  /** Wrap the opened environment (a benchmark's timer); the environment as opened when absent. */
  readonly instrument?: (environment: Environment) => Environment;
}

/** Prefix of the environment variables that bind a task's secret placeholders: `SANDPIPER_SECRET_PASSWORD` is `{{password}}`. */
export const SECRET_VARIABLE_PREFIX = 'SANDPIPER_SECRET_';

/** The secrets the environment binds, by placeholder name (lower case). */
export function secretsFrom(env: Readonly<Record<string, string | undefined>>): ReadonlyMap<string, string> {
  const bound = new Map<string, string>();
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(SECRET_VARIABLE_PREFIX) || value === undefined || value === '') continue;
    const name = variable.slice(SECRET_VARIABLE_PREFIX.length).toLowerCase();
    if (/^[a-z][\w-]{0,63}$/.test(name)) bound.set(name, value);
  }
  return bound;
}

/**
 * Build a runtime: open the store, check the default engine (without any network call).
 * @throws UsageError when the configured engine cannot be used.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  // One OCR worker serves every run of the runtime; it starts on the first screen that needs it.
  let ocr: Promise<OcrEngine> | undefined;
  const sharedOcr = () => (ocr ??= createOcrEngine());
  const engineInput = (flag: string | undefined, reflector: ReflectorMethod | undefined) => ({
    flag,
    reflectorFlag: reflector,
    ...(options.hybrid === undefined ? {} : { hybridFlag: options.hybrid }),
    config,
    cwd: options.cwd,
    env: options.env,
    ocr: sharedOcr,
  });
  const engine = options.engine ?? (await prepareEngine(engineInput(options.model, options.reflector)));
  const executorToken = options.env[EXECUTOR_TOKEN_VARIABLE];
  const loopback = options.loopbackExecutor ?? options.env['SANDPIPER_EXECUTOR_LOOPBACK'] === '1';
  const secrets = secretsFrom(options.env);
  const redact = [
    ...apiKeyValues(options.env),
    ...(executorToken && executorToken.length >= 8 ? [executorToken] : []),
    // The run hides each secret behind its placeholder; the store is the second guard.
    ...[...secrets.values()].filter((value) => value.length >= 3),
  ];
  const store = openStore({ dataDir: options.dataDir, redact });
  const browser: BrowserOptions = {
    headed: options.browser?.headed ?? config.headed ?? false,
    display: options.browser?.display ?? config.display ?? options.env['DISPLAY'],
    accessibility: options.browser?.accessibility ?? config.accessibility ?? true,
  };
  const clock = createSystemClock();
  const ids = createRandomIds();
  const fingerprinter = createVisionFingerprinter();
  const masker = createVisionMasker();
  // The OCR worker the built-in engine reads screens with: a screenshot it reads for secrets is
  // the one the engine reads next, so the engine's read comes from the worker's cache.
  const secretLocator = createOcrSecretLocator(sharedOcr);
  const completion = completionConfigSchema.parse(config.completion ?? {});
  const detectors = detectorConfigSchema.parse(config.detectors ?? {});
  let scenarioServer: Promise<ScenarioServer> | undefined = options.scenarioServer
    ? Promise.resolve(options.scenarioServer)
    : undefined;
  const ownsScenarioServer = options.scenarioServer === undefined;
  const scenarios = () => (scenarioServer ??= startScenarioServer());
  let knowledge: Promise<KnowledgeBase> | undefined;
  // The searcher reads the built-in notes and <dataDir>/knowledge; the coder only ever runs
  // commands through the environment's shell, which a browser does not offer.
  const createTools = async (): Promise<ToolRunner> => {
    knowledge ??= createKnowledgeBase({ directories: [path.join(store.dataDir, 'knowledge')] });
    return createToolRunner({ knowledge: await knowledge, coder: createCoder() });
  };

  return {
    store,
    reportsDir: path.join(store.dataDir, 'reports'),
    engine,
    async engineFor(model) {
      if (model === undefined) return engine;
      return prepareEngine(engineInput(model, undefined));
    },
    createTask(request) {
      const environment = request.environment;
      const scenario = environment.type === 'scenario' ? requireScenario(environment.name) : undefined;
      const desktop =
        environment.type === 'desktop' && environment.scenario !== undefined
          ? getDesktopScenario(environment.scenario)
          : undefined;
      const instruction = request.instruction ?? scenario?.defaultTask ?? desktop?.exampleTask;
      return parseContract(
        taskSchema,
        {
          instruction,
          environment: request.environment,
          approval: request.approval ?? config.approval ?? 'ask',
          ...optional('navigation', config.navigation),
          budgets: {
            maxActions: request.budgets?.maxActions ?? config.budgets?.maxActions ?? 200,
            maxAttemptsPerStep: request.budgets?.maxAttemptsPerStep ?? config.budgets?.maxAttemptsPerStep ?? 3,
            maxDurationMs: request.budgets?.maxDurationMs ?? config.budgets?.maxDurationMs ?? 600_000,
            ...optional('maxModelTokens', request.budgets?.maxModelTokens ?? config.budgets?.maxModelTokens),
            ...optional('maxCostUsd', request.budgets?.maxCostUsd ?? config.budgets?.maxCostUsd),
          },
        },
        'task',
      );
    },
    newRunId: () => newRunId(new Date(clock.now())),
    async prepare(request) {
      const setup = request.engine ?? engine;
      return prepareRun({
        ...request,
        engine: setup,
        open: async () => {
          const spec = request.task.environment;
          const local = await openEnvironment(spec, {
            ...browser,
            session: request.runId,
            ...(request.scenario ? { scenarioOptions: request.scenario } : {}),
            scenarioServer: scenarios,
            ...(executorToken === undefined ? {} : { executorToken }),
            ...(request.task.navigation ? { navigation: request.task.navigation } : {}),
            dataDir: store.dataDir,
          });
          const opened = loopback && spec.type !== 'executor' ? await overLoopbackExecutor(local) : local;
          return request.instrument ? { ...opened, environment: request.instrument(opened.environment) } : opened;
        },
        store,
        reportsDir: path.join(store.dataDir, 'reports'),
        clock,
        ids,
        fingerprinter,
        masker,
        secretLocator,
        completion,
        detectors,
        createTools,
        secrets,
      });
    },
    scenarios,
    async serveExecutor(spec, serveOptions) {
      if (spec.type === 'executor')
        throw new UsageError('an executor serves a local environment, not another executor');
      const opened = await openEnvironment(spec, {
        ...browser,
        session: newRunId(new Date(clock.now())),
        scenarioServer: scenarios,
        dataDir: store.dataDir,
      });
      try {
        const server = await serveExecutor(opened.environment, {
          token: serveOptions.token,
          port: serveOptions.port,
          ...(serveOptions.host === undefined ? {} : { host: serveOptions.host }),
          ...(serveOptions.log === undefined ? {} : { log: serveOptions.log }),
        });
        return {
          url: server.url,
          async close() {
            try {
              await server.close();
            } finally {
              await opened.environment.close();
            }
          },
        };
      } catch (error: unknown) {
        await opened.environment.close();
        throw error;
      }
    },
    async close() {
      if (ownsScenarioServer && scenarioServer) await (await scenarioServer.catch(() => undefined))?.close();
      if (ocr) await (await ocr.catch(() => undefined))?.terminate();
      store.close();
    },
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
