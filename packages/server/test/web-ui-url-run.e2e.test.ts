import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';
import { join } from 'node:path';
import { byTestId, ensureWebBuild, launchChromium, screenshotter, UI_ARTIFACTS, WEB_ROOT } from './web-ui-driver.js';

/** A page of the person's own, not a built-in scenario: served on loopback for the run to open. */
const PAGE = `<!doctype html><html lang="en"><head><title>Newsletter</title></head><body>
<h1>Join the newsletter</h1>
<form><label for="email">Email address</label> <input id="email" type="email" autocomplete="off"></form>
</body></html>`;
const SERVER_WAIT = { timeout: 60_000, interval: 100 };

let site: Server;
let siteUrl: string;
let test: TestServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  await ensureWebBuild();
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/join`;
  test = await startTestServer({ webRoot: WEB_ROOT });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await test?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('the web UI on a page of the person’s own', () => {
  it('runs a task on a URL with the engine chosen in the form and links the report', async () => {
    const shoot = screenshotter(page);
    await page.goto(`${test.server.url}/#token=${test.server.token}`);
    const form = byTestId(page, 'create-run-form');
    await form.getByTestId('create-run-target-url').click();
    await form.getByTestId('create-run-url').fill(siteUrl);
    await form.getByTestId('create-run-instruction').fill("Type 'ada@example.com' into the 'Email address' field");
    await expect.poll(() => form.getByTestId('create-run-engine-note').textContent()).toContain('built-in rules');
    await form.getByTestId('create-run-engine-builtin').click();
    await form.getByTestId('create-run-approval-auto-all').click();
    await shoot('url-01-form');
    await form.getByTestId('create-run-submit').click();

    const runPage = byTestId(page, 'run-page');
    await runPage.waitFor();
    const runId = (await runPage.getAttribute('data-run-id'))!;
    await expect
      .poll(async () => (await test.get(`/api/runs/${runId}`)).body.summary.status, SERVER_WAIT)
      .toBe('succeeded');
    await byTestId(page, 'status-phase', { phase: 'done' }).waitFor();
    expect(await byTestId(page, 'status-engine').textContent()).toContain('built-in rules');
    const task = (await test.get(`/api/runs/${runId}`)).body.state.task;
    expect(task).toMatchObject({ environment: { type: 'url', url: siteUrl }, approval: 'auto-all' });
    await shoot('url-02-succeeded');

    // The report link opens the run's HTML report, token in the query as for images.
    const href = await byTestId(page, 'run-report-link').getAttribute('href');
    expect(href).toContain(`/api/runs/${runId}/report`);
    const report = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    report.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await report.goto(href!);
    expect(await report.locator('h1').textContent()).toContain(runId);
    expect(await report.content()).toContain('ada@example.com');
    await report.screenshot({ path: join(UI_ARTIFACTS, 'url-03-report.png') });
    // Its style and script run under the report's own policy: nothing was blocked.
    expect(errors).toEqual([]);
    await report.close();
  });

  it('names the field to fix when the address is not one a browser can open', async () => {
    await page.goto(`${test.server.url}/#token=${test.server.token}`);
    const form = byTestId(page, 'create-run-form');
    await form.getByTestId('create-run-target-url').click();
    await form.getByTestId('create-run-url').fill('file:///etc/passwd');
    await form.getByTestId('create-run-instruction').fill('Read the file');
    await form.getByTestId('create-run-submit').click();
    expect(await form.getByTestId('create-run-error').textContent()).toContain('environment.url');
  });
});
