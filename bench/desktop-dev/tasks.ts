/**
 * Development tasks for the desktop scenarios: every instruction is a list of explicit UI steps
 * (click a cell, type, press keys, save), phrased the way different LibreOffice users write them.
 * Each check reads the saved document and compares it with a freshly prepared copy, so it passes
 * only when the requested change is there and nothing else moved.
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
  type DocumentFormat,
  type SheetCell,
  type SpreadsheetContent,
  type TextContent,
  type TextParagraph,
} from '@sandpiper/desktop-scenarios';

// ---------------------------------------------------------------------------------------------
// Baselines: each scenario prepared once into a temporary directory, read, and cached.

const baselines = new Map<string, Promise<unknown>>();

function baseline<T>(
  scenario: DesktopScenarioName,
  format: DocumentFormat,
  read: (file: string) => Promise<T>,
): Promise<T> {
  const key = `${scenario}.${format}`;
  let cached = baselines.get(key) as Promise<T> | undefined;
  if (cached === undefined) {
    cached = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'desktop-dev-baseline-'));
      try {
        const prepared = await prepareDesktopScenario(scenario, dir, { format });
        return await read(prepared.document);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    cached.catch(() => baselines.delete(key));
    baselines.set(key, cached);
  }
  return cached;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const quote = (text: string): string => JSON.stringify(text);

function savedFile(scenario: DesktopScenarioName, format: DocumentFormat, dir: string): string {
  return join(dir, `${getDesktopScenario(scenario).baseName}.${format}`);
}

// ---------------------------------------------------------------------------------------------
// Spreadsheet checks.

interface CellWant {
  /** The value in the reader's canonical spelling; '' for an empty cell. */
  readonly value: string;
  /** Required boldness; when left out, a cell that had content keeps its boldness, a new one is free. */
  readonly bold?: boolean;
}

const EMPTY: SheetCell = { text: '', value: '', bold: false };

function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function describeCell(cell: SheetCell): string {
  return `${quote(cell.value)}${cell.bold ? ' bold' : ''}${cell.formula ? ` formula ${cell.formula}` : ''}`;
}

function compareSheets(
  sheetName: string,
  saved: SpreadsheetContent,
  base: SpreadsheetContent,
  wants: Readonly<Record<string, CellWant>>,
): DesktopCheckResult {
  const sheet = saved.sheets.find((candidate) => candidate.name === sheetName);
  const original = base.sheets.find((candidate) => candidate.name === sheetName);
  if (sheet === undefined || original === undefined) {
    return {
      ok: false,
      detail: `no sheet ${quote(sheetName)}; sheets seen: ${saved.sheets.map((s) => quote(s.name)).join(', ')}`,
    };
  }
  const structural: string[] = [];
  if (saved.sheets.length !== base.sheets.length) {
    structural.push(`${saved.sheets.length} sheets (was ${base.sheets.length})`);
  }
  if (saved.charts.length !== base.charts.length) {
    structural.push(`${saved.charts.length} charts (was ${base.charts.length})`);
  }
  const targets: string[] = [];
  const wrong: string[] = [];
  const changed: string[] = [];
  const rowCount = Math.max(sheet.rows.length, original.rows.length);
  const columnCount = Math.max(0, ...sheet.rows.map((row) => row.length), ...original.rows.map((row) => row.length));
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columnCount; column++) {
      const address = `${columnLetters(column)}${row + 1}`;
      const now = sheet.rows[row]?.[column] ?? EMPTY;
      const was = original.rows[row]?.[column] ?? EMPTY;
      const want = wants[address];
      if (want !== undefined) {
        targets.push(`${address}=${describeCell(now)}`);
        const boldWanted = want.bold ?? (was.value !== '' ? was.bold : undefined);
        if (now.value !== want.value || now.formula !== undefined) {
          wrong.push(`${address}=${describeCell(now)} (want ${quote(want.value)})`);
        } else if (boldWanted !== undefined && now.value !== '' && now.bold !== boldWanted) {
          wrong.push(`${address} ${now.bold ? 'bold' : 'not bold'} (want ${boldWanted ? 'bold' : 'not bold'})`);
        }
        continue;
      }
      const bothEmpty = now.value === '' && was.value === '';
      if (
        now.value !== was.value ||
        (now.formula ?? '') !== (was.formula ?? '') ||
        (!bothEmpty && now.bold !== was.bold)
      ) {
        changed.push(`${address} ${describeCell(was)}→${describeCell(now)}`);
      }
    }
  }
  // A target beyond both sheets' extent was never visited: it is empty.
  for (const [address, want] of Object.entries(wants)) {
    if (targets.some((target) => target.startsWith(`${address}=`))) continue;
    targets.push(`${address}=""`);
    if (want.value !== '') wrong.push(`${address}="" (want ${quote(want.value)})`);
  }
  const ok = wrong.length === 0 && changed.length === 0 && structural.length === 0;
  const others =
    changed.length === 0
      ? 'no other cell changed'
      : `${changed.length} other cell(s) changed: ${changed.slice(0, 4).join(', ')}${changed.length > 4 ? ', …' : ''}`;
  const parts = [
    ok ? `seen ${targets.join(', ')}` : wrong.length > 0 ? `wrong: ${wrong.join(', ')}` : `seen ${targets.join(', ')}`,
    others,
    ...structural,
  ];
  return { ok, detail: parts.join('; ') };
}

function sheetTask(
  scenario: 'incident-sheet' | 'sensor-log',
  slug: string,
  instruction: string,
  wants: Readonly<Record<string, CellWant>>,
): DesktopTask {
  return {
    id: `dev/${scenario}/${slug}`,
    scenario,
    instruction,
    expect: 'success',
    format: 'ods',
    keepFormatDialog: false,
    async check(dir: string): Promise<DesktopCheckResult> {
      const file = savedFile(scenario, 'ods', dir);
      try {
        const info = getDesktopScenario(scenario);
        if (info.kind !== 'spreadsheet') return { ok: false, detail: `${scenario} is not a spreadsheet scenario` };
        const [saved, base] = await Promise.all([
          readSpreadsheet(file),
          baseline(scenario, 'ods', (path) => readSpreadsheet(path)),
        ]);
        return compareSheets(info.sheetName, saved, base, wants);
      } catch (error) {
        return { ok: false, detail: `could not read ${file}: ${message(error)}` };
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Text checks.

interface ParagraphWant {
  readonly text: string;
  /** Every character bold (true) or none (false), by direct formatting or a character style. */
  readonly bold: boolean;
  /** The named paragraph style, checked for paragraphs that were in the document already. */
  readonly style?: string;
}

/** An original paragraph (none has bold characters), expected as it was. */
const kept = (paragraph: TextParagraph): ParagraphWant => ({
  text: paragraph.text,
  bold: false,
  style: paragraph.style,
});

/** Long paragraphs by their end, where typed text lands. */
const clip = (text: string): string => quote(text.length > 60 ? `...${text.slice(-57)}` : text);

function compareText(saved: TextContent, wants: readonly ParagraphWant[], frames: number): DesktopCheckResult {
  const seen = saved.paragraphs;
  const problems: string[] = [];
  if (seen.length !== wants.length) problems.push(`${seen.length} paragraphs (want ${wants.length})`);
  if (saved.frames !== frames) problems.push(`${saved.frames} frames (want ${frames})`);
  const count = Math.max(seen.length, wants.length);
  for (let index = 0; index < count && problems.length < 4; index++) {
    const now = seen[index];
    const want = wants[index];
    const label = `paragraph ${index + 1}`;
    if (now === undefined || want === undefined || now.text !== want.text) {
      // Later paragraphs are shifted against the expectation: the first difference says enough.
      problems.push(`${label} is ${now ? clip(now.text) : '(none)'} (want ${want ? clip(want.text) : '(none)'})`);
      break;
    }
    const boldCount = now.bold.filter(Boolean).length;
    if (want.bold ? boldCount !== now.bold.length || now.bold.length === 0 : boldCount !== 0) {
      problems.push(
        `${label} ${clip(now.text)} has ${boldCount}/${now.bold.length} bold characters (want ${want.bold ? 'all' : 'none'})`,
      );
    }
    if (want.style !== undefined && now.style !== want.style) {
      problems.push(`${label} style ${now.style} (want ${want.style})`);
    }
  }
  return problems.length === 0
    ? { ok: true, detail: `${seen.length} paragraphs as expected` }
    : { ok: false, detail: problems.join('; ') };
}

function textTask(
  slug: string,
  instruction: string,
  expected: (original: readonly TextParagraph[]) => ParagraphWant[],
  changed: (original: readonly TextParagraph[]) => readonly number[],
): DesktopTask {
  const scenario = 'site-report';
  return {
    id: `dev/${scenario}/${slug}`,
    scenario,
    instruction,
    expect: 'success',
    format: 'odt',
    keepFormatDialog: false,
    async check(dir: string): Promise<DesktopCheckResult> {
      const file = savedFile(scenario, 'odt', dir);
      try {
        const [saved, base] = await Promise.all([
          readTextDocument(file),
          baseline(scenario, 'odt', (path) => readTextDocument(path)),
        ]);
        const result = compareText(saved, expected(base.paragraphs), base.frames);
        if (!result.ok) return result;
        const focus = changed(base.paragraphs)
          .map((index) => `paragraph ${index + 1}=${clip(saved.paragraphs[index]?.text ?? '(none)')}`)
          .join(', ');
        return { ok: true, detail: `${result.detail}; seen ${focus}` };
      } catch (error) {
        return { ok: false, detail: `could not read ${file}: ${message(error)}` };
      }
    },
  };
}

/** The original paragraphs with a new one (whose style is not checked) at `index`. */
const insertAt = (original: readonly TextParagraph[], index: number, paragraph: ParagraphWant): ParagraphWant[] => {
  const wants = original.map(kept);
  wants.splice(index, 0, paragraph);
  return wants;
};

const appendTo = (original: readonly TextParagraph[], index: number, suffix: string): ParagraphWant[] =>
  original.map((paragraph, at) =>
    at === index ? { ...kept(paragraph), text: paragraph.text + suffix } : kept(paragraph),
  );

// ---------------------------------------------------------------------------------------------
// The tasks.

export const devStepTasks: readonly DesktopTask[] = [
  // Incident sheet: 25 incidents in rows 2-26, columns A (ID) to G (Minutes down).
  sheetTask('incident-sheet', 'minutes-g9', 'Click cell G9, type 300 and press Enter, then press Control+S.', {
    G9: { value: '300' },
  }),
  sheetTask(
    'incident-sheet',
    'close-e4-reassign',
    'Select E4, type Closed, press Tab, type J. Kowalski, press Enter and save with Ctrl+S.',
    { E4: { value: 'Closed' }, F4: { value: 'J. Kowalski' } },
  ),
  sheetTask(
    'incident-sheet',
    'append-row',
    [
      'Press Control+End',
      'Press Home',
      'Press the Down arrow',
      'Type INC-2026 and press Tab',
      'Type 2026-11-28 and press Tab',
      'Type Depot 1 and press Tab',
      'Type 2 and press Tab',
      'Type Open and press Tab',
      'Type S. Ito and press Tab',
      'Type 30 and press Enter',
      'Hit Control+S',
    ].join('\n'),
    {
      A27: { value: 'INC-2026' },
      B27: { value: '2026-11-28' },
      C27: { value: 'Depot 1' },
      D27: { value: '2' },
      E27: { value: 'Open' },
      F27: { value: 'S. Ito' },
      G27: { value: '30' },
    },
  ),
  sheetTask(
    'incident-sheet',
    'bold-row-ends',
    [
      '1. Click cell A14.',
      '2. Press Control+B.',
      '3. Press End.',
      '4. Press Control+B again.',
      '5. Press Ctrl+S.',
    ].join('\n'),
    { A14: { value: 'INC-2013', bold: true }, G14: { value: '180', bold: true } },
  ),
  sheetTask(
    'incident-sheet',
    'undo-then-severity',
    'Click cell F3 and press Delete, then press Control+Z. Then go to D3, type 4, press Enter, and hit Control+S.',
    { D3: { value: '4' } },
  ),

  // Sensor log: 40 readings in rows 2-41, columns A (Timestamp) to D (Humidity).
  sheetTask(
    'sensor-log',
    'flag-hot',
    'Click cell E1 and type Flag, then press Enter. Click E14, type Hot and press Enter. ' +
      'Click E16, type Hot and press Enter. Press Ctrl+S.',
    { E1: { value: 'Flag' }, E14: { value: 'Hot' }, E16: { value: 'Hot' } },
  ),
  sheetTask(
    'sensor-log',
    'correct-c21-bold',
    'Select C21, type 29.5 and press Enter, press the Up arrow, then press Control+B, and save with Ctrl+S.',
    { C21: { value: '29.5', bold: true } },
  ),
  sheetTask(
    'sensor-log',
    'append-reading',
    'Press Control+End, press Home, press the Down arrow, type 2026-10-03 20:00, press Tab, type T-03, ' +
      'press Tab, type 24.8, press Tab, type 47, press Enter, then hit Control+S.',
    {
      A42: { value: '2026-10-03 20:00' },
      B42: { value: 'T-03' },
      C42: { value: '24.8' },
      D42: { value: '47' },
    },
  ),
  sheetTask(
    'sensor-log',
    'sensor-b12',
    "Click cell D12, press Home, press Tab, type 'T-03', press Enter, then press Control+S.",
    { B12: { value: 'T-03' } },
  ),
  sheetTask(
    'sensor-log',
    'clear-last-reading',
    [
      '1. Go to cell D41.',
      '2. Press Delete.',
      '3. Press the Left arrow key.',
      '4. Press Delete.',
      '5. Save with Control+S.',
    ].join('\n'),
    { C41: { value: '' }, D41: { value: '' } },
  ),

  // Site report: a title, then eight Text Body paragraphs.
  textTask(
    'bold-action-items',
    "Press Control+End, press Enter, type 'Action items', then select it with Shift+Home, press Control+B " +
      'and save with Ctrl+S.',
    (original) => insertAt(original, original.length, { text: 'Action items', bold: true }),
    (original) => [original.length],
  ),
  textTask(
    'draft-under-title',
    ['1. Press Control+Home', '2. Press End', '3. Press Enter', '4. Type DRAFT', '5. Press Ctrl+S'].join('\n'),
    (original) => insertAt(original, 1, { text: 'DRAFT', bold: false }),
    () => [1],
  ),
  textTask(
    'append-sentence',
    'Press Control+End and type a space followed by "Details will follow in the next report." then press Control+S.',
    (original) => appendTo(original, original.length - 1, ' Details will follow in the next report.'),
    (original) => [original.length - 1],
  ),
  textTask(
    'extend-second-paragraph',
    "Press Control+Home, press the Down arrow, press End, then type ' Revised figures are attached.' " +
      '(with the leading space) and hit Control+S.',
    (original) => appendTo(original, 1, ' Revised figures are attached.'),
    () => [1],
  ),
  textTask(
    'internal-use-line',
    [
      'Press Control+Home',
      'Press the Down arrow',
      'Press Home',
      'Press Enter',
      'Press the Up arrow',
      'Type Internal use only',
      'Press Control+S',
    ].join('\n'),
    (original) => insertAt(original, 1, { text: 'Internal use only', bold: false }),
    () => [1],
  ),
];
