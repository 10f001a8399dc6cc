/**
 * Held-out desktop tasks: 18 instructions on the three LibreOffice scenarios of
 * `@sandpiper/desktop-scenarios`, written independently of the agent and of the package's own tasks.
 * Per scenario: two phrased as explicit UI steps, three as goals, one that should be clarified.
 *
 * Every check reads only the saved document and compares it against a freshly prepared copy of
 * the scenario: the requested change must be there and everything else must be as prepared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  getDesktopScenario,
  prepareDesktopScenario,
  readSpreadsheet,
  readTextDocument,
  type DesktopCheckResult,
  type DesktopScenarioName,
  type DesktopTask,
  type SheetCell,
  type TextParagraph,
} from '@sandpiper/desktop-scenarios';

/** How an instruction is phrased: explicit UI steps, a goal, or a request that should be clarified. */
export type HeldOutPhrasing = 'ui-steps' | 'goal' | 'clarify';

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

class CheckFailure extends Error {}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

/** Run a check body; any error (missing file, broken zip, unexpected shape) is a failed verdict. */
async function guarded(body: () => Promise<DesktopCheckResult>): Promise<DesktopCheckResult> {
  try {
    return await body();
  } catch (error) {
    const prefix = error instanceof CheckFailure ? '' : 'could not read the saved document: ';
    return { ok: false, detail: prefix + oneLine(error) };
  }
}

const verdict = (problem: string | undefined, seen: string): DesktopCheckResult =>
  problem === undefined
    ? { ok: true, detail: `${seen}; everything else as prepared` }
    : { ok: false, detail: `${seen}; ${problem}` };

/** Quote a value for a detail line, shortened. */
function q(value: string | undefined): string {
  if (value === undefined) return '(none)';
  const flat = value.replace(/\n/g, '\\n');
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 57)}...` : flat);
}

/** The document path of a scenario in a session directory (`incidents.ods`). */
function documentPath(dir: string, scenario: DesktopScenarioName): string {
  const info = getDesktopScenario(scenario);
  return join(dir, `${info.baseName}.${info.formats[0]}`);
}

/** Prepare a fresh copy of the scenario in a temporary directory and hand its path to `read`. */
async function withPreparedCopy<T>(scenario: DesktopScenarioName, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'heldout-baseline-'));
  try {
    const prepared = await prepareDesktopScenario(scenario, dir);
    return await read(prepared.document);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

// ---------------------------------------------------------------------------------------------
// Spreadsheets
// ---------------------------------------------------------------------------------------------

type Rows = readonly (readonly SheetCell[])[];

/** What a cell should hold: its value, and its boldness when that matters (undefined: either). */
interface ExpectedCell {
  value: string;
  bold?: boolean;
}

type ExpectedGrid = ExpectedCell[][];

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const address = (row: number, column: number): string => `${columnLetter(column)}${row + 1}`;

/** Parse `E15` into 0-based row and column. */
function cellAt(name: string): { row: number; column: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(name);
  if (match === null) throw new Error(`bad cell address ${name}`);
  const column = [...match[1]!].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
  return { row: Number(match[2]) - 1, column };
}

/** The one sheet of the saved spreadsheet, which must be named `sheetName`. */
async function loadSheet(file: string, sheetName: string): Promise<Rows> {
  const content = await readSpreadsheet(file);
  const names = content.sheets.map((sheet) => sheet.name);
  const sheet = content.sheets.find((candidate) => candidate.name === sheetName);
  if (sheet === undefined) throw new CheckFailure(`no sheet ${q(sheetName)} (sheets: ${names.join(', ') || 'none'})`);
  if (content.sheets.length !== 1) throw new CheckFailure(`expected one sheet, found ${names.join(', ')}`);
  return sheet.rows;
}

function sheetNameOf(scenario: DesktopScenarioName): string {
  const info = getDesktopScenario(scenario);
  if (info.kind !== 'spreadsheet') throw new Error(`${scenario} is not a spreadsheet scenario`);
  return info.sheetName;
}

const sheetBaselines = new Map<DesktopScenarioName, () => Promise<Rows>>();

/** The rows of a freshly prepared copy of a spreadsheet scenario. */
function baselineRows(scenario: DesktopScenarioName): Promise<Rows> {
  let load = sheetBaselines.get(scenario);
  if (load === undefined) {
    load = cached(() => withPreparedCopy(scenario, (file) => loadSheet(file, sheetNameOf(scenario))));
    sheetBaselines.set(scenario, load);
  }
  return load();
}

/** The prepared rows as expectations: every value, and the boldness of every non-empty cell. */
function expectationsFrom(rows: Rows): ExpectedGrid {
  return rows.map((row) =>
    row.map((cell) => (cell.value === '' && cell.text === '' ? { value: '' } : { value: cell.value, bold: cell.bold })),
  );
}

const valueAt = (rows: Rows, row: number, column: number): string => rows[row]?.[column]?.value ?? '';

/** The first way `actual` differs from `expected`, or undefined when it does not. */
function gridDifference(actual: Rows, expected: ExpectedGrid): string | undefined {
  if (actual.length !== expected.length) return `${actual.length} rows, expected ${expected.length}`;
  for (let row = 0; row < expected.length; row++) {
    const width = Math.max(actual[row]?.length ?? 0, expected[row]?.length ?? 0);
    for (let column = 0; column < width; column++) {
      const seen = actual[row]?.[column];
      const want = expected[row]?.[column];
      const seenValue = seen?.value ?? '';
      const wantValue = want?.value ?? '';
      if (seenValue !== wantValue) return `${address(row, column)} is ${q(seenValue)}, expected ${q(wantValue)}`;
      if (want?.bold !== undefined && (seen?.bold ?? false) !== want.bold) {
        return `${address(row, column)} is ${seen?.bold ? 'bold' : 'not bold'}, expected ${want.bold ? 'bold' : 'not bold'}`;
      }
    }
  }
  return undefined;
}

/** Set a cell of an expected grid, padding rows and cells as needed. */
function setExpected(grid: ExpectedGrid, name: string, cell: ExpectedCell): void {
  const { row, column } = cellAt(name);
  while (grid.length <= row) grid.push([]);
  const cells = grid[row]!;
  while (cells.length <= column) cells.push({ value: '' });
  cells[column] = cell;
}

/** Drop trailing empty cells and rows, as the reader does. */
function trimGrid(grid: ExpectedGrid): ExpectedGrid {
  for (const cells of grid) while (cells.length > 0 && cells.at(-1)!.value === '') cells.pop();
  while (grid.length > 0 && grid.at(-1)!.length === 0) grid.pop();
  return grid;
}

/** The 0-based index of the row whose column `column` holds `value` in the prepared copy. */
function rowWhere(rows: Rows, column: number, matches: (value: string) => boolean, what: string): number {
  const found = rows.findIndex((cells, index) => index > 0 && matches(cells[column]?.value ?? ''));
  if (found < 0) throw new Error(`the prepared document has no row for ${what}`);
  return found;
}

interface SheetCheck {
  /** The expected sheet, from the prepared one. */
  expect(baseline: Rows): ExpectedGrid;
  /** The key values seen, for the detail line. */
  seen(actual: Rows, baseline: Rows): string;
  /** Anything beyond values and boldness, such as a formula. */
  extra?(actual: Rows): string | undefined;
}

function sheetCheck(scenario: DesktopScenarioName, spec: SheetCheck): (dir: string) => Promise<DesktopCheckResult> {
  return (dir) =>
    guarded(async () => {
      const baseline = await baselineRows(scenario);
      const actual = await loadSheet(documentPath(dir, scenario), sheetNameOf(scenario));
      const seen = spec.seen(actual, baseline);
      const problem = gridDifference(actual, trimGrid(spec.expect(baseline))) ?? spec.extra?.(actual);
      return verdict(problem, seen);
    });
}

/** A check that the listed cells were set and nothing else changed. */
function cellsSet(
  scenario: DesktopScenarioName,
  cells: Readonly<Record<string, string>>,
  extra?: (actual: Rows) => string | undefined,
): (dir: string) => Promise<DesktopCheckResult> {
  return sheetCheck(scenario, {
    expect(baseline) {
      const grid = expectationsFrom(baseline);
      for (const [name, value] of Object.entries(cells)) {
        const { row, column } = cellAt(name);
        const before = grid[row]?.[column];
        // A cell that already held something keeps its boldness; a new one may be formatted freely.
        setExpected(grid, name, before?.bold === undefined ? { value } : { value, bold: before.bold });
      }
      return grid;
    },
    seen(actual) {
      return Object.keys(cells)
        .map((name) => {
          const { row, column } = cellAt(name);
          return `${name}=${q(valueAt(actual, row, column))}`;
        })
        .join(', ');
    },
    ...(extra ? { extra } : {}),
  });
}

/** A check that the given cell holds a formula matching `pattern`. */
function formulaIn(name: string, pattern: RegExp): (actual: Rows) => string | undefined {
  return (actual) => {
    const { row, column } = cellAt(name);
    const formula = actual[row]?.[column]?.formula;
    if (formula === undefined) return `${name} holds no formula`;
    return pattern.test(formula) ? undefined : `${name} formula is ${q(formula)}`;
  };
}

/** A check that one row (found in the prepared copy) was removed and the rest kept in order. */
function rowDeleted(
  scenario: DesktopScenarioName,
  column: number,
  matches: (value: string) => boolean,
  what: string,
): (dir: string) => Promise<DesktopCheckResult> {
  return sheetCheck(scenario, {
    expect(baseline) {
      const index = rowWhere(baseline, column, matches, what);
      return expectationsFrom(baseline.filter((_, row) => row !== index));
    },
    seen(actual) {
      const left = actual.flatMap((cells, row) => (row > 0 && matches(cells[column]?.value ?? '') ? [row + 1] : []));
      return `${actual.length} rows; ${what} ${left.length === 0 ? 'gone' : `still at row ${left.join(', ')}`}`;
    },
  });
}

/** A check that, in `column`, exactly the data cells picked by `pick` became bold. */
function boldWhere(
  scenario: DesktopScenarioName,
  column: number,
  pick: (cells: readonly SheetCell[]) => boolean,
): (dir: string) => Promise<DesktopCheckResult> {
  return sheetCheck(scenario, {
    expect(baseline) {
      const grid = expectationsFrom(baseline);
      baseline.forEach((cells, row) => {
        const cell = grid[row]?.[column];
        if (row > 0 && cell !== undefined && pick(cells)) cell.bold = true;
      });
      return grid;
    },
    seen(actual) {
      const bold = actual.flatMap((cells, row) => (row > 0 && cells[column]?.bold ? [address(row, column)] : []));
      return `bold in column ${columnLetter(column)}: ${bold.join(' ') || 'none'}`;
    },
  });
}

/** A check that every listed row's cell in `column` changed from `from` to `to`. */
function replacedInColumn(
  scenario: DesktopScenarioName,
  column: number,
  from: string,
  to: string,
): (dir: string) => Promise<DesktopCheckResult> {
  return sheetCheck(scenario, {
    expect(baseline) {
      const grid = expectationsFrom(baseline);
      let count = 0;
      baseline.forEach((cells, row) => {
        const cell = grid[row]?.[column];
        if (row > 0 && cell !== undefined && cells[column]?.value === from) {
          cell.value = to;
          count++;
        }
      });
      if (count === 0) throw new Error(`the prepared document has no ${from} in column ${columnLetter(column)}`);
      return grid;
    },
    seen(actual) {
      const count = (value: string): number =>
        actual.filter((cells, row) => row > 0 && cells[column]?.value === value).length;
      return `${from}: ${count(from)} cells, ${to}: ${count(to)} cells`;
    },
  });
}

/** A clarify check: the saved sheet must be exactly the prepared one. */
function sheetUnchanged(scenario: DesktopScenarioName): (dir: string) => Promise<DesktopCheckResult> {
  return sheetCheck(scenario, {
    expect: expectationsFrom,
    seen(actual) {
      return `${actual.length} rows`;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Text documents
// ---------------------------------------------------------------------------------------------

interface ExpectedParagraph {
  text: string;
  /** The named style, or undefined when any style will do. */
  style?: string;
  /** Per character: bold or not; undefined for a character that may be either. */
  bold: (boolean | undefined)[];
}

const REPORT: DesktopScenarioName = 'site-report';

async function loadParagraphs(file: string): Promise<readonly TextParagraph[]> {
  return (await readTextDocument(file)).paragraphs;
}

const baselineParagraphs = cached(() => withPreparedCopy(REPORT, loadParagraphs));

function expectParagraphs(paragraphs: readonly TextParagraph[]): ExpectedParagraph[] {
  return paragraphs.map((paragraph) => ({ text: paragraph.text, style: paragraph.style, bold: [...paragraph.bold] }));
}

const hasStyle = (paragraph: TextParagraph, style: string): boolean =>
  paragraph.style === style || paragraph.styles.includes(style);

function paragraphDifference(
  actual: readonly TextParagraph[],
  expected: readonly ExpectedParagraph[],
): string | undefined {
  if (actual.length !== expected.length) return `${actual.length} paragraphs, expected ${expected.length}`;
  for (let index = 0; index < expected.length; index++) {
    const seen = actual[index]!;
    const want = expected[index]!;
    const label = `paragraph ${index + 1}`;
    if (seen.text !== want.text) {
      // Quote both from a little before where they first differ, so the difference shows.
      let at = 0;
      while (at < seen.text.length && seen.text[at] === want.text[at]) at++;
      const from = Math.max(0, at - 20);
      const lead = from > 0 ? '...' : '';
      return `${label} reads ${q(lead + seen.text.slice(from))}, expected ${q(lead + want.text.slice(from))}`;
    }
    if (want.style !== undefined && !hasStyle(seen, want.style)) {
      return `${label} has style ${seen.style}, expected ${want.style}`;
    }
    const chars = [...want.text];
    for (let char = 0; char < chars.length; char++) {
      const wanted = want.bold[char];
      const bold = seen.bold[char] ?? false;
      if (wanted !== undefined && bold !== wanted) {
        return `${label} character ${char + 1} (${q(chars[char])}) is ${bold ? 'bold' : 'not bold'}`;
      }
    }
  }
  return undefined;
}

interface TextCheck {
  expect(baseline: readonly TextParagraph[]): ExpectedParagraph[];
  seen(actual: readonly TextParagraph[]): string;
}

function textCheck(spec: TextCheck): (dir: string) => Promise<DesktopCheckResult> {
  return (dir) =>
    guarded(async () => {
      const baseline = await baselineParagraphs();
      const actual = await loadParagraphs(documentPath(dir, REPORT));
      return verdict(paragraphDifference(actual, spec.expect(baseline)), spec.seen(actual));
    });
}

function paragraphIndex(
  paragraphs: readonly TextParagraph[],
  matches: (text: string) => boolean,
  what: string,
): number {
  const index = paragraphs.findIndex((paragraph) => matches(paragraph.text));
  if (index < 0) throw new Error(`the prepared report has no paragraph ${what}`);
  return index;
}

function find(actual: readonly TextParagraph[], matches: (text: string) => boolean): TextParagraph | undefined {
  return actual.find((paragraph) => matches(paragraph.text));
}

const boldSummary = (paragraph: TextParagraph | undefined): string => {
  if (paragraph === undefined) return 'missing';
  const chars = [...paragraph.text];
  const bold = chars.filter((_, index) => paragraph.bold[index]).join('');
  return bold === '' ? 'no bold' : `bold ${q(bold)}`;
};

// ---------------------------------------------------------------------------------------------
// The tasks
// ---------------------------------------------------------------------------------------------

const INCIDENTS: DesktopScenarioName = 'incident-sheet';
const SENSORS: DesktopScenarioName = 'sensor-log';

const ods = { format: 'ods', keepFormatDialog: false } as const;
const odt = { format: 'odt', keepFormatDialog: false } as const;

const hasTime = (time: string) => (value: string) => value.endsWith(` ${time}`);

/** Each task with how its instruction is phrased. */
const entries: readonly (readonly [HeldOutPhrasing, DesktopTask])[] = [
  // ----- incident-sheet -----
  [
    'ui-steps',
    {
      id: 'heldout/incident-sheet/ui-close-e15',
      scenario: INCIDENTS,
      ...ods,
      expect: 'success',
      instruction: 'Click cell E15, type Closed and press Enter, then save the file with Ctrl+S.',
      check: cellsSet(INCIDENTS, { E15: 'Closed' }),
    },
  ],
  [
    'ui-steps',
    {
      id: 'heldout/incident-sheet/ui-minutes-total',
      scenario: INCIDENTS,
      ...ods,
      expect: 'success',
      instruction:
        'Go to cell F27 and enter Total, then press Tab. In G27 type =SUM(G2:G26) and hit Enter. ' +
        'Save with Control+S.',
      check: (dir) =>
        guarded(async () => {
          const baseline = await baselineRows(INCIDENTS);
          let sum = 0;
          for (let row = 1; row < baseline.length; row++) sum += Number(valueAt(baseline, row, 6));
          return cellsSet(
            INCIDENTS,
            { F27: 'Total', G27: String(sum) },
            formulaIn('G27', /SUM\(.*G\$?2.*G\$?26/i),
          )(dir);
        }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/incident-sheet/reassign-inc-2009',
      scenario: INCIDENTS,
      ...ods,
      expect: 'success',
      instruction: 'Put P. Nair as the owner of INC-2009 and save.',
      check: sheetCheck(INCIDENTS, {
        expect(baseline) {
          const grid = expectationsFrom(baseline);
          const row = rowWhere(baseline, 0, (id) => id === 'INC-2009', 'INC-2009');
          grid[row]![5]!.value = 'P. Nair';
          return grid;
        },
        seen(actual, baseline) {
          const row = rowWhere(baseline, 0, (id) => id === 'INC-2009', 'INC-2009');
          return `row ${row + 1} ${q(valueAt(actual, row, 0))} owner ${q(valueAt(actual, row, 5))}`;
        },
      }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/incident-sheet/delete-inc-2016',
      scenario: INCIDENTS,
      ...ods,
      expect: 'success',
      instruction: 'INC-2016 was logged by mistake. Delete its row from the sheet and save it.',
      check: rowDeleted(INCIDENTS, 0, (id) => id === 'INC-2016', 'INC-2016'),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/incident-sheet/bold-severity-4-ids',
      scenario: INCIDENTS,
      ...ods,
      expect: 'success',
      instruction: 'Make the IDs of all the severity 4 incidents bold, then save the sheet.',
      check: boldWhere(INCIDENTS, 0, (cells) => cells[3]?.value === '4'),
    },
  ],
  [
    'clarify',
    {
      id: 'heldout/incident-sheet/clarify-depot-2-incident',
      scenario: INCIDENTS,
      ...ods,
      expect: 'clarify',
      instruction: 'Close the Depot 2 incident and save.',
      check: sheetUnchanged(INCIDENTS),
    },
  ],

  // ----- sensor-log -----
  [
    'ui-steps',
    {
      id: 'heldout/sensor-log/ui-humidity-d12',
      scenario: SENSORS,
      ...ods,
      expect: 'success',
      instruction: 'Select D12 on the Readings sheet, put 46 in it and press Enter. Hit Control+S to save.',
      check: cellsSet(SENSORS, { D12: '46' }),
    },
  ],
  [
    'ui-steps',
    {
      id: 'heldout/sensor-log/ui-max-temperature',
      scenario: SENSORS,
      ...ods,
      expect: 'success',
      instruction:
        'Click cell F1, type Max temp and press Tab. In G1 enter the formula =MAX(C2:C41) and press Enter, ' +
        'then press Ctrl+S.',
      check: (dir) =>
        guarded(async () => {
          const baseline = await baselineRows(SENSORS);
          const temperatures = baseline.slice(1).map((cells) => Number(cells[2]?.value ?? ''));
          const max = String(Math.max(...temperatures));
          return cellsSet(SENSORS, { F1: 'Max temp', G1: max }, formulaIn('G1', /MAX\(.*C\$?2.*C\$?41/i))(dir);
        }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/sensor-log/rename-t-03',
      scenario: SENSORS,
      ...ods,
      expect: 'success',
      instruction: 'Sensor T-03 has been renamed T-04. Change the sensor name on all of its readings and save.',
      check: replacedInColumn(SENSORS, 1, 'T-03', 'T-04'),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/sensor-log/delete-0730-reading',
      scenario: SENSORS,
      ...ods,
      expect: 'success',
      instruction: 'Delete the 07:30 reading from the log and save the file.',
      check: rowDeleted(SENSORS, 0, hasTime('07:30'), 'the 07:30 reading'),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/sensor-log/bold-humidity-over-60',
      scenario: SENSORS,
      ...ods,
      expect: 'success',
      instruction: 'Make every humidity value above 60 % bold and save.',
      check: boldWhere(SENSORS, 3, (cells) => Number(cells[3]?.value ?? '') > 60),
    },
  ],
  [
    'clarify',
    {
      id: 'heldout/sensor-log/clarify-sensor-t-05',
      scenario: SENSORS,
      ...ods,
      expect: 'clarify',
      instruction: 'Remove all the readings from sensor T-05 and save the log.',
      check: sheetUnchanged(SENSORS),
    },
  ],

  // ----- site-report -----
  [
    'ui-steps',
    {
      id: 'heldout/site-report/ui-next-steps-heading-2',
      scenario: REPORT,
      ...odt,
      expect: 'success',
      instruction:
        'Click in the line that says Next steps, choose Heading 2 in the Paragraph Style box on the Formatting ' +
        'toolbar, then save with Ctrl+S.',
      check: textCheck({
        expect(baseline) {
          const expected = expectParagraphs(baseline);
          const heading = expected[paragraphIndex(baseline, (text) => text === 'Next steps', 'Next steps')]!;
          heading.style = 'Heading_20_2';
          // Only the style is asked for; how the heading style's own weight is read does not matter.
          heading.bold = heading.bold.map(() => undefined);
          return expected;
        },
        seen(actual) {
          const paragraph = find(actual, (text) => text.trim() === 'Next steps');
          return `"Next steps" ${paragraph === undefined ? 'missing' : `has style ${paragraph.style}`}`;
        },
      }),
    },
  ],
  [
    'ui-steps',
    {
      id: 'heldout/site-report/ui-contact-line',
      scenario: REPORT,
      ...odt,
      expect: 'success',
      instruction:
        "Click at the end of the paragraph that starts with 'Note:', press Enter, type Contact: J. Kowalski " +
        'and hit Control+S to save.',
      check: textCheck({
        expect(baseline) {
          const expected = expectParagraphs(baseline);
          const note = paragraphIndex(baseline, (text) => text.startsWith('Note:'), "starting 'Note:'");
          const text = 'Contact: J. Kowalski';
          expected.splice(note + 1, 0, { text, bold: [...text].map(() => false) });
          return expected;
        },
        seen(actual) {
          const note = actual.findIndex((paragraph) => paragraph.text.startsWith('Note:'));
          return `${actual.length} paragraphs; after the note: ${note < 0 ? 'no note' : q(actual[note + 1]?.text)}`;
        },
      }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/site-report/fix-recieve',
      scenario: REPORT,
      ...odt,
      expect: 'success',
      instruction: "The report misspells 'receive' as 'recieve'. Fix it everywhere and save.",
      check: textCheck({
        expect(baseline) {
          return expectParagraphs(baseline).map((paragraph) => ({
            ...paragraph,
            text: paragraph.text.replaceAll('recieve', 'receive'),
          }));
        },
        seen(actual) {
          const count = (word: string): number =>
            actual.reduce((sum, paragraph) => sum + paragraph.text.split(word).length - 1, 0);
          return `'recieve' ${count('recieve')}x, 'receive' ${count('receive')}x`;
        },
      }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/site-report/delete-note',
      scenario: REPORT,
      ...odt,
      expect: 'success',
      instruction: 'Delete the note about the provisional September figures and save the report.',
      check: textCheck({
        expect(baseline) {
          const note = paragraphIndex(baseline, (text) => text.startsWith('Note:'), "starting 'Note:'");
          return expectParagraphs(baseline.filter((_, index) => index !== note));
        },
        seen(actual) {
          const note = find(actual, (text) => text.includes('provisional'));
          return `${actual.length} paragraphs; note ${note === undefined ? 'gone' : 'still there'}`;
        },
      }),
    },
  ],
  [
    'goal',
    {
      id: 'heldout/site-report/bold-depot-2',
      scenario: REPORT,
      ...odt,
      expect: 'success',
      instruction: "In the paragraph about Depot 2's loading bay, make the words 'Depot 2' at its start bold and save.",
      check: textCheck({
        expect(baseline) {
          const expected = expectParagraphs(baseline);
          const index = paragraphIndex(baseline, (text) => text.startsWith('Depot 2 remains'), "starting 'Depot 2'");
          const paragraph = expected[index]!;
          // 'Depot 2' bold; the space after it may go either way.
          paragraph.bold = [...paragraph.text].map((_, char) => (char < 7 ? true : char === 7 ? undefined : false));
          return expected;
        },
        seen(actual) {
          return `Depot 2 paragraph: ${boldSummary(find(actual, (text) => text.startsWith('Depot 2 remains')))}`;
        },
      }),
    },
  ],
  [
    'clarify',
    {
      id: 'heldout/site-report/clarify-rename-section',
      scenario: REPORT,
      ...odt,
      expect: 'clarify',
      instruction: "Rename the section heading to 'Summary' and save.",
      check: textCheck({
        expect: expectParagraphs,
        seen(actual) {
          return `${actual.length} paragraphs`;
        },
      }),
    },
  ],
];

/** The held-out tasks, six per scenario. */
export const heldOutDesktopTasks: readonly DesktopTask[] = entries.map(([, task]) => task);

/** How each held-out task's instruction is phrased, by task id. */
export const heldOutPhrasing: Readonly<Record<string, HeldOutPhrasing>> = Object.fromEntries(
  entries.map(([phrasing, task]) => [task.id, phrasing]),
);
