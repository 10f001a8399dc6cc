import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { childEnvironment, findExecutable, killAtExit, stopProcess } from './processes.js';

const ACCESSIBILITY_BUS_CONFIG = '/usr/share/defaults/at-spi2/accessibility.conf';
const REGISTRY_DAEMON = '/usr/libexec/at-spi2-registryd';
const BUS_START_TIMEOUT_MS = 10_000;

/** A private D-Bus session bus and AT-SPI bus, with the AT-SPI registry on it. */
export interface AccessibilityBus {
  /** Variables that point programs (and the AT-SPI helper) at these buses. */
  readonly env: {
    readonly DBUS_SESSION_BUS_ADDRESS: string;
    readonly AT_SPI_BUS_ADDRESS: string;
  };
  /** Stop the registry and both buses. Idempotent. */
  stop(): Promise<void>;
}

/** Whether at-spi2-core and dbus are installed, so a bus can be started. */
export function accessibilityBusInstalled(): boolean {
  return (
    findExecutable('dbus-daemon') !== undefined && existsSync(ACCESSIBILITY_BUS_CONFIG) && existsSync(REGISTRY_DAEMON)
  );
}

/**
 * Start the buses AT-SPI needs, private to one environment, with their sockets in `directory`.
 * Doing it by hand rather than through `at-spi-bus-launcher` avoids the socket that launcher
 * keeps per display number under the home directory, and the registry it activates with
 * `--use-gnome-session`, which waits for a session manager that does not exist here.
 * A private session bus also stops GTK programs from autolaunching one (dbus-launch) that would
 * outlive the environment.
 */
export async function startAccessibilityBus(display: string, directory: string): Promise<AccessibilityBus> {
  const started: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    for (const child of started.reverse()) await stopProcess(child, 1_000);
  };
  try {
    const base = childEnvironment({ DISPLAY: display });
    const session = await startBus(['--session', `--address=unix:path=${join(directory, 'session-bus')}`], base);
    started.push(session.child);
    const accessibility = await startBus(
      [`--config-file=${ACCESSIBILITY_BUS_CONFIG}`, `--address=unix:path=${join(directory, 'a11y-bus')}`],
      base,
    );
    started.push(accessibility.child);
    const env = { DBUS_SESSION_BUS_ADDRESS: session.address, AT_SPI_BUS_ADDRESS: accessibility.address };
    const registry = spawn(REGISTRY_DAEMON, [], { stdio: 'ignore', detached: true, env: { ...base, ...env } });
    killAtExit(registry);
    started.push(registry);
    let stopping: Promise<void> | undefined;
    return {
      env,
      stop: () => (stopping ??= stop()),
    };
  } catch (error: unknown) {
    await stop();
    throw error;
  }
}

function startBus(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn('dbus-daemon', ['--nofork', '--nopidfile', '--print-address=1', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
    env,
  });
  killAtExit(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('dbus-daemon printed no address')), BUS_START_TIMEOUT_MS);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      void stopProcess(child, 500);
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`dbus-daemon exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, address: line.trim() });
      }
    });
  });
}
