import type {
  AccessibilityNode,
  Action,
  Box,
  ActionResult,
  EnvironmentInfo,
  EventDraft,
  Observation,
  RunEvent,
  ScreenshotRef,
  Step,
  Task,
} from '@sandpiper/protocol';
import type { Handle } from './handle.js';

/** An observation together with the screenshot bytes, as it leaves the environment. */
export interface CapturedObservation {
  /** PNG bytes of the screen, in logical pixels (one image pixel per action coordinate unit). */
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly url?: string;
  readonly title?: string;
  readonly accessibility?: readonly AccessibilityNode[];
  /**
   * Where the run painted over a secret this screen showed in text, in screen points, with the
   * placeholder that stands for it: what a reader of the covered image cannot see for itself.
   * Set by the run on screens read by OCR; environments leave it out.
   */
  readonly covered?: readonly CoveredSecret[];
}

/** A place on a screen where a secret showed and was covered. */
export interface CoveredSecret {
  readonly box: Box;
  /** The secret's placeholder, `{{token}}`. */
  readonly placeholder: string;
}

/**
 * The executor contract: observe the screen and perform one action at a time. The same contract
 * serves a local browser, an X desktop and a remote machine.
 */
export interface Environment {
  readonly info: EnvironmentInfo;
  observe(handle: Handle, options?: { accessibility?: boolean }): Promise<CapturedObservation>;
  /** Perform one action. Resolves with `ok: false` when the action could not be performed; throws only on a broken environment. */
  act(handle: Handle, action: Action): Promise<ActionResult>;
  /**
   * Push frames of the screen as it changes, for people watching a run; independent of `observe`.
   * Absent when the environment cannot stream its screen.
   */
  watch?(options: LiveViewOptions, onFrame: (frame: LiveFrame) => void): Promise<LiveView>;
  /**
   * Run a shell command on the machine this environment controls (a desktop or remote machine).
   * Absent when the environment offers no shell, as a browser does not; `info.shell` says which.
   */
  shell?(handle: Handle, command: string, options: { readonly timeoutMs: number }): Promise<ShellResult>;
  close(): Promise<void>;
}

/** What one shell command did. */
export interface ShellResult {
  /** The exit code; null when the command was killed (timeout, signal). */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly durationMs: number;
}

/** A tool call as the operator asks for it (the `tool-call` action). */
export interface ToolCall {
  readonly tool: 'search' | 'code';
  readonly input: Readonly<Record<string, unknown>>;
}

/** What a tool call produced; `output` goes into the operator's next decision. */
export interface ToolOutcome {
  /** False when the tool could not do what was asked (no shell, nothing found is still `ok`). */
  readonly ok: boolean;
  /** The result for the operator, in plain text; bounded by the tool. */
  readonly output: string;
  /** Why the call failed, for `ok: false`. */
  readonly error?: string;
  readonly durationMs: number;
}

/**
 * Runs the agent's own tools: the searcher (procedural knowledge) and the coder (shell commands
 * through the environment). Expected failures are outcomes, not exceptions.
 */
export interface ToolRunner {
  run(
    handle: Handle,
    call: ToolCall,
    context: { readonly task: Task; readonly step: Step; readonly environment: Environment },
  ): Promise<ToolOutcome>;
}

export interface LiveViewOptions {
  /** Widest frame to send, in pixels; larger screens are scaled down. */
  readonly maxWidth: number;
  /** JPEG quality from 1 to 100. */
  readonly quality: number;
}

/** One frame of a live view. */
export interface LiveFrame {
  /** The screen as a JPEG image, possibly scaled down. */
  readonly jpeg: Uint8Array;
  /** Size of the screen the frame shows, in logical pixels (action coordinates), not of the image. */
  readonly screen: { readonly width: number; readonly height: number };
  /** When the frame was drawn, in milliseconds since the Unix epoch. */
  readonly at: number;
}

/** A running live view; frames stop after `stop` resolves. */
export interface LiveView {
  stop(): Promise<void>;
}

/** The append-only event log of runs. The store assigns sequence numbers and times. */
export interface EventLog {
  append(runId: string, draft: EventDraft): Promise<RunEvent>;
  /** Events of a run with `seq > afterSeq`, in order. */
  read(runId: string, afterSeq?: number): Promise<readonly RunEvent[]>;
}

/** Content-addressed storage for screenshots and evidence images. */
export interface BlobStore {
  /** Store bytes once; returns their SHA-256 address. Storing the same bytes twice is a no-op. */
  put(bytes: Uint8Array, mimeType: ScreenshotRef['mimeType']): Promise<string>;
  get(hash: string): Promise<Uint8Array | undefined>;
}

/** Computes perceptual fingerprints of screenshots, so the loop can tell a still screen from a changing one. */
/** Paints over regions of a screenshot before it is stored or shown to a model. */
export interface ScreenMasker {
  /** The PNG with each box (in the PNG's pixels) covered by an opaque block. */
  cover(png: Uint8Array, boxes: readonly Box[]): Promise<Uint8Array>;
}

/**
 * Finds where a screenshot shows given text by reading its pixels, for screens no accessibility
 * snapshot describes (`--no-accessibility`, a desktop, a remote screen).
 */
export interface ScreenTextLocator {
  /**
   * Boxes, in the PNG's pixels, of the words that show the text, allowing for the characters a
   * reader confuses. The text is a secret: an implementation keeps it to itself.
   */
  locate(png: Uint8Array, text: string): Promise<Box[]>;
}

export interface ScreenFingerprinter {
  /** 64-bit difference hash of a PNG, as 16 lowercase hex digits. */
  dHash(png: Uint8Array): Promise<string>;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolve after `ms`, or reject with CancelledError when the handle is aborted. */
  sleep(handle: Handle, ms: number): Promise<void>;
  /**
   * Resolve once the clock reads `at` (milliseconds since the epoch) or later, without moving it;
   * reject with CancelledError when the handle is aborted first. Deadlines are kept with it.
   */
  waitUntil(handle: Handle, at: number): Promise<void>;
}

export interface IdGenerator {
  /** A new unique id with a readable prefix: `step-…`, `plan-…`, `obs-…`. */
  next(prefix: string): string;
}

export type { Observation };
