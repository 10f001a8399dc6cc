import { useCallback, useState } from 'react';
import type { ApiClient, RunCommandBodies } from '../api/api-client.js';
import type { RunCommandName } from '../api/api-types.js';
import type { PushNotice } from '../lib/notice.js';

/** Sends a person's commands to a run and reports refusals (409 with the reason, 4xx with fields). */
export interface RunCommands {
  /** Resolves true when the server accepted the command. */
  send<N extends RunCommandName>(name: N, body: RunCommandBodies[N]): Promise<boolean>;
  /** The command waiting for the server's answer; absent when none is. */
  readonly busy: RunCommandName | undefined;
}

const failureTitles: Record<RunCommandName, string> = {
  approve: 'Approval was not accepted',
  reject: 'Rejection was not accepted',
  regenerate: 'The plan was not regenerated',
  edit: 'The edits were not applied',
  pause: 'The run was not paused',
  resume: 'The run was not resumed',
  cancel: 'The run was not cancelled',
  guidance: 'The guidance was not sent',
  annotation: 'The annotation was not sent',
  takeover: 'Takeover was refused',
  input: 'The input did not reach the browser',
  handback: 'Control was not handed back',
};

export function useRunCommands(api: ApiClient, runId: string, push: PushNotice, afterSend: () => void): RunCommands {
  const [busy, setBusy] = useState<RunCommandName>();
  const send = useCallback(
    async <N extends RunCommandName>(name: N, body: RunCommandBodies[N]): Promise<boolean> => {
      // Input during a takeover is frequent and must not lock the other buttons.
      if (name !== 'input') setBusy(name);
      const result = await api.command(runId, name, body);
      if (name !== 'input') setBusy(undefined);
      if (!result.ok) {
        push({ tone: 'error', title: failureTitles[name], error: result });
        return false;
      }
      afterSend();
      return true;
    },
    [api, runId, push, afterSend],
  );
  return { send, busy };
}
