/**
 * Validates the APG task set's checkers against the real example pages (no agent involved).
 *
 *   cd /work/main && node --import tsx bench/apg/validate.ts            all tasks
 *   node --import tsx bench/apg/validate.ts --only listbox               ids containing "listbox"
 *   node --import tsx bench/apg/validate.ts --workers 1                  one page at a time (default: cores + 1, at most 4)
 *
 * For every task, on a freshly loaded page the check must FAIL for `done` tasks and PASS for
 * `ask` / `infeasible` tasks; after the task's reference solution the `done` check must PASS.
 * Every page-state reader must also read exactly its hard-coded initial state on a fresh page,
 * and every near miss (an action close to a task's goal) must make that task's check FAIL.
 * Metadata is checked too (unique ids, 2–3 instructions in distinct styles, a solution for each
 * `done` task and none for the others, example files present). Prints a table; exits 1 on any
 * problem. Uses one headless Chromium and a fresh browser context per page load.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, prepareOfflineContext } from './browser.js';
import { nearMisses, referenceSolutions } from './reference-solutions.js';
import { defaultCorpusRoot, startCorpusServer, type CorpusServer } from './serve-corpus.js';
import type { CheckResult } from './task.js';
import { apgPageStates, apgTasks } from './tasks/index.js';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    workers: { type: 'string' },
  },
});

const pageTimeout = 15_000;

interface Row {
  readonly id: string;
  readonly expected: string;
  readonly fresh: string;
  readonly solved: string;
  readonly nearMiss: string;
  readonly ms: number;
  readonly problems: readonly string[];
}

/** Loads an example in a fresh context, runs `act`, closes the context. */
async function withFreshPage<T>(
  browser: Browser,
  server: CorpusServer,
  example: string,
  act: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await prepareOfflineContext(context);
    context.setDefaultTimeout(pageTimeout);
    const page = await context.newPage();
    await page.goto(server.urlFor(example), { waitUntil: 'load' });
    return await act(page);
  } finally {
    await context.close();
  }
}

function metadataProblems(): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const task of apgTasks) {
    if (ids.has(task.id)) problems.push(`${task.id}: duplicate id`);
    ids.add(task.id);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(task.id)) problems.push(`${task.id}: id is not kebab-case`);
    if (!existsSync(path.join(defaultCorpusRoot, task.example))) problems.push(`${task.id}: no file ${task.example}`);
    const count = task.instructions.length;
    if (count < 2 || count > 3) problems.push(`${task.id}: ${count} instructions (want 2–3)`);
    const styles = new Set(task.instructions.map((instruction) => instruction.style));
    if (styles.size !== count) problems.push(`${task.id}: instruction styles repeat`);
    for (const instruction of task.instructions) {
      if (instruction.style === 'lower' && instruction.text !== instruction.text.toLowerCase()) {
        problems.push(`${task.id}: 'lower' instruction has capitals`);
      }
      if (instruction.style === 'quoted' && !/["“].+["”]/.test(instruction.text)) {
        problems.push(`${task.id}: 'quoted' instruction quotes nothing`);
      }
    }
    const hasSolution = task.id in referenceSolutions;
    if (task.expected === 'done' && !hasSolution) problems.push(`${task.id}: no reference solution`);
    if (task.expected !== 'done' && hasSolution) problems.push(`${task.id}: reference solution for a non-done task`);
  }
  for (const id of Object.keys(referenceSolutions)) {
    if (!ids.has(id)) problems.push(`reference solution for unknown task ${id}`);
  }
  for (const id of Object.keys(nearMisses)) {
    if (!ids.has(id)) problems.push(`near miss for unknown task ${id}`);
  }
  return problems;
}

async function runCheck(check: (page: Page) => Promise<CheckResult>, page: Page): Promise<CheckResult> {
  try {
    return await check(page);
  } catch (error) {
    return { ok: false, detail: `check threw: ${(error as Error).message.split('\n')[0]}` };
  }
}

async function validateTask(browser: Browser, server: CorpusServer, index: number): Promise<Row> {
  const task = apgTasks[index]!;
  const started = Date.now();
  const problems: string[] = [];
  const fresh = await withFreshPage(browser, server, task.example, (page) => runCheck(task.check, page));
  const freshWanted = task.expected !== 'done';
  if (fresh.ok !== freshWanted) {
    problems.push(`fresh page: check ${fresh.ok ? 'passed' : 'failed'} (${fresh.detail})`);
  }
  let solved = '—';
  const solution = referenceSolutions[task.id];
  if (task.expected === 'done' && solution) {
    const result = await withFreshPage(browser, server, task.example, async (page) => {
      try {
        await solution(page);
      } catch (error) {
        return { ok: false, detail: `solution threw: ${(error as Error).message.split('\n')[0]}` };
      }
      return runCheck(task.check, page);
    });
    solved = result.ok ? 'pass' : 'FAIL';
    if (!result.ok) problems.push(`after solution: ${result.detail}`);
  }
  let nearMiss = '—';
  const miss = nearMisses[task.id];
  if (miss) {
    const result = await withFreshPage(browser, server, task.example, async (page) => {
      try {
        await miss(page);
      } catch (error) {
        return { ok: true, detail: `near miss threw: ${(error as Error).message.split('\n')[0]}` };
      }
      return runCheck(task.check, page);
    });
    nearMiss = result.ok ? 'PASS' : 'fail';
    if (result.ok) problems.push(`near miss was accepted: ${result.detail}`);
  }
  return {
    id: task.id,
    expected: task.expected,
    fresh: fresh.ok ? 'pass' : 'fail',
    solved,
    nearMiss,
    ms: Date.now() - started,
    problems,
  };
}

async function validatePageStates(browser: Browser, server: CorpusServer): Promise<string[]> {
  const problems: string[] = [];
  for (const state of apgPageStates) {
    const result = await withFreshPage(browser, server, state.example, (page) => runCheck(state.unchanged(), page));
    if (!result.ok)
      problems.push(`${state.example}: fresh state differs from the hard-coded initial state: ${result.detail}`);
  }
  return problems;
}

async function pool<T>(count: number, workers: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      results[index] = await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, count)) }, worker));
  return results;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

async function main(): Promise<number> {
  const metadata = metadataProblems();
  const selected = apgTasks
    .map((task, index) => ({ task, index }))
    .filter(({ task }) => !options.only || task.id.includes(options.only));
  const server = await startCorpusServer();
  const browser = await launchChromium();
  const started = Date.now();
  try {
    // Page loads are CPU-bound; a little more than one page per core keeps the machine busy.
    const workers = Number.parseInt(options.workers ?? '', 10) || Math.min(4, availableParallelism() + 1);
    const rows = await pool(selected.length, workers, (i) => validateTask(browser, server, selected[i]!.index));
    const stateProblems = options.only ? [] : await validatePageStates(browser, server);

    const idWidth = Math.max(4, ...rows.map((row) => row.id.length));
    console.log(
      `${pad('task', idWidth)}  ${pad('expected', 10)}  ${pad('fresh', 5)}  ${pad('solved', 6)}  ${pad('near', 4)}  ${pad('ms', 6)}  result`,
    );
    for (const row of rows) {
      console.log(
        `${pad(row.id, idWidth)}  ${pad(row.expected, 10)}  ${pad(row.fresh, 5)}  ${pad(row.solved, 6)}  ${pad(row.nearMiss, 4)}  ${pad(String(row.ms), 6)}  ${
          row.problems.length === 0 ? 'ok' : `PROBLEM: ${row.problems.join(' | ')}`
        }`,
      );
    }
    const taskProblems = rows.filter((row) => row.problems.length > 0).length;
    const all = [...metadata, ...stateProblems];
    for (const problem of all) console.log(`PROBLEM: ${problem}`);
    const pages = new Set(selected.map(({ task }) => task.example)).size;
    console.log(
      `\n${rows.length} tasks on ${pages} pages checked in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${taskProblems + all.length} problem(s) (${taskProblems} task, ${metadata.length} metadata, ${stateProblems.length} initial-state)`,
    );
    return taskProblems + all.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

process.exitCode = await main();
