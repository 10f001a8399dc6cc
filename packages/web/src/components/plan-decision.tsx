import { useState } from 'react';
import type { RunCommands } from '../hooks/use-run-commands.js';
import { Button } from './ui.js';

/**
 * Approve or reject what the run waits on (a plan or an action), and regenerate a draft before
 * execution. Rejecting asks for a reason, which the planner reads.
 */
export function PlanDecision({
  commands,
  subject,
  canRegenerate,
}: {
  commands: RunCommands;
  subject: 'plan' | 'action' | 'result';
  canRegenerate: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const busy = commands.busy !== undefined;
  const prefix = subject;

  if (rejecting) {
    return (
      <form
        className="flex w-full items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return;
          void commands.send('reject', { reason: reason.trim() }).then((sent) => {
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

  return (
    <div className="flex items-center gap-1.5">
      {canRegenerate && (
        <Button
          data-testid="plan-regenerate"
          disabled={busy}
          title="Ask the planner for another plan"
          onClick={() => void commands.send('regenerate', undefined)}
        >
          ↻ Regenerate
        </Button>
      )}
      <Button variant="danger" data-testid={`${prefix}-reject`} disabled={busy} onClick={() => setRejecting(true)}>
        {subject === 'result' ? 'Not done' : 'Reject'}
      </Button>
      <Button
        variant="good"
        data-testid={`${prefix}-approve`}
        disabled={busy}
        onClick={() => void commands.send('approve', undefined)}
      >
        {subject === 'plan' ? '✓ Approve & lock' : subject === 'result' ? '✓ It is done' : '✓ Approve'}
      </Button>
    </div>
  );
}
