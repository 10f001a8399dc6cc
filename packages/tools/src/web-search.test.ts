import { createHandle, type Handle } from '@sandpiper/core';
import { taskSchema, type Step } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoder } from './coder/coder.js';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge/knowledge-base.js';
import type { WebSearchOutcome, WebSearchProvider } from './knowledge/web-search.js';
import { createToolRunner } from './tool-runner.js';

const task = taskSchema.parse({
  instruction: 'recolour slides',
  environment: { type: 'url', url: 'http://127.0.0.1:1/' },
});
const step: Step = { id: 'step-1', text: 'Change the slide number colour', status: 'executing' };

/** A provider that answers from a script, one entry per call, and records what it was asked. */
function scriptedProvider(answers: (WebSearchOutcome | Error)[]): WebSearchProvider & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name: 'scripted-web',
    calls,
    async search(_handle: Handle, query, options) {
      calls.push({ query, options });
      const answer = answers[calls.length - 1];
      if (answer instanceof Error) throw answer;
      return answer ?? { ok: true, results: [] };
    },
  };
}

describe('a configured web search provider', () => {
  let knowledge: KnowledgeBase;
  beforeAll(async () => {
    knowledge = await createKnowledgeBase();
  });
  const search = (webSearch: WebSearchProvider | undefined, query: string, handle = createHandle()) =>
    createToolRunner({ knowledge, coder: createCoder(), ...(webSearch ? { webSearch } : {}) }).run(
      handle,
      { tool: 'search', input: { query, limit: 2 } },
      { task, step, environment: createScriptedEnvironment() },
    );

  it('is asked after the local knowledge base, and its answers follow the local sections', async () => {
    const provider = scriptedProvider([
      {
        ok: true,
        results: [
          { title: 'Impress: master slides', url: 'https://example.org/impress', text: 'Repeat for every master.' },
        ],
      },
    ]);
    const outcome = await search(provider, 'date field');
    expect(provider.calls).toEqual([{ query: 'date field', options: { limit: 2 } }]);
    expect(outcome.ok).toBe(true);
    const local = outcome.output.indexOf('date-fields.md');
    const web = outcome.output.indexOf('Web search (scripted-web):');
    expect(local).toBeGreaterThan(0);
    expect(web).toBeGreaterThan(local);
    expect(outcome.output).toContain(
      '[w1] Impress: master slides <https://example.org/impress>\nRepeat for every master.',
    );
  });

  it('reports a failed or crashing provider in the output without failing the search', async () => {
    const provider = scriptedProvider([{ ok: false, error: 'rate limited' }, new Error('socket hang up')]);
    const failed = await search(provider, 'date field');
    const crashed = await search(provider, 'date field');
    expect(failed).toMatchObject({
      ok: true,
      output: expect.stringContaining('Web search (scripted-web) failed: rate limited'),
    });
    expect(crashed).toMatchObject({
      ok: true,
      output: expect.stringContaining('Web search (scripted-web) failed: socket hang up'),
    });
  });

  it('lets cancellation through', async () => {
    const controller = new AbortController();
    const provider: WebSearchProvider = {
      name: 'slow-web',
      async search() {
        controller.abort();
        throw new Error('aborted by the handle');
      },
    };
    await expect(search(provider, 'date field', createHandle({ signal: controller.signal }))).rejects.toThrow(
      'aborted by the handle',
    );
  });

  it('is not mentioned at all when none is configured', async () => {
    const outcome = await search(undefined, 'date field');
    expect(outcome.output).not.toContain('Web search');
  });
});
