import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '@sandpiper/report';
import { runCli } from './run-cli.js';
import { startModelServer, TOKENS_PER_CALL, type ModelServer } from '@sandpiper/testing';

const INSTRUCTION =
  "Type 'Ada Lovelace' into the 'Employee name' field and type 'ada@example.com' into the 'Email' field";
/** Dollars per million tokens, set in the configuration so the run has a cost to show. */
const PRICE = { input: 2, output: 10 };
/** Nothing from the machine running the tests: no key, no other data directory. */
const ENV = { SANDPIPER_OPENAI_COMPATIBLE_API_KEY: undefined, SANDPIPER_DATA_DIR: undefined };
const PER_CALL = (TOKENS_PER_CALL.input * PRICE.input + TOKENS_PER_CALL.output * PRICE.output) / 1_000_000;

describe('a run with every role on a local OpenAI-compatible model', () => {
  let server: ModelServer;
  let cwd: string;
  beforeAll(async () => {
    server = await startModelServer();
    cwd = mkdtempSync(path.join(tmpdir(), 'sandpiper-model-run-'));
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({
        dataDir: 'data',
        models: {
          default: `openai-compatible:clerk-vl@${server.baseURL}`,
          prices: {
            version: 1,
            models: [
              {
                match: 'openai-compatible:clerk-vl',
                inputPerMillionUsd: PRICE.input,
                outputPerMillionUsd: PRICE.output,
              },
            ],
          },
        },
      }),
    );
  });
  afterAll(() => server.close());

  it('fills the form through the model, showing usage per step and in total, in the report and in "runs"', async () => {
    const result = await runCli(['run', INSTRUCTION, '--scenario', 'expense-report', '--yes'], {
      cwd,
      env: ENV,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const calls = server.requests.length;
    // No change_description: on a page with an accessibility tree that explains every changed
    // region, the step check's first stage is written locally. The step check looks ahead, so
    // the operator is asked only for the first step and the criteria are read in the same call.
    expect(server.requests.map((request) => request.outputName)).toEqual([
      'plan',
      'operator_decision',
      'step_verdict_and_next',
      'step_verdict_and_next',
      'completion_verdict',
    ]);
    expect(server.requests.every((request) => request.model === 'clerk-vl')).toBe(true);
    expect(server.requests.every((request) => request.authorization === undefined)).toBe(true);

    const out = result.stdout;
    expect(out).toContain(`Model: openai-compatible:clerk-vl@${server.baseURL}`);
    expect(out).toContain("Typing 'Ada Lovelace' into 'Employee name'");
    expect(out).toContain("Typing 'ada@example.com' into 'Email'");
    expect(out).toContain(`  model usage, planning: 1 call · 1,000 in / 100 out tokens · $${PER_CALL.toFixed(4)}`);
    const stepLines = out.match(
      /^ {4}model usage: \d+ calls? · [\d,]+ in \/ [\d,]+ out tokens · \$0\.\d{4} \(run so far: /gm,
    );
    expect(stepLines).toHaveLength(2);
    expect(out).toContain(
      `Model usage: ${calls} calls · ${(calls * 1000).toLocaleString('en-US')} in / ${(calls * 100).toLocaleString('en-US')} out tokens · $${(calls * PER_CALL).toFixed(4)}`,
    );
    expect(out).toContain('Result: succeeded');

    const runId = /Run (r\S+) on /.exec(out)![1]!;
    const json = /\n {8}(\S+report\.json)/.exec(out)![1]!;
    const report = JSON.parse(readFileSync(json, 'utf8')) as RunReport;
    expect(report.usage.total.calls).toBe(calls);
    expect(report.usage.total.costUsd).toBeCloseTo(calls * PER_CALL, 10);
    expect(report.usage.byRole.map((role) => role.role)).toEqual(['planner', 'operator', 'reflector', 'judge']);
    expect(report.usage.byStep.map((step) => step.number)).toEqual([1, 2, undefined]);
    const page = readFileSync(json.replace(/\.json$/, '.html'), 'utf8');
    expect(page).toContain('<h2 id="usage">Model usage</h2>');
    expect(page).toContain('<td>operator</td><td>openai-compatible:clerk-vl</td>');

    const runs = await runCli(['runs'], { cwd, env: ENV });
    expect(runs.stdout).toMatch(new RegExp(`${runId}\\s+succeeded .* \\$${(calls * PER_CALL).toFixed(4)} `));
    const show = await runCli(['show', runId], { cwd, env: ENV });
    expect(show.stdout).toContain(`Model usage: ${calls} calls`);
    expect(show.stdout).toMatch(/ {2}operator \(openai-compatible:clerk-vl\): \d+ calls?/);
  });
});
