import type { Handle } from '@sandpiper/core';
import type { z } from 'zod';
import type { ModelClient, ModelMessage, ModelRequest, ModelResponse, Usage } from './contract.js';
import { ModelError } from './errors.js';

/** Options of {@link completeStructured}. */
export interface StructuredOptions {
  /** Re-asks after an invalid answer, 0 to 3. Absent means 2. */
  readonly maxRepairs?: number;
}

/** A response whose structured answer is guaranteed present. */
export type StructuredResponse<T> = ModelResponse<T> & { readonly parsed: T };

/**
 * Ask for a structured answer, and when the answer does not validate, show the model its answer
 * and the validation problems and ask again, at most `maxRepairs` times. After that it fails with
 * `invalid-output` carrying the last answer, so the caller can ask the person instead of guessing.
 * Usage and cost cover every attempt, failed ones included. Refusals, truncation and transport
 * errors are not repaired here: a re-ask would not fix them (transport retries belong to
 * `createRetryingClient`).
 */
export async function completeStructured<T>(
  client: ModelClient,
  handle: Handle,
  request: ModelRequest<T> & { readonly outputSchema: z.ZodType<T> },
  options: StructuredOptions = {},
): Promise<StructuredResponse<T>> {
  const maxRepairs = Math.max(0, Math.min(3, Math.floor(options.maxRepairs ?? 2)));
  let messages: readonly ModelMessage[] = request.messages;
  let spent: Usage = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (let repair = 0; ; repair += 1) {
    try {
      const response = await client.complete(handle, { ...request, messages });
      if (response.parsed === undefined) unparsed(response);
      const usage = addUsage(spent, response.usage);
      const warnings =
        repair === 0
          ? response.warnings
          : [...response.warnings, { type: 'repaired-output' as const, message: `valid after ${repair} re-ask(s)` }];
      return { ...response, parsed: response.parsed, usage, warnings };
    } catch (error: unknown) {
      if (!ModelError.isInstance(error) || error.reason !== 'invalid-output') throw error;
      if (error.usage !== undefined) spent = addUsage(spent, error.usage);
      if (repair >= maxRepairs) {
        throw new ModelError(
          'invalid-output',
          `the answer still did not match the schema after ${repair} re-ask(s): ${firstLine(error.validation)}`,
          { lastText: error.lastText, validation: error.validation, usage: spent },
        );
      }
      handle.log(`model answer invalid (${firstLine(error.validation)}); re-asking (${repair + 1} of ${maxRepairs})`);
      messages = [...messages, ...repairTurns(error)];
    }
  }
}

/** The model's invalid answer, then what was wrong with it and what to do instead. */
function repairTurns(error: ModelError): ModelMessage[] {
  const answer = error.lastText === undefined || error.lastText.trim() === '' ? '(an empty answer)' : error.lastText;
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
