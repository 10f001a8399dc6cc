import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createQueueChannel, type RunState, type UserChannel } from '@sandpiper/core';
import {
  desktopText,
  documentFormatSchema,
  environmentSpecSchema,
  UsageError,
  type DesktopSpec,
  type EnvironmentSpec,
  type RunEvent,
  type Task,
} from '@sandpiper/protocol';
import {
  addCall,
  buildReport,
  describeUsage,
  formatUsd,
  modelCalls,
  NO_USAGE,
  reportPaths,
  writeReport,
  type ReportPaths,
  type UsageTotals,
} from '@sandpiper/report';
import {
  createRuntime,
  loadConfigFile,
  requireDesktopScenario,
  requireScenario,
  resolveDataDir,
  type ConfigFile,
  type Runtime,
} from '@sandpiper/runtime';
import { scenarios } from '@sandpiper/runtime';
import { openStore, type Store } from '@sandpiper/runtime';
import { budgetsFromFlags, positiveInteger, reflectorFlag, refuseBudgetFlags } from './flags.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';
import { createProgressPrinter, formatPlan } from './progress.js';
import { createPromptChannel } from './prompt-channel.js';

export async function runCommand(positionals: readonly string[], options: CliOptions, output: Output): Promise<number> {
  const config = loadConfigFile(process.cwd());
  // Every flag and the model configuration are checked before a browser starts.
  const budgets = budgetsFromFlags(options, config);
  const environment = environmentFromFlags(options);
  if (positionals.length > 1) {
    throw new UsageError(
      `expected one task in quotes, got ${positionals.length} words. Quote the task: sandpiper run "…"`,
    );
  }
  if (options.listen || options.host !== undefined) {
    throw new UsageError(
      '--listen and --host belong to "sandpiper executor"; a run reaches one with --executor <ws-url>',
    );
  }
  const instruction = positionals[0];
  const example = environment.type === 'scenario' || (environment.type === 'desktop' && environment.scenario);
  if (!instruction && !example) {
    throw new UsageError(
      environment.type === 'desktop'
        ? 'give the task to run, in quotes, or a desktop scenario: sandpiper run --desktop --scenario incident-sheet'
        : 'give the task to run, in quotes: sandpiper run "<task>" --url <url>',
    );
  }
  const runtime = await openRuntime(options, config);
  try {
    const task = runtime.createTask({
      environment,
      ...(instruction ? { instruction } : {}),
      ...(options.yes
        ? { approval: 'auto-all' as const }
        : options['approve-plan']
          ? { approval: 'auto' as const }
          : {}),
      budgets,
    });
    return await driveRun(runtime, runtime.newRunId(), task, { options, output, mode: 'start' });
  } finally {
    await runtime.close();
  }
}

export async function resumeCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
): Promise<number> {
  const config = loadConfigFile(process.cwd());
  refuseBudgetFlags(options);
  const runtime = await openRuntime(options, config);
  try {
    const run = findRun(runtime.store, positionals);
    const events = await runtime.store.read(run.id);
    const start = events.find((event) => event.payload.type === 'run-start');
    if (!start || start.payload.type !== 'run-start')
      throw new UsageError(`run ${run.id} never started; start a new one instead`);
    // A run another live process drives is refused when this one claims it (see prepare).
    if (run.status !== 'interrupted' && run.status !== 'running' && run.status !== 'created') {
      output.out(`Run ${run.id} already ended (${run.status}); nothing to resume.`);
      const written = await ensureReport(runtime.store, run.id, events);
      if (written) output.out(`Wrote the report the ended run was missing: ${written.html}`);
      return run.status === 'succeeded' ? 0 : 1;
    }
    const models = [...new Set(modelCalls(events).map((call) => call.model))];
    if (runtime.engine.kind === 'builtin' && models.length > 0 && !options.json) {
      output.out(
        `Note: this run used ${models.join(', ')}; it resumes on the built-in engine. Pass --model to continue on a model.`,
      );
    }
    return await driveRun(runtime, run.id, start.payload.task, { options, output, mode: 'resume' });
  } finally {
    await runtime.close();
  }
}

/** The composition root for one CLI command: the configuration, the flags, the process environment. */
function openRuntime(options: CliOptions, config: ConfigFile): Promise<Runtime> {
  const reflector = reflectorFlag(options.reflector);
  return createRuntime({
    config,
    dataDir: resolveDataDir(process.cwd(), options['data-dir'], config),
    cwd: process.cwd(),
    env: process.env,
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(reflector === undefined ? {} : { reflector }),
    ...(options.hybrid === true ? { hybrid: true } : {}),
    browser: {
      ...(options.headed === undefined ? {} : { headed: options.headed }),
      ...(options.display === undefined ? {} : { display: options.display }),
      ...(options['no-accessibility'] ? { accessibility: false } : {}),
    },
  });
}

interface DriveOptions {
  readonly options: CliOptions;
  readonly output: Output;
  readonly mode: 'start' | 'resume';
}

async function driveRun(runtime: Runtime, runId: string, task: Task, drive: DriveOptions): Promise<number> {
  const { options, output, mode } = drive;
  const prepared = await runtime.prepare({ runId, task, mode });
  const abort = new AbortController();
  const onInterrupt = () => abort.abort(new Error('interrupted'));
  process.once('SIGINT', onInterrupt);
  let current: RunState | undefined;
  const channel: UserChannel & { close?: () => void } = output.interactive
    ? createPromptChannel({ input: process.stdin, output: process.stdout, state: () => current })
    : createQueueChannel({ interactive: false });
  const printer = createProgressPrinter(output, { json: options.json ?? false });
  try {
    // In --json mode stdout carries only events; the run id is in every one of them.
    if (!options.json) {
      const spec = task.environment;
      const through = spec.type === 'executor' ? `, through the executor at ${spec.url}` : '';
      output.out(
        `${mode === 'start' ? 'Run' : 'Resuming run'} ${runId} on ${prepared.environment.info.description}${through}`,
      );
      if (prepared.engine.kind === 'models') output.out(prepared.engine.label);
    }
    const outcome = await prepared.drive({
      channel,
      signal: abort.signal,
      onEvent: (event, state) => {
        current = state;
        printer(event, state);
      },
      ...(options.debug ? { debug: (message: string) => output.error(`debug: ${message}`) } : {}),
    });
    if (outcome.error !== undefined) throw outcome.error;
    if (!options.json) {
      if (outcome.report) output.out(`Report: ${outcome.report.html}\n        ${outcome.report.json}`);
      else output.error(`sandpiper: the report could not be written: ${String(outcome.reportError)}`);
    }
    if (outcome.state.status === 'needs-input' && !output.interactive && !options.json) {
      output.out(`The run is waiting for you. Answer it interactively, or edit the task and run again.`);
    }
    return outcome.state.status === 'succeeded' ? 0 : 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    channel.close?.();
    await prepared.close();
  }
}

export async function listRunsCommand(
  _positionals: readonly string[],
  options: CliOptions,
  output: Output,
): Promise<number> {
  const config = loadConfigFile(process.cwd());
  const store = openStore({ dataDir: resolveDataDir(process.cwd(), options['data-dir'], config) });
  try {
    const listed = store.listRuns({ limit: positiveInteger(options.limit, '--limit') ?? 20 });
    const runs = await Promise.all(
      listed.map(async (run) => {
        const usage = modelCalls(await store.read(run.id)).reduce(addCall, NO_USAGE);
        return usage.calls === 0 ? run : { ...run, usage };
      }),
    );
    if (options.json) {
      output.out(JSON.stringify(runs, null, 2));
      return 0;
    }
    if (runs.length === 0) {
      output.out('No runs yet. Start one with: sandpiper run --scenario expense-report --yes');
      return 0;
    }
    for (const run of runs) {
      const when = new Date(run.createdAt).toISOString().replace('T', ' ').slice(0, 19);
      const seconds = (run.durationMs / 1000).toFixed(1).padStart(6);
      const cost = 'usage' in run ? runCost(run.usage) : '';
      output.out(
        `${run.id}  ${run.status.padEnd(16)} ${when}  ${seconds}s  ${cost.padEnd(9)} ${truncate(run.instruction, 60)}`,
      );
    }
    return 0;
  } finally {
    store.close();
  }
}

export async function showRunCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
): Promise<number> {
  const config = loadConfigFile(process.cwd());
  const store = openStore({ dataDir: resolveDataDir(process.cwd(), options['data-dir'], config) });
  try {
    const run = findRun(store, positionals);
    const events = await store.read(run.id);
    const report = buildReport(run.id, events);
    if (run.status !== 'running' && run.status !== 'interrupted' && run.status !== 'created') {
      await ensureReport(store, run.id, events);
    }
    if (options.json) {
      output.out(JSON.stringify(report, null, 2));
      return 0;
    }
    if (run.status === 'interrupted') {
      output.out(
        `Run ${run.id} — interrupted: its process stopped before the run ended; "sandpiper resume ${run.id}" takes it up again.`,
      );
    } else output.out(`Run ${run.id} — ${report.status}${report.reason ? `: ${report.reason}` : ''}`);
    output.out(`Task: ${report.task?.instruction ?? run.instruction}`);
    output.out(`Environment: ${describeEnvironment(run.environment)}`);
    const latest = report.versions.at(-1);
    if (latest) output.out(formatPlan(latest));
    output.out('\nSteps:');
    for (const step of report.steps) {
      output.out(`  ${step.number}. [${step.status}] ${step.text}`);
      for (const action of step.actions) output.out(`       ${action.ok === false ? '✗' : '·'} ${action.summary}`);
      for (const check of step.checks) output.out(`       ${check.passed ? '✓' : '✗'} ${check.evidence}`);
    }
    output.out(
      `\n${report.versions.length} plan version(s), ${report.actionCount} action(s), ${report.eventCount} event(s).`,
    );
    if (report.usage.total.calls > 0) {
      output.out(`Model usage: ${describeUsage(report.usage.total)}`);
      for (const role of report.usage.byRole) output.out(`  ${role.role} (${role.model}): ${describeUsage(role)}`);
    }
    return 0;
  } finally {
    store.close();
  }
}

export function listScenariosCommand(output: Output): number {
  for (const scenario of scenarios) {
    output.out(`${scenario.name.padEnd(16)} ${scenario.title}\n${' '.repeat(17)}example: ${scenario.defaultTask}`);
  }
  return 0;
}

export function environmentFromFlags(options: CliOptions): EnvironmentSpec {
  if (options.desktop) return desktopFromFlags(options);
  if (options.format !== undefined) throw new UsageError('--format only applies with --desktop --scenario');
  const chosen = (['scenario', 'url', 'cdp', 'executor'] as const).filter((flag) => options[flag] !== undefined);
  if (chosen.length !== 1) {
    throw new UsageError(
      chosen.length === 0
        ? 'say where to act: --scenario <name>, --url <url>, --cdp <endpoint> or --executor <ws-url>'
        : `choose one of --scenario, --url, --cdp and --executor (got ${chosen.map((flag) => `--${flag}`).join(' and ')})`,
    );
  }
  if (options.target !== undefined && options.cdp === undefined)
    throw new UsageError('--target only applies with --cdp');
  if (options.scenario !== undefined) {
    requireScenario(options.scenario);
    return { type: 'scenario', name: options.scenario };
  }
  if (options.url !== undefined) {
    if (!/^https?:\/\//i.test(options.url) || !URL.canParse(options.url)) {
      throw new UsageError(`--url must be an http(s) address, got "${options.url}"`);
    }
    return { type: 'url', url: options.url };
  }
  if (options.executor !== undefined) {
    if (!/^wss?:\/\//i.test(options.executor) || !URL.canParse(options.executor)) {
      throw new UsageError(`--executor must be a ws:// or wss:// address, got "${options.executor}"`);
    }
    return { type: 'executor', url: options.executor };
  }
  return { type: 'cdp', endpoint: options.cdp!, ...(options.target ? { targetId: options.target } : {}) };
}

/** `--desktop`, with a desktop scenario (`--scenario`), its format and an X display to attach to. */
function desktopFromFlags(options: CliOptions): DesktopSpec {
  const others = (['url', 'cdp', 'executor', 'target', 'headed'] as const).filter(
    (flag) => options[flag] !== undefined,
  );
  if (others.length > 0) {
    throw new UsageError(
      `--desktop acts on an X display, not a browser: drop ${others.map((flag) => `--${flag}`).join(' and ')}`,
    );
  }
  const format = options.format === undefined ? undefined : documentFormatSchema.safeParse(options.format);
  if (format !== undefined && !format.success) {
    throw new UsageError(`--format must be one of ${documentFormatSchema.options.join(', ')}, got "${options.format}"`);
  }
  const spec: DesktopSpec = {
    type: 'desktop',
    ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
    ...(format === undefined ? {} : { format: format.data }),
    ...(options.display === undefined ? {} : { display: options.display }),
  };
  const parsed = environmentSpecSchema.safeParse(spec);
  if (!parsed.success) throw new UsageError(`--display ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  requireDesktopScenario(spec);
  return spec;
}

function findRun(store: Store, positionals: readonly string[]) {
  const prefix = positionals[0];
  if (!prefix) throw new UsageError('give a run id (see "sandpiper runs")');
  const matches = store.findRunsByPrefix(prefix);
  if (matches.length === 0) throw new UsageError(`no run matches "${prefix}" (see "sandpiper runs")`);
  if (matches.length > 1) {
    throw new UsageError(
      `"${prefix}" matches ${matches.length} runs: ${matches
        .slice(0, 5)
        .map((run) => run.id)
        .join(', ')}`,
    );
  }
  return matches[0]!;
}

/** A model run's cost in a few characters: `$0.0123`, `$0.0123+?` when some calls had no price, `cost ?` when none had. */
function runCost(usage: UsageTotals): string {
  if (usage.unpricedCalls > 0 && usage.unpricedCalls === usage.calls) return 'cost ?';
  return `${formatUsd(usage.costUsd)}${usage.unpricedCalls > 0 ? '+?' : ''}`;
}

function describeEnvironment(spec: EnvironmentSpec): string {
  if (spec.type === 'scenario') return `scenario ${spec.name}`;
  if (spec.type === 'url') return spec.url;
  if (spec.type === 'executor') return `the executor at ${spec.url}`;
  if (spec.type === 'desktop') return desktopText(spec);
  return `Chromium at ${spec.endpoint}${spec.targetId ? ` (target ${spec.targetId})` : ''}`;
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/**
 * Write an ended run's report when it is missing or older than the log: the process that ended
 * the run died before (or while) writing it. Undefined when the report on disk is current.
 */
async function ensureReport(
  store: Store,
  runId: string,
  events: readonly RunEvent[],
): Promise<ReportPaths | undefined> {
  const paths = reportPaths(path.join(store.dataDir, 'reports'), runId);
  if (existsSync(paths.json) && existsSync(paths.html)) {
    try {
      const written = JSON.parse(readFileSync(paths.json, 'utf8')) as { eventCount?: unknown };
      if (written.eventCount === events.length) return undefined;
    } catch {
      // An unreadable report is written again.
    }
  }
  return writeReport(path.join(store.dataDir, 'reports'), runId, events, store.blobs);
}
