import { CancelledError, type Handle } from '@sandpiper/core';
import { SandpiperError } from '@sandpiper/protocol';
import {
  completeStructured,
  ModelError,
  type ContentPart,
  type ModelClient,
  type ModelErrorReason,
  type ModelProfile,
  type ModelRequest,
  type ReasoningEffort,
  type Usage,
} from '@sandpiper/models';
import { z } from 'zod';
import type { RenderedPrompt } from './prompts.js';

/** The roles that report model calls, as the `model-call` event names them. */
export type RoleName = 'planner' | 'operator' | 'grounder' | 'reflector' | 'judge' | 'loop-judge' | 'critic';

/** One role's model: the client that reaches it and what it can do. */
export interface RoleModel {
  /** Reaches the model; its provider and model id name it in reports. */
  readonly client: ModelClient;
  /** Its image size and coordinate space. */
  readonly profile: ModelProfile;
  /** Sampling temperature for this role; absent: the vendor's default. */
  readonly temperature?: number;
  /** Reasoning effort for this role, on reasoning models; absent: the vendor's default. */
  readonly reasoningEffort?: ReasoningEffort;
  /** Thinking room on top of each answer, on reasoning models; absent: the profile's allowance for the effort. */
  readonly reasoningTokens?: number;
}

/** "provider:model", the name a role's model goes by in reports and in same-model checks. */
export function modelName(model: RoleModel): string {
  return `${model.client.provider}:${model.client.model}`;
}

/**
 * Raised instead of a role's safe outcome when its model could not be reached at all (bad key,
 * rate limit, overload, server error, timeout, an unreadable body) and the engine was built to
 * hand such calls over to another model ({@link RoleCaller.unavailableThrows}). Check with
 * {@link ModelUnavailableError.isInstance}.
 */
export class ModelUnavailableError extends SandpiperError {
  override readonly name = 'ModelUnavailableError';
  constructor(
    message: string,
    /** `provider:model` of the model that failed. */
    readonly model: string,
  ) {
    super('model', message, { retryable: true });
  }

  /** A model-unavailable error from any copy of this module. */
  static override isInstance(error: unknown): error is ModelUnavailableError {
    return SandpiperError.isInstance(error) && error.name === 'ModelUnavailableError';
  }
}

/** Failures that say the model could not be reached, rather than that it answered badly. */
const UNAVAILABLE: ReadonlySet<ModelErrorReason> = new Set([
  'auth',
  'rate-limit',
  'overloaded',
  'server',
  'timeout',
  'bad-response',
]);

/** What a role needs to call its model. */
export interface RoleCaller {
  /** The role named in each report. */
  readonly role: RoleName;
  /** The model the role calls. */
  readonly model: RoleModel;
  /** Re-asks after an invalid answer, 0 to 3. */
  readonly maxRepairs: number;
  /** Milliseconds from some fixed point, for call durations. */
  readonly now: () => number;
  /** Throw {@link ModelUnavailableError} when the model cannot be reached, for a fallback to take over. */
  readonly unavailableThrows?: boolean;
}

/** The outcome of one role call: the validated answer, or why there is none. */
export type RoleCallResult<T> =
  | {
      readonly ok: true;
      /** The validated answer. */
      readonly value: T;
      /** The first answer was invalid and a re-ask fixed it. */
      readonly repaired: boolean;
    }
  | {
      readonly ok: false;
      /** Why no usable answer came back, in one line (never a key or a prompt). */
      readonly reason: string;
      /** What kind of failure it was; `invalid-output` after the repairs were spent. */
      readonly kind: ModelErrorReason;
      /** The last validation problems, one per line, for `invalid-output`; absent otherwise. */
      readonly validation?: string;
    };

/** What goes into one call besides the prompt. */
export interface RoleRequest<T> {
  /** The filled-in prompt: the system turn and the user turn's text. */
  readonly prompt: RenderedPrompt;
  /** Attached to the user turn after its text, in this order. */
  readonly images?: readonly ContentPart[];
  /** The answer's shape and every check on it; a violation is re-asked with its message. */
  readonly schema: z.ZodType<T>;
  /** Name of the structured answer, shown to the model. */
  readonly outputName: string;
  /** Upper bound on the answer's own tokens (reasoning models get room to think on top); absent: the adapter's default. */
  readonly maxOutputTokens?: number;
}

/** The adapters' default output limit, for requests that name none. */
const DEFAULT_ANSWER_TOKENS = 4096;
/** The most output tokens any role call asks for, retries with more room included. */
const MAX_OUTPUT_TOKENS = 65_536;

/**
 * The output limit for an answer of `answerTokens` on this model: a reasoning model's limit also
 * counts its thinking, so the profile's allowance for the effort is added. Undefined when the role
 * named no limit and the model does not reason (the adapter's default then applies).
 */
export function outputBudget(model: RoleModel, answerTokens: number | undefined): number | undefined {
  const reasoning = model.profile.capabilities.reasoning;
  const effort = model.reasoningEffort;
  if (reasoning === undefined || effort === undefined) return answerTokens;
  const thinking = model.reasoningTokens ?? reasoning.budget[effort];
  return Math.min(MAX_OUTPUT_TOKENS, (answerTokens ?? DEFAULT_ANSWER_TOKENS) + thinking);
}

/** The limit of the one retry after a cut-off or empty answer: twice the first, within the ceiling. */
export function roomAfterTruncation(budget: number | undefined): number {
  return Math.min(MAX_OUTPUT_TOKENS, 2 * (budget ?? DEFAULT_ANSWER_TOKENS));
}

/**
 * Ask the role's model for a structured answer with bounded repair, report the call (tokens,
 * cost, time, outcome) through the handle, and turn every model failure into a result. Only
 * cancellation is thrown, as `CancelledError`, so the run can stop.
 */
/**
 * The schema as providers receive it. Anthropic's tool input and OpenAI's structured output both
 * need an object at the root, so an answer that is a union (act / complete / fail...) travels as
 * `{ "answer": … }`. The bare answer is accepted too, because prompts show it unwrapped and
 * models without schema enforcement answer that way.
 */
export function providerSchema<T>(schema: z.ZodType<T>): z.ZodType<T> {
  if (isObjectSchema(schema)) return schema;
  const wrapped = z.preprocess((value) => (isWrapped(value) ? value : { answer: value }), z.object({ answer: schema }));
  // The wrapper is removed again by `unwrapAnswer` before anyone sees the value.
  return wrapped as unknown as z.ZodType<T>;
}

function isWrapped(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).join() === 'answer';
}

function unwrapAnswer<T>(schema: z.ZodType<T>, parsed: T): T {
  return isObjectSchema(schema) ? parsed : (parsed as { answer: T }).answer;
}

function isObjectSchema(schema: z.ZodType): boolean {
  return schema instanceof z.ZodObject;
}

export async function callRole<T>(
  caller: RoleCaller,
  handle: Handle,
  request: RoleRequest<T>,
): Promise<RoleCallResult<T>> {
  let attempts = 0;
  const counted: ModelClient = {
    specificationVersion: caller.model.client.specificationVersion,
    provider: caller.model.client.provider,
    model: caller.model.client.model,
    complete: (inner, modelRequest) => {
      attempts += 1;
      return caller.model.client.complete(inner, modelRequest);
    },
  };
  // A text-only model gets the element lists without the images it cannot read.
  const images = caller.model.profile.capabilities.images ? (request.images ?? []) : [];
  const budget = outputBudget(caller.model, request.maxOutputTokens);
  const modelRequest: ModelRequest<T> & { readonly outputSchema: z.ZodType<T> } = {
    messages: [
      { role: 'system', content: request.prompt.system },
      { role: 'user', content: [{ type: 'text', text: request.prompt.user }, ...images] },
    ],
    outputSchema: providerSchema(request.schema),
    outputName: request.outputName,
    ...(budget === undefined ? {} : { maxOutputTokens: budget }),
    ...samplingOf(caller.model),
  };
  const started = caller.now();
  try {
    // A cut-off or empty answer (a reasoning model that thought past the limit) gets one more try
    // with twice the room before the role gives its safe outcome.
    const response = await completeStructured(counted, handle, modelRequest, {
      maxRepairs: caller.maxRepairs,
      roomOnTruncation: roomAfterTruncation(budget),
    });
    const repaired = attempts > 1;
    await report(caller, handle, response.usage, started, repaired ? 'repaired' : 'ok');
    return { ok: true, value: unwrapAnswer(request.schema, response.parsed), repaired };
  } catch (error: unknown) {
    return failedCall(caller, handle, error, started);
  }
}

/** The temperature and reasoning effort a role's requests carry. */
export function samplingOf(model: RoleModel): Pick<ModelRequest, 'temperature' | 'reasoningEffort'> {
  return {
    ...(model.temperature === undefined ? {} : { temperature: model.temperature }),
    ...(model.reasoningEffort === undefined ? {} : { reasoningEffort: model.reasoningEffort }),
  };
}

/**
 * A failed call as a result, reported through the handle. Cancellation is thrown as
 * `CancelledError`; anything that is not a `ModelError` is a bug and is thrown as it is.
 */
export async function failedCall(
  caller: RoleCaller,
  handle: Handle,
  error: unknown,
  started: number,
  usage?: Usage,
): Promise<RoleCallResult<never>> {
  if (CancelledError.isInstance(error) || handle.signal.aborted) throw asCancelled(error);
  if (!ModelError.isInstance(error)) throw error;
  if (error.reason === 'cancelled') throw new CancelledError(error.message);
  const reason = `${error.reason}: ${error.message}`.slice(0, 2000);
  handle.log(`${caller.role} model call failed (${reason})`);
  await report(caller, handle, addUsage(usage, error.usage), started, 'error', reason);
  if (caller.unavailableThrows === true && UNAVAILABLE.has(error.reason)) {
    const model = modelName(caller.model);
    throw new ModelUnavailableError(`${model} could not be reached (${reason})`, model);
  }
  return {
    ok: false,
    reason,
    kind: error.reason,
    ...(error.validation === undefined ? {} : { validation: error.validation }),
  };
}

/** Two usages summed; either may be missing. */
export function addUsage(first: Usage | undefined, second: Usage | undefined): Usage | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  const cost = first.costUsd === undefined || second.costUsd === undefined ? undefined : first.costUsd + second.costUsd;
  return {
    inputTokens: first.inputTokens + second.inputTokens,
    outputTokens: first.outputTokens + second.outputTokens,
    ...(cost === undefined ? {} : { costUsd: cost }),
  };
}

/** Report one role call (tokens, cost, time, outcome) through the handle, when it takes reports. */
export async function report(
  caller: RoleCaller,
  handle: Handle,
  usage: Usage | undefined,
  started: number,
  outcome: 'ok' | 'repaired' | 'error',
  error?: string,
): Promise<void> {
  if (handle.report === undefined) return;
  await handle.report({
    role: caller.role,
    model: modelName(caller.model),
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    ...(usage?.costUsd === undefined ? {} : { costUsd: usage.costUsd }),
    durationMs: Math.max(0, caller.now() - started),
    outcome,
    ...(error === undefined ? {} : { error }),
  });
}

function asCancelled(error: unknown): CancelledError {
  if (CancelledError.isInstance(error)) return error;
  return new CancelledError(error instanceof Error ? error.message : 'cancelled');
}
