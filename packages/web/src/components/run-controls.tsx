import type { RunState } from '@sandpiper/core/projection';
import { useState } from 'react';
import type { RunControl } from '../api/api-types.js';
import type { RunCommands } from '../hooks/use-run-commands.js';
import { pauseControl } from '../lib/pause-control.js';
import { HandIcon, PauseIcon, PlayIcon, StopIcon } from './icons.js';
import { Badge, Button } from './ui.js';

/**
 * Pause, resume and cancel. The pause control always offers the command that applies now: Pause,
 * or while a pause is asked for and not yet taken, a button that withdraws it, or Resume once the
 * run is paused.
 */
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
  const pause = pauseControl(state, control);

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
      {pause.type === 'resume' && (
        <Button
          variant="primary"
          data-testid="resume-button"
          disabled={busy}
          title={pause.title}
          onClick={() => void commands.send('resume', undefined)}
        >
          <PlayIcon /> Resume
        </Button>
      )}
      {pause.type === 'withdraw' && (
        <>
          <span className="text-[12px] text-stone-500" data-testid="pause-requested">
            Pause asked for
          </span>
          <Button
            data-testid="pause-withdraw"
            disabled={busy}
            title={pause.title}
            onClick={() => void commands.send('resume', undefined)}
          >
            <PlayIcon /> Don’t pause
          </Button>
        </>
      )}
      {pause.type === 'pause' && (
        <Button
          data-testid="pause-button"
          disabled={busy}
          title={pause.title}
          onClick={() => void commands.send('pause', undefined)}
        >
          <PauseIcon /> Pause
        </Button>
      )}
      {pause.type === 'held' && (
        <Badge tone="attention" testId="pause-held" title={pause.title}>
          <PauseIcon className="size-3" /> Paused
        </Badge>
      )}
      {pause.type === 'taken-over' && (
        <Badge tone="attention" testId="pause-taken-over" title={pause.title}>
          <HandIcon className="size-3" /> You have the screen
        </Badge>
      )}
      <Button variant="danger" data-testid="cancel-button" disabled={busy} onClick={() => setConfirming(true)}>
        <StopIcon className="size-3" /> Cancel
      </Button>
    </div>
  );
}
