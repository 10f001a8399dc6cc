/**
 * Self-test of the held-out desktop tasks: on an untouched, freshly prepared document every
 * success task's check must fail and every clarify task's check must pass; on a session directory
 * with no document every check must fail without throwing. Also checks the shape of the set.
 *
 *   node --import tsx bench/desktop-heldout/check-tasks.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDesktopScenario, prepareDesktopScenario, type DesktopCheckResult } from '@sandpiper/desktop-scenarios';
import { heldOutDesktopTasks, heldOutPhrasing } from './tasks.js';

const problems: string[] = [];
const problem = (message: string): void => {
  problems.push(message);
  console.log(`  !! ${message}`);
};

async function run(check: () => Promise<DesktopCheckResult>): Promise<DesktopCheckResult> {
  try {
    return await check();
  } catch (error) {
    return { ok: false, detail: `THREW: ${error instanceof Error ? error.message : String(error)}` };
  }
}

// The shape of the set.
const ids = new Set<string>();
const perScenario = new Map<string, Record<string, number>>();
for (const task of heldOutDesktopTasks) {
  if (ids.has(task.id)) problem(`duplicate id ${task.id}`);
  ids.add(task.id);
  if (!task.id.startsWith(`heldout/${task.scenario}/`))
    problem(`${task.id}: id does not start with heldout/${task.scenario}/`);
  const scenario = getDesktopScenario(task.scenario);
  if (task.format !== scenario.formats[0])
    problem(`${task.id}: format ${task.format}, default is ${scenario.formats[0]}`);
  if (task.keepFormatDialog) problem(`${task.id}: keepFormatDialog should be false`);
  const phrasing = heldOutPhrasing[task.id];
  if (phrasing === undefined) problem(`${task.id}: no phrasing recorded`);
  else if ((phrasing === 'clarify') !== (task.expect === 'clarify'))
    problem(`${task.id}: ${phrasing} but expect ${task.expect}`);
  if (task.expect === 'success' && !/save|ctrl\+s|control\+s/i.test(task.instruction)) {
    problem(`${task.id}: a success instruction that does not ask to save`);
  }
  const counts = perScenario.get(task.scenario) ?? {};
  counts[phrasing ?? 'unknown'] = (counts[phrasing ?? 'unknown'] ?? 0) + 1;
  perScenario.set(task.scenario, counts);
}
if (heldOutDesktopTasks.length !== 18) problem(`${heldOutDesktopTasks.length} tasks, expected 18`);
for (const [scenario, counts] of perScenario) {
  const line = `ui-steps ${counts['ui-steps'] ?? 0}, goal ${counts.goal ?? 0}, clarify ${counts.clarify ?? 0}`;
  console.log(`${scenario}: ${line}`);
  if (line !== 'ui-steps 2, goal 3, clarify 1') problem(`${scenario}: expected ui-steps 2, goal 3, clarify 1`);
}
if (perScenario.size !== 3) problem(`tasks cover ${perScenario.size} scenarios, expected 3`);

// Each check against an untouched document and against a missing one.
const root = await mkdtemp(join(tmpdir(), 'heldout-check-'));
try {
  let index = 0;
  for (const task of heldOutDesktopTasks) {
    const dir = join(root, `task-${index++}`);
    await prepareDesktopScenario(task.scenario, dir, { format: task.format });
    const untouched = await run(() => task.check(dir));
    const wanted = task.expect === 'clarify';
    const good = untouched.ok === wanted;
    console.log(
      `${good ? 'ok  ' : 'FAIL'} ${task.id} [${task.expect}] untouched -> ${untouched.ok ? 'pass' : 'fail'}: ${untouched.detail}`,
    );
    if (!good) problem(`${task.id}: on the untouched document the check ${untouched.ok ? 'passed' : 'failed'}`);
    if (untouched.detail.includes('\n')) problem(`${task.id}: detail is not one line`);
    if (untouched.detail.startsWith('THREW')) problem(`${task.id}: the check threw`);

    const empty = join(root, `empty-${index}`);
    const missing = await run(() => task.check(empty));
    if (missing.ok || missing.detail.startsWith('THREW')) {
      problem(`${task.id}: with no document the check gave ok=${missing.ok}: ${missing.detail}`);
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s).`);
  process.exit(1);
}
console.log(`\nAll ${heldOutDesktopTasks.length} held-out tasks behave as expected on untouched documents.`);
