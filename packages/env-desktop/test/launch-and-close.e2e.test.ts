import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { SandpiperError } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import {
  attachDesktopEnvironment,
  DesktopEnvironmentError,
  launchDesktopEnvironment,
  parseLaunchTarget,
} from '../src/index.js';
import { eventually, handle, isRunning, PROBE_APP, SYSTEM_PYTHON } from './desktop-lab.js';

/** The Unix socket of an X display (`:3` → /tmp/.X11-unix/X3). */
function socketOf(display: string): string {
  return `/tmp/.X11-unix/X${display.slice(1)}`;
}

describe('parsing what `open` launches', () => {
  it('splits words like a shell, with quotes and escapes, and nothing more', () => {
    expect(parseLaunchTarget(`localc  'my book.ods' "two \\"words\\"" three\\ four`)).toEqual({
      ok: true,
      argv: ['localc', 'my book.ods', 'two "words"', 'three four'],
    });
    expect(parseLaunchTarget('localc file:///tmp/a.ods')).toMatchObject({ ok: true });
  });

  it('refuses shell syntax, unclosed quotes, empty targets and non-file addresses', () => {
    for (const target of ['localc a.ods; rm -rf ~', 'localc $(id)', 'localc a.ods | tee', 'localc `id`', 'x > y']) {
      expect(parseLaunchTarget(target)).toMatchObject({ ok: false });
    }
    expect(parseLaunchTarget("localc 'a.ods")).toMatchObject({ ok: false, error: expect.stringContaining('unclosed') });
    expect(parseLaunchTarget('   ')).toMatchObject({ ok: false });
    expect(parseLaunchTarget('localc macro:///Standard.Module1.Main')).toMatchObject({ ok: false });
    expect(parseLaunchTarget('localc https://example.com/x.ods')).toMatchObject({ ok: false });
    expect(parseLaunchTarget("localc 'a; b.ods'")).toEqual({ ok: true, argv: ['localc', 'a; b.ods'] });
  });
});

describe('launching programs and closing the desktop', () => {
  it('starts only allowed programs, shows their window, and stops everything it started at close', async () => {
    const env = await launchDesktopEnvironment(handle, {
      accessibility: false,
      programs: { probe: SYSTEM_PYTHON, fails: '/bin/false' },
      workingDirectory: dirname(PROBE_APP),
    });
    const display = env.display;
    expect(existsSync(socketOf(display))).toBe(true);

    const refused = await env.act(handle, { type: 'open', target: 'xterm -e sh' });
    expect(refused).toMatchObject({ ok: false });
    expect(refused.error).toMatch(/not a program this desktop may start; allowed: fails, probe/);
    expect(await env.listWindows(handle)).toEqual([]);

    const failing = await env.act(handle, { type: 'open', target: 'fails' });
    expect(failing).toMatchObject({ ok: false, error: expect.stringContaining('stopped before showing a window') });

    expect(env.approvalReason({ type: 'open', target: "probe probe-app.py 'Launched probe'" })).toBe(
      'starts the program probe probe-app.py Launched probe',
    );
    expect(env.approvalReason({ type: 'wait', ms: 10 })).toBeUndefined();
    const opened = await env.act(handle, { type: 'open', target: "probe probe-app.py 'Launched probe'" });
    expect(opened).toMatchObject({ ok: true });
    const window = await env.waitForWindow(handle, 'Launched probe', { timeoutMs: 20_000 });
    expect(window?.pid).toBeGreaterThan(0);
    const launched = await env.launch(handle, ['probe', 'probe-app.py', 'Second probe']);
    expect(launched).toMatchObject({ ok: true, window: { title: 'Second probe' } });

    await env.close();
    expect(isRunning(window!.pid!)).toBe(false);
    expect(launched.ok && isRunning(launched.pid)).toBe(false);
    await eventually('the X socket to be removed', () => (existsSync(socketOf(display)) ? undefined : true), 5_000);
    await env.close();
    await expect(env.observe(handle)).rejects.toSatisfy(
      (error: unknown) => DesktopEnvironmentError.isInstance(error) && error.failure === 'closed',
    );
  });

  it('leaves an attached display running and stops only the programs it launched', async () => {
    const owner = await launchDesktopEnvironment(handle, {
      accessibility: false,
      programs: { probe: SYSTEM_PYTHON },
      workingDirectory: dirname(PROBE_APP),
    });
    try {
      const ownWindow = await owner.launch(handle, ['probe', 'probe-app.py', 'Owner probe']);
      const guest = await attachDesktopEnvironment(handle, {
        display: owner.display,
        accessibility: false,
        programs: { probe: SYSTEM_PYTHON },
        workingDirectory: dirname(PROBE_APP),
      });
      expect(guest.info.description).toBe(`attached to X display ${owner.display}`);
      const guestWindow = await guest.launch(handle, ['probe', 'probe-app.py', 'Guest probe']);
      expect(guestWindow).toMatchObject({ ok: true });
      await guest.close();
      expect(guestWindow.ok && isRunning(guestWindow.pid)).toBe(false);
      expect(ownWindow.ok && isRunning(ownWindow.pid)).toBe(true);
      const titles = (await owner.listWindows(handle)).map((window) => window.title);
      expect(titles).toContain('Owner probe');
    } finally {
      await owner.close();
    }
  });

  it('reports a display it cannot reach as an environment error, and a bad action as a result', async () => {
    const error: unknown = await attachDesktopEnvironment(handle, { display: ':987', accessibility: false }).catch(
      (rejection: unknown) => rejection,
    );
    expect(DesktopEnvironmentError.isInstance(error)).toBe(true);
    expect(SandpiperError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'environment', failure: 'display-connect' });

    const env = await launchDesktopEnvironment(handle, { accessibility: false, windowManager: false });
    try {
      const invalid = await env.act(handle, { type: 'click', at: { x: -5, y: 3 } });
      expect(invalid).toMatchObject({ ok: false, error: expect.stringContaining('Invalid action: at.x') });
      const agentOnly = await env.act(handle, { type: 'done', summary: 'finished' });
      expect(agentOnly).toMatchObject({ ok: false });
    } finally {
      await env.close();
    }
  });
});
