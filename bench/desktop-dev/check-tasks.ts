/**
 * Sanity run for the development step tasks: the set is well formed, and every check fails on the
 * untouched document (so no task passes before the work is done). Exits 1 on any mismatch.
 *
 *   node --import tsx bench/desktop-dev/check-tasks.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDesktopScenario, type DesktopScenarioName } from '@sandpiper/desktop-scenarios';
import { devStepTasks } from './tasks.js';

const problems: string[] = [];
const scenarios: readonly DesktopScenarioName[] = ['incident-sheet', 'sensor-log', 'site-report'];

if (devStepTasks.length !== 15) problems.push(`${devStepTasks.length} tasks (want 15)`);
const ids = new Set<string>();
for (const task of devStepTasks) {
  if (ids.has(task.id)) problems.push(`duplicate id ${task.id}`);
  ids.add(task.id);
  if (!task.id.startsWith(`dev/${task.scenario}/`)) problems.push(`${task.id}: id does not name ${task.scenario}`);
  const format = task.scenario === 'site-report' ? 'odt' : 'ods';
  if (task.format !== format) problems.push(`${task.id}: format ${task.format} (want ${format})`);
  if (task.expect !== 'success' || task.keepFormatDialog) problems.push(`${task.id}: expect/keepFormatDialog`);
  if (!/(Control|Ctrl)\+S\.?$/.test(task.instruction.trim())) problems.push(`${task.id}: does not end with a save`);
}
for (const scenario of scenarios) {
  const count = devStepTasks.filter((task) => task.scenario === scenario).length;
  if (count !== 5) problems.push(`${scenario}: ${count} tasks (want 5)`);
}

const root = await mkdtemp(join(tmpdir(), 'desktop-dev-check-'));
try {
  for (const [index, task] of devStepTasks.entries()) {
    const dir = join(root, String(index));
    await prepareDesktopScenario(task.scenario, dir, { format: task.format });
    const result = await task.check(dir);
    const verdict = result.ok ? 'PASSES (should fail)' : 'fails as it should';
    console.log(`${task.id}: ${verdict}: ${result.detail}`);
    if (result.ok) problems.push(`${task.id}: check passes on the untouched document`);
    const missing = await task.check(join(root, 'missing'));
    if (missing.ok) problems.push(`${task.id}: check passes with no document`);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nAll ${devStepTasks.length} tasks well formed; every check fails on the untouched document.`);
