import type { Handle } from '@sandpiper/core';
import type { z } from 'zod';
import { clipText } from './adapter-support.js';
import type { ModelClient, ModelMessage, ModelRequest, ModelResponse, Usage } from './contract.js';
import { ModelError } from './errors.js';

/** Options of {@link completeStructured}. */
export interface StructuredOptions {
  /** Re-asks after an invalid answer, 0 to 3. Absent means 2. */
  readonly maxRepairs?: number;
  /**
   * The output token limit of one more try after an answer came back `truncated` (cut off at the
   * limit, or empty because a reasoning model spent the limit thinking). It should be larger than
   * the request's own limit. Absent: a truncated answer is not tried again.
   */
  readonly roomOnTruncation?: number;
}

/** A response whose structured answer is guaranteed present. */
export type StructuredResponse<T> = ModelResponse<T> & { readonly parsed: T };

/**
 * Ask for a structured answer, and when the answer does not validate, show the model its answer
 * and the validation problems and ask again, at most `maxRepairs` times. After that it fails with
 * `invalid-output` carrying the last answer, so the caller can ask the person instead of guessing.
 * Usage and cost cover every attempt, failed ones included. A truncated answer is asked again
 * once with more room when `roomOnTruncation` says how much. Refusals and transport errors are
 * not repaired here: a re-ask would not fix them (transport retries belong to
 * `createRetryingClient`).
 */
export async function completeStructured<T>(
  client: ModelClient,
  handle: Handle,
  request: ModelRequest<T> & { readonly outputSchema: z.ZodType<T> },
  options: StructuredOptions = {},
): Promise<StructuredResponse<T>> {
  const maxRepairs = Math.max(0, Math.min(3, Math.floor(options.maxRepairs ?? 2)));
  let current = request;
  let spent: Usage = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  let repairs = 0;
  let widened = false;
  for (;;) {
    try {
      const response = await client.complete(handle, current);
      if (response.parsed === undefined) unparsed(response);
      const usage = addUsage(spent, response.usage);
      const notes = [
        ...(widened
          ? [{ type: 'repaired-output' as const, message: 'valid after a retry with a larger output limit' }]
          : []),
        ...(repairs > 0 ? [{ type: 'repaired-output' as const, message: `valid after ${repairs} re-ask(s)` }] : []),
      ];
      return { ...response, parsed: response.parsed, usage, warnings: [...response.warnings, ...notes] };
    } catch (error: unknown) {
      if (!ModelError.isInstance(error)) throw error;
      if (error.usage !== undefined) spent = addUsage(spent, error.usage);
      // A cut-off answer is not wrong, it is short of room: the same question with a larger
      // limit, once. A repair turn would not help, and quoting half an answer invites a worse one.
      if (error.reason === 'truncated' && !widened && options.roomOnTruncation !== undefined) {
        widened = true;
        handle.log(
          `model answer cut off at the output limit (${error.message}); asking again with ${options.roomOnTruncation} tokens`,
        );
        current = { ...current, maxOutputTokens: options.roomOnTruncation };
        continue;
      }
      if (error.reason === 'truncated' && widened) throw withSpent(error, spent);
      if (error.reason !== 'invalid-output') throw error;
      if (repairs >= maxRepairs) {
        throw new ModelError(
          'invalid-output',
          `the answer still did not match the schema after ${repairs} re-ask(s): ${firstLine(error.validation)}`,
          { lastText: error.lastText, validation: error.validation, usage: spent },
        );
      }
      repairs += 1;
      handle.log(`model answer invalid (${firstLine(error.validation)}); re-asking (${repairs} of ${maxRepairs})`);
      current = { ...current, messages: [...current.messages, ...repairTurns(error)] };
    }
  }
}

/** The error with the usage of every attempt so far. */
function withSpent(error: ModelError, spent: Usage): ModelError {
  return new ModelError(error.reason, `${error.message}, even with a larger output limit`, {
    ...(error.lastText === undefined ? {} : { lastText: error.lastText }),
    usage: spent,
  });
}

/** The model's invalid answer, then what was wrong with it and what to do instead. */
function repairTurns(error: ModelError): ModelMessage[] {
  const answer =
    error.lastText === undefined || error.lastText.trim() === '' ? '(an empty answer)' : clipText(error.lastText, 4000);
  return [
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: [
        'That answer could not be used. The problems, one per line, as "path: problem":',
        error.validation ?? '(root): the answer did not match the required format',
        'Answer again with only the corrected JSON object, keeping everything that was right.',
      ].join('\n'),
    },
  ];
}

/** The model called tools instead of answering: invalid, so that the loop re-asks. */
function unparsed<T>(response: ModelResponse<T>): never {
  const calls = response.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.input)})`).join('\n');
  throw new ModelError('invalid-output', 'the model called a tool instead of giving the structured answer', {
    lastText: [response.text, calls].filter((part) => part !== '').join('\n'),
    validation: '(root): expected the JSON answer, not a tool call',
    usage: response.usage,
  });
}

function addUsage(total: Usage, more: Usage): Usage {
  const cost = total.costUsd === undefined || more.costUsd === undefined ? undefined : total.costUsd + more.costUsd;
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    ...(cost === undefined ? {} : { costUsd: cost }),
  };
}

function firstLine(text: string | undefined): string {
  return (text ?? 'no details').split('\n')[0] ?? '';
}
