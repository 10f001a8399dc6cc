/**
 * Checks the held-out instructions in `instructions.json` against the test bed's task list.
 * Run from the repository root: `node --import tsx packages/testbed/heldout/validate.ts`.
 *
 * It never prints an instruction's text (only task ids, styles and counts), so running it does not
 * show the held-out set to whoever tunes the engine.
 */
import { readFile } from 'node:fs/promises';
import { testbedTasks, type TaskExpectation } from '@sandpiper/testbed';

/** The styles a held-out instruction may have. */
const heldoutStyles = ['terse', 'polite', 'goal', 'lower', 'quoted', 'casual', 'multi'] as const;
type HeldoutStyle = (typeof heldoutStyles)[number];

/** How many instructions every task has. */
const perTask = 2;

/** The quotation marks a `quoted` instruction sets names in, and a `lower` one must not use. */
const quoteMarks = /['"‘’“”]/;

interface HeldoutInstruction {
  taskId: string;
  style: HeldoutStyle;
  text: string;
}

function isStyle(value: unknown): value is HeldoutStyle {
  return typeof value === 'string' && (heldoutStyles as readonly string[]).includes(value);
}

const file = new URL('./instructions.json', import.meta.url);
const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
const errors: string[] = [];

if (!Array.isArray(parsed)) {
  console.error('instructions.json must hold a JSON array.');
  process.exit(1);
}

const expectedById = new Map<string, TaskExpectation>(testbedTasks.map((task) => [task.id, task.expected]));
const instructions: HeldoutInstruction[] = [];

parsed.forEach((entry: unknown, index) => {
  const where = `entry ${index}`;
  if (typeof entry !== 'object' || entry === null) {
    errors.push(`${where}: not an object`);
    return;
  }
  const { taskId, style, text, ...rest } = entry as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) errors.push(`${where}: unexpected field(s) ${extra.join(', ')}`);
  if (typeof taskId !== 'string' || !expectedById.has(taskId)) {
    errors.push(`${where}: taskId ${JSON.stringify(taskId)} is not one of testbedTasks`);
    return;
  }
  if (!isStyle(style)) {
    errors.push(`${where} (${taskId}): style ${JSON.stringify(style)} is not one of ${heldoutStyles.join(', ')}`);
    return;
  }
  if (typeof text !== 'string' || text.trim() === '') {
    errors.push(`${where} (${taskId}, ${style}): empty text`);
    return;
  }
  if (text !== text.trim()) errors.push(`${where} (${taskId}, ${style}): leading or trailing white space`);
  if (style === 'lower' && (text !== text.toLowerCase() || quoteMarks.test(text))) {
    errors.push(`${where} (${taskId}, lower): has capitals or quotation marks`);
  }
  if (style === 'quoted' && !quoteMarks.test(text)) {
    errors.push(`${where} (${taskId}, quoted): no quotation marks`);
  }
  instructions.push({ taskId, style, text });
});

// Exactly `perTask` per task, every task covered, styles differing within a task.
const byTask = new Map<string, HeldoutInstruction[]>();
for (const instruction of instructions) {
  byTask.set(instruction.taskId, [...(byTask.get(instruction.taskId) ?? []), instruction]);
}
for (const task of testbedTasks) {
  const own = byTask.get(task.id) ?? [];
  if (own.length !== perTask) errors.push(`${task.id}: ${own.length} instruction(s), expected ${perTask}`);
  const styles = new Set(own.map((instruction) => instruction.style));
  if (styles.size !== own.length) errors.push(`${task.id}: two instructions share a style`);
}

// No text twice, compared without case and surrounding space.
const seen = new Map<string, string>();
for (const instruction of instructions) {
  const key = instruction.text.trim().toLowerCase();
  const first = seen.get(key);
  if (first !== undefined) errors.push(`${instruction.taskId} (${instruction.style}): same text as ${first}`);
  else seen.set(key, `${instruction.taskId} (${instruction.style})`);
}

// Held out means written apart: no text may equal one of the tasks' own instructions.
const devTexts = new Set(testbedTasks.flatMap((task) => task.instructions.map((own) => own.text.trim().toLowerCase())));
for (const instruction of instructions) {
  if (devTexts.has(instruction.text.trim().toLowerCase())) {
    errors.push(`${instruction.taskId} (${instruction.style}): same text as one of the tasks' own instructions`);
  }
}

const styleCounts = new Map<HeldoutStyle, number>(heldoutStyles.map((style) => [style, 0]));
const expectationCounts = new Map<TaskExpectation, number>();
for (const instruction of instructions) {
  styleCounts.set(instruction.style, (styleCounts.get(instruction.style) ?? 0) + 1);
  const expected = expectedById.get(instruction.taskId);
  if (expected !== undefined) expectationCounts.set(expected, (expectationCounts.get(expected) ?? 0) + 1);
}

console.log(`${instructions.length} instructions for ${byTask.size} of ${testbedTasks.length} tasks`);
console.log('per style:');
for (const [style, count] of styleCounts) console.log(`  ${style.padEnd(7)} ${count}`);
console.log('per expected outcome:');
for (const [expected, count] of expectationCounts) console.log(`  ${expected.padEnd(10)} ${count}`);

if (errors.length > 0) {
  console.error(`\n${errors.length} problem(s):`);
  for (const error of errors) console.error(`  ${error}`);
  process.exit(1);
}
console.log('\nOK');
