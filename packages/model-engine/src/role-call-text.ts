import type { Handle } from '@sandpiper/core';
import type { ModelMessage, ModelRequest, Usage } from '@sandpiper/models';
import {
  addUsage,
  failedCall,
  outputBudget,
  report,
  roomAfterTruncation,
  samplingOf,
  type RoleCallResult,
  type RoleCaller,
} from './role-call.js';

/** A call whose answer is free text in the model's own syntax, read by the caller. */
export interface TextRoleRequest<T> {
  /** The turns, already in the model's own wording (a profile's grounding format writes them). */
  readonly messages: readonly ModelMessage[];
  /** Name of the call, for logs and for fakes that answer by name. */
  readonly outputName: string;
  /** Upper bound on the answer's own tokens. */
  readonly maxOutputTokens: number;
  /** The value in the answer, or what was wrong with it (one sentence, quoted in the re-ask). */
  read(text: string): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };
  /** How a valid answer looks, appended to the re-ask. */
  readonly answerFormat: string;
}

/**
 * Like `callRole`, for models asked in their own format rather than for JSON: an answer that
 * cannot be read is shown back with what was wrong and how a valid one looks, at most
 * `maxRepairs` times; an answer cut off at the output limit is asked again once with twice the
 * room. Every model failure becomes a result; only cancellation is thrown.
 */
export async function callRoleText<T>(
  caller: RoleCaller,
  handle: Handle,
  request: TextRoleRequest<T>,
): Promise<RoleCallResult<T>> {
  const started = caller.now();
  let budget = outputBudget(caller.model, request.maxOutputTokens);
  let messages = request.messages;
  let spent: Usage | undefined;
  let widened = false;
  let repairs = 0;
  for (;;) {
    const modelRequest: ModelRequest = {
      messages,
      outputName: request.outputName,
      ...(budget === undefined ? {} : { maxOutputTokens: budget }),
      ...samplingOf(caller.model),
    };
    let text: string;
    let stoppedShort: boolean;
    try {
      const response = await caller.model.client.complete(handle, modelRequest);
      spent = addUsage(spent, response.usage);
      text = response.text;
      stoppedShort = response.stopReason === 'max-tokens';
    } catch (error: unknown) {
      return failedCall(caller, handle, error, started, spent);
    }
    const read = request.read(text);
    if (read.ok) {
      const repaired = widened || repairs > 0;
      await report(caller, handle, spent, started, repaired ? 'repaired' : 'ok');
      return { ok: true, value: read.value, repaired };
    }
    if (stoppedShort && !widened) {
      widened = true;
      budget = roomAfterTruncation(budget);
      handle.log(`${caller.role} answer cut off at the output limit; asking again with ${budget} tokens`);
      continue;
    }
    if (repairs >= caller.maxRepairs) {
      const reason = `invalid-output: the answer could not be read after ${repairs} re-ask(s): ${read.problem}`;
      handle.log(`${caller.role} model call failed (${reason})`);
      await report(caller, handle, spent, started, 'error', reason);
      return { ok: false, reason, kind: 'invalid-output', validation: `(root): ${read.problem}` };
    }
    repairs += 1;
    handle.log(`${caller.role} answer unreadable (${read.problem}); re-asking (${repairs} of ${caller.maxRepairs})`);
    messages = [
      ...messages,
      { role: 'assistant', content: text.trim() === '' ? '(an empty answer)' : text.slice(0, 4000) },
      { role: 'user', content: `That answer could not be used: ${read.problem}. ${request.answerFormat}` },
    ];
  }
}
