import { ServerError, startServer, type RunningServer } from '@sandpiper/server';
import { loadConfigFile, resolveDataDir, UsageError } from './config.js';
import { describeModels, prepareEngine } from './engine-setup.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';

const DEFAULT_PORT = 7777;

function portFrom(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

/**
 * `sandpiper serve`: the web UI and the HTTP and WebSocket API over runs on the built-in
 * scenarios, on 127.0.0.1 only, behind a token printed once at start. Runs until interrupted.
 */
export async function serveCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
): Promise<number> {
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments, got "${positionals.join(' ')}"`);
  const config = loadConfigFile(process.cwd());
  const port = portFrom(options.port);
  // Runs use the built-in engine unless --model or the config's models section names a model.
  const setup = await prepareEngine({
    flag: options.model,
    reflectorFlag: undefined,
    config,
    cwd: process.cwd(),
    env: process.env,
  });
  const engine = setup.kind === 'models' ? setup.create() : undefined;
  let server: RunningServer;
  try {
    server = await startServer({
      dataDir: resolveDataDir(process.cwd(), options['data-dir'], config),
      port,
      ...(engine ? { engine } : {}),
    });
  } catch (error: unknown) {
    await engine?.close?.();
    // A taken port or a bad option is the caller's to fix: one line, exit code 2.
    if (ServerError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  }
  output.out(`Sandpiper server on ${server.url}`);
  if (setup.kind === 'models') output.out(describeModels(setup.roles));
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
  await engine?.close?.();
  return 0;
}
