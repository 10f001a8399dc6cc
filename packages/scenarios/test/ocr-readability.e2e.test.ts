import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScenarioServer, type ScenarioServer } from '../src/index.js';
import { launchChromium, openPage } from './browser.js';

// The apps must be usable by an agent that only reads pixels: real tesseract, in sparse-text mode
// (the mode suited to screenshots of UIs), must find the labels, buttons and figures that tasks
// name on the first screen of each app.
const run = promisify(execFile);
let server: ScenarioServer;
let browser: Browser;
let folder: string;

beforeAll(async () => {
  [server, browser, folder] = await Promise.all([
    startScenarioServer(),
    launchChromium(),
    mkdtemp(join(tmpdir(), 'sandpiper-ocr-')),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

const expectations = [
  ['expense-report', ['New expense report', 'Employee name', 'Email', 'Department', 'Trip date', 'Next']],
  ['machine-status', ['Machine status', 'Search machines', 'Restart selected', 'Boiler-01', 'Plant A, Utilities']],
  ['sales-charts', ['Sales performance', 'Metric', 'Region', 'Apply', 'Total revenue: 13,814,665', 'Revenue by month']],
] as const;

describe.each(expectations)('the %s app read by OCR', (scenario, phrases) => {
  it('shows its key labels as legible text', async () => {
    const page = await openPage(browser, server.urlFor(scenario, { session: 'ocr' }));
    const image = join(folder, `${scenario}.png`);
    try {
      await writeFile(image, await page.screenshot());
    } finally {
      await page.context().close();
    }
    const { stdout } = await run('tesseract', [image, 'stdout', '--psm', '11'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    for (const phrase of phrases) expect(stdout, phrase).toContain(phrase);
  });
});
