import { UsageError } from '@sandpiper/protocol';
import {
  createRuntime,
  EXECUTOR_TOKEN_VARIABLE,
  generateExecutorToken,
  loadConfigFile,
  MIN_TOKEN_LENGTH,
  resolveDataDir,
} from '@sandpiper/runtime';
import { environmentFromFlags } from './commands.js';
import { portFrom } from './flags.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';

const DEFAULT_EXECUTOR_PORT = 7878;

/**
 * `sandpiper executor --listen`: open a local environment (a scenario app, an address, an attached
 * browser) and serve it over the executor contract on a WebSocket, so a run on another machine (or
 * another terminal) acts on it with `sandpiper run --executor <url>`. Loopback only unless `--host`
 * says otherwise; one controller at a time; the token is `SANDPIPER_EXECUTOR_TOKEN` when set, else
 * a fresh one printed once. Runs until interrupted.
 */
export async function executorCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  if (positionals.length > 0) throw new UsageError(`executor takes no arguments, got "${positionals.join(' ')}"`);
  if (!options.listen)
    throw new UsageError('say --listen to serve an environment: sandpiper executor --listen --url <url>');
  if (options.executor !== undefined)
    throw new UsageError('--executor is for runs; an executor serves a local environment');
  const environment = environmentFromFlags(options);
  const port = portFrom(options.port, DEFAULT_EXECUTOR_PORT);
  const given = env[EXECUTOR_TOKEN_VARIABLE]?.trim();
  if (given !== undefined && given !== '' && given.length < MIN_TOKEN_LENGTH) {
    throw new UsageError(`${EXECUTOR_TOKEN_VARIABLE} must be at least ${MIN_TOKEN_LENGTH} characters`);
  }
  const token = given || generateExecutorToken();
  const config = loadConfigFile(process.cwd());
  const runtime = await createRuntime({
    config,
    dataDir: resolveDataDir(process.cwd(), options['data-dir'], config),
    cwd: process.cwd(),
    env,
    browser: {
      ...(options.headed === undefined ? {} : { headed: options.headed }),
      ...(options.display === undefined ? {} : { display: options.display }),
    },
  });
  try {
    const server = await runtime.serveExecutor(environment, {
      port,
      token,
      ...(options.host === undefined ? {} : { host: options.host }),
      ...(options.debug ? { log: (message: string) => output.error(`executor: ${message}`) } : {}),
    });
    output.out(`Sandpiper executor on ${server.url}`);
    if (given) output.out(`Token: the one in ${EXECUTOR_TOKEN_VARIABLE}`);
    else output.out(`Token: ${token}`);
    output.out(`Run against it: ${EXECUTOR_TOKEN_VARIABLE}=<token> sandpiper run "<task>" --executor ${server.url}`);
    output.out('Press Ctrl+C to stop.');
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    output.out('Stopping the executor.');
    await server.close();
    return 0;
  } finally {
    await runtime.close();
  }
}
