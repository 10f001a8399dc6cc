import { z } from 'zod';
import { navigationPolicySchema } from './navigation.js';

/** Where a run acts. */
/** The formats a desktop scenario's document can be prepared in. */
export const documentFormatSchema = z.enum(['ods', 'csv', 'odt']);
export type DocumentFormat = z.infer<typeof documentFormatSchema>;

export const environmentSpecSchema = z.discriminatedUnion('type', [
  /** A built-in scenario app served by Sandpiper on 127.0.0.1. */
  z.strictObject({ type: z.literal('scenario'), name: z.string().min(1).max(64) }),
  /** A fresh Chromium opened at this address. */
  z.strictObject({ type: z.literal('url'), url: z.url() }),
  /** An already running Chromium reached through its DevTools endpoint. */
  z.strictObject({
    type: z.literal('cdp'),
    endpoint: z.string().min(1).max(2048),
    /** DevTools target id of the page to act on; the first page when absent. */
    targetId: z.string().max(128).optional(),
  }),
  /**
   * An environment served by `sandpiper executor` (here or on another machine), reached over
   * WebSocket. The token is not part of the task: it is a secret, read from the process's
   * environment (`SANDPIPER_EXECUTOR_TOKEN`) when the run opens the connection.
   */
  z.strictObject({
    type: z.literal('executor'),
    url: z
      .string()
      .max(2048)
      .refine((value) => /^wss?:\/\//i.test(value) && URL.canParse(value), {
        message: 'must be a ws:// or wss:// address, such as ws://127.0.0.1:7878/executor',
      }),
  }),
  /**
   * A Linux desktop: a private X display (Xvfb with openbox) started for the run, or an existing
   * one named by `display`. With `scenario`, a built-in desktop scenario's document is written into
   * the run's own directory and opened in LibreOffice before the run starts.
   */
  z.strictObject({
    type: z.literal('desktop'),
    /** A built-in desktop scenario (`incident-sheet`, `sensor-log`, `site-report`). */
    scenario: z.string().min(1).max(64).optional(),
    /** The format to prepare the scenario's document in (`ods`, `csv`, `odt`); its first format when absent. */
    format: documentFormatSchema.optional(),
    /** An X display to act on, such as `:0`, instead of a private one. */
    display: z
      .string()
      .regex(/^:\d{1,4}(\.\d{1,2})?$/, { message: 'must be an X display such as :0 or :99' })
      .optional(),
  }),
]);
export type EnvironmentSpec = z.infer<typeof environmentSpecSchema>;
export type DesktopSpec = Extract<EnvironmentSpec, { type: 'desktop' }>;

/** A desktop target in a few words: `desktop scenario incident-sheet (csv) on a private display`. */
export function desktopText(spec: DesktopSpec): string {
  const where = spec.display === undefined ? 'a private display' : `display ${spec.display}`;
  if (spec.scenario === undefined) return `desktop on ${where}`;
  return `desktop scenario ${spec.scenario}${spec.format === undefined ? '' : ` (${spec.format})`} on ${where}`;
}

export const budgetsSchema = z.object({
  /** Most actions the run may perform, retries included. */
  maxActions: z.number().int().positive().max(10_000).default(200),
  /** Most attempts per step before the step counts as failed. */
  maxAttemptsPerStep: z.number().int().positive().max(20).default(3),
  /** Wall-clock limit for the whole run in milliseconds. */
  maxDurationMs: z.number().int().positive().max(86_400_000).default(600_000),
  /** Most model tokens (input plus output, all roles) the run may use; absent for no limit. */
  maxModelTokens: z.number().int().positive().max(1_000_000_000).optional(),
  /** Most money the run's model calls may cost, in US dollars by the price table; absent for no limit. */
  maxCostUsd: z.number().positive().max(100_000).optional(),
});
export type Budgets = z.infer<typeof budgetsSchema>;

/**
 * Who approves plans and sensitive actions. `ask`: the person, interactively. `auto`: plans are
 * approved by policy, but sensitive actions (submit, send, pay, delete, credentials) still ask.
 * `auto-all`: everything is approved without asking (for tests and unattended runs the user chose).
 */
export const approvalPolicySchema = z.enum(['ask', 'auto', 'auto-all']);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

export const taskSchema = z.object({
  /** The plain-language instruction. */
  instruction: z.string().trim().min(1).max(10_000),
  environment: environmentSpecSchema,
  budgets: budgetsSchema.default({ maxActions: 200, maxAttemptsPerStep: 3, maxDurationMs: 600_000 }),
  approval: approvalPolicySchema.default('ask'),
  /**
   * Which actions are held for approval before they run, independent of `approval` (who approves).
   * `always`: every action asks. `never`: none does. `conservative`: actions the guard reads as
   * sensitive (destructive, money, publishing, credentials, install, shell, local files) ask, and so
   * does one whose effect it cannot read. `permissive`: only destructive, money and shell actions ask.
   * Absent means `conservative`. Under `auto-all` the request is still logged and approved by policy.
   */
  actionGuard: z.enum(['always', 'never', 'conservative', 'permissive']).optional(),
  /**
   * Which addresses the run may open: http and https, plus the schemes named here; with
   * `allowHosts`, only those hosts. Absent means the web only, any host.
   */
  navigation: navigationPolicySchema.optional(),
});
export type Task = z.infer<typeof taskSchema>;
export type TaskInput = z.input<typeof taskSchema>;
