import type { Environment } from '@sandpiper/core';
import { attachBrowserEnvironment, launchBrowserEnvironment } from '@sandpiper/env-browser';
import type { EnvironmentSpec } from '@sandpiper/protocol';
import { getScenario, scenarios, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { UsageError } from './config.js';

/** An opened environment plus whatever had to be started for it (a scenario server). */
export interface OpenedEnvironment {
  readonly environment: Environment;
  readonly scenarioServer: ScenarioServer | undefined;
  close(): Promise<void>;
}

export interface EnvironmentOptions {
  readonly headed: boolean;
  readonly display: string | undefined;
  readonly accessibility: boolean;
  /** Session id the scenario app reports its state under (the run id). */
  readonly session: string;
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

/** Start the environment a task names: a scenario app in a fresh Chromium, a URL, or an attached browser. */
export async function openEnvironment(spec: EnvironmentSpec, options: EnvironmentOptions): Promise<OpenedEnvironment> {
  const launchOptions = {
    headless: !options.headed,
    ...(options.display ? { display: options.display } : {}),
  };
  if (spec.type === 'cdp') {
    const environment = withAccessibility(
      await attachBrowserEnvironment({
        endpoint: spec.endpoint,
        ...(spec.targetId ? { targetId: spec.targetId } : {}),
      }),
      options.accessibility,
    );
    return { environment, scenarioServer: undefined, close: () => environment.close() };
  }
  if (spec.type === 'url') {
    const environment = withAccessibility(
      await launchBrowserEnvironment({ ...launchOptions, url: spec.url }),
      options.accessibility,
    );
    return { environment, scenarioServer: undefined, close: () => environment.close() };
  }
  requireScenario(spec.name);
  const server = await startScenarioServer();
  try {
    const url = server.urlFor(spec.name, { session: options.session });
    const environment = withAccessibility(
      await launchBrowserEnvironment({ ...launchOptions, url }),
      options.accessibility,
    );
    return {
      environment,
      scenarioServer: server,
      close: async () => {
        await environment.close();
        await server.close();
      },
    };
  } catch (error: unknown) {
    await server.close();
    throw error;
  }
}

/** Hide the accessibility snapshot from the engine so it grounds with OCR alone (--no-accessibility). */
export function withAccessibility(environment: Environment, enabled: boolean): Environment {
  if (enabled) return environment;
  return {
    info: { ...environment.info, accessibility: false },
    observe: (handle) => environment.observe(handle, { accessibility: false }),
    act: (handle, action) => environment.act(handle, action),
    close: () => environment.close(),
  };
}
