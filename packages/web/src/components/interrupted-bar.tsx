import type { RunState } from '@sandpiper/core/projection';
import { useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { PushNotice } from '../lib/notice.js';
import { PlayIcon } from './icons.js';
import { Button } from './ui.js';

/**
 * A run whose process stopped before it ended (a crash, a server that shut down): say so, say what
 * resuming does, and resume it on this server.
 */
export function InterruptedBar({
  api,
  runId,
  state,
  push,
  onResumed,
}: {
  api: ApiClient;
  runId: string;
  state: RunState;
  push: PushNotice;
  onResumed(): void;
}) {
  const [sending, setSending] = useState(false);
  const done = state.plan?.completed.length ?? 0;
  const total = done + (state.plan?.pending.length ?? 0);
  const where =
    state.plan === undefined
      ? 'It had no approved plan yet.'
      : `${done} of ${total} steps were done; the step that was running is checked again first.`;
  return (
    <div
      data-testid="interrupted-bar"
      className="flex shrink-0 items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-[12px] text-amber-900"
    >
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Interrupted.</span> Its process stopped before the run ended. {where} Resuming
        opens its environment again and goes on from there; a page that was opened again is checked before anything
        counts as done.
      </p>
      <Button
        variant="primary"
        data-testid="recover-button"
        disabled={sending}
        onClick={() => {
          setSending(true);
          void api.recover(runId).then((result) => {
            setSending(false);
            if (!result.ok) push({ tone: 'error', title: 'The run was not resumed', error: result });
            else onResumed();
          });
        }}
      >
        <PlayIcon /> {sending ? 'Resuming…' : 'Resume run'}
      </Button>
    </div>
  );
}
