import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '@sandpiper/protocol';
import { describeError } from './errors.js';
import { createOutput, type Output } from './output.js';

const HELP = `sandpiper — a plan-centric computer-use agent

Usage:
  sandpiper run ["<task>"] (--scenario <name> | --url <url> | --cdp <endpoint> [--target <id>]) [options]
  sandpiper run ["<task>"] --desktop [--scenario <desktop-scenario>] [--format ods|csv|odt] [--display <:N>] [options]
  sandpiper resume <run-id> [options]
  sandpiper runs [--limit N] [--json]
  sandpiper show <run-id> [--json]
  sandpiper scenarios
  sandpiper models check [--model <provider:model>] [--json]
  sandpiper models probe [--model <provider:model>] [--timeout <seconds>] [--json]
  sandpiper serve [--port N] [--data-dir <dir>] [--model <provider:model>]
  sandpiper executor --listen (--scenario <name> | --url <url> | --cdp <endpoint> | --desktop …) [--port N] [--host <addr>]

Run options:
  --scenario <name>     act on a built-in scenario app (see "sandpiper scenarios"); the task defaults to its example
  --url <url>           open this address in a fresh Chromium
  --cdp <endpoint>      attach to a running Chromium's DevTools endpoint (http://127.0.0.1:9222)
  --target <id>         with --cdp: the DevTools target id of the page to act on
  --executor <ws-url>   act through a "sandpiper executor" (ws://host:port/executor); its token in SANDPIPER_EXECUTOR_TOKEN
  --desktop             act on a Linux desktop: a private Xvfb display with openbox, or the one --display names;
                          with --scenario, a desktop scenario's document (incident-sheet, sensor-log, site-report)
                          is opened in LibreOffice and saved under <data-dir>/desktop/<run-id>/
  --format <ext>        with --desktop --scenario: the document's format (ods, csv or odt; the scenario's first)
  --yes                 approve the plan and sensitive actions without asking
  --approve-plan        approve the plan automatically, still ask before sensitive actions
  --headed              show the browser on an X display (DISPLAY, or --display)
  --display <:N>        X display for --headed; with --desktop, the display to act on
  --no-accessibility    find targets with OCR only, ignoring the accessibility snapshot
  --model <spec>        run every role on a model instead of the built-in engine (also on resume):
                          anthropic:claude-sonnet-4-5            key in ANTHROPIC_API_KEY
                          openai:gpt-4.1                         key in OPENAI_API_KEY
                          openai-compatible:qwen2.5-vl@http://127.0.0.1:11434/v1
                                                                 key, if any, in SANDPIPER_OPENAI_COMPATIBLE_API_KEY
                        overrides models.default in sandpiper.config.json; "builtin" forces the built-in engine
  --reflector <method>  built-in engine: how each step's effect is checked, evidence-first (default) or one-shot
  --hybrid              with a model: the built-in engine first, the model only for what it cannot settle
                        (also models.hybrid in sandpiper.config.json)
  --max-actions <n>     action budget (default 200)
  --timeout <seconds>   wall-time budget (default 600)
  --max-tokens <n>      model token budget, input plus output over every role (default: none)
  --max-cost <usd>      model money budget in US dollars, such as 0.50, by the price table (default: none)
  --data-dir <dir>      where runs are stored (default ./.sandpiper or $SANDPIPER_DATA_DIR)
  --json                print events as JSON lines instead of progress text
  --debug               print stack traces and debug messages

Models:
  check                 offline: every role's spec, key variable, profile and price
  probe                 one tiny text request, one tiny image request and (local servers) one full-size request
                          to each configured model; says per role what works and what to fix. --timeout is the
                          longest wait per request (default 60)

Serve options:
  --port <n>            port on 127.0.0.1 (default 7777; 0 picks a free one). The API needs the token printed at start.

Executor options:
  --listen              serve the environment named by --scenario, --url, --cdp or --desktop over the executor contract
  --port <n>            port (default 7878; 0 picks a free one)
  --host <addr>         interface to listen on (default 127.0.0.1; anything else sends the token unencrypted)
  The token is SANDPIPER_EXECUTOR_TOKEN when set, else a fresh one printed at start.

Exit codes: 0 the run succeeded, 1 it ended otherwise, 2 bad usage, 3 the environment is unusable.
`;

const RUN_OPTIONS = {
  scenario: { type: 'string' },
  url: { type: 'string' },
  cdp: { type: 'string' },
  target: { type: 'string' },
  executor: { type: 'string' },
  desktop: { type: 'boolean' },
  format: { type: 'string' },
  listen: { type: 'boolean' },
  host: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'approve-plan': { type: 'boolean' },
  headed: { type: 'boolean' },
  display: { type: 'string' },
  'no-accessibility': { type: 'boolean' },
  reflector: { type: 'string' },
  hybrid: { type: 'boolean' },
  'max-actions': { type: 'string' },
  model: { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost': { type: 'string' },
  timeout: { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
  limit: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export type CliOptions = ReturnType<typeof parseCommandLine>['values'];

function parseCommandLine(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: RUN_OPTIONS, allowPositionals: true, strict: true });
  } catch (error: unknown) {
    throw new UsageError(`${(error as Error).message}. Run "sandpiper --help" for the options.`);
  }
}

/** Run the CLI; resolves with the process exit code. */
export async function main(argv: readonly string[], output: Output = createOutput()): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    const { values, positionals } = parseCommandLine(argv);
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === 'help') {
      output.out(HELP);
      return command === undefined && !values.help ? 2 : 0;
    }
    const commands = await import('./commands.js');
    switch (command) {
      case 'run':
        return await commands.runCommand(rest, values, output);
      case 'resume':
        return await commands.resumeCommand(rest, values, output);
      case 'runs':
        return await commands.listRunsCommand(rest, values, output);
      case 'show':
        return await commands.showRunCommand(rest, values, output);
      case 'scenarios':
        return commands.listScenariosCommand(output);
      case 'models':
        return await (await import('./models-command.js')).modelsCommand(rest, values, output, process.env);
      case 'serve':
        return await (await import('./serve.js')).serveCommand(rest, values, output);
      case 'executor':
        return await (await import('./executor-command.js')).executorCommand(rest, values, output, process.env);
      default:
        throw new UsageError(
          `unknown command "${command}". Commands: run, resume, runs, show, scenarios, models, serve, executor.`,
        );
    }
  } catch (error: unknown) {
    const described = describeError(error);
    output.error(`sandpiper: ${described.message}`);
    if (debug && error instanceof Error && error.stack) output.error(error.stack);
    return described.exitCode;
  }
}
