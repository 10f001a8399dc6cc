import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { startModelServer, TOKENS_PER_CALL, type ModelServer } from '@sandpiper/testing';

describe('a model run stops cleanly at its token budget', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('ends as budget-exhausted before acting once the planner and the operator used the tokens', async () => {
    // Planning and the first decision take 2 × 1100 tokens, past the budget, before the first action.
    const budget = TOKENS_PER_CALL.input + TOKENS_PER_CALL.output + 400;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-model-budget-'));
    const result = await runCli(
      [
        'run',
        "Type 'Ada Lovelace' into the 'Employee name' field",
        '--scenario',
        'expense-report',
        '--yes',
        '--model',
        `openai-compatible:clerk-vl@${server.baseURL}`,
        '--max-tokens',
        String(budget),
        '--data-dir',
        dataDir,
      ],
      { env: { SANDPIPER_OPENAI_COMPATIBLE_API_KEY: undefined } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`■ stopped: token budget of ${budget} used up (2,200 tokens in 2 model calls)`);
    expect(result.stdout).toContain('Result: budget-exhausted');
    expect(result.stdout).toContain('Model usage: 2 calls · 2,000 in / 200 out tokens · $0.0000');
    expect(result.stdout).not.toContain('Typing');
    expect(server.requests.map((request) => request.outputName)).toEqual(['plan', 'operator_decision']);
  });
});
