/**
 * Benchmark: a secrets sweep. Plants random, recognisable secrets (a seed draws them; a fresh
 * seed each time unless `--seed` repeats one), hands them to real `sandpiper run` processes the
 * way a person would — bound through SANDPIPER_SECRET_<NAME> and named `{{name}}` in the task, or
 * written in the task — on the test bed's sign-in page and small pages with an API token, a card
 * form and a one-time code, with the built-in engine and with every role on a loopback model
 * server that records each request. Then it looks for every secret, in its raw, JSON, HTML, URL
 * and base64 forms, in the captured stdout and stderr (of `run` and `show`), in every file and
 * row of the data directory, in every prompt, and by OCR in the stored screenshots, the report's
 * images and the images sent to the model.
 *
 *   node --import tsx bench/secrets-sweep.ts [--seed N] [--only <id part>] [--modes plain,json] [--keep]
 *
 * Prints a scenario × place table of leaks and writes bench/results/secrets-sweep.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startTestbedServer } from '@sandpiper/testbed';
import { cleanEnvironment, runCli, type CliResult } from './secrets-sweep/cli-run.js';
import { startSweepModelServer, type SweepModelServer } from './secrets-sweep/model-server.js';
import { createOcrReader, type OcrReader } from './secrets-sweep/ocr.js';
import { startPagesServer } from './secrets-sweep/pages.js';
import { dataDirPieces, promptPieces, streamPieces, type Piece } from './secrets-sweep/pieces.js';
import { printFindings, printTable, resultsJson, type SweptRun } from './secrets-sweep/report.js';
import { sweepScenarios, type SweepScenario } from './secrets-sweep/scenarios.js';
import { createRandom, secretValue, type PlantedSecret } from './secrets-sweep/secrets.js';
import { sweepSecret } from './secrets-sweep/sweep.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    only: { type: 'string' },
    modes: { type: 'string', default: 'plain,json' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const modes = values.modes.split(',').filter((mode): mode is 'plain' | 'json' => mode === 'plain' || mode === 'json');
const scenarios = sweepScenarios.filter((scenario) => !values.only || scenario.id.includes(values.only));

/** A number from a text (FNV-1a), so each run's secrets follow from the seed alone, whatever is filtered. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return value;
}

function plant(scenario: SweepScenario, mode: string): PlantedSecret[] {
  const random = createRandom(hash(`${seed}:${scenario.id}:${mode}`));
  return scenario.plants.map((plan) => ({
    ...plan,
    value: secretValue(plan.kind, plan.binding, random),
    decoy: secretValue(plan.kind, plan.binding, random),
  }));
}

function runIdFrom(result: CliResult): string | undefined {
  return (
    /^Run (r\S+) on /m.exec(result.stdout)?.[1] ?? /"runId":"(r[^"]+)"/.exec(result.stdout.split('\n')[0] ?? '')?.[1]
  );
}

function statusFrom(pieces: readonly Piece[]): string | undefined {
  for (const piece of pieces) {
    const payload =
      piece.place === 'db' && piece.type === 'json' ? (piece.json as { type?: string; status?: string }) : {};
    if (payload.type === 'run-end') return payload.status;
  }
  return undefined;
}

interface Services {
  readonly urlFor: (page: SweepScenario['page']) => string;
  readonly model: SweepModelServer;
  readonly ocr: OcrReader;
}

async function sweepRun(scenario: SweepScenario, mode: 'plain' | 'json', services: Services): Promise<SweptRun> {
  const secrets = plant(scenario, mode);
  const slot = (name: string) => {
    const secret = secrets.find((candidate) => candidate.name === name);
    if (!secret) throw new Error(`${scenario.id} names an unplanted secret ${name}`);
    return secret.binding === 'bound' ? `{{${name}}}` : secret.value;
  };
  const bound = Object.fromEntries(
    secrets
      .filter((secret) => secret.binding === 'bound')
      .map((secret) => [`SANDPIPER_SECRET_${secret.name.toUpperCase()}`, secret.value]),
  );
  const work = mkdtempSync(path.join(tmpdir(), `sandpiper-sweep-${scenario.id}-`));
  const dataDir = path.join(work, 'data');
  const env = cleanEnvironment(bound);
  // The plain runs also print debug messages (on stderr), which must not hold secrets either.
  const json = mode === 'json' ? ['--json'] : ['--debug'];
  const model =
    scenario.engine === 'model' ? ['--model', `openai-compatible:sweep-clerk@${services.model.baseURL}`] : [];
  services.model.take();
  try {
    const run = await runCli(
      ['run', scenario.task(slot), '--url', services.urlFor(scenario.page), '--yes', '--data-dir', dataDir].concat(
        ['--timeout', '180', '--max-actions', '60'],
        json,
        model,
      ),
      { cwd: work, env, timeoutMs: 240_000 },
    );
    const requests = services.model.take();
    const runId = runIdFrom(run);
    const shown =
      runId === undefined
        ? []
        : [
            await runCli(['show', runId, '--data-dir', dataDir, ...json.filter((flag) => flag === '--json')], {
              cwd: work,
              env,
              timeoutMs: 60_000,
            }),
          ];
    const pieces = [...streamPieces([run, ...shown]), ...dataDirPieces(dataDir), ...promptPieces(requests)];
    const swept = [];
    for (const secret of secrets) swept.push({ secret, sweep: await sweepSecret(pieces, secret, services.ocr) });
    return {
      scenario,
      mode,
      runId,
      exitCode: run.code,
      status: statusFrom(pieces),
      wallMs: run.wallMs,
      modelRequests: requests.length,
      images: pieces.filter((piece) => piece.type === 'image').length,
      secrets: swept,
    };
  } finally {
    if (values.keep) console.log(`    kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

const started = performance.now();
console.log(`Secrets sweep, seed ${seed}: ${scenarios.length} scenarios × ${modes.join(' and ')} output`);
const testbed = await startTestbedServer();
const pages = await startPagesServer();
const model = await startSweepModelServer();
const services: Services = {
  urlFor: (page) => (page === 'login' ? testbed.urlFor('login') : pages.urlFor(page)),
  model,
  ocr: createOcrReader(),
};
const runs: SweptRun[] = [];
try {
  for (const scenario of scenarios) {
    for (const mode of modes) {
      const run = await sweepRun(scenario, mode, services);
      runs.push(run);
      const leaks = run.secrets.reduce((sum, { sweep }) => sum + sweep.findings.length, 0);
      console.log(
        `  ${scenario.id.padEnd(22)} ${mode.padEnd(5)} ${String(run.status ?? `exit ${run.exitCode}`).padEnd(12)} ` +
          `${(run.wallMs / 1000).toFixed(1).padStart(5)} s  ${String(run.modelRequests).padStart(3)} requests  ` +
          `${String(run.images).padStart(3)} images  ${scenario.control ? `${leaks} found (control)` : `${leaks} leaks`}`,
      );
    }
  }
} finally {
  await Promise.all([testbed.close(), pages.close(), model.close()]);
}

printTable(runs);
printFindings(runs);
const results = resultsJson(runs, {
  benchmark: 'secrets-sweep',
  seed,
  modes,
  date: new Date().toISOString(),
  durationMs: Math.round(performance.now() - started),
  imagesRead: services.ocr.count,
});
const file = path.join(import.meta.dirname, 'results', 'secrets-sweep.json');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
