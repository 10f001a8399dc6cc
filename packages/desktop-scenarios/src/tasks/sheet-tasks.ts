import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DesktopScenarioError } from '../errors.js';
import { readSpreadsheet, type SpreadsheetChart } from '../odf/read-spreadsheet.js';
import { canonicalRows, loadSheetSource, type SpreadsheetScenarioInfo } from '../scenarios.js';
import type { DesktopCheckResult, DesktopTask, DocumentFormat } from '../task.js';
import { equals, fact, judge, sameRows, type Fact } from './facts.js';

/** What a spreadsheet check sees of the saved file. */
export interface SavedSheet {
  /** The first sheet's cell values in the canonical spelling, header row first. */
  readonly rows: readonly (readonly string[])[];
  /** Whether each cell of `rows` is bold (all false from a CSV). */
  readonly bold: readonly (readonly boolean[])[];
  /** Charts anywhere in the file. */
  readonly charts: readonly SpreadsheetChart[];
  /** How many sheets the file has. */
  readonly sheetCount: number;
  readonly format: DocumentFormat;
}

/** The document as it was prepared, for checks to compare against. */
export interface OriginalSheet {
  /** Header row first, canonical spelling. */
  readonly rows: readonly (readonly string[])[];
  /** The data rows alone (`rows` without the header). */
  readonly data: readonly (readonly string[])[];
  readonly header: readonly string[];
}

/** A spreadsheet task before `defineSheetTasks` adds the scenario, the format and the file reading. */
export interface SheetTaskSpec {
  /** Unique within the scenario; the task id is `<scenario>/<name>`. */
  readonly name: string;
  readonly instruction: string;
  /** Defaults to `success`. */
  readonly expect?: 'success' | 'clarify';
  /** Defaults to the scenario's first format (`ods`). */
  readonly format?: DocumentFormat;
  /** The conditions the saved file must meet. */
  readonly facts: (saved: SavedSheet, original: OriginalSheet) => readonly Fact[];
}

/** Which cells the prepared file has in bold: the header row, in formats that keep formatting. */
export function originalBold(rows: readonly (readonly string[])[], format: DocumentFormat): boolean[][] {
  return rows.map((row, index) => row.map(() => index === 0 && format !== 'csv'));
}

/**
 * Holds when the bold cells are exactly the original header's and those in `bold` (`row:column`
 * from 0), over every non-empty cell; cells in `free` may be either. Trivially true for CSV, which
 * has no formatting to keep.
 */
export function boldnessIs(
  saved: SavedSheet,
  original: OriginalSheet,
  cells: { readonly bold?: ReadonlySet<string>; readonly free?: ReadonlySet<string> } = {},
): Fact {
  if (saved.format === 'csv') return fact('the file has no formatting to keep (CSV)', true);
  const wrong: string[] = [];
  saved.rows.forEach((row, rowIndex) =>
    row.forEach((value, columnIndex) => {
      const key = `${rowIndex}:${columnIndex}`;
      if (value === '' || cells.free?.has(key) === true) return;
      const expected = (rowIndex === 0 && columnIndex < original.header.length) || cells.bold?.has(key) === true;
      if (saved.bold[rowIndex]?.[columnIndex] !== expected) wrong.push(cellName(rowIndex, columnIndex));
    }),
  );
  return fact('only the header row and the cells asked for are bold', wrong.length === 0, wrong.slice(0, 6));
}

/** `A1`-style name of a cell from its 0-based row and column. */
export function cellName(row: number, column: number): string {
  let letters = '';
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return `${letters}${row + 1}`;
}

/** The 0-based row and column of a cell named like `F2`. */
export function cellPosition(name: string): { row: number; column: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(name);
  if (match === null) throw new DesktopScenarioError('usage', `Not a cell name: ${name}`);
  const column = [...match[1]!].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
  return { row: Number(match[2]) - 1, column };
}

/** The value of the cell named like `F2`, or '' when the sheet has nothing there. */
export function valueAt(saved: SavedSheet, name: string): string {
  const { row, column } = cellPosition(name);
  return saved.rows[row]?.[column] ?? '';
}

/**
 * The original rows with the cells named in `changes` (`{ G5: '42' }`) set, trailing empty cells
 * and rows dropped as a reader drops them: what the whole sheet must be after an edit of those
 * cells alone.
 */
export function withCells(rows: readonly (readonly string[])[], changes: Readonly<Record<string, string>>): string[][] {
  const grid = rows.map((row) => [...row]);
  for (const [name, value] of Object.entries(changes)) {
    const { row, column } = cellPosition(name);
    while (grid.length <= row) grid.push([]);
    const target = grid[row]!;
    while (target.length <= column) target.push('');
    target[column] = value;
  }
  for (const row of grid) while (row.length > 0 && row.at(-1) === '') row.pop();
  while (grid.length > 0 && grid.at(-1)!.length === 0) grid.pop();
  return grid;
}

/** The conditions of a document left as it was prepared: same cells, same formatting, no chart, one sheet. */
export function unchanged(saved: SavedSheet, original: OriginalSheet): Fact[] {
  return [
    sameRows('the cells', saved.rows, original.rows),
    boldnessIs(saved, original),
    equals('the number of charts', saved.charts.length, 0),
    equals('the number of sheets', saved.sheetCount, 1),
  ];
}

/** The rows of `saved` without the header, each cut to its first `width` columns. */
export function dataRows(saved: SavedSheet, width?: number): string[][] {
  return saved.rows.slice(1).map((row) => [...(width === undefined ? row : row.slice(0, width))]);
}

async function readSaved(file: string, format: DocumentFormat): Promise<SavedSheet | DesktopCheckResult> {
  try {
    await stat(file);
  } catch {
    return { ok: false, detail: `There is no file ${file}.` };
  }
  try {
    const content = await readSpreadsheet(file);
    const sheet = content.sheets[0];
    if (sheet === undefined) return { ok: false, detail: `${file} holds no sheet.` };
    return {
      rows: sheet.rows.map((row) => row.map((cell) => cell.value)),
      bold: sheet.rows.map((row) => row.map((cell) => cell.bold)),
      charts: content.charts,
      sheetCount: content.sheets.length,
      format,
    };
  } catch (error: unknown) {
    if (DesktopScenarioError.isInstance(error)) return { ok: false, detail: error.message };
    throw error;
  }
}

/**
 * Turn specs into tasks whose check reads `<baseName>.<format>` from the session directory and
 * judges the spec's facts against the committed source. A missing or unreadable file fails every
 * task, clarify tasks included: "left as it was" means the file is still there.
 */
export function defineSheetTasks(scenario: SpreadsheetScenarioInfo, specs: readonly SheetTaskSpec[]): DesktopTask[] {
  return specs.map((spec) => {
    const format = spec.format ?? scenario.formats[0];
    return {
      id: `${scenario.name}/${spec.name}`,
      scenario: scenario.name,
      instruction: spec.instruction,
      expect: spec.expect ?? 'success',
      format,
      keepFormatDialog: format === 'csv',
      async check(dir: string): Promise<DesktopCheckResult> {
        const saved = await readSaved(join(dir, `${scenario.baseName}.${format}`), format);
        if ('ok' in saved) return saved;
        const rows = canonicalRows(scenario, await loadSheetSource(scenario));
        const original = { rows, header: rows[0] ?? [], data: rows.slice(1) };
        return judge(spec.facts(saved, original));
      },
    };
  });
}
