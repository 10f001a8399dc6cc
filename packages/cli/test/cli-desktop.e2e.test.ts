import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSpreadsheet } from '@sandpiper/desktop-scenarios';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sandpiper-desktop-'));
/** LibreOffice's first start in a fresh profile, on two loaded cores. */
const LIBREOFFICE_RUN_MS = 240_000;

describe('sandpiper run --desktop', () => {
  it('refuses browser flags, unknown scenarios, formats and displays with one clear line', async () => {
    const browser = await runCliInProcess(['run', 'x', '--desktop', '--url', 'http://127.0.0.1:9/']);
    expect(browser.code).toBe(2);
    expect(browser.stderr).toContain('--desktop acts on an X display, not a browser: drop --url');
    const scenario = await runCliInProcess([
      'run',
      '--desktop',
      '--scenario',
      'expense-report',
      '--data-dir',
      dataDir(),
    ]);
    expect(scenario.code).toBe(2);
    expect(scenario.stderr).toContain('incident-sheet');
    const format = await runCliInProcess(['run', '--desktop', '--scenario', 'site-report', '--format', 'csv']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('comes as odt, not csv');
    const unknownFormat = await runCliInProcess(['run', '--desktop', '--scenario', 'site-report', '--format', 'xls']);
    expect(unknownFormat.stderr).toContain('--format must be one of ods, csv, odt, got "xls"');
    const display = await runCliInProcess(['run', 'x', '--desktop', '--display', 'localhost:0']);
    expect(display.stderr).toContain('must be an X display such as :0');
    const bare = await runCliInProcess(['run', '--desktop']);
    expect(bare.stderr).toContain('give the task to run, in quotes, or a desktop scenario');
    const stray = await runCliInProcess(['run', 'x', '--scenario', 'expense-report', '--format', 'ods']);
    expect(stray.stderr).toContain('--format only applies with --desktop --scenario');
  });

  it(
    "runs a desktop scenario's example task in LibreOffice Calc and leaves the saved document in the run's directory",
    async () => {
      const dir = dataDir();
      const result = await runCliInProcess([
        'run',
        '--desktop',
        '--scenario',
        'incident-sheet',
        '--yes',
        '--data-dir',
        dir,
      ]);
      expect(result.stdout).toContain('Task: Click cell G5, type 42, press Enter, then press Control+S');
      expect(result.stdout, result.stdout).toContain('Result: succeeded');
      expect(result.code).toBe(0);
      const [runId] = readdirSync(path.join(dir, 'desktop'));
      const session = path.join(dir, 'desktop', runId!);
      // The saved file, read the way the desktop scenarios' checks read it: the run's claim is not enough.
      const content = await readSpreadsheet(path.join(session, 'incidents.ods'));
      const row = content.sheets[0]?.rows[4];
      expect(row?.[0]?.text).toBe('INC-2004');
      expect(row?.[6]?.text).toBe('42');
      // LibreOffice was stopped with the desktop; its lock file would make the next open ask.
      expect(readdirSync(session).filter((name) => name.startsWith('.~lock'))).toEqual([]);
      expect(existsSync(path.join(dir, 'reports', runId!, 'report.html'))).toBe(true);
      const shown = await runCliInProcess(['show', runId!, '--data-dir', dir]);
      expect(shown.stdout).toContain('Environment: desktop scenario incident-sheet on a private display');
    },
    LIBREOFFICE_RUN_MS,
  );
});
