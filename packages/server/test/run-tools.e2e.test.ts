import { createScriptedEngine, legacyCriterion } from '@sandpiper/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

/** One step whose operator looks something up in the knowledge base before it declares the step done. */
const engine = createScriptedEngine({
  planner: [
    {
      type: 'plan',
      analysis: 'Look up how native dropdowns take the keyboard.',
      constraints: [],
      successCriteria: [legacyCriterion('The advice was read')],
      steps: [{ text: 'Find out how to pick an option of a native select with the keyboard' }],
    },
  ],
  operator: [
    (input) =>
      input.performed.length === 0
        ? {
            type: 'act',
            actions: [
              {
                action: { type: 'tool-call', tool: 'search', input: { query: 'native select keyboard option' } },
                summary: "Searching the knowledge base for 'native select keyboard option'",
              },
            ],
          }
        : { type: 'step-complete', evidence: input.performed[0]!.output ?? '' },
  ],
});

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({ engine: { kind: 'custom', label: 'scripted', create: () => engine } });
});
afterAll(async () => {
  await test.close();
});

describe('tools in server runs', () => {
  it('gives every run the searcher over the built-in knowledge base', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', approval: 'auto-all' })).body
      .id as string;
    const stream = await test.stream(runId);
    const end = await stream.until((event) => event.payload.type === 'run-end');
    expect(end.payload).toMatchObject({ status: 'succeeded' });
    const result = stream.received.find((event) => event.payload.type === 'action-end');
    expect(result?.payload).toMatchObject({ result: { ok: true, output: expect.stringMatching(/select/i) } });
    await stream.close();
  });
});
