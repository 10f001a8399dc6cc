import { takeoverSession } from './interventions.js';
import type { RunContext } from './run-context.js';
import { stopRun, type RunStop } from './stop.js';
import type { UserCommand } from './user-channel.js';

/**
 * How the person answered a question. `words`: guidance in their own words. `change`: an edit of
 * the plan or marks on a screenshot, which answer a question asked during execution. `retry`:
 * try again as it is (they may have changed something on screen themselves).
 */
export type Answer =
  | { readonly type: 'words'; readonly text: string }
  | { readonly type: 'change'; readonly command: Extract<UserCommand, { type: 'edit' | 'annotation' }> }
  | { readonly type: 'retry' };

/** Words that mean "try again as it is", however the person sends them (typed in a chat or a terminal). */
const RETRY = /^(?:(?:please |ok,? )?(?:try(?: it| that)? again|retry|again|go on|continue)(?: please)?[.!]?)$/i;

/**
 * Ask the person something the run cannot settle from the screen, and wait for the answer. The
 * question is logged first, so a run nobody answers ends with it (`needs-input`, exit 1, as a
 * non-interactive run always has); a `no` without words ends the same way, and a cancel ends
 * the run. A takeover while the question is open runs to its hand-back, and the question stays.
 */
export async function askPerson(
  context: RunContext,
  question: string,
  unparsed: readonly string[] = [],
): Promise<Answer | RunStop> {
  await context.emit('agent', { type: 'clarification-request', question, unparsed: [...unparsed] });
  for (;;) {
    const command = await context.deps.channel.wait(context.handle, { type: 'question', question });
    if (command === undefined || command.type === 'reject') return stopRun('needs-input', question);
    switch (command.type) {
      case 'cancel': {
        const reason = command.reason ?? 'Cancelled instead of answering the question.';
        await context.emit('user', { type: 'run-cancel', reason });
        return stopRun('cancelled', reason);
      }
      case 'guidance': {
        const text = command.text.trim();
        if (RETRY.test(text)) return { type: 'retry' };
        if (text !== '') return { type: 'words', text };
        break;
      }
      case 'approve':
        return { type: 'retry' };
      case 'edit':
      case 'annotation':
        return { type: 'change', command };
      case 'takeover': {
        const stop = await takeoverSession(context);
        if (stop.type === 'stop') return stop;
        break;
      }
      case 'regenerate':
      case 'pause':
      case 'resume':
      case 'input':
      case 'handback':
        break;
    }
  }
}

/**
 * The instruction with the person's answer worked in: the words the planner could not read are
 * replaced by the answer where they appear verbatim (the answer restates them), and the answer
 * follows as a sentence of its own otherwise (it adds what the planner asked about).
 */
export function answeredInstruction(instruction: string, unparsed: readonly string[], answer: string): string {
  const found = unparsed.filter((part) => part.trim() !== '' && instruction.includes(part));
  if (found.length === 0) return `${instruction.trimEnd()}\n${answer}`;
  let text = instruction.replace(found[0]!, answer);
  for (const part of found.slice(1)) text = text.replace(part, '');
  return text
    .replace(/\s+([,.;])/g, '$1')
    .replace(/([,;])\s*(?=[,;.]|$)/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
