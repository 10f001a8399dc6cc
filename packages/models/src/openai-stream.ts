import type OpenAI from 'openai';

type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;
type ChatCompletionChunk = OpenAI.Chat.Completions.ChatCompletionChunk;

/**
 * Assemble streamed chunks into the completion a non-streaming call would have returned. We do
 * this ourselves rather than through the SDK's stream helper, because the helper also parses
 * strict tool arguments and throws its own errors on `length`, which would bypass our validation
 * and error kinds.
 */
export async function collectChatStream(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletion> {
  let id = '';
  let created = 0;
  let model = '';
  let content = '';
  let refusal: string | undefined;
  let finishReason: ChatCompletion['choices'][number]['finish_reason'] | undefined;
  let usage: ChatCompletion['usage'];
  const calls: { id: string; name: string; arguments: string }[] = [];
  for await (const chunk of chunks) {
    id ||= chunk.id;
    created ||= chunk.created;
    model ||= chunk.model;
    if (chunk.usage !== undefined && chunk.usage !== null) usage = chunk.usage;
    const choice = chunk.choices.find((each) => each.index === 0);
    if (choice === undefined) continue;
    content += choice.delta.content ?? '';
    if (typeof choice.delta.refusal === 'string') refusal = (refusal ?? '') + choice.delta.refusal;
    if (choice.finish_reason !== null && choice.finish_reason !== undefined) finishReason = choice.finish_reason;
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      call.id ||= delta.id ?? '';
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
  }
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: finishReason ?? 'stop',
        message: {
          role: 'assistant',
          content: content === '' && calls.length > 0 ? null : content,
          refusal: refusal ?? null,
          ...(calls.length === 0
            ? {}
            : {
                tool_calls: calls.map((call, index) => ({
                  id: call.id || `call_${index}`,
                  type: 'function' as const,
                  function: { name: call.name, arguments: call.arguments },
                })),
              }),
        },
      },
    ],
    ...(usage === undefined ? {} : { usage }),
  };
}
