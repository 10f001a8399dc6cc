import {
  loadConfigFile,
  MODEL_ROLES,
  probeModels,
  type ModelEnvironment,
  type ProbeCheck,
  type SpecProbe,
} from '@sandpiper/runtime';
import { positiveInteger } from './flags.js';
import { renderColumns } from './table.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';

/** Longest wait for one probe request when `--timeout` is not given: a local server may be loading the model. */
const DEFAULT_TIMEOUT_S = 60;

/**
 * `sandpiper models probe [--model <spec>] [--timeout <seconds>] [--json]`: one tiny text request,
 * one tiny image request and, for local servers, one request of the agent's size, to each
 * configured model. Exit 0 when every role's model works, 1 with each problem and its fix when
 * not. Keys are never printed.
 */
export async function probeCommand(options: CliOptions, output: Output, env: ModelEnvironment): Promise<number> {
  const seconds = positiveInteger(options.timeout, '--timeout', 3600) ?? DEFAULT_TIMEOUT_S;
  const cwd = process.cwd();
  const probe = await probeModels({
    ...(options.model === undefined ? {} : { model: options.model }),
    config: loadConfigFile(cwd),
    env,
    cwd,
    timeoutMs: seconds * 1000,
  });
  if (probe.kind !== 'models') {
    const usable = probe.kind === 'builtin';
    const message = usable
      ? `Nothing to probe: every role runs on the built-in rules engine, offline (${probe.reason}).`
      : `Not usable: ${probe.error}.`;
    if (options.json) output.out(JSON.stringify({ usable, engine: 'builtin', models: [], message }, null, 2));
    else output.out(message);
    return usable ? 0 : 1;
  }
  if (options.json) {
    output.out(JSON.stringify({ usable: probe.ok, engine: 'models', models: probe.specs }, null, 2));
    return probe.ok ? 0 : 1;
  }
  output.out(renderTable(probe.specs));
  const spent = probe.specs.reduce(
    (sum, spec) => ({
      input: sum.input + spec.usage.inputTokens,
      output: sum.output + spec.usage.outputTokens,
      cost: sum.cost === undefined || spec.usage.costUsd === undefined ? undefined : sum.cost + spec.usage.costUsd,
    }),
    { input: 0, output: 0, cost: 0 as number | undefined },
  );
  if (spent.input + spent.output > 0) {
    output.out(
      `\nThe probe spent ${spent.input} input and ${spent.output} output tokens` +
        (spent.cost === undefined ? ' (some models have no price).' : ` ($${Number(spent.cost.toFixed(4))}).`),
    );
  }
  const details = probe.specs.flatMap((spec) =>
    spec.checks.map((check) => `  - ${spec.model} ${check.check}: ${check.detail} (${check.ms} ms)`),
  );
  if (details.length > 0) output.out(`\nSeen:\n${details.join('\n')}`);
  const problems = probe.specs.flatMap((spec) =>
    spec.problems.map((problem) => `  - ${rolesOf(spec)} (${spec.model}): ${problem}`),
  );
  if (problems.length > 0) {
    output.out(`\nNot working:\n${problems.join('\n')}`);
    return 1;
  }
  output.out(
    "\nWorking: every role's model answered, read an image where its role needs one, and kept a full-size request.",
  );
  return 0;
}

function rolesOf(spec: SpecProbe): string {
  if (spec.fallback === true) return 'fallback';
  return spec.roles.length === MODEL_ROLES.length ? 'every role' : spec.roles.join(', ');
}

function renderTable(specs: readonly SpecProbe[]): string {
  const cell = (spec: SpecProbe, kind: ProbeCheck['check']): string => {
    const check = spec.checks.find((each) => each.check === kind);
    // A check that did not run was either not needed (image input for text roles, the window of a
    // hosted API) or not worth sending after the text request failed.
    if (check === undefined) return spec.checks.some((each) => !each.ok) || spec.checks.length === 0 ? 'skipped' : '-';
    return check.ok ? 'ok' : (check.problem ?? 'failed');
  };
  // The computer-tool column only when some operator acts through its vendor's tool.
  const computer = specs.some((spec) => spec.checks.some((check) => check.check === 'computer'));
  const rows = specs.map((spec) => [
    rolesOf(spec),
    spec.model,
    spec.endpoint ?? '-',
    cell(spec, 'text'),
    cell(spec, 'image'),
    cell(spec, 'context'),
    ...(computer ? [cell(spec, 'computer')] : []),
    spec.problems.length === 0 ? 'working' : 'NOT WORKING',
  ]);
  const header = [
    'roles',
    'model',
    'endpoint',
    'text',
    'image',
    'context',
    ...(computer ? ['computer'] : []),
    'status',
  ];
  return renderColumns(header, rows);
}
