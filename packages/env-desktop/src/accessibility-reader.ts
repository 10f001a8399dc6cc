import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Handle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { mapAtspiNodes, type AtspiNode } from './accessibility-roles.js';
import { killAtExit, stopProcess } from './processes.js';
import { raceHandle } from './waiting.js';

const HELPER_PATH = fileURLToPath(new URL('./atspi-helper.py', import.meta.url));
const READY_TIMEOUT_MS = 10_000;
/** Time the Node side allows beyond the helper's own budget before it declares the helper hung. */
const ANSWER_GRACE_MS = 3_000;

/** Limits of one snapshot; the helper stops walking at whichever comes first. */
export interface AccessibilityLimits {
  /** Deepest level below a top-level window that is entered. */
  readonly maxDepth: number;
  /** Most nodes listed (before layout nodes are dropped). */
  readonly maxNodes: number;
  /** Most cells listed from one huge table (a spreadsheet). */
  readonly maxCells: number;
  /** Time the helper may spend, in milliseconds; it returns what it has when it runs out. */
  readonly budgetMs: number;
}

export const DEFAULT_ACCESSIBILITY_LIMITS: AccessibilityLimits = {
  maxDepth: 40,
  maxNodes: 1_500,
  maxCells: 400,
  budgetMs: 2_500,
};

/** What one snapshot gave. */
export interface AccessibilitySnapshot {
  readonly nodes: AccessibilityNode[];
  /** Whether a limit cut the walk short. */
  readonly truncated: boolean;
  /** Time the helper spent walking, in milliseconds. */
  readonly elapsedMs: number;
}

interface HelperAnswer {
  readonly id?: number;
  readonly ready?: boolean;
  readonly ok?: boolean;
  readonly error?: string;
  readonly nodes?: AtspiNode[];
  readonly truncated?: boolean;
  readonly elapsedMs?: number;
}

interface RunningHelper {
  readonly child: ChildProcess;
  readonly answers: Map<number, (answer: HelperAnswer) => void>;
}

/**
 * Reads accessibility snapshots through `atspi-helper.py`, a Python process over Debian's
 * python3-pyatspi kept running between snapshots (its AT-SPI cache stays warm). A helper that
 * does not answer in time is killed and a fresh one starts on the next snapshot.
 */
export class AccessibilityReader {
  private helper: Promise<RunningHelper> | undefined;
  /** The helper that answered `ready`, so its exit can be noticed without awaiting. */
  private current: RunningHelper | undefined;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly python: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly limits: AccessibilityLimits = DEFAULT_ACCESSIBILITY_LIMITS,
  ) {}

  /** Start the helper and confirm that pyatspi loads; false when it does not. */
  async probe(): Promise<boolean> {
    try {
      await this.ensureHelper();
      return true;
    } catch {
      return false;
    }
  }

  /** The visible accessible nodes of every showing window on `screen`, active window first. */
  async snapshot(handle: Handle, screen: { width: number; height: number }): Promise<AccessibilitySnapshot> {
    const helper = await this.ensureHelper();
    const id = this.nextId++;
    const answered = new Promise<HelperAnswer>((resolve) => helper.answers.set(id, resolve));
    helper.child.stdin!.write(`${JSON.stringify({ id, ...this.limits, screen: [screen.width, screen.height] })}\n`);
    const answer = await raceHandle(handle, answered, this.limits.budgetMs + ANSWER_GRACE_MS, () => undefined).catch(
      async (error: unknown) => {
        await this.restart(helper);
        throw error;
      },
    );
    helper.answers.delete(id);
    if (answer === undefined) {
      await this.restart(helper);
      throw new Error(`the AT-SPI helper did not answer within ${this.limits.budgetMs + ANSWER_GRACE_MS} ms`);
    }
    if (answer.ok !== true) throw new Error(`the AT-SPI helper failed: ${answer.error ?? 'no reason given'}`);
    return {
      nodes: mapAtspiNodes(answer.nodes ?? []),
      truncated: answer.truncated === true,
      elapsedMs: answer.elapsedMs ?? 0,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const helper = this.helper;
    this.helper = undefined;
    this.current = undefined;
    if (helper !== undefined) await helper.then((running) => stopProcess(running.child, 500)).catch(() => undefined);
  }

  private async restart(helper: RunningHelper): Promise<void> {
    this.forget(helper);
    await stopProcess(helper.child, 200);
  }

  private forget(helper: RunningHelper): void {
    if (this.current !== helper) return;
    this.current = undefined;
    this.helper = undefined;
  }

  private ensureHelper(): Promise<RunningHelper> {
    if (this.closed) return Promise.reject(new Error('the accessibility reader is closed'));
    if (this.helper === undefined) {
      const starting = this.startHelper();
      this.helper = starting;
      starting.catch(() => {
        if (this.helper === starting) this.helper = undefined;
      });
    }
    return this.helper;
  }

  private startHelper(): Promise<RunningHelper> {
    const child = spawn(this.python, ['-u', HELPER_PATH], { stdio: ['pipe', 'pipe', 'ignore'], env: this.env });
    killAtExit(child);
    const answers = new Map<number, (answer: HelperAnswer) => void>();
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const running: RunningHelper = { child, answers };
    return new Promise<RunningHelper>((resolve, reject) => {
      const timer = setTimeout(() => {
        void stopProcess(child, 200);
        reject(new Error('the AT-SPI helper did not start'));
      }, READY_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error('the AT-SPI helper exited'));
        this.forget(running);
      });
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const answer = parseAnswer(line);
        if (answer === undefined) return;
        if (answer.ready !== undefined) {
          clearTimeout(timer);
          if (answer.ready) {
            this.current = running;
            resolve(running);
          } else reject(new Error(answer.error ?? 'pyatspi is not available'));
          return;
        }
        if (answer.id !== undefined) answers.get(answer.id)?.(answer);
      });
    });
  }
}

function parseAnswer(line: string): HelperAnswer | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as HelperAnswer) : undefined;
  } catch {
    return undefined;
  }
}
