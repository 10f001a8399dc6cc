/**
 * Benchmark: crash and resume. Each case starts a real `sandpiper run` of a scenario's default
 * task, kills its whole process group with SIGKILL after a seeded number of event lines (the
 * browser it owns dies with it), runs `sandpiper resume`, and reads the scenario app's own state
 * checker. Two modes: `cli-owned` (the CLI launches Chromium, so resume opens a fresh page; the
 * app server lives here, as a web app's server outlives a tab) and `cdp` (the CLI attaches to a
 * Chromium this bench started, so the page survives the kill).
 *
 *   node --import tsx bench/crash-resume.ts [--kills 20] [--seed N] [--only <scenario>] [--mode cli-owned|cdp] [--at N]
 *
 * `--at N` kills every case after N event lines instead of a seeded point, to repeat one case.
 *
 * Prints, per scenario and mode, how the resumed runs ended against the checker (true success,
 * true failure, asked, false success, false failure) and writes bench/results/crash-resume.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startDebuggableChromium } from '@sandpiper/env-browser';
import type { RunEvent } from '@sandpiper/protocol';
import { openStore } from '@sandpiper/storage';
import { getScenario, scenarios, scenarioTasks, startScenarioServer } from '@sandpiper/scenarios';
import { seededRandom } from '@sandpiper/testing';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string', default: '20261201' },
    only: { type: 'string' },
    mode: { type: 'string' },
    at: { type: 'string' },
  },
  strict: true,
});

const BIN = path.join(import.meta.dirname, '..', 'bin', 'sandpiper.js');
const RUN_TIMEOUT_MS = 180_000;
type Mode = 'cli-owned' | 'cdp';
type Verdict = 'true-success' | 'true-failure' | 'asked' | 'false-success' | 'false-failure' | 'no-run';

interface Case {
  readonly scenario: string;
  readonly mode: Mode;
  readonly killAfter: number;
  readonly verdict: Verdict;
  readonly status: string;
  readonly checker: string;
  readonly completedBeforeKill: number;
  /** The killed run's status in the store before the resume (`interrupted` unless it had ended). */
  readonly statusAfterKill: string;
  /** Why the run ended, as its `run-end` says. */
  readonly endReason: string;
  readonly reopened: boolean;
  readonly redone: boolean;
  readonly wallMs: number;
}

/** Run the CLI in its own process group; `killWhen` sees each stdout line and may ask for the kill. */
function cli(
  args: readonly string[],
  killWhen?: (line: string) => boolean,
): Promise<{ code: number | null; stdout: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith('SANDPIPER_') && !name.endsWith('_API_KEY')) env[name] = value;
    }
    const child = spawn(process.execPath, [BIN, ...args], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let pending = '';
    let killed = false;
    const killGroup = () => {
      if (killed || child.pid === undefined) return;
      killed = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(killGroup, RUN_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (killWhen && lines.some((line) => killWhen(line))) killGroup();
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, killed });
    });
  });
}

function events(stdout: string): RunEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as RunEvent];
      } catch {
        return [];
      }
    });
}

function classify(status: string, ok: boolean): Verdict {
  if (status === 'succeeded') return ok ? 'true-success' : 'false-success';
  if (status === 'needs-input') return 'asked';
  return ok ? 'false-failure' : 'true-failure';
}

async function main(): Promise<void> {
  const kills = Number(values.kills);
  const random = seededRandom(Number(values.seed));
  const modes: Mode[] = values.mode === undefined ? ['cli-owned', 'cdp'] : [values.mode as Mode];
  const names = scenarios
    .map((scenario) => scenario.name)
    .filter((name) => getScenario(name)?.defaultTaskId !== undefined)
    .filter((name) => values.only === undefined || name.includes(values.only));
  const server = await startScenarioServer();
  const cases: Case[] = [];
  try {
    for (const name of names) {
      const task = scenarioTasks.find((candidate) => candidate.id === getScenario(name)!.defaultTaskId)!;
      // How many event lines an uninterrupted run prints, so kill points fall inside the run.
      const probeDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-crash-probe-'));
      const probe = await cli([
        'run',
        task.instruction,
        '--url',
        server.urlFor(name, { session: `probe-${name}` }),
        '--yes',
        '--json',
        '--data-dir',
        probeDir,
      ]);
      rmSync(probeDir, { recursive: true, force: true });
      const length = Math.max(6, events(probe.stdout).length);
      for (const mode of modes) {
        for (let index = 0; index < kills; index += 1) {
          const seeded = random.int(3, length - 1);
          const killAfter = values.at === undefined ? seeded : Number(values.at);
          const session = `crash-${name}-${mode}-${index}`;
          const url = server.urlFor(name, { session });
          const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-crash-'));
          const browser =
            mode === 'cdp'
              ? await startDebuggableChromium(url, { windowSize: { width: 1280, height: 800 } })
              : undefined;
          const started = performance.now();
          try {
            const target = browser === undefined ? ['--url', url] : ['--cdp', browser.endpoint];
            let seen = 0;
            const first = await cli(
              ['run', task.instruction, ...target, '--yes', '--json', '--data-dir', dataDir],
              (line) => (line.startsWith('{') ? (seen += 1) >= killAfter : false),
            );
            const before = events(first.stdout);
            const runId = before[0]?.runId;
            if (runId === undefined) {
              cases.push({
                scenario: name,
                mode,
                killAfter,
                verdict: 'no-run',
                status: 'none',
                checker: '',
                completedBeforeKill: 0,
                statusAfterKill: 'none',
                endReason: '',
                reopened: false,
                redone: false,
                wallMs: 0,
              });
              continue;
            }
            const completedBeforeKill = before.filter(
              (event) => event.payload.type === 'step-end' && event.payload.status === 'completed',
            ).length;
            const ended = before.find((event) => event.payload.type === 'run-end');
            // What `sandpiper runs` says of the killed run: interrupted, unless it had ended.
            const store = openStore({ dataDir });
            const statusAfterKill = store.getRun(runId)?.status ?? 'missing';
            store.close();
            const second =
              ended === undefined ? await cli(['resume', runId, '--yes', '--json', '--data-dir', dataDir]) : first;
            const after = events(second.stdout);
            const end = [...before, ...after].reverse().find((event) => event.payload.type === 'run-end');
            const status = end?.payload.type === 'run-end' ? end.payload.status : 'no run-end';
            const checked = task.check(server.state(name, session));
            cases.push({
              scenario: name,
              mode,
              killAfter,
              verdict: classify(status, checked.ok),
              status,
              checker: checked.ok ? 'ok' : JSON.stringify(checked).slice(0, 300),
              completedBeforeKill,
              statusAfterKill,
              endReason: end?.payload.type === 'run-end' ? end.payload.reason : '',
              reopened: after.some(
                (event) => event.payload.type === 'run-recover' && event.payload.environment === 'reopened',
              ),
              redone: after.some(
                (event) => event.payload.type === 'plan-version-create' && event.payload.version.cause === 'resume',
              ),
              wallMs: Math.round(performance.now() - started),
            });
            const last = cases.at(-1)!;
            console.log(
              `${name.padEnd(16)} ${mode.padEnd(9)} kill@${String(killAfter).padStart(3)}  ${statusAfterKill.padEnd(11)} → ${last.verdict.padEnd(13)} ${status}${last.redone ? ' (redid steps)' : ''}`,
            );
            if (last.verdict.startsWith('false')) console.log(`    ${last.endReason}`);
          } finally {
            await browser?.stop();
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
      }
    }
  } finally {
    await server.close();
  }
  const verdicts: Verdict[] = ['true-success', 'true-failure', 'asked', 'false-success', 'false-failure', 'no-run'];
  const table = names.flatMap((name) =>
    modes.map((mode) => {
      const mine = cases.filter((entry) => entry.scenario === name && entry.mode === mode);
      return {
        scenario: name,
        mode,
        cases: mine.length,
        // Killed before its end, and listed as interrupted rather than running.
        interrupted: mine.filter((entry) => entry.statusAfterKill === 'interrupted').length,
        killedBeforeEnd: mine.filter(
          (entry) => entry.statusAfterKill === 'interrupted' || entry.statusAfterKill === 'running',
        ).length,
        ...Object.fromEntries(
          verdicts.map((verdict) => [verdict, mine.filter((entry) => entry.verdict === verdict).length]),
        ),
      };
    }),
  );
  console.log('\nscenario          mode       cases  interrupted  ✓succ  ✓fail  asked  FALSE-SUCC  false-fail');
  for (const row of table as Record<string, string | number>[]) {
    console.log(
      `${String(row['scenario']).padEnd(17)} ${String(row['mode']).padEnd(10)} ${String(row['cases']).padStart(5)}  ${`${row['interrupted']}/${row['killedBeforeEnd']}`.padStart(11)}  ${String(row['true-success']).padStart(5)}  ${String(row['true-failure']).padStart(5)}  ${String(row['asked']).padStart(5)}  ${String(row['false-success']).padStart(10)}  ${String(row['false-failure']).padStart(10)}`,
    );
  }
  const resultsDir = path.join(import.meta.dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'crash-resume.json'),
    `${JSON.stringify({ seed: Number(values.seed), kills, table, cases }, null, 2)}\n`,
  );
}

await main();
