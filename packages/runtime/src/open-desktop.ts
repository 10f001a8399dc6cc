import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createHandle, type Environment, type Handle } from '@sandpiper/core';
import { getDesktopScenario, prepareDesktopScenario, type PreparedDesktopScenario } from '@sandpiper/desktop-scenarios';
import {
  attachDesktopEnvironment,
  DEFAULT_ACCESSIBILITY_LIMITS,
  launchDesktopEnvironment,
  type DesktopEnvironment,
} from '@sandpiper/env-desktop';
import { SandpiperError, UsageError, type DesktopSpec } from '@sandpiper/protocol';
import type { OpenedEnvironment } from './open-environment.js';

/** How long LibreOffice may take to show a document's window; its first start builds a profile. */
const DOCUMENT_WINDOW_MS = 90_000;
/** Longest wait for the screen to answer an input, and then to settle. */
const DESKTOP_SETTLE_MS = 1_500;
/** Longest walk of the accessibility tree per observation. */
const DESKTOP_ACCESSIBILITY_BUDGET_MS = 6_000;

/**
 * The directory of a run's desktop session under the data directory: the scenario's document
 * lives here, so what the run saved outlives the desktop (and a resumed run finds it again).
 */
export function desktopSessionDir(dataDir: string, session: string): string {
  return path.join(dataDir, 'desktop', session);
}

/** Check a desktop target before anything starts: the scenario exists and can be prepared in the format. */
export function requireDesktopScenario(spec: DesktopSpec): void {
  if (spec.scenario === undefined) {
    if (spec.format !== undefined) throw new UsageError('a document format only applies to a desktop scenario');
    return;
  }
  const scenario = getDesktopScenario(spec.scenario);
  if (spec.format !== undefined && !scenario.formats.includes(spec.format)) {
    throw new UsageError(
      `the desktop scenario "${scenario.name}" comes as ${scenario.formats.join(' or ')}, not ${spec.format}`,
    );
  }
}

/**
 * Open a desktop for a run: a private Xvfb display with openbox (or the display the target names),
 * with the session directory as working directory and its shell on offer (every command still goes
 * through the approval policy). For a scenario, its document is written into the session directory
 * unless an earlier process of the run left one there, and opened in LibreOffice; the run starts
 * once the document's window is up, with any opening dialog (CSV import) answered with its
 * defaults.
 */
export async function openDesktop(
  spec: DesktopSpec,
  options: { readonly dataDir: string; readonly session: string; readonly accessibility: boolean },
): Promise<OpenedEnvironment> {
  requireDesktopScenario(spec);
  const handle = createHandle();
  const workingDirectory = desktopSessionDir(options.dataDir, options.session);
  const shared = {
    workingDirectory,
    shell: true,
    accessibility: options.accessibility,
    // An office suite on a loaded machine answers late: a short wait reads a slow repaint as no
    // effect, a short accessibility budget cuts the sheet's cells out of the snapshot.
    settleMs: DESKTOP_SETTLE_MS,
    accessibilityLimits: { ...DEFAULT_ACCESSIBILITY_LIMITS, budgetMs: DESKTOP_ACCESSIBILITY_BUDGET_MS },
  };
  const environment =
    spec.display === undefined
      ? await launchDesktopEnvironment(handle, shared)
      : await attachDesktopEnvironment(handle, { ...shared, display: spec.display });
  try {
    if (spec.scenario !== undefined) {
      const prepared = await prepareDesktopScenario(spec.scenario, workingDirectory, {
        ...(spec.format === undefined ? {} : { format: spec.format }),
        keepExisting: true,
      });
      await removeStaleLocks(workingDirectory);
      await openDocument(environment, handle, prepared);
    }
  } catch (error: unknown) {
    await environment.close();
    throw error;
  }
  const run: Environment = {
    get info() {
      return environment.info;
    },
    observe: (observeHandle, observeOptions) => environment.observe(observeHandle, observeOptions),
    act: (actHandle, action) => environment.act(actHandle, action),
    watch: (watchOptions, onFrame) => environment.watch(watchOptions, onFrame),
    ...(environment.shell ? { shell: environment.shell.bind(environment) } : {}),
    async close() {
      try {
        await environment.close();
      } finally {
        // LibreOffice was stopped, not quit: its lock would make the document look in use.
        await removeStaleLocks(workingDirectory);
      }
    },
  };
  return {
    environment: run,
    startUrl: undefined,
    // A private display dies with this process, and so does a document it opened on any display.
    reopened: spec.display === undefined || spec.scenario !== undefined,
  };
}

/**
 * LibreOffice leaves `.~lock.<name>#` beside a document it had open; after a crash the next open
 * would ask whether the document is in use. The session directory is the run's own, so a lock
 * there can only be from an earlier process of the same run.
 */
async function removeStaleLocks(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith('.~lock.') && name.endsWith('#'))
      .map((name) => rm(path.join(directory, name), { force: true })),
  );
}

async function openDocument(
  environment: DesktopEnvironment,
  handle: Handle,
  prepared: PreparedDesktopScenario,
): Promise<void> {
  const launched = await environment.launch(handle, prepared.argv);
  if (!launched.ok) {
    throw new SandpiperError('environment', `LibreOffice did not open ${prepared.document}: ${launched.error}`);
  }
  if (prepared.openingDialog !== undefined) {
    const dialog = await environment.waitForWindow(handle, prepared.openingDialog, { timeoutMs: DOCUMENT_WINDOW_MS });
    if (dialog === undefined) {
      throw new SandpiperError('environment', `LibreOffice never asked how to import ${prepared.document}`);
    }
    await environment.focusWindow(handle, dialog.id);
    await environment.act(handle, { type: 'key', keys: ['Enter'] });
  }
  const window = await environment.waitForWindow(handle, prepared.windowTitle, { timeoutMs: DOCUMENT_WINDOW_MS });
  if (window === undefined) {
    throw new SandpiperError('environment', `the window "${prepared.windowTitle}" never appeared`);
  }
  await environment.focusWindow(handle, window.id);
}
