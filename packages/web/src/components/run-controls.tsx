import type { RunState } from '@sandpiper/core/projection';
import { useState } from 'react';
import type { RunControl } from '../api/api-types.js';
import type { RunCommands } from '../hooks/use-run-commands.js';
import { PauseIcon, PlayIcon, StopIcon } from './icons.js';
import { Button } from './ui.js';

/** Pause, resume and cancel, as the run's phase allows. */
export function RunControls({
  state,
  control,
  commands,
}: {
  state: RunState;
  control: RunControl | undefined;
  commands: RunCommands;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const busy = commands.busy !== undefined;
  const canPause =
    (state.phase === 'executing' || state.phase === 'awaiting-approval') && !(control?.pauseRequested ?? false);
  const canResume = state.phase === 'paused';

  if (confirming) {
    return (
      <form
        className="flex items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          void commands
            .send('cancel', reason.trim() ? { reason: reason.trim() } : undefined)
            .then((sent) => sent && setConfirming(false));
        }}
      >
        <input
          data-testid="cancel-reason"
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Why stop? (optional)"
          className="h-7 w-48 rounded-md border border-stone-300 px-2 text-[12px] outline-none focus:border-rose-400"
        />
        <Button type="submit" variant="danger" data-testid="cancel-confirm" disabled={busy}>
          Stop the run
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)} data-testid="cancel-dismiss">
          Keep going
        </Button>
      </form>
    );
  }

  return (
    <div className="flex items-center gap-1.5">
      {canResume ? (
        <Button
          variant="primary"
          data-testid="resume-button"
          disabled={busy}
          onClick={() => void commands.send('resume', undefined)}
        >
          <PlayIcon /> Resume
        </Button>
      ) : (
        <Button
          data-testid="pause-button"
          disabled={busy || !canPause}
          title={canPause ? 'Pause after the current action' : 'Pausing is possible while steps execute'}
          onClick={() => void commands.send('pause', undefined)}
        >
          <PauseIcon /> {control?.pauseRequested ? 'Pausing…' : 'Pause'}
        </Button>
      )}
      <Button variant="danger" data-testid="cancel-button" disabled={busy} onClick={() => setConfirming(true)}>
        <StopIcon className="size-3" /> Cancel
      </Button>
    </div>
  );
}
