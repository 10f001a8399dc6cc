import { UsageError } from '@sandpiper/protocol';
import { createRuntime, loadConfigFile, resolveDataDir } from '@sandpiper/runtime';
import { startServer, type RunningServer } from '@sandpiper/server';
import { portFrom } from './flags.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';

const DEFAULT_PORT = 7777;

/**
 * `sandpiper serve`: the web UI and the HTTP and WebSocket API over runs on a scenario, a URL or
 * an attached browser, on 127.0.0.1 only, behind a token printed once at start. Runs until
 * interrupted.
 */
export async function serveCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
): Promise<number> {
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments, got "${positionals.join(' ')}"`);
  const config = loadConfigFile(process.cwd());
  const port = portFrom(options.port, DEFAULT_PORT);
  // Runs use the built-in engine unless --model or the config's models section names a model;
  // a run created in the UI may name its own.
  const runtime = await createRuntime({
    config,
    dataDir: resolveDataDir(process.cwd(), options['data-dir'], config),
    cwd: process.cwd(),
    env: process.env,
    ...(options.model === undefined ? {} : { model: options.model }),
    browser: {
      ...(options.headed === undefined ? {} : { headed: options.headed }),
      ...(options.display === undefined ? {} : { display: options.display }),
      ...(options['no-accessibility'] ? { accessibility: false } : {}),
    },
  });
  let server: RunningServer;
  try {
    server = await startServer({ runtime, port });
  } catch (error: unknown) {
    await runtime.close();
    throw error;
  }
  output.out(`Sandpiper server on ${server.url}`);
  output.out(`Engine: ${runtime.engine.label}`);
  output.out(`Open the web UI: ${server.url}/#token=${server.token}`);
  output.out(`Token: ${server.token}`);
  output.out(`  Every request needs "Authorization: Bearer <token>" (or ?token= on image and stream URLs).`);
  output.out(`  Try: curl -H "Authorization: Bearer ${server.token}" ${server.url}/api/runs`);
  output.out('Press Ctrl+C to stop.');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  output.out('Stopping: active runs are cancelled and their logs closed.');
  await server.close();
  await runtime.close();
  return 0;
}
