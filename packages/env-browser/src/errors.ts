import { EnvironmentError } from '@sandpiper/protocol';

const ERROR_MARKER = Symbol.for('sandpiper.env-browser.error');

type BrowserFailure = 'browser-unavailable' | 'browser-navigation' | 'cdp-attach' | 'browser-closed';

/**
 * Base of every error this package throws. Check with `BrowserEnvironmentError.isInstance` (or a
 * subclass's `isInstance`), which works across duplicated module copies where `instanceof` does not.
 */
export class BrowserEnvironmentError extends EnvironmentError {
  override readonly name: string = 'BrowserEnvironmentError';
  private readonly marker = ERROR_MARKER;
  /** Which failure this is; each subclass sets its own. */
  readonly failure: BrowserFailure;

  constructor(failure: BrowserFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }

  static override isInstance(error: unknown): error is BrowserEnvironmentError {
    return typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === ERROR_MARKER;
  }
}

/** Chromium is not installed at the expected path, or it failed to start. */
export class BrowserUnavailableError extends BrowserEnvironmentError {
  override readonly name = 'BrowserUnavailableError';
  constructor(
    /** The executable that was tried. */
    readonly executablePath: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      'browser-unavailable',
      `Chromium is not available at ${executablePath}: ${detail}. ` +
        'Run `npm run setup`, or install it with `apt-get install chromium`, or pass executablePath.',
      options,
    );
  }

  static override isInstance(error: unknown): error is BrowserUnavailableError {
    return BrowserEnvironmentError.isInstance(error) && error.failure === 'browser-unavailable';
  }
}

/** The start page could not be loaded (server down, DNS failure, bad address). */
export class BrowserNavigationError extends BrowserEnvironmentError {
  override readonly name = 'BrowserNavigationError';
  constructor(
    /** The address that failed to load. */
    readonly url: string,
    /** The network error Chromium reported, such as `net::ERR_CONNECTION_REFUSED`. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      'browser-navigation',
      `Could not open ${url}: ${reason}. Check that the address is right and the server is running.`,
      options,
    );
  }

  static override isInstance(error: unknown): error is BrowserNavigationError {
    return BrowserEnvironmentError.isInstance(error) && error.failure === 'browser-navigation';
  }
}

/** A page target as listed by a DevTools endpoint. */
export interface CdpTargetSummary {
  /** The CDP target id, as `attachBrowserEnvironment({ targetId })` expects it. */
  readonly id: string;
  /** Page title; empty when the page has none. */
  readonly title: string;
  readonly url: string;
}

/** Attaching to a running Chromium over the DevTools protocol failed. */
export class CdpAttachError extends BrowserEnvironmentError {
  override readonly name = 'CdpAttachError';
  constructor(
    /** The endpoint that was tried. */
    readonly endpoint: string,
    message: string,
    /** Pages the browser offers; empty when the endpoint could not be reached at all. */
    readonly targets: readonly CdpTargetSummary[] = [],
    options?: { cause?: unknown },
  ) {
    super('cdp-attach', message, options);
  }

  static override isInstance(error: unknown): error is CdpAttachError {
    return BrowserEnvironmentError.isInstance(error) && error.failure === 'cdp-attach';
  }
}

/** The browser or page went away while the environment was in use; the environment is unusable. */
export class BrowserClosedError extends BrowserEnvironmentError {
  override readonly name = 'BrowserClosedError';
  constructor(detail: string, options?: { cause?: unknown }) {
    super('browser-closed', `The browser page is gone (${detail}); start a new environment.`, options);
  }

  static override isInstance(error: unknown): error is BrowserClosedError {
    return BrowserEnvironmentError.isInstance(error) && error.failure === 'browser-closed';
  }
}

/** The message of any thrown value, for wrapping. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first line of a message; Playwright appends multi-line call logs that do not belong in a result. */
export function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim();
}
