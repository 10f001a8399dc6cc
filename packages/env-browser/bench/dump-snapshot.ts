/**
 * Print the accessibility snapshot of the expense form fixture, one node per line, to see what a
 * grounder receives. Run from the repository root: `npx tsx packages/env-browser/bench/dump-snapshot.ts`.
 */
import { createHandle } from '@sandpiper/core';
import { launchBrowserEnvironment } from '../src/index.js';
import { startFixtureServer } from '../test/fixture-server.js';
import { EXPENSE_FORM_PAGE } from '../test/pages.js';

const server = await startFixtureServer({ '/form.html': EXPENSE_FORM_PAGE });
const env = await launchBrowserEnvironment({ url: server.url('/form.html') });
const observation = await env.observe(createHandle(), { accessibility: true });
for (const node of observation.accessibility ?? []) console.log(JSON.stringify(node));
await env.close();
await server.close();
