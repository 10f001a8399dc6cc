import type { PlanEdit, UserPrompt } from '@sandpiper/protocol';
import { createInterface, type Interface } from 'node:readline/promises';
import type { Handle, RunState, UserChannel, UserCommand } from '@sandpiper/core';
import { formatPlan } from './progress.js';

/**
 * The person at the terminal, as a user channel: plan approval (approve, edit a step, guidance,
 * regenerate, quit), approval of sensitive actions, answers to the run's questions, and resuming
 * after a pause.
 */
export function createPromptChannel(options: {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  state: () => RunState | undefined;
}): UserChannel & { close(): void } {
  let readline: Interface | undefined;
  const ask = async (handle: Handle, question: string): Promise<string> => {
    readline ??= createInterface({ input: options.input, output: options.output, terminal: false });
    return (await readline.question(question, { signal: handle.signal })).trim();
  };
  return {
    interactive: true,
    take: () => undefined,
    async wait(handle, prompt) {
      return askFor(handle, prompt, ask, options.state);
    },
    close: () => readline?.close(),
  };
}

async function askFor(
  handle: Handle,
  prompt: UserPrompt,
  ask: (handle: Handle, question: string) => Promise<string>,
  state: () => RunState | undefined,
): Promise<UserCommand> {
  switch (prompt.type) {
    case 'action-approval': {
      const answer = await ask(handle, `Allow "${prompt.summary}" (${prompt.reason})? [y/N] `);
      return /^y(es)?$/i.test(answer) ? { type: 'approve' } : { type: 'reject', reason: 'declined at the prompt' };
    }
    case 'result-confirmation': {
      const answer = await ask(
        handle,
        `${prompt.summary} But ${prompt.reason}.\nLook at the screen: is the task done? [y/N] `,
      );
      return /^y(es)?$/i.test(answer)
        ? { type: 'approve' }
        : { type: 'reject', reason: 'the person said no at the prompt' };
    }
    case 'question': {
      // The question itself was printed with the run's progress, just above.
      const answer = await ask(handle, 'Your answer ("try again" once you fixed it on screen; empty to stop): ');
      // The run reads the words, "try again" included, the same way from every front end.
      return answer === '' ? { type: 'reject', reason: 'no answer at the prompt' } : { type: 'guidance', text: answer };
    }
    case 'paused': {
      const answer = await ask(handle, 'Paused. [r]esume or [q]uit? ');
      return /^q/i.test(answer) ? { type: 'cancel', reason: 'Quit while paused.' } : { type: 'resume' };
    }
    case 'taken-over':
      // A terminal cannot drive the screen: control goes straight back to the agent.
      return { type: 'handback' };
    case 'plan-approval':
      for (;;) {
        const answer = (
          await ask(handle, '[a]pprove, [e]dit a step, give [g]uidance, [r]egenerate, [q]uit? ')
        ).toLowerCase();
        if (answer === 'a' || answer === 'approve' || answer === 'y') return { type: 'approve' };
        if (answer === 'g' || answer === 'guidance') {
          const text = await ask(handle, "Advice for the planner (e.g. use 'Ops' instead of 'Sales'): ");
          if (text) return { type: 'guidance', text };
        }
        if (answer === 'r' || answer === 'regenerate') return { type: 'regenerate' };
        if (answer === 'q' || answer === 'quit') return { type: 'cancel', reason: 'The plan was not approved.' };
        if (answer === 'e' || answer === 'edit') {
          const edit = await askForEdit(
            handle,
            ask,
            state()?.versions.find((v) => v.id === prompt.versionId),
          );
          if (edit) return { type: 'edit', edits: [edit] };
        }
      }
  }
}

async function askForEdit(
  handle: Handle,
  ask: (handle: Handle, question: string) => Promise<string>,
  version: RunState['versions'][number] | undefined,
): Promise<PlanEdit | undefined> {
  if (!version) return undefined;
  const offset = version.completed.length;
  const number = Number(
    await ask(
      handle,
      `Step number to edit (${offset + 1}-${offset + version.pending.length}), or 0 to add one at the end: `,
    ),
  );
  if (number === 0) {
    const text = await ask(handle, 'New step: ');
    return text ? { type: 'add', index: version.pending.length, text } : undefined;
  }
  const step = version.pending[number - offset - 1];
  if (!Number.isInteger(number) || !step) return undefined;
  const text = await ask(handle, `New text for step ${number} (empty to delete it):\n  was: ${step.text}\n  now: `);
  return text ? { type: 'rewrite', stepId: step.id, text } : { type: 'remove', stepId: step.id };
}

export { formatPlan };
