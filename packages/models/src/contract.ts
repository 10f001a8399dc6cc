import type { Handle } from '@sandpiper/core';
import type { z } from 'zod';

/**
 * Version of the model contract below. Bump the minor number for additive changes (a new optional
 * request field, a new warning type) and the major number when an adapter written for the old
 * contract would no longer compile or would misbehave. 2.0: a computer call's `computerAction`
 * became `computerActions` (OpenAI's tool batches actions); tool calls may carry safety checks,
 * and responses and assistant turns a vendor transcript.
 */
export const MODEL_CONTRACT_VERSION = '2.0' as const;

/**
 * The providers this package can reach. `ollama` is Ollama's native API (`/api/chat`), which,
 * unlike its OpenAI-compatible route, takes the context size per request.
 */
export type ProviderName = 'anthropic' | 'openai' | 'openai-compatible' | 'ollama';

/** The image formats every adapter can send. */
export type ImageMimeType = 'image/png' | 'image/jpeg';

/** A piece of text in a message. */
export interface TextPart {
  /** Discriminator. */
  readonly type: 'text';
  /** The text, as the model should read it. */
  readonly text: string;
}

/** An image in a message, sent inline (never by URL). */
export interface ImagePart {
  /** Discriminator. */
  readonly type: 'image';
  /** The encoded file bytes (PNG or JPEG), exactly as they should reach the model. */
  readonly data: Uint8Array;
  /** Format of `data`. */
  readonly mimeType: ImageMimeType;
}

/** One piece of message content. */
export type ContentPart = TextPart | ImagePart;

/** One turn of the conversation. */
export interface ModelMessage {
  /**
   * Who speaks. `system` turns are instructions; adapters whose vendor keeps them apart (Anthropic)
   * join all of them, in order, into the one system prompt. Only `user` turns may hold images.
   */
  readonly role: 'system' | 'user' | 'assistant';
  /** The content: a plain string is shorthand for one text part. */
  readonly content: string | readonly ContentPart[];
  /**
   * On an `assistant` turn: the tool calls the model made in it, as it made them (the `id`, `name`
   * and the vendor's own `input` from {@link ToolCall}), so the conversation can go on after them.
   * Only adapters that can send tool history take it (Anthropic); others answer `bad-request`.
   */
  readonly toolCalls?: readonly PastToolCall[];
  /** On a `user` turn: what the calls of the previous assistant turn gave back, in their order. */
  readonly toolResults?: readonly ToolResult[];
  /**
   * On an `assistant` turn: the response's {@link ModelResponse.transcript}, passed back as it
   * came. An adapter that has one sends it in place of the turn's text and calls (OpenAI's
   * Responses API needs its own items back, reasoning included); others ignore it.
   */
  readonly transcript?: readonly unknown[];
}

/** A tool call made in an earlier assistant turn. */
export interface PastToolCall {
  /** The vendor's id of the call. */
  readonly id: string;
  /** The called tool's name. */
  readonly name: string;
  /** The input exactly as the model wrote it. */
  readonly input: unknown;
}

/** What one earlier tool call gave back. */
export interface ToolResult {
  /** The `id` of the call it answers. */
  readonly callId: string;
  /** What it gave back: text, and for the computer tool the screenshot after it. */
  readonly content: readonly ContentPart[];
  /** True when the call failed; the content then says why. */
  readonly isError?: boolean;
}

/**
 * The vendor's own computer-use tool (Anthropic's `computer`, OpenAI's `computer` and
 * `computer_use_preview`), offered with the request instead of an answer schema. The model then
 * acts by calling it; those calls come back as `toolCalls` named {@link COMPUTER_TOOL_NAME}, each
 * with its actions read into {@link ComputerAction}s. The tool's version and beta flag come from
 * the model's profile (`capabilities.computerUse`); an adapter or model without one answers
 * `bad-request`.
 */
export interface ComputerToolRequest {
  /** Width of the screenshots the model is shown, in pixels; its points come in this space. */
  readonly displayWidth: number;
  /** Height of those screenshots, in pixels. */
  readonly displayHeight: number;
  /** What the screen shows, for tools that ask (OpenAI's preview tool). Absent: `linux`. */
  readonly environment?: 'browser' | 'linux';
}

/** The name computer-use tool calls carry. */
export const COMPUTER_TOOL_NAME = 'computer';

/** A point in the computer tool's display space (the screenshot as sent), in pixels. */
export interface DisplayPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * One computer-use action, read from whichever vendor's tool call it came in. Points are pixels of
 * the display the request described; keys are canonical names (`Control`, `Enter`, `a`).
 */
export type ComputerAction =
  | {
      readonly kind: 'click';
      readonly at: DisplayPoint;
      readonly button: 'left' | 'right' | 'middle';
      /** 1 for a click, 2 for a double click, 3 for a triple click. */
      readonly count: 1 | 2 | 3;
    }
  | { readonly kind: 'move'; readonly to: DisplayPoint }
  | { readonly kind: 'drag'; readonly from: DisplayPoint; readonly to: DisplayPoint }
  | {
      readonly kind: 'scroll';
      /** Where the wheel turns; absent: wherever the pointer is. */
      readonly at?: DisplayPoint;
      readonly direction: 'up' | 'down' | 'left' | 'right';
      /** Wheel notches. */
      readonly amount: number;
    }
  | { readonly kind: 'type'; readonly text: string }
  /** Chords pressed one after another; each chord's keys go down in order and come up together. */
  | { readonly kind: 'keys'; readonly chords: readonly (readonly string[])[] }
  | { readonly kind: 'wait'; readonly ms: number }
  /** The model asks to see the screen (it gets the screenshot in the call's result). */
  | { readonly kind: 'screenshot' };

/** A function the model may call instead of (or besides) answering in text. */
export interface ModelTool<TInput = unknown> {
  /** Name the model calls it by: letters, digits, `_` and `-`, at most 64 characters. */
  readonly name: string;
  /** What the tool does and when to use it, written for the model. */
  readonly description: string;
  /** Shape of the input; the root must be an object. Calls whose input fails it are invalid output. */
  readonly inputSchema: z.ZodType<TInput>;
}

/**
 * How long a reasoning model thinks before it answers (OpenAI's `reasoning_effort`); more effort
 * costs more output tokens and time. Models without reasoning ignore it.
 */
export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

/** What to ask of a model. */
export interface ModelRequest<TOutput = unknown> {
  /** The conversation so far, oldest first; must hold at least one `user` turn. */
  readonly messages: readonly ModelMessage[];
  /**
   * When present, the answer must be a JSON object matching this schema (the root must be an
   * object). The response then carries it in `parsed`; an answer that cannot be made to match
   * fails with `invalid-output`. A `null` for an optional field counts as absent. Absent: a
   * free-text answer.
   */
  readonly outputSchema?: z.ZodType<TOutput>;
  /**
   * Short name of the structured answer, shown to the model (as the tool name or schema name).
   * Absent means `structured_output`.
   */
  readonly outputName?: string;
  /** Tools the model may call. Absent or empty: no tools. */
  readonly tools?: readonly ModelTool[];
  /** Offer the vendor's computer-use tool too (see {@link ComputerToolRequest}). Absent: not offered. */
  readonly computer?: ComputerToolRequest;
  /**
   * Upper bound on generated tokens, reasoning tokens included (a reasoning model spends part of
   * it thinking). Absent means the adapter's default (4096).
   */
  readonly maxOutputTokens?: number;
  /**
   * Sampling temperature, 0 to 2 (vendors clamp to their own range). Absent: the vendor default.
   * Not sent, with an `unsupported-setting` warning, to models whose profile says they accept only
   * their default (GPT-5, o3, o4-mini).
   */
  readonly temperature?: number;
  /**
   * Reasoning effort for models whose profile lists it; an effort the model does not offer is
   * raised to the nearest one it does. Absent: the vendor's default.
   */
  readonly reasoningEffort?: ReasoningEffort;
}

/** Why the model stopped generating. */
export type StopReason =
  /** It finished its answer. */
  | 'end'
  /** It hit `maxOutputTokens` or its context window: the answer is cut off. */
  | 'max-tokens'
  /** It stopped to call one or more tools; see `toolCalls`. */
  | 'tool-use'
  /** It declined to answer (policy or safety); `text` holds what it said, if anything. */
  | 'refusal';

/** A tool call the model made, with its input already validated. */
export interface ToolCall {
  /** The vendor's id of the call, for matching a later result; synthesized when the vendor has none. */
  readonly id: string;
  /** Name of the called tool, one of the request's `tools`. */
  readonly name: string;
  /**
   * The input after parsing with the tool's `inputSchema` (defaults applied); for the computer
   * tool, the vendor's input as written (send it back as it is in a {@link PastToolCall}).
   */
  readonly input: unknown;
  /**
   * For a call of the computer tool: its actions, read and checked, in the order they are to be
   * performed (one for Anthropic's tool; OpenAI's current tool may batch several). Absent when
   * `computerProblem` is set.
   */
  readonly computerActions?: readonly ComputerAction[];
  /**
   * For a call of the computer tool whose actions cannot be carried out (one this agent does not
   * perform, or a missing point): why, in a sentence to send back as the call's error result.
   */
  readonly computerProblem?: string;
  /**
   * For a call of the computer tool: checks the vendor raised before it should be carried out
   * (OpenAI's `pending_safety_checks`: instructions on screen that look malicious, a site that
   * seems unrelated to the task or sensitive). A person should confirm such a call first.
   */
  readonly safetyChecks?: readonly SafetyCheck[];
}

/** A vendor's reason to confirm a computer call with a person before carrying it out. */
export interface SafetyCheck {
  /** The vendor's id of the check. */
  readonly id: string;
  /** Its kind (`malicious_instructions`, `irrelevant_domain`, `sensitive_domain`); absent when not given. */
  readonly code?: string;
  /** What the vendor says about it; absent when not given. */
  readonly message?: string;
}

/** Tokens and money spent on one call. */
export interface Usage {
  /** Input tokens billed, cached reads and writes included. */
  readonly inputTokens: number;
  /** Output tokens billed, reasoning tokens included. */
  readonly outputTokens: number;
  /** Of `inputTokens`, those read from the vendor's prompt cache (billed at a lower rate); absent: none reported. */
  readonly cacheReadTokens?: number;
  /** Of `inputTokens`, those written to the prompt cache (Anthropic bills them above the input rate); absent: none. */
  readonly cacheWriteTokens?: number;
  /**
   * Cost in US dollars from the price table the client was given. Absent when the table has no
   * price for the model (a `unpriced-model` warning says so); 0 for free local models.
   */
  readonly costUsd?: number;
}

/** Something the caller should know about a call that still succeeded. */
export interface ModelWarning {
  /**
   * What kind of thing happened:
   * - `unsupported-setting`: a request setting was ignored or changed for this model;
   * - `prompted-structured-output`: the server cannot enforce the schema, so JSON was asked for
   *   in the prompt and parsed tolerantly;
   * - `non-strict-schema`: the schema uses features the vendor's strict mode rejects, so it was
   *   sent as a hint only;
   * - `unpriced-model`: no price was found, so `usage.costUsd` is absent;
   * - `repaired-output`: the output needed fixing before it validated (JSON cut out of prose or a
   *   code fence, or a re-ask by `completeStructured`);
   * - `other`: anything else the vendor reported.
   */
  readonly type:
    | 'unsupported-setting'
    | 'prompted-structured-output'
    | 'non-strict-schema'
    | 'unpriced-model'
    | 'repaired-output'
    | 'other';
  /** One sentence for people and logs; never contains a secret. */
  readonly message: string;
}

/** What a model answered. */
export interface ModelResponse<TOutput = unknown> {
  /** The vendor's id of the response, for support requests; absent when the server sent none. */
  readonly id?: string;
  /** The text the model wrote, all text blocks joined; empty when it only called tools. */
  readonly text: string;
  /**
   * The validated structured answer: present whenever the request had an `outputSchema`, except
   * when the model stopped to call one of the request's tools instead (`stopReason` `tool-use`).
   */
  readonly parsed?: TOutput;
  /** Tool calls in the order the model made them; empty when none. */
  readonly toolCalls: readonly ToolCall[];
  /** Tokens and cost of this call (of the last attempt when it was retried). */
  readonly usage: Usage;
  /** Normalized stop reason. */
  readonly stopReason: StopReason;
  /** The vendor's own stop reason (`end_turn`, `length`...), kept for diagnosis. */
  readonly rawStopReason: string;
  /** Settings ignored, repairs made, prices missing; empty when none. */
  readonly warnings: readonly ModelWarning[];
  /**
   * The vendor's own record of this turn, for adapters whose vendor wants it back to continue the
   * conversation (OpenAI's Responses API: its output items, encrypted reasoning included). Pass it
   * unchanged on the assistant turn that repeats this answer. Absent for other adapters.
   */
  readonly transcript?: readonly unknown[];
}

/**
 * A model reached through one provider. Implementations translate the request to the vendor's wire
 * format, validate what comes back and normalize errors to `ModelError`.
 */
export interface ModelClient {
  /** The contract version this client implements. */
  readonly specificationVersion: typeof MODEL_CONTRACT_VERSION;
  /** Which provider serves the model. */
  readonly provider: ProviderName;
  /** The vendor's model id, as sent on the wire. */
  readonly model: string;
  /**
   * Ask the model once. Honours the handle's signal (`cancelled`) and deadline (`timeout`).
   *
   * A free-text answer that was refused or cut off is returned with that stop reason; a structured
   * answer or tool input that was refused, cut off or invalid throws `ModelError` (`refusal`,
   * `truncated`, `invalid-output`), since there is nothing valid to return.
   */
  complete<TOutput>(handle: Handle, request: ModelRequest<TOutput>): Promise<ModelResponse<TOutput>>;
}
