import type { Environment } from '@sandpiper/core';
import { attachBrowserEnvironment, launchBrowserEnvironment } from '@sandpiper/env-browser';
import { connectExecutor, generateExecutorToken, serveExecutor } from '@sandpiper/env-remote';
import { UsageError, type EnvironmentSpec, type NavigationPolicy } from '@sandpiper/protocol';
import { openDesktop } from './open-desktop.js';
import { getScenario, scenarios, type ScenarioFault, type ScenarioServer } from '@sandpiper/scenarios';

/** How a browser is shown and what the engine is given to see. */
export interface BrowserOptions {
  /** Show the browser window on an X display instead of running headless. */
  readonly headed: boolean;
  /** X display for headed mode (`:99`); the process's `DISPLAY` when absent. */
  readonly display: string | undefined;
  /** Hand the engine the accessibility snapshot with each screenshot; false grounds with OCR alone. */
  readonly accessibility: boolean;
}

/** An opened environment; closing it closes the browser (or detaches from an attached one). */
export interface OpenedEnvironment {
  readonly environment: Environment;
  /** The address the run started at, for scenario and URL targets; absent when attached over CDP. */
  readonly startUrl: string | undefined;
  /**
   * A fresh browser was opened for this process (scenario and URL targets): what an earlier
   * process's page held is gone. False when attached to a browser or an executor that outlives us.
   */
  readonly reopened: boolean;
}

/** Check a scenario name before anything is started, listing the valid ones when it is wrong. */
export function requireScenario(name: string) {
  const scenario = getScenario(name);
  if (!scenario) {
    throw new UsageError(
      `there is no scenario "${name}". Built-in scenarios: ${scenarios.map((candidate) => candidate.name).join(', ')}.`,
    );
  }
  return scenario;
}

/**
 * Open the environment a task names: a scenario app (served by `scenarioServer`, reporting its
 * state under `session`) in a fresh Chromium, a URL in a fresh Chromium, an attached browser, an
 * executor, or a Linux desktop (with a desktop scenario's document open).
 */
export async function openEnvironment(
  spec: EnvironmentSpec,
  options: BrowserOptions & {
    readonly session: string;
    readonly scenarioServer: () => Promise<ScenarioServer>;
    /** Query options of a scenario app's address (its surprise notice, a planted fault). */
    readonly scenarioOptions?: { readonly surprise?: boolean; readonly fault?: ScenarioFault };
    /** The token an `executor` target's server expects (`SANDPIPER_EXECUTOR_TOKEN`). */
    readonly executorToken?: string;
    /** The task's navigation policy; with `allowHosts` the browser itself keeps to those hosts. */
    readonly navigation?: NavigationPolicy;
    /** The data directory: a desktop target's session directory (its document) lives under it. */
    readonly dataDir: string;
  },
): Promise<OpenedEnvironment> {
  if (spec.type === 'desktop') {
    return openDesktop(spec, {
      dataDir: options.dataDir,
      session: options.session,
      accessibility: options.accessibility,
    });
  }
  if (spec.type === 'executor') {
    if (options.executorToken === undefined || options.executorToken.trim() === '') {
      throw new UsageError('an executor target needs the token the executor printed, in SANDPIPER_EXECUTOR_TOKEN');
    }
    const remote = await connectExecutor(spec.url, { token: options.executorToken.trim(), client: 'sandpiper run' });
    return { environment: withAccessibility(remote, options.accessibility), startUrl: undefined, reopened: false };
  }
  const launchOptions = {
    headless: !options.headed,
    ...(options.display ? { display: options.display } : {}),
  };
  if (spec.type === 'cdp') {
    const attached = await attachBrowserEnvironment({
      endpoint: spec.endpoint,
      ...(spec.targetId ? { targetId: spec.targetId } : {}),
      ...(options.navigation ? { navigation: options.navigation } : {}),
    });
    return { environment: withAccessibility(attached, options.accessibility), startUrl: undefined, reopened: false };
  }
  let url: string;
  if (spec.type === 'url') {
    url = spec.url;
  } else {
    requireScenario(spec.name);
    const server = await options.scenarioServer();
    url = server.urlFor(spec.name, { session: options.session, ...options.scenarioOptions });
  }
  const launched = await launchBrowserEnvironment({
    ...launchOptions,
    url,
    ...(options.navigation ? { navigation: options.navigation } : {}),
  });
  return { environment: withAccessibility(launched, options.accessibility), startUrl: url, reopened: true };
}

/** Hide the accessibility snapshot from the engine so it grounds with OCR alone (`--no-accessibility`). */
export function withAccessibility(environment: Environment, enabled: boolean): Environment {
  if (enabled) return environment;
  return {
    info: { ...environment.info, accessibility: false },
    observe: (handle) => environment.observe(handle, { accessibility: false }),
    act: (handle, action) => environment.act(handle, action),
    ...(environment.watch ? { watch: environment.watch.bind(environment) } : {}),
    ...(environment.shell ? { shell: environment.shell.bind(environment) } : {}),
    close: () => environment.close(),
  };
}

/**
 * Put an opened environment behind the executor contract on a loopback WebSocket and hand back
 * the connected client: every observation and action then crosses the same wire a remote
 * executor's would (`SANDPIPER_EXECUTOR_LOOPBACK=1` runs the scenario suites this way). Closing
 * the client stops the server and closes the environment.
 */
export async function overLoopbackExecutor(opened: OpenedEnvironment): Promise<OpenedEnvironment> {
  const token = generateExecutorToken();
  const server = await serveExecutor(opened.environment, { token });
  try {
    const remote = await connectExecutor(server.url, { token, client: 'loopback' });
    const environment: Environment = {
      info: remote.info,
      observe: (handle, observeOptions) => remote.observe(handle, observeOptions),
      act: (handle, action) => remote.act(handle, action),
      ...(remote.watch ? { watch: remote.watch.bind(remote) } : {}),
      ...(remote.shell ? { shell: remote.shell.bind(remote) } : {}),
      async close() {
        try {
          await remote.close();
          await server.close();
        } finally {
          await opened.environment.close();
        }
      },
    };
    return { environment, startUrl: opened.startUrl, reopened: opened.reopened };
  } catch (error: unknown) {
    await server.close();
    await opened.environment.close();
    throw error;
  }
}
