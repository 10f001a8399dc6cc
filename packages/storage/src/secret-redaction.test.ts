import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContractError } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { REDACTED } from './redaction.js';
import { openStore } from './store.js';
import { exampleRun } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

const TOKEN = 'sk-live-7f3a9c2e51d04b8e';

/** Every byte the store has put on disk: the database and its WAL and shared-memory files. */
function storedBytes(dataDir: string): Buffer {
  return Buffer.concat(
    readdirSync(dataDir)
      .filter((name) => name.startsWith('sandpiper.db'))
      .map((name) => readFileSync(join(dataDir, name))),
  );
}

describe('secret redaction', () => {
  const dataDir = useTemporaryDirectory();

  it('never lets a listed secret reach the database file, wherever it appears', async () => {
    const store = openStore({ dataDir: dataDir(), redact: [TOKEN, 'pa"ss'] });
    store.createRun({ ...exampleRun(), instruction: `Log in with token ${TOKEN} and file the expense` });
    const typed = await store.append('run-0001', {
      source: 'agent',
      payload: {
        type: 'action-start',
        stepId: 'step-1',
        action: { type: 'type', text: `${TOKEN}` },
        summary: `Typing '${TOKEN}' into API key, then 'pa"ss'`,
      },
    });
    await store.append('run-0001', {
      source: 'environment',
      payload: { type: 'warning', message: `echo ${TOKEN}${TOKEN}` },
    });

    expect(typed.payload).toMatchObject({
      action: { text: REDACTED },
      summary: `Typing '${REDACTED}' into API key, then '${REDACTED}'`,
    });
    expect(store.getRun('run-0001')?.instruction).toBe(`Log in with token ${REDACTED} and file the expense`);
    const bytes = storedBytes(dataDir());
    expect(bytes.includes(TOKEN)).toBe(false);
    expect(bytes.includes('pa\\"ss')).toBe(false);
    expect(bytes.includes(REDACTED)).toBe(true);
    store.close();
    const after = storedBytes(dataDir());
    expect(after.includes(TOKEN)).toBe(false);
    expect(after.includes(`echo ${REDACTED}${REDACTED}`)).toBe(true);
  });

  it('replaces values of secret-looking keys by default, and not when turned off', async () => {
    const input = { query: 'expenses', apiKey: TOKEN, headers: { Authorization: `Bearer ${TOKEN}` }, password: TOKEN };
    const draft = {
      source: 'agent',
      payload: {
        type: 'action-start',
        stepId: 'step-1',
        summary: 'Searching',
        action: { type: 'tool-call', tool: 'search', input },
      },
    } as const;

    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    const event = await store.append('run-0001', draft);
    expect(event.payload).toMatchObject({
      action: {
        input: { query: 'expenses', apiKey: REDACTED, headers: { Authorization: REDACTED }, password: REDACTED },
      },
    });
    expect(storedBytes(dataDir()).includes(TOKEN)).toBe(false);
    store.close();

    const permissive = openStore({ dataDir: dataDir(), secretKeyPattern: false });
    permissive.createRun(exampleRun('run-0002'));
    expect((await permissive.append('run-0002', draft)).payload).toMatchObject({ action: { input } });
    // The control: unredacted text does show up when the file bytes are searched this way.
    expect(storedBytes(dataDir()).includes(TOKEN)).toBe(true);
    permissive.close();
  });

  it('keeps token counts, which name tokens but hold no secret, and still hides a tokens list', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    const usage = await store.append('run-0001', {
      source: 'agent',
      payload: {
        type: 'model-call',
        role: 'planner',
        model: 'anthropic:claude',
        inputTokens: 1200,
        outputTokens: 80,
        durationMs: 900,
        outcome: 'ok',
      },
    });
    expect(usage.payload).toMatchObject({ inputTokens: 1200, outputTokens: 80 });
    const listed = await store.append('run-0001', {
      source: 'agent',
      payload: {
        type: 'action-start',
        stepId: 'step-1',
        summary: 'Calling',
        action: { type: 'tool-call', tool: 'search', input: { tokens: [TOKEN], accessToken: TOKEN } },
      },
    });
    expect(listed.payload).toMatchObject({ action: { input: { tokens: REDACTED, accessToken: REDACTED } } });
    expect(storedBytes(dataDir()).includes(TOKEN)).toBe(false);
    store.close();
  });

  it('applies a redaction function to the serialized payload', async () => {
    const store = openStore({ dataDir: dataDir(), redact: (json) => json.replace(/\d{4}-\d{4}-\d{4}-\d{4}/g, 'card') });
    store.createRun(exampleRun());
    const event = await store.append('run-0001', {
      source: 'user',
      payload: { type: 'warning', message: 'paid with 4111-1111-1111-1111' },
    });
    expect(event.payload).toEqual({ type: 'warning', message: 'paid with card' });
    expect(storedBytes(dataDir()).includes('4111-1111')).toBe(false);
    store.close();
  });

  it('refuses to store an event that redaction has bent out of shape, and writes nothing', async () => {
    const store = openStore({ dataDir: dataDir(), redact: ['warning'] });
    store.createRun(exampleRun());
    const failure = await store
      .append('run-0001', { source: 'agent', payload: { type: 'warning', message: 'a warning' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect(failure).toMatchObject({ subject: 'event payload after redaction' });
    expect(String(failure)).toContain('type');
    expect(await store.read('run-0001')).toEqual([]);
    store.close();
  });
});
