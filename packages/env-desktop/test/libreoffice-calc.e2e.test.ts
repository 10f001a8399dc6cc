import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCESSIBILITY_LIMITS, launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { eventually, handle } from './desktop-lab.js';

const run = promisify(execFile);
/** LibreOffice is slow to start on a loaded two-core machine; every wait below is bounded by this. */
const LIBREOFFICE_MS = 90_000;

describe('LibreOffice Calc on a real X desktop', () => {
  let directory: string;
  let env: DesktopEnvironment;

  /** Convert a file headlessly, with a profile of its own so it never talks to the Calc on screen. */
  async function convert(file: string, format: string, outdir: string): Promise<string> {
    const profile = `file://${join(directory, 'convert-profile')}`;
    await run(
      'soffice',
      [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', format, '--outdir', outdir, file],
      {
        timeout: LIBREOFFICE_MS,
      },
    );
    return join(outdir, file.replace(/^.*\//, '').replace(/\.[^.]+$/, `.${format}`));
  }

  async function cells(): Promise<AccessibilityNode[]> {
    const observation = await env.observe(handle, { accessibility: true });
    return (observation.accessibility ?? []).filter((node) => node.role === 'cell');
  }

  /** Open a workbook with Calc through `open`, and wait until its cells are in the accessibility tree. */
  async function openWorkbook(name: string): Promise<void> {
    const opened = await env.act(handle, { type: 'open', target: `localc --norestore --nologo ${name}` });
    expect(opened).toMatchObject({ ok: true });
    const window = await env.waitForWindow(handle, `${name} - LibreOffice Calc`, { timeoutMs: LIBREOFFICE_MS });
    expect(window).toBeDefined();
    expect(await env.focusWindow(handle, window!.id)).toEqual({ ok: true });
    await eventually(
      'cell A2 in the accessibility tree',
      async () => (await cells()).find((cell) => cell.name === 'A2' && cell.value === 'apple'),
      LIBREOFFICE_MS,
    );
  }

  /**
   * Click a cell found through accessibility until accessibility reports it focused (a click
   * while Calc is still busy after opening can be lost), type into it, press Enter, and wait
   * until accessibility shows the value.
   */
  async function typeIntoCell(name: string, text: string): Promise<void> {
    await eventually(
      `${name} to take the focus`,
      async () => {
        const cell = (await cells()).find((candidate) => candidate.name === name);
        if (cell === undefined) return undefined;
        if (cell.focused === true) return true;
        const { x, y, width, height } = cell.box;
        expect((await env.act(handle, { type: 'click', at: { x: x + width / 2, y: y + height / 2 } })).ok).toBe(true);
        return undefined;
      },
      LIBREOFFICE_MS,
    );
    expect((await env.act(handle, { type: 'type', text })).ok).toBe(true);
    expect((await env.act(handle, { type: 'key', keys: ['Enter'] })).ok).toBe(true);
    await eventually(
      `${name} holding '${text}'`,
      async () => (await cells()).find((candidate) => candidate.name === name && candidate.value === text),
      LIBREOFFICE_MS,
    );
  }

  /**
   * Press Control+S; when Calc asks which format to use ("Confirm File Format"), click the button
   * that keeps the file's own one, found through accessibility. Then wait until the file is rewritten.
   */
  async function save(file: string, expectFormatQuestion: boolean): Promise<void> {
    const before = (await stat(file)).mtimeMs;
    expect((await env.act(handle, { type: 'key', keys: ['Control', 's'] })).ok).toBe(true);
    let asked = false;
    await eventually(
      `${file} to be saved`,
      async () => {
        const dialog = (await env.listWindows(handle)).find((window) => window.title === 'Confirm File Format');
        if (dialog !== undefined && !asked) {
          const nodes = (await env.observe(handle, { accessibility: true })).accessibility ?? [];
          const keep = nodes.find((node) => node.role === 'button' && /^Use Excel/.test(node.name));
          if (keep !== undefined) {
            asked = true;
            const { x, y, width, height } = keep.box;
            await env.act(handle, { type: 'click', at: { x: x + width / 2, y: y + height / 2 } });
          }
        }
        return (await stat(file)).mtimeMs > before ? true : undefined;
      },
      LIBREOFFICE_MS,
    );
    expect(asked).toBe(expectFormatQuestion);
  }

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sandpiper-calc-test-'));
    await writeFile(join(directory, 'book.csv'), 'item,qty\napple,3\npear,5\n');
    await convert(join(directory, 'book.csv'), 'ods', directory);
    await convert(join(directory, 'book.csv'), 'xlsx', directory);
    // A generous snapshot budget: beside other test files on two cores, walking Calc's tree can
    // take seconds, and a cut snapshot would drop the cells this test reads.
    env = await launchDesktopEnvironment(handle, {
      workingDirectory: directory,
      accessibilityLimits: { ...DEFAULT_ACCESSIBILITY_LIMITS, budgetMs: 20_000 },
    });
  }, 2 * LIBREOFFICE_MS);

  afterAll(async () => {
    await env?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads the sheet through AT-SPI, types into a cell, saves with Control+S, and the file holds the value', async () => {
    expect(env.info.accessibility).toBe(true);
    await openWorkbook('book.ods');
    const started = performance.now();
    const snapshot = await env.observe(handle, { accessibility: true });
    const elapsed = performance.now() - started;
    const roles = new Set(snapshot.accessibility!.map((node) => node.role));
    expect([...roles]).toEqual(expect.arrayContaining(['button', 'cell', 'menuitem', 'grid', 'textbox']));
    expect(snapshot.accessibility!.find((node) => node.role === 'button' && node.name === 'Save')).toBeDefined();
    expect(snapshot.title).toBe('book.ods - LibreOffice Calc');
    handle.log(`observe with an AT-SPI snapshot of Calc took ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(15_000);

    await typeIntoCell('C2', 'Sandpiper 42');
    await save(join(directory, 'book.ods'), false);
    const csv = await readFile(await convert(join(directory, 'book.ods'), 'csv', join(directory, 'out-ods')), 'utf8');
    expect(csv.split(/\r?\n/)[1]).toBe('apple,3,Sandpiper 42');
  });

  it('keeps the current format when saving a workbook that is not ODF', async () => {
    await openWorkbook('book.xlsx');
    await typeIntoCell('C3', 'kept as xlsx');
    await save(join(directory, 'book.xlsx'), true);
    const csv = await readFile(await convert(join(directory, 'book.xlsx'), 'csv', join(directory, 'out-xlsx')), 'utf8');
    expect(csv.split(/\r?\n/)[2]).toBe('pear,5,kept as xlsx');
  });
});
