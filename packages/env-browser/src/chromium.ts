import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian and the setup script put Chromium. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The flags every Chromium Sandpiper starts gets: no sandbox (containers), no GPU, and nothing
 * that reaches the network on its own (this machine's network is closed, and runs must only talk
 * to what the person configured).
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * A plain headless Chromium through Playwright with Sandpiper's flags, for tests and benchmarks
 * that drive pages themselves; runs use `launchBrowserEnvironment` instead.
 */
export function launchChromium(options: { readonly executablePath?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.executablePath ?? DEFAULT_CHROMIUM_PATH,
    headless: true,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}

/** A Chromium in its own process with a DevTools port, as a person starts one to be attached to. */
export interface DebuggableChromium {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  readonly process: ChildProcess;
  /** Open another tab at `url`; resolves with its CDP target id. */
  openTab(url: string): Promise<string>;
  /** The page targets as the DevTools HTTP endpoint lists them (a route independent of Playwright). */
  listPages(): Promise<{ id: string; title: string; url: string }[]>;
  stop(): Promise<void>;
}

/**
 * Start headless Chromium in its own process with `--remote-debugging-port=0` in a fresh profile,
 * and learn the port from the DevToolsActivePort file Chromium writes into the profile once it
 * listens. The process outlives whoever attaches to it, as a person's browser does.
 */
export async function startDebuggableChromium(
  firstUrl: string,
  options: { readonly windowSize?: { readonly width: number; readonly height: number } } = {},
): Promise<DebuggableChromium> {
  const size = options.windowSize ?? { width: 1280, height: 1000 };
  const profile = await mkdtemp(join(tmpdir(), 'sandpiper-cdp-'));
  const portFile = join(profile, 'DevToolsActivePort');
  const portWritten = waitForPortFile(profile, portFile);
  const child = spawn(
    DEFAULT_CHROMIUM_PATH,
    [
      '--headless',
      ...CHROMIUM_FLAGS,
      `--window-size=${size.width},${size.height}`,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      firstUrl,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Chromium exited early with code ${String(code)}`))),
  );
  const port = await Promise.race([portWritten, exited]);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    process: child,
    openTab: async (url) => {
      const response = await fetch(`${endpoint}/json/new?${url}`, { method: 'PUT' });
      return ((await response.json()) as { id: string }).id;
    },
    listPages: async () => {
      const targets = (await (await fetch(`${endpoint}/json/list`)).json()) as {
        id: string;
        type: string;
        title: string;
        url: string;
      }[];
      return targets.filter((target) => target.type === 'page').map(({ id, title, url }) => ({ id, title, url }));
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      // Chromium's helper processes may still be flushing the profile for a moment after the browser exits.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** Resolve with the port once the file holds it; Chromium writes the port line then the browser path line. */
async function waitForPortFile(directory: string, file: string): Promise<number> {
  const read = async (): Promise<number | undefined> => {
    const text = await readFile(file, 'utf8').catch(() => '');
    const lines = text.split('\n');
    return lines.length >= 2 && /^\d+$/.test(lines[0] ?? '') ? Number(lines[0]) : undefined;
  };
  return new Promise<number>((resolve) => {
    // Chromium creates the file before it writes the port into it: wait for the whole first line.
    const watcher = watch(directory, () => void check());
    const check = async (): Promise<void> => {
      const port = await read();
      if (port === undefined) return;
      watcher.close();
      resolve(port);
    };
    void check();
  });
}
