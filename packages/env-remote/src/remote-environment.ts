import type {
  CapturedObservation,
  Environment,
  Handle,
  LiveFrame,
  LiveView,
  LiveViewOptions,
  ShellResult,
} from '@sandpiper/core';
import {
  formatIssuePath,
  wireActionSchema,
  type ActionInput,
  type ActionResult,
  type EnvironmentInfo,
} from '@sandpiper/protocol';
import type { ConnectionState, ExecutorConnection } from './executor-connection.js';

/**
 * An {@link Environment} whose every call crosses the executor protocol: to another process or
 * machine (`connectExecutor`) or, in memory, to an environment in this process
 * (`createInProcessExecutor`). Both go through the same messages, checks and dispatcher.
 *
 * Handles: aborting a call's handle sends `request-cancel` and rejects with core's
 * `CancelledError`; a deadline travels as the request's timeout and, if it passes first, cancels
 * the same way.
 *
 * Dropped connections: the environment reconnects and resumes its session. A call in flight at
 * that moment is sent again only when it is idempotent (`observe`, `refreshInfo`, starting or
 * stopping a live view). An `act` or `shell` in flight is never repeated: it rejects with
 * `OutcomeUnknownError`, since it may or may not have happened; observe before going on. Calls
 * made while reconnecting wait for the connection (their handles still apply). When reconnecting
 * fails, every call rejects with `ExecutorConnectionError`.
 */
export class RemoteEnvironment implements Environment {
  /** Present when the executor's environment can stream its screen. */
  readonly watch?: (options: LiveViewOptions, onFrame: (frame: LiveFrame) => void) => Promise<LiveView>;
  /** Present when the executor's environment offers a shell (`info.shell`); not idempotent, never repeated. */
  readonly shell?: (handle: Handle, command: string, options: { readonly timeoutMs: number }) => Promise<ShellResult>;

  constructor(private readonly connection: ExecutorConnection) {
    const { capabilities } = connection;
    if (capabilities.watch) this.watch = (options, onFrame) => connection.watch(options, onFrame);
    if (capabilities.shell) this.shell = (handle, command, options) => this.runShell(handle, command, options);
  }

  /** The executor's self-description as of the handshake or its latest update (sent when it changes). */
  get info(): EnvironmentInfo {
    return this.connection.info;
  }

  /** Where the connection stands; `reconnecting` while it tries to get back after a drop. */
  get connectionState(): ConnectionState {
    return this.connection.state;
  }

  async observe(handle: Handle, options: { accessibility?: boolean } = {}): Promise<CapturedObservation> {
    const { reply, blob } = await this.connection.request(handle, {
      type: 'observe-request',
      accessibility: options.accessibility === true,
    });
    return {
      png: blob!,
      width: reply.width,
      height: reply.height,
      ...(reply.url === undefined ? {} : { url: reply.url }),
      ...(reply.title === undefined ? {} : { title: reply.title }),
      ...(reply.accessibility === undefined ? {} : { accessibility: reply.accessibility }),
    };
  }

  /**
   * Perform one action on the executor. An action that does not fit the contract is an
   * `{ ok: false }` result, as local environments report it, and is never sent.
   */
  async act(handle: Handle, action: ActionInput): Promise<ActionResult> {
    const parsed = wireActionSchema.safeParse(action);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${formatIssuePath(issue.path) || '(root)'}: ${issue.message}`);
      return { ok: false, error: `Invalid action: ${issues.join('; ')}`, durationMs: 0 };
    }
    const { reply } = await this.connection.request(handle, { type: 'act-request', action: parsed.data });
    return reply.result;
  }

  /** Ask the executor for its current self-description (idempotent), and keep it as `info`. */
  async refreshInfo(handle: Handle): Promise<EnvironmentInfo> {
    const { reply } = await this.connection.request(handle, { type: 'info-request' });
    return reply.info;
  }

  /** End the session; the executor stops this controller's live views and releases what it holds for it. */
  close(): Promise<void> {
    return this.connection.close();
  }

  private async runShell(handle: Handle, command: string, options: { readonly timeoutMs: number }) {
    const { reply } = await this.connection.request(handle, {
      type: 'shell-request',
      command,
      commandTimeoutMs: Math.max(1, Math.round(options.timeoutMs)),
    });
    const { type: _type, id: _id, ...result } = reply;
    return result satisfies ShellResult;
  }
}
