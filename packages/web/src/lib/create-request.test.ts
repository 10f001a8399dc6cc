import { createRunRequestSchema } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { buildCreateRequest, type CreateRunFields } from './create-request.js';

const fields: CreateRunFields = {
  target: 'scenario',
  scenario: 'expense-report',
  desktopScenario: '',
  url: '',
  endpoint: '',
  targetId: '',
  engine: 'server',
  modelSpec: '',
  instruction: '',
  approval: 'ask',
};

describe('the new-run form', () => {
  it('sends a scenario with its example task when no instruction is given', () => {
    expect(buildCreateRequest(fields)).toEqual({ ok: true, request: { scenario: 'expense-report', approval: 'ask' } });
  });

  it('sends a desktop with its scenario, whose example task runs when no instruction is given', () => {
    const scenario = buildCreateRequest({ ...fields, target: 'desktop', desktopScenario: 'incident-sheet' });
    expect(scenario).toEqual({
      ok: true,
      request: { environment: { type: 'desktop', scenario: 'incident-sheet' }, approval: 'ask' },
    });
    if (scenario.ok) expect(createRunRequestSchema.safeParse(scenario.request).success).toBe(true);
    const bare = buildCreateRequest({ ...fields, target: 'desktop' });
    expect(bare).toMatchObject({ ok: false, field: 'instruction' });
    const task = buildCreateRequest({ ...fields, target: 'desktop', instruction: 'Press Control+S' });
    expect(task).toMatchObject({
      ok: true,
      request: { environment: { type: 'desktop' }, instruction: 'Press Control+S' },
    });
  });

  it('sends a URL or an attached browser as the environment, with the engine asked for', () => {
    const url = buildCreateRequest({
      ...fields,
      target: 'url',
      url: ' http://127.0.0.1:8080/a ',
      instruction: 'Click OK',
    });
    expect(url).toEqual({
      ok: true,
      request: {
        environment: { type: 'url', url: 'http://127.0.0.1:8080/a' },
        approval: 'ask',
        instruction: 'Click OK',
      },
    });
    const attached = buildCreateRequest({
      ...fields,
      target: 'cdp',
      endpoint: 'http://127.0.0.1:9222',
      targetId: 'ABC',
      engine: 'model',
      modelSpec: 'openai:gpt-4.1',
      instruction: 'Click OK',
    });
    expect(attached.ok && attached.request).toMatchObject({
      environment: { type: 'cdp', endpoint: 'http://127.0.0.1:9222', targetId: 'ABC' },
      model: 'openai:gpt-4.1',
    });
    expect(buildCreateRequest({ ...fields, engine: 'builtin' })).toMatchObject({ request: { model: 'builtin' } });
  });

  it('names the field to fix instead of sending what cannot work', () => {
    expect(buildCreateRequest({ ...fields, target: 'url', url: 'file:///etc/passwd', instruction: 'x' })).toMatchObject(
      {
        ok: false,
        field: 'environment.url',
      },
    );
    expect(buildCreateRequest({ ...fields, target: 'url', url: 'http://a' })).toMatchObject({ field: 'instruction' });
    expect(buildCreateRequest({ ...fields, target: 'cdp', instruction: 'x' })).toMatchObject({
      field: 'environment.endpoint',
    });
    expect(buildCreateRequest({ ...fields, engine: 'model' })).toMatchObject({ field: 'model' });
  });

  it('builds only bodies the server contract accepts', () => {
    for (const target of ['scenario', 'url', 'cdp'] as const) {
      const built = buildCreateRequest({
        ...fields,
        target,
        url: 'http://127.0.0.1/',
        endpoint: 'http://127.0.0.1:9222',
        instruction: 'Click OK',
      });
      expect(built.ok && createRunRequestSchema.safeParse(built.request).success).toBe(true);
    }
  });
});
