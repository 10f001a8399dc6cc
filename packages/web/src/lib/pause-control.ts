import type { RunState } from '@sandpiper/core/projection';
import type { RunControl } from '../api/api-types.js';

/**
 * The one pause-or-resume control that applies to the run right now, with the command it sends.
 * `pause`: ask the run to hold before its next action. `withdraw`: a pause was asked for and not
 * taken yet; sending `resume` cancels it. `resume`: the run is paused. `held`: the run is paused
 * but asks about a proposal first, so neither command is taken. `taken-over`: the person has the
 * screen and hands it back in the live view. `none`: nothing to pause (the run ended, or only
 * asks whether the task is done).
 */
export type PauseControl =
  | { readonly type: 'pause' | 'withdraw' | 'resume'; readonly command: 'pause' | 'resume'; readonly title: string }
  | { readonly type: 'held' | 'taken-over' | 'none'; readonly title: string };

export function pauseControl(
  state: Pick<RunState, 'phase' | 'paused'>,
  control: Pick<RunControl, 'waitingFor' | 'pauseRequested'> | undefined,
): PauseControl {
  const waitingFor = control?.waitingFor;
  if (state.phase === 'ended') return { type: 'none', title: 'The run has ended.' };
  if (state.phase === 'taken-over' || waitingFor?.type === 'taken-over') {
    return { type: 'taken-over', title: 'You control the screen. Hand it back in the live view to let the run go on.' };
  }
  if (state.phase === 'paused' || waitingFor?.type === 'paused') {
    return { type: 'resume', command: 'resume', title: 'Let the run go on from where it paused.' };
  }
  if (state.paused) {
    return {
      type: 'held',
      title: 'The run is paused and asks about a proposal first. It stays paused after your decision.',
    };
  }
  if (control?.pauseRequested) {
    return {
      type: 'withdraw',
      command: 'resume',
      title: 'You asked for a pause; the run pauses before its next action. Click to let it go on instead.',
    };
  }
  if (waitingFor?.type === 'result-confirmation') {
    return { type: 'none', title: 'Every step ran: there is nothing left to pause.' };
  }
  return { type: 'pause', command: 'pause', title: 'Pause the run before its next action.' };
}
