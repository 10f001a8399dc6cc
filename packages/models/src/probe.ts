import { createHandle, type Handle } from '@sandpiper/core';
import sharp from 'sharp';
import { COMPUTER_TOOL_NAME, type ModelClient, type ModelRequest, type ModelResponse, type Usage } from './contract.js';
import { ModelError } from './errors.js';
import type { ModelProfile } from './profiles.js';
import { prepareScreenshot } from './screenshot.js';

/**
 * A live check of one configured model: a tiny text request, a tiny image request and, for local
 * servers, one request about the size of an operator's, to see whether the server keeps all of
 * it. Each check says what it saw; a failure says what kind of problem it is, so the caller can
 * name the fix (a key, a model name, a server to start). Nothing here prints or stores a key:
 * adapters redact vendor messages before they reach a `ModelError`.
 */

/** What went wrong in one check, by what the person has to fix. */
export type ProbeProblem =
  /** No connection to the endpoint could be made. */
  | 'unreachable'
  /** The key is missing, wrong, or lacks access (HTTP 401, 402, 403). */
  | 'auth'
  /** HTTP 404: the model name, or the endpoint's path, is wrong. */
  | 'not-found'
  /** The server refused the image, or the answer shows the model never saw it. */
  | 'no-image-support'
  /** The server cut or refused a request of the size the agent sends. */
  | 'context-too-small'
  /** The server refused the vendor's computer-use tool, or the model would not use it. */
  | 'no-computer-tool'
  /** HTTP 429: the key works but has no capacity left now. */
  | 'rate-limit'
  /** No answer in time. */
  | 'timeout'
  /** Anything else: the server's own message says what. */
  | 'failed';

/** One check's outcome. */
export interface ProbeCheck {
  /** Which request: `text`, `image`, `context` or `computer` (the vendor's computer-use tool). */
  readonly check: 'text' | 'image' | 'context' | 'computer';
  /** True when the model answered as a working endpoint should. */
  readonly ok: boolean;
  /** What was seen, one sentence: the answer and the time, or the failure. */
  readonly detail: string;
  /** What kind of problem a failed check found; absent when `ok`. */
  readonly problem?: ProbeProblem;
  /** HTTP status of a failed request, when a response arrived. */
  readonly status?: number;
  /** Wall time of the request, in milliseconds. */
  readonly ms: number;
}

/** What to check, besides the text request that always runs. */
export interface ProbeOptions {
  /** The model's profile (image size, reasoning); absent: text only, no reasoning settings. */
  readonly profile?: ModelProfile;
  /** Send the image request too. */
  readonly image: boolean;
  /** Send a request of about this many input tokens and check the server kept them; absent: skip. */
  readonly contextTokens?: number;
  /**
   * Offer the vendor's computer-use tool (the profile's version and beta flag) and ask for one click,
   * for models whose operator acts through it. Absent or false: skip.
   */
  readonly computer?: boolean;
  /** Signal and deadline for every request; absent: a fresh handle without a deadline. */
  readonly handle?: Handle;
  /** Clock for the timings; absent: `Date.now`. */
  readonly now?: () => number;
}

/** Every check that ran, and what they cost. */
export interface ProbeResult {
  /** The checks in the order they ran; later ones are skipped after a failure they cannot pass. */
  readonly checks: readonly ProbeCheck[];
  /** True when every check that ran is ok. */
  readonly ok: boolean;
  /** Tokens and dollars the probe spent; `costUsd` absent when a call had no price. */
  readonly usage: Usage;
}

/** The share of the padding a server must report as read for the context check to pass. */
const KEPT_SHARE = 0.8;

/** Words that each stay one token in the usual tokenizers, so a count of them is a token count. */
const PADDING_WORDS = (
  'the of and to in is it you that he was for on are as with his they at be this from have or by one had not ' +
  'but what all were when we there can an your which their said if do will each about how up out them then she ' +
  'many some so these would other into has more her two like him see time could no make than first been its who ' +
  'now people my made over did down only way find use may water long little very after words called just where'
).split(' ');

/** Probe one model: text first, then the image and context checks the options ask for. */
export async function probeModel(client: ModelClient, options: ProbeOptions): Promise<ProbeResult> {
  const handle = options.handle ?? createHandle();
  const now = options.now ?? Date.now;
  const spent = { inputTokens: 0, outputTokens: 0, costUsd: 0 as number | undefined };
  const call = async (
    check: ProbeCheck['check'],
    request: ModelRequest,
    judge: (response: ModelResponse) => Omit<ProbeCheck, 'check' | 'ms'>,
  ): Promise<ProbeCheck> => {
    const started = now();
    try {
      const response = await client.complete(handle, withReasoningRoom(request, options.profile));
      spent.inputTokens += response.usage.inputTokens;
      spent.outputTokens += response.usage.outputTokens;
      spent.costUsd =
        spent.costUsd === undefined || response.usage.costUsd === undefined
          ? undefined
          : spent.costUsd + response.usage.costUsd;
      return { check, ms: now() - started, ...judge(response) };
    } catch (error) {
      if (ModelError.isInstance(error) && error.usage !== undefined) {
        spent.inputTokens += error.usage.inputTokens;
        spent.outputTokens += error.usage.outputTokens;
      }
      return { check, ms: now() - started, ok: false, ...failureOf(check, error) };
    }
  };

  const checks: ProbeCheck[] = [];
  const text = await call(
    'text',
    { messages: [{ role: 'user', content: 'This is a connection check. Answer with the single word: ready' }] },
    (response) => ({ ok: true, detail: `answered ${quoted(response)}` }),
  );
  checks.push(text);
  // Without a working text request, the other checks would only repeat its failure.
  if (text.ok) {
    if (options.image) checks.push(await call('image', await imageRequest(options.profile), seesRed));
    if (options.contextTokens !== undefined) {
      const words = options.contextTokens;
      checks.push(await call('context', paddedRequest(words), (response) => keptAll(response, words)));
    }
    if (options.computer === true) checks.push(await call('computer', await computerRequest(options.profile), clicked));
  }
  const { costUsd, ...tokens } = spent;
  return {
    checks,
    ok: checks.every((check) => check.ok),
    usage: costUsd === undefined ? tokens : { ...tokens, costUsd },
  };
}

/** Room for a reasoning model to think at its lowest effort before a one-word answer. */
function withReasoningRoom(request: ModelRequest, profile: ModelProfile | undefined): ModelRequest {
  const reasoning = profile?.capabilities.reasoning;
  const effort = reasoning?.efforts[0];
  const answerTokens = request.maxOutputTokens ?? 32;
  if (reasoning === undefined || effort === undefined) return { ...request, maxOutputTokens: answerTokens };
  return { ...request, maxOutputTokens: answerTokens + reasoning.budget[effort], reasoningEffort: effort };
}

/** The red-square picture with the computer tool offered, asking for a click on the square. */
async function computerRequest(profile: ModelProfile | undefined): Promise<ModelRequest> {
  const image = await redSquare(profile);
  return {
    ...pictureRequest(
      'This is a check of the computer tool. The screenshot shows the whole screen. Click the red square once.',
      image,
    ),
    computer: { displayWidth: image.width, displayHeight: image.height },
    // Room for the tool call and a sentence before it.
    maxOutputTokens: 256,
  };
}

/** One user turn: the question, then the picture. */
function pictureRequest(text: string, image: { data: Uint8Array; mimeType: 'image/png' | 'image/jpeg' }): ModelRequest {
  return {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image', data: image.data, mimeType: image.mimeType },
        ],
      },
    ],
  };
}

/** A check passes when the model called the computer tool with an action it can perform. */
function clicked(response: ModelResponse): Omit<ProbeCheck, 'check' | 'ms'> {
  const call = response.toolCalls.find((each) => each.name === COMPUTER_TOOL_NAME);
  const action = call?.computerActions?.[0];
  if (action !== undefined) {
    const where = action.kind === 'click' ? ` at (${action.at.x}, ${action.at.y})` : '';
    return { ok: true, detail: `called the computer tool: ${action.kind}${where}` };
  }
  return {
    ok: false,
    problem: 'no-computer-tool',
    detail: call
      ? `called the computer tool unusably (${call.computerProblem ?? 'no action'})`
      : `answered ${quoted(response)} without the computer tool`,
  };
}

/** A white picture with one red square in the middle, in the size and format the profile wants. */
async function imageRequest(profile: ModelProfile | undefined): Promise<ModelRequest> {
  return pictureRequest(
    'This is a check that you can see images. What colour is the square in the picture? Answer with one word.',
    await redSquare(profile),
  );
}

/** The picture: white, one red square in the middle, prepared as the profile wants images. */
async function redSquare(
  profile: ModelProfile | undefined,
): Promise<{ data: Uint8Array; mimeType: 'image/png' | 'image/jpeg'; width: number; height: number }> {
  // 224 is a multiple of the patch sizes vision encoders merge (28 and 32), so no server resizes it.
  const side = 224;
  const square = await sharp({
    create: { width: side / 2, height: side / 2, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
    .composite([{ input: square, left: side / 4, top: side / 4 }])
    .png()
    .toBuffer();
  return profile === undefined
    ? { data: new Uint8Array(png), mimeType: 'image/png', width: side, height: side }
    : prepareScreenshot(new Uint8Array(png), profile);
}

function seesRed(response: ModelResponse): Omit<ProbeCheck, 'check' | 'ms'> {
  if (/\bred\b/i.test(response.text)) return { ok: true, detail: `saw the red square (${quoted(response)})` };
  return {
    ok: false,
    problem: 'no-image-support',
    detail: `answered ${quoted(response)} about a picture of a red square: the model, or the server in front of it, does not read images`,
  };
}

/** About `words` tokens of filler, then the same one-word question. */
function paddedRequest(words: number): ModelRequest {
  const filler = Array.from({ length: words }, (_, index) => PADDING_WORDS[index % PADDING_WORDS.length]).join(' ');
  return {
    messages: [
      {
        role: 'user',
        content: `This is a check of how much text you receive. Ignore the filler below.\n\n${filler}\n\nEnd of the filler. Answer with the single word: ready`,
      },
    ],
  };
}

function keptAll(response: ModelResponse, words: number): Omit<ProbeCheck, 'check' | 'ms'> {
  const read = response.usage.inputTokens;
  const size = `a request of about ${words.toLocaleString('en-US')} tokens`;
  if (read === 0)
    return { ok: true, detail: `answered ${size}; the server reports no token counts, so truncation cannot be seen` };
  if (read >= words * KEPT_SHARE)
    return { ok: true, detail: `kept all of ${size} (${read.toLocaleString('en-US')} read)` };
  return {
    ok: false,
    problem: 'context-too-small',
    detail: `read only ${read.toLocaleString('en-US')} tokens of ${size}: the server cuts prompts to a smaller context window`,
  };
}

function failureOf(check: ProbeCheck['check'], error: unknown): Pick<ProbeCheck, 'detail' | 'problem' | 'status'> {
  if (!ModelError.isInstance(error)) {
    return { problem: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
  const status = error.status === undefined ? {} : { status: error.status };
  const problem = problemOf(check, error);
  return { ...status, problem, detail: error.message };
}

function problemOf(check: ProbeCheck['check'], error: ModelError): ProbeProblem {
  if (error.unreachable) return 'unreachable';
  if (error.reason === 'auth') return 'auth';
  if (error.status === 404) return 'not-found';
  if (error.reason === 'rate-limit') return 'rate-limit';
  if (error.reason === 'timeout') return 'timeout';
  // A refusal of the image or of the long request is, whatever the server's wording, that limit.
  if (error.reason === 'bad-request' && check === 'image') return 'no-image-support';
  if (error.reason === 'bad-request' && check === 'context') return 'context-too-small';
  if (error.reason === 'bad-request' && check === 'computer') return 'no-computer-tool';
  return 'failed';
}

function quoted(response: ModelResponse): string {
  const text = response.text.replace(/\s+/g, ' ').trim();
  if (text === '') return response.stopReason === 'max-tokens' ? 'nothing before the token limit' : 'an empty text';
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
