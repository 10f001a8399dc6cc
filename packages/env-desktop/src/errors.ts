import { SandpiperError } from '@sandpiper/protocol';

/**
 * Why the desktop cannot be used:
 * - `missing-program`: a program the environment needs (Xvfb, openbox, xdotool) is not installed;
 * - `display-start`: the display or the window manager did not come up;
 * - `display-connect`: the X server at the given display cannot be reached;
 * - `unsupported-display`: the server works in a way this package does not handle (pixel format, no input extension);
 * - `display-lost`: the X connection ended while the environment was in use;
 * - `closed`: the environment was used after `close`.
 */
export type DesktopFailure =
  'missing-program' | 'display-start' | 'display-connect' | 'unsupported-display' | 'display-lost' | 'closed';

const DESKTOP_ERROR_MARKER = Symbol.for('sandpiper.env-desktop.error');

/**
 * The one error this package throws on its own account, always of kind `environment`. Failures of
 * a single action (a point off screen, a program that is not allowed) are `{ ok: false }` results
 * instead. Check with {@link DesktopEnvironmentError.isInstance}, which works across module copies.
 */
export class DesktopEnvironmentError extends SandpiperError {
  override readonly name = 'DesktopEnvironmentError';
  private readonly [DESKTOP_ERROR_MARKER] = true;

  constructor(
    /** Which failure this is. */
    readonly failure: DesktopFailure,
    message: string,
    options: { readonly cause?: unknown; readonly retryable?: boolean } = {},
  ) {
    super('environment', message, options);
  }

  static override isInstance(error: unknown): error is DesktopEnvironmentError {
    return (
      SandpiperError.isInstance(error) && (error as unknown as Record<symbol, unknown>)[DESKTOP_ERROR_MARKER] === true
    );
  }
}

/** The message of any thrown value, for wrapping into a result or another error. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
