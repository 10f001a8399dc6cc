/**
 * Verify the sensitive-action corpus against real Chromium.
 *
 *   node --import tsx bench/sensitive-actions/verify-corpus.ts
 *
 * For every case of both parts:
 *   - the file validates against case-schema.ts and the id is unique across both parts;
 *   - the html is static and self-contained (no script, no external resource, no request made);
 *   - the target (when the case has one) matches exactly one element with Playwright's
 *     `getByRole(role, { name, exact: true })`, and Chromium's own accessibility tree (CDP
 *     Accessibility.queryAXTree) finds that same element, and only it, under that role and name;
 *   - `type` and `key` targets are editable or focusable controls, `confirm-in-dialog` targets sit
 *     inside a dialog, `shell` cases are sensitive/shell, `open` cases are local-file exactly when
 *     the URL's scheme is file:, javascript:, data: or chrome:.
 * Then per part: each category is present, at least half of the sensitive cases hide the danger from
 * the step text, at least 15 sensitive confirm-in-dialog cases and 15 near-miss harmless cases.
 *
 * Prints the problems, counts per part x label x category, and, for reference, what the current
 * word list (`sensitiveReason` in @sandpiper/core) makes of each part. Exits 1 when any problem.
 */
import { sensitiveReason } from '@sandpiper/core';
import { launchChromium } from '@sandpiper/env-browser';
import type { CDPSession, Page } from 'playwright-core';
import {
  corpusParts,
  loadLocatedCorpus,
  sensitiveCategories,
  type CorpusPart,
  type LocatedCase,
  type SensitiveCase,
} from './case-schema.js';

const MIN_CONFIRM_IN_DIALOG = 15;
const MIN_NEAR_MISS = 15;
const LOCAL_SCHEMES = new Set(['file:', 'javascript:', 'data:', 'chrome:']);
const EDITABLE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

type AriaRole = Parameters<Page['getByRole']>[0];

interface Problem {
  readonly where: string;
  readonly message: string;
}

const problems: Problem[] = [];
const report = (where: string, message: string): void => {
  problems.push({ where, message });
};

const parts = new Map<CorpusPart, LocatedCase[]>();
for (const part of corpusParts) {
  try {
    parts.set(part, await loadLocatedCorpus(part));
  } catch (error: unknown) {
    report(part, error instanceof Error ? error.message : String(error));
    parts.set(part, []);
  }
}
const all = [...parts.values()].flat();

checkUniqueIds(all);
for (const located of all) checkStatic(located);
await checkInChromium(all);
for (const [part, cases] of parts) checkCoverage(part, cases);

printCounts(parts);
printBaseline(parts);
if (problems.length === 0) {
  console.log(`\n${all.length} cases verified, 0 problems.`);
} else {
  console.log(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.log(`  ${problem.where}: ${problem.message}`);
  process.exitCode = 1;
}

function where(located: LocatedCase): string {
  return `${located.file} ${located.case.id}`;
}

function checkUniqueIds(cases: readonly LocatedCase[]): void {
  const seen = new Map<string, LocatedCase>();
  for (const located of cases) {
    const first = seen.get(located.case.id);
    if (first) report(where(located), `id already used in ${first.file}`);
    else seen.set(located.case.id, located);
  }
}

function checkStatic(located: LocatedCase): void {
  const item = located.case;
  const at = where(located);
  const html = item.html;
  if (/<script\b/i.test(html)) report(at, 'html contains a <script>');
  if (/\son[a-z]+\s*=/i.test(html)) report(at, 'html has an inline event handler');
  if (/<(link|iframe|object|embed)\b/i.test(html)) report(at, 'html embeds an external resource');
  if (/\b(src|srcset|poster)\s*=\s*["']?(https?:|\/\/)/i.test(html)) report(at, 'html loads a remote resource');
  if (/url\(\s*["']?(https?:|\/\/)/i.test(html)) report(at, 'html styles load a remote resource');
  if (/<(html|head|body)\b/i.test(html)) report(at, 'html should be the page body only');

  if (item.action === 'shell' && (item.label !== 'sensitive' || item.category !== 'shell')) {
    report(at, 'a shell command is sensitive with category "shell"');
  }
  if (item.action === 'open') {
    let scheme: string | undefined;
    try {
      scheme = new URL(item.url).protocol;
    } catch {
      report(at, `url ${JSON.stringify(item.url)} does not parse`);
    }
    if (scheme !== undefined) {
      const local = LOCAL_SCHEMES.has(scheme);
      if (local && item.category !== 'local-file') report(at, `${scheme} URL should be sensitive/local-file`);
      if (!local && item.category === 'local-file') report(at, `${scheme} URL is not a local-file case`);
    }
  }
  if (item.category === 'local-file' && item.action !== 'open') report(at, 'local-file is for open actions');
  if (item.category === 'shell' && item.action !== 'shell') report(at, 'category shell is for shell actions');
  if (item.action === 'type' && !EDITABLE_ROLES.has(item.target.role)) {
    report(at, `typing into a ${item.target.role}; expected one of ${[...EDITABLE_ROLES].join(', ')}`);
  }
  const tags = item.tags ?? [];
  if (tags.includes('confirm-in-dialog') && item.action !== 'click' && item.action !== 'key') {
    report(at, 'confirm-in-dialog is for click or key actions');
  }
}

function wrap(html: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>case</title></head><body>${html}</body></html>`;
}

async function checkInChromium(cases: readonly LocatedCase[]): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank') requests.push(request.url());
    });
    const cdp = await context.newCDPSession(page);
    for (const located of cases) {
      requests.length = 0;
      await page.setContent(wrap(located.case.html), { waitUntil: 'load' });
      await checkTarget(page, cdp, located);
      for (const url of requests) report(where(located), `the page requested ${url}`);
    }
  } finally {
    await browser.close();
  }
}

async function checkTarget(page: Page, cdp: CDPSession, located: LocatedCase): Promise<void> {
  const item: SensitiveCase = located.case;
  if (item.action === 'open' || item.action === 'shell') return;
  const at = where(located);
  const { role, name } = item.target;
  const ariaRole: AriaRole = role;
  const locator = page.getByRole(ariaRole, { name, exact: true });
  const count = await locator.count();
  if (count !== 1) {
    const sameRole = await page
      .getByRole(ariaRole)
      .evaluateAll((elements) =>
        elements
          .map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim())
          .slice(0, 12),
      );
    report(
      at,
      `getByRole(${role}, ${JSON.stringify(name)}) matched ${count} elements (${role}s: ${sameRole.join(' | ')})`,
    );
    return;
  }

  // The same element in Chromium's own accessibility tree, under the same role and name.
  await locator.evaluate((element) => element.setAttribute('data-verify-target', ''));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-verify-target]' });
  const { node } = await cdp.send('DOM.describeNode', { nodeId });
  const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId: root.nodeId, accessibleName: name, role });
  const exposed = nodes.filter((axNode) => !axNode.ignored);
  if (exposed.length !== 1 || exposed[0]?.backendDOMNodeId !== node.backendNodeId) {
    report(at, `Chromium's accessibility tree has ${exposed.length} ${role} node(s) named ${JSON.stringify(name)}`);
  }

  const inDialog = await locator.evaluate((element) =>
    Boolean(element.closest('dialog, [role="dialog"], [role="alertdialog"]')),
  );
  if ((item.tags ?? []).includes('confirm-in-dialog') && !inDialog) {
    report(at, 'tagged confirm-in-dialog but the target is not inside a dialog');
  }
  if (!(await locator.isEnabled())) report(at, 'the target is disabled');
}

function checkCoverage(part: CorpusPart, cases: readonly LocatedCase[]): void {
  const items = cases.map((located) => located.case);
  const sensitive = items.filter((item) => item.label === 'sensitive');
  const harmless = items.filter((item) => item.label === 'harmless');
  const tagged = (list: readonly SensitiveCase[], tag: string) =>
    list.filter((item) => (item.tags ?? []).some((t) => t === tag)).length;
  // 'program' is an `open` on a desktop or remote machine; the cases are browser pages, which cannot hold one.
  for (const category of sensitiveCategories.filter((name) => name !== 'program')) {
    if (!sensitive.some((item) => item.category === category))
      report(part, `no sensitive case of category ${category}`);
  }
  const hidden = tagged(sensitive, 'step-hides-danger');
  if (hidden * 2 < sensitive.length) {
    report(part, `only ${hidden} of ${sensitive.length} sensitive cases hide the danger from the step text`);
  }
  const confirms = tagged(sensitive, 'confirm-in-dialog');
  if (confirms < MIN_CONFIRM_IN_DIALOG) report(part, `only ${confirms} sensitive confirm-in-dialog cases`);
  const nearMisses = tagged(harmless, 'near-miss');
  if (nearMisses < MIN_NEAR_MISS) report(part, `only ${nearMisses} near-miss harmless cases`);
}

function printCounts(byPart: ReadonlyMap<CorpusPart, readonly LocatedCase[]>): void {
  const columns = [...corpusParts];
  const rows: [string, ...number[]][] = [];
  const count = (part: CorpusPart, test: (item: SensitiveCase) => boolean) =>
    (byPart.get(part) ?? []).filter((located) => test(located.case)).length;
  rows.push(['all cases', ...columns.map((part) => count(part, () => true))]);
  rows.push(['harmless', ...columns.map((part) => count(part, (item) => item.label === 'harmless'))]);
  rows.push(['sensitive', ...columns.map((part) => count(part, (item) => item.label === 'sensitive'))]);
  for (const category of sensitiveCategories) {
    rows.push([`  sensitive/${category}`, ...columns.map((part) => count(part, (item) => item.category === category))]);
  }
  const withTag = (label: string, tag: string) => (item: SensitiveCase) =>
    item.label === label && (item.tags ?? []).some((t) => t === tag);
  rows.push([
    'sensitive, step hides danger',
    ...columns.map((p) => count(p, withTag('sensitive', 'step-hides-danger'))),
  ]);
  rows.push([
    'sensitive, confirm in dialog',
    ...columns.map((p) => count(p, withTag('sensitive', 'confirm-in-dialog'))),
  ]);
  rows.push(['harmless, confirm in dialog', ...columns.map((p) => count(p, withTag('harmless', 'confirm-in-dialog')))]);
  rows.push(['harmless, near miss', ...columns.map((p) => count(p, withTag('harmless', 'near-miss')))]);
  rows.push([
    'typed verb (any label)',
    ...columns.map((p) => count(p, (item) => (item.tags ?? []).includes('typed-verb'))),
  ]);
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(`\n${''.padEnd(width)}  ${columns.map((c) => c.padStart(7)).join('  ')}`);
  for (const [title, ...values] of rows) {
    console.log(`${title.padEnd(width)}  ${values.map((v) => String(v).padStart(7)).join('  ')}`);
  }
}

/** What the word list in use today makes of each part (step text and target name, as the agent passes them). */
function printBaseline(byPart: ReadonlyMap<CorpusPart, readonly LocatedCase[]>): void {
  console.log('\nCurrent word list (sensitiveReason), for reference:');
  for (const [part, cases] of byPart) {
    let caught = 0;
    let sensitive = 0;
    let falseAlarms = 0;
    let harmless = 0;
    for (const { case: item } of cases) {
      const name = 'target' in item ? item.target.name : undefined;
      const flagged = sensitiveReason(item.action, [item.step, name]) !== undefined;
      if (item.label === 'sensitive') {
        sensitive += 1;
        if (flagged) caught += 1;
      } else {
        harmless += 1;
        if (flagged) falseAlarms += 1;
      }
    }
    console.log(`  ${part}: flags ${caught}/${sensitive} sensitive, ${falseAlarms}/${harmless} harmless`);
  }
}
