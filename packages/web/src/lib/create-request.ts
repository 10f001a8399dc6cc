import type { CreateRunRequestInput } from '@sandpiper/protocol';

/** Where a new run acts, as the form offers it. */
export type TargetKind = 'scenario' | 'url' | 'cdp' | 'desktop';
export const targetKinds: readonly { readonly value: TargetKind; readonly label: string }[] = [
  { value: 'scenario', label: 'Scenario' },
  { value: 'url', label: 'Web address' },
  { value: 'cdp', label: 'My browser' },
  { value: 'desktop', label: 'Desktop' },
];

/** `server`: the engine the server was started with; `builtin`: the offline engine; `model`: the spec typed in. */
export type EngineChoice = 'server' | 'builtin' | 'model';

export interface CreateRunFields {
  readonly target: TargetKind;
  readonly scenario: string;
  /** A desktop scenario's name; empty for a bare desktop. */
  readonly desktopScenario: string;
  readonly url: string;
  readonly endpoint: string;
  readonly targetId: string;
  readonly engine: EngineChoice;
  readonly modelSpec: string;
  readonly instruction: string;
  readonly approval: 'ask' | 'auto' | 'auto-all';
}

/**
 * The `POST /api/runs` body for what the form holds, or the first field a person must fix. The
 * server checks everything again; this only catches what can be told without it.
 */
export function buildCreateRequest(
  fields: CreateRunFields,
):
  | { readonly ok: true; readonly request: CreateRunRequestInput }
  | { readonly ok: false; readonly field: string; readonly error: string } {
  const instruction = fields.instruction.trim();
  const hasExample = fields.target === 'scenario' || (fields.target === 'desktop' && fields.desktopScenario !== '');
  if (!hasExample && instruction === '') {
    return { ok: false, field: 'instruction', error: 'Say what the agent should do on that page.' };
  }
  let placement: Pick<CreateRunRequestInput, 'scenario' | 'environment'>;
  if (fields.target === 'scenario') {
    if (fields.scenario === '') return { ok: false, field: 'scenario', error: 'Choose a scenario.' };
    placement = { scenario: fields.scenario };
  } else if (fields.target === 'url') {
    const url = fields.url.trim();
    if (!/^https?:\/\/\S+$/i.test(url)) {
      return {
        ok: false,
        field: 'environment.url',
        error: 'Give an http or https address, such as http://127.0.0.1:8080/.',
      };
    }
    placement = { environment: { type: 'url', url } };
  } else if (fields.target === 'desktop') {
    const scenario = fields.desktopScenario;
    placement = { environment: { type: 'desktop', ...(scenario ? { scenario } : {}) } };
  } else {
    const endpoint = fields.endpoint.trim();
    if (endpoint === '') {
      return {
        ok: false,
        field: 'environment.endpoint',
        error: 'Give the DevTools endpoint, such as http://127.0.0.1:9222.',
      };
    }
    const targetId = fields.targetId.trim();
    placement = { environment: { type: 'cdp', endpoint, ...(targetId ? { targetId } : {}) } };
  }
  const model = fields.modelSpec.trim();
  if (fields.engine === 'model' && model === '') {
    return { ok: false, field: 'model', error: 'Give the model as provider:model, such as openai:gpt-4.1.' };
  }
  return {
    ok: true,
    request: {
      ...placement,
      approval: fields.approval,
      ...(instruction ? { instruction } : {}),
      ...(fields.engine === 'builtin' ? { model: 'builtin' } : fields.engine === 'model' ? { model } : {}),
    },
  };
}
