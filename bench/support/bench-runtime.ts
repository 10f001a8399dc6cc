import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRuntime, type ConfigFile, type EngineSetup, type Runtime } from '@sandpiper/runtime';
import type { ScenarioServer } from '@sandpiper/scenarios';

/**
 * A runtime for a benchmark: runs stored in a fresh temporary data directory (removed by
 * `close`), the given engine and configuration, and the benchmark's own scenario server.
 */
export async function createBenchRuntime(options: {
  readonly engine: EngineSetup;
  readonly scenarioServer: ScenarioServer;
  readonly config?: ConfigFile;
  readonly accessibility?: boolean;
}): Promise<Runtime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-bench-'));
  const runtime = await createRuntime({
    config: options.config ?? {},
    dataDir,
    cwd: dataDir,
    env: {},
    engine: options.engine,
    scenarioServer: options.scenarioServer,
    browser: { accessibility: options.accessibility ?? true },
  });
  return {
    ...runtime,
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
