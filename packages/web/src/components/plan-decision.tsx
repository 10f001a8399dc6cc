import { useRef, useState } from 'react';
import type { RunCommands } from '../hooks/use-run-commands.js';
import type { StepDraft } from '../hooks/use-step-draft.js';
import { countEdits } from '../lib/describe-edits.js';
import { Button } from './ui.js';

/** The decisions that answer the question; each but `approve` of an action ends the version shown. */
type Decision = 'approve' | 'reject' | 'regenerate';

/** What a plan decision would do to unsaved edits, as the choice before it says. */
const consequences: Record<Decision, string> = {
  approve:
    'Approving now puts this version in force without them. Save them first and approve the new version, or discard them.',
  reject: 'Rejecting now drops them with this version. Save them first, or discard them.',
  regenerate: 'Regenerating now replaces the steps and drops them. Save them first, or discard them.',
};

const discardLabels: Record<Decision, string> = {
  approve: 'Discard and approve',
  reject: 'Discard and reject',
  regenerate: 'Discard and regenerate',
};

/**
 * Approve or reject what the run waits on (a plan or an action), and regenerate a draft before
 * execution. Rejecting asks for a reason, which the planner reads. Each answer names the request
 * it answers, so a second click, or a click on a question the run no longer asks, is refused
 * instead of answering the next one. A plan decision made while the step editor holds unsaved
 * edits asks first whether to save or discard them.
 */
export function PlanDecision({
  commands,
  subject,
  canRegenerate,
  requestId,
  draft,
}: {
  commands: RunCommands;
  subject: 'plan' | 'action' | 'result';
  canRegenerate: boolean;
  /** The approval request this panel answers; absent from logs that do not name it. */
  requestId: string | undefined;
  /** The person's unsaved step edits, which a plan decision would drop; absent for other subjects. */
  draft?: StepDraft;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [guarding, setGuarding] = useState<Decision>();
  const [answeredFor, setAnsweredFor] = useState<string>();
  // A double click arrives before the first click's re-render disables the buttons.
  const sending = useRef(false);
  const answered = requestId !== undefined && answeredFor === requestId;
  const busy = commands.busy !== undefined || answered;
  const prefix = subject;
  const named = requestId === undefined ? {} : { requestId };

  const answer = async (send: () => Promise<boolean>): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    const sent = await send();
    sending.current = false;
    if (sent) setAnsweredFor(requestId);
    return sent;
  };
  const proceed = (decision: Decision) => {
    setGuarding(undefined);
    if (decision === 'reject') setRejecting(true);
    else if (decision === 'approve') void answer(() => commands.send('approve', named));
    else void answer(() => commands.send('regenerate', undefined));
  };
  const decide = (decision: Decision) => {
    if (draft?.unsaved) setGuarding(decision);
    else proceed(decision);
  };

  if (guarding && draft?.unsaved) {
    const result = draft.result;
    const summary = result?.ok
      ? `You have unsaved edits to the steps (${countEdits(result.edits)}).`
      : `You have unsaved edits to the steps, and one cannot be sent yet: ${result?.reason ?? ''}`;
    return (
      <div
        data-testid="unsaved-edits-choice"
        data-decision={guarding}
        className="w-full rounded-md border border-amber-300 bg-amber-50 px-3 py-2"
      >
        <p className="text-[12px] leading-snug text-amber-900">
          {summary} {consequences[guarding]}
        </p>
        <div className="mt-2 flex justify-end gap-1.5">
          <Button variant="ghost" data-testid="unsaved-back" onClick={() => setGuarding(undefined)}>
            Back
          </Button>
          <Button
            variant="danger"
            data-testid="unsaved-discard"
            disabled={busy}
            onClick={() => {
              draft.discard();
              proceed(guarding);
            }}
          >
            {discardLabels[guarding]}
          </Button>
          <Button
            variant="primary"
            data-testid="unsaved-save"
            disabled={busy || draft.saving || !result?.ok}
            onClick={() => void draft.save().then((sent) => sent && setGuarding(undefined))}
          >
            {draft.saving ? 'Saving…' : 'Save edits'}
          </Button>
        </div>
      </div>
    );
  }

  if (rejecting) {
    return (
      <form
        className="flex w-full items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return;
          void answer(() => commands.send('reject', { reason: reason.trim(), ...named })).then((sent) => {
            if (sent) {
              setRejecting(false);
              setReason('');
            }
          });
        }}
      >
        <input
          data-testid="reject-reason-input"
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={
            subject === 'plan'
              ? 'What is wrong with this plan?'
              : subject === 'result'
                ? 'What is not done?'
                : 'Why not?'
          }
          className="h-7 min-w-0 flex-1 rounded-md border border-stone-300 px-2 text-[12px] outline-none focus:border-rose-400 focus:ring-2 focus:ring-rose-400/20"
        />
        <Button type="submit" variant="danger" data-testid="reject-confirm" disabled={busy || !reason.trim()}>
          Reject
        </Button>
        <Button variant="ghost" onClick={() => setRejecting(false)}>
          Back
        </Button>
      </form>
    );
  }

  const sentTitle = answered ? 'Your answer was sent; the run moves on.' : undefined;
  return (
    <div className="flex items-center gap-1.5" data-testid={`${prefix}-decision`} data-answered={String(answered)}>
      {canRegenerate && (
        <Button
          data-testid="plan-regenerate"
          disabled={busy}
          title={sentTitle ?? 'Ask the planner for another plan'}
          onClick={() => decide('regenerate')}
        >
          ↻ Regenerate
        </Button>
      )}
      <Button
        variant="danger"
        data-testid={`${prefix}-reject`}
        disabled={busy}
        title={sentTitle}
        onClick={() => decide('reject')}
      >
        {subject === 'result' ? 'Not done' : 'Reject'}
      </Button>
      <Button
        variant="good"
        data-testid={`${prefix}-approve`}
        disabled={busy}
        title={sentTitle}
        onClick={() => decide('approve')}
      >
        {subject === 'plan' ? '✓ Approve & lock' : subject === 'result' ? '✓ It is done' : '✓ Approve'}
      </Button>
    </div>
  );
}
