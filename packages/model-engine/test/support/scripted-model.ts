import type { Handle } from '@sandpiper/core';
import {
  COMPUTER_TOOL_NAME,
  costOf,
  MODEL_CONTRACT_VERSION,
  type ComputerAction,
  ModelError,
  parseStructuredText,
  type ContentPart,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  type ModelWarning,
  type PriceTable,
  type ProviderName,
  type ToolCall,
} from '@sandpiper/models';

/** What a scripted answer sees of the request it answers. */
export interface ScriptedCall {
  /** The request's `outputName`: which role and stage asked. */
  readonly name: string;
  /** The system turn(s). */
  readonly system: string;
  /** Every text part of the user turns, joined; repair turns included. */
  readonly user: string;
  /** How many re-asks (repair turns) the request already holds. */
  readonly repairs: number;
  /** 1 for the first call under this name, counting re-asks. */
  readonly index: number;
  readonly request: ModelRequest<unknown>;
}

/** One answer: the text the model "writes", or a function of the call that writes it. */
export type ScriptedReply = string | ((call: ScriptedCall) => string);

/** Answers by output name, used in order; the last one repeats. */
export type ModelScript = Readonly<Record<string, readonly ScriptedReply[]>>;

/** What was sent, measured the way the benchmark reports it. */
export interface RecordedCall {
  readonly name: string;
  readonly request: ModelRequest<unknown>;
  /** The text the fake answered. */
  readonly answer: string;
  readonly images: number;
  /** UTF-8 bytes of all text plus the bytes of every image. */
  readonly bytes: number;
  /** Width × height summed over the images. */
  readonly pixels: number;
  /** Tokens estimated as vendors bill them: four characters per token, an image at 750 pixels per token. */
  readonly inputTokens: number;
}

export interface ScriptedModelOptions {
  readonly script: ModelScript;
  readonly provider?: ProviderName;
  readonly model?: string;
  /** Prices for `costUsd`; absent: no cost (as for an unpriced model). */
  readonly prices?: PriceTable;
}

/** Width and height of a PNG from its header. */
export function pngSize(data: Uint8Array): { width: number; height: number } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function partsOf(content: string | readonly ContentPart[]): readonly ContentPart[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** Size measures of a request, as the benchmark and the context tests read them. */
export function measureRequest(
  request: ModelRequest<unknown>,
): Pick<RecordedCall, 'images' | 'bytes' | 'pixels' | 'inputTokens'> {
  let images = 0;
  let bytes = 0;
  let pixels = 0;
  let characters = 0;
  for (const message of request.messages) {
    for (const part of [
      ...partsOf(message.content),
      ...(message.toolResults ?? []).flatMap((result) => result.content),
    ]) {
      if (part.type === 'text') {
        bytes += Buffer.byteLength(part.text, 'utf8');
        characters += part.text.length;
      } else {
        images += 1;
        bytes += part.data.byteLength;
        const size = pngSize(part.data);
        pixels += size.width * size.height;
      }
    }
  }
  return { images, bytes, pixels, inputTokens: Math.ceil(characters / 4) + Math.ceil(pixels / 750) };
}

/**
 * A fake model behind the real `ModelClient` contract: it answers from a script by output name,
 * validates structured answers exactly as the prompted-JSON adapters do (JSON cut out of prose,
 * `invalid-output` with the problems otherwise), bills estimated tokens, and records every request.
 */
export function createScriptedModel(options: ScriptedModelOptions): ModelClient & { readonly calls: RecordedCall[] } {
  const provider = options.provider ?? 'openai-compatible';
  const model = options.model ?? 'scripted-vl';
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();
  return {
    specificationVersion: MODEL_CONTRACT_VERSION,
    provider,
    model,
    calls,
    async complete<T>(handle: Handle, request: ModelRequest<T>): Promise<ModelResponse<T>> {
      if (handle.signal.aborted) throw new ModelError('cancelled', 'the model call was cancelled before it started');
      const name = request.outputName ?? 'structured_output';
      const index = (counts.get(name) ?? 0) + 1;
      counts.set(name, index);
      const replies = options.script[name];
      const reply = replies?.[Math.min(index, replies.length) - 1];
      if (reply === undefined) throw new Error(`the scripted model has no answer for "${name}" (call ${index})`);
      const text = (message: ModelRequest<T>['messages'][number]) =>
        partsOf(message.content)
          .map((part) => (part.type === 'text' ? part.text : ''))
          .join('\n');
      const call: ScriptedCall = {
        name,
        system: request.messages
          .filter((message) => message.role === 'system')
          .map(text)
          .join('\n'),
        user: request.messages
          .filter((message) => message.role === 'user')
          .map(text)
          .join('\n'),
        repairs: request.messages.filter((message) => message.role === 'assistant').length,
        index,
        request: request as ModelRequest<unknown>,
      };
      const answer = typeof reply === 'function' ? reply(call) : reply;
      const measured = measureRequest(request as ModelRequest<unknown>);
      calls.push({ name, request: request as ModelRequest<unknown>, answer, ...measured });
      const tokens = { inputTokens: measured.inputTokens, outputTokens: Math.ceil(answer.length / 4) };
      const cost = options.prices === undefined ? undefined : costOf(tokens, `${provider}:${model}`, options.prices);
      const usage = cost === undefined ? tokens : { ...tokens, costUsd: cost };
      const warnings: ModelWarning[] = [];
      let parsed: T | undefined;
      if (request.outputSchema !== undefined) {
        const result = parseStructuredText(request.outputSchema, answer);
        if (!result.ok) {
          throw new ModelError('invalid-output', 'the answer does not match the requested schema', {
            lastText: answer,
            validation: result.problems,
            usage,
          });
        }
        if (result.extracted) warnings.push({ type: 'repaired-output', message: 'the JSON was cut out of prose' });
        parsed = result.value;
      }
      if (request.computer !== undefined) {
        const toolCalls = computerCallsFor(answer, index);
        return {
          text: '',
          toolCalls,
          usage,
          stopReason: toolCalls.length > 0 ? 'tool-use' : 'end',
          rawStopReason: toolCalls.length > 0 ? 'tool_use' : 'end_turn',
          warnings,
        };
      }
      return {
        text: answer,
        ...(parsed === undefined ? {} : { parsed }),
        toolCalls: [],
        usage,
        stopReason: 'end',
        rawStopReason: 'stop',
        warnings,
      };
    },
  };
}

/** One planned action of an operator answer written in Sandpiper's JSON. */
interface JsonAction {
  readonly type: string;
  readonly at?: { x: number; y: number };
  readonly to?: { x: number; y: number };
  readonly from?: { x: number; y: number };
  readonly button?: 'left' | 'right' | 'middle';
  readonly count?: 1 | 2 | 3;
  readonly text?: string;
  readonly keys?: readonly string[];
  readonly direction?: 'up' | 'down' | 'left' | 'right';
  readonly amount?: number;
  readonly ms?: number;
}

/**
 * A scripted operator answer, written in Sandpiper's JSON, as a model on the vendor's computer tool
 * would give it: one computer call per action (as the Anthropic adapter reads them) and the step
 * verdicts through `report_step`. Lets a script written for the JSON operator drive the computer
 * tool operator too.
 */
function computerCallsFor(answer: string, index: number): ToolCall[] {
  const decision = JSON.parse(answer) as {
    decision: string;
    actions?: { action: JsonAction }[];
    completesStep?: boolean;
    evidence?: string;
    question?: string;
    reason?: string;
  };
  const id = (n: number) => `toolu_scripted_${index}_${n}`;
  if (decision.decision !== 'act') {
    const outcome = decision.decision === 'step-complete' ? 'done' : decision.decision === 'clarify' ? 'ask' : 'cannot';
    const text = decision.evidence ?? decision.question ?? decision.reason ?? '';
    return [{ id: id(0), name: 'report_step', input: { outcome, text } }];
  }
  const calls = (decision.actions ?? []).map(({ action }, n): ToolCall => {
    return { id: id(n), name: COMPUTER_TOOL_NAME, input: action, computerActions: [computerActionOf(action)] };
  });
  const finishes =
    decision.completesStep === true
      ? [
          {
            id: id(calls.length),
            name: 'report_step',
            input: { outcome: 'done', text: 'The actions finish the step.' },
          },
        ]
      : [];
  return [...calls, ...finishes];
}

function computerActionOf(action: JsonAction): ComputerAction {
  switch (action.type) {
    case 'click':
      return { kind: 'click', at: action.at!, button: action.button ?? 'left', count: action.count ?? 1 };
    case 'double-click':
      return { kind: 'click', at: action.at!, button: 'left', count: 2 };
    case 'move':
      return { kind: 'move', to: action.to! };
    case 'drag':
      return { kind: 'drag', from: action.from!, to: action.to! };
    case 'scroll':
      return {
        kind: 'scroll',
        direction: action.direction ?? 'down',
        amount: action.amount ?? 5,
        ...(action.at ? { at: action.at } : {}),
      };
    case 'type':
      return { kind: 'type', text: action.text ?? '' };
    case 'key':
      return { kind: 'keys', chords: [[...(action.keys ?? [])]] };
    case 'wait':
      return { kind: 'wait', ms: action.ms ?? 1000 };
    default:
      throw new Error(`the computer tool has no action like "${action.type}"`);
  }
}
