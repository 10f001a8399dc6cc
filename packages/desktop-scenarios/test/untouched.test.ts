import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { desktopTasks, getDesktopScenario, prepareDesktopScenario } from '../src/index.js';
import { sessionDir } from './variants.js';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await sessionDir();
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('every check on the document as prepared', () => {
  it.each(desktopTasks.map((task) => [task.id, task] as const))('%s', async (_, task) => {
    const dir = await freshDir();
    await prepareDesktopScenario(task.scenario, dir, { format: task.format });
    const verdict = await task.check(dir);
    // A success task is not done by opening the file; a clarify task is done by leaving it alone.
    expect(verdict.ok, verdict.detail).toBe(task.expect === 'clarify');
    expect(verdict.detail).toMatch(
      task.expect === 'clarify' ? /^All \d+ conditions hold\.$/ : /^(Not met: |There is no file )/,
    );
  });
});

describe('every check without a readable file', () => {
  it('fails every task, clarify tasks included, when the document is missing', async () => {
    const dir = await freshDir();
    for (const task of desktopTasks) {
      const verdict = await task.check(dir);
      expect(verdict.ok, task.id).toBe(false);
      expect(verdict.detail, task.id).toMatch(/^There is no file /);
    }
  });

  it('fails with the reason when the saved file is not an OpenDocument package', async () => {
    const dir = await freshDir();
    for (const name of ['incidents.ods', 'sensor-log.ods', 'report.odt', 'report-final.odt']) {
      await writeFile(join(dir, name), 'not a zip at all, but long enough to look for one...');
    }
    for (const task of desktopTasks.filter((candidate) => candidate.format !== 'csv')) {
      const verdict = await task.check(dir);
      expect(verdict, task.id).toEqual({ ok: false, detail: expect.stringMatching(/is not a readable zip package/) });
    }
  });

  it('prepares each scenario in every format it lists, and refuses others', async () => {
    const dir = await freshDir();
    const prepared = await prepareDesktopScenario('incident-sheet', dir, { format: 'csv' });
    expect(prepared).toMatchObject({
      argv: ['localc', '--norestore', '--nologo', join(dir, 'incidents.csv')],
      windowTitle: 'incidents.csv - LibreOffice Calc',
      openingDialog: 'Text Import - [incidents.csv]',
      files: [join(dir, 'incidents.csv')],
    });
    const report = await prepareDesktopScenario('site-report', join(dir, 'nested'));
    expect(report.argv[0]).toBe('lowriter');
    expect(report.windowTitle).toBe('report.odt - LibreOffice Writer');
    expect(report.openingDialog).toBeUndefined();
    await expect(prepareDesktopScenario('site-report', dir, { format: 'csv' })).rejects.toThrow(/site-report as csv/);
    await expect(prepareDesktopScenario('payroll', dir)).rejects.toMatchObject({ kind: 'usage' });
    expect(getDesktopScenario('sensor-log').formats).toEqual(['ods', 'csv']);
  });
});
