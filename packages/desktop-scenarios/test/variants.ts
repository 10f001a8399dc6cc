import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCsv } from '../src/odf/csv.js';
import {
  ODF_MIME_TYPES,
  odfPackage,
  spreadsheetContent,
  textContent,
  textStyles,
  type ColumnSpec,
  type TextBlock,
} from '../src/odf/write-documents.js';
import {
  getDesktopScenario,
  loadSheetSource,
  loadTextSource,
  type SpreadsheetScenarioInfo,
  type TextScenarioInfo,
} from '../src/scenarios.js';

/**
 * Hand-made versions of the scenario documents, for unit tests that show a check can fail on a
 * near miss and pass on the right result without starting LibreOffice. They are written by the
 * same generator as the prepared files, so they differ from them only where a test says.
 */

export async function sessionDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'sandpiper-desktop-check-'));
}

export function spreadsheet(name: 'incident-sheet' | 'sensor-log'): SpreadsheetScenarioInfo {
  return getDesktopScenario(name) as SpreadsheetScenarioInfo;
}

/** The committed rows of a spreadsheet scenario, header first, as source text. */
export async function sourceRows(name: 'incident-sheet' | 'sensor-log'): Promise<string[][]> {
  const source = await loadSheetSource(spreadsheet(name));
  return [[...source.header], ...source.rows.map((row) => [...row])];
}

/**
 * Write `rows` (header first) as the scenario's document in `dir`: typed columns as prepared,
 * any extra column as text. `content` replaces content.xml and `extra` adds package parts, for
 * what the generator does not write (bold cells, charts).
 */
export async function writeSheet(
  dir: string,
  name: 'incident-sheet' | 'sensor-log',
  rows: readonly (readonly string[])[],
  options: {
    readonly format?: 'ods' | 'csv';
    readonly edit?: (contentXml: string) => string;
    readonly extra?: Readonly<Record<string, string>>;
  } = {},
): Promise<void> {
  const scenario = spreadsheet(name);
  const format = options.format ?? 'ods';
  const file = join(dir, `${scenario.baseName}.${format}`);
  if (format === 'csv') {
    await writeFile(file, formatCsv(rows));
    return;
  }
  const width = Math.max(...rows.map((row) => row.length));
  const columns: ColumnSpec[] = Array.from({ length: width }, (_, index) => ({
    ...(scenario.columns[index] ?? { type: 'text', widthCm: 2.5 }),
    header: rows[0]?.[index] ?? '',
  }));
  const content = spreadsheetContent(scenario.sheetName, columns, rows.slice(1));
  await writeFile(
    file,
    odfPackage(ODF_MIME_TYPES.ods, { 'content.xml': (options.edit ?? ((xml) => xml))(content), ...options.extra }),
  );
}

export function report(): TextScenarioInfo {
  return getDesktopScenario('site-report') as TextScenarioInfo;
}

export async function reportBlocks(): Promise<TextBlock[]> {
  return loadTextSource(report());
}

/** Write a text document with these paragraphs; `edit` rewrites content.xml (spans, headings). */
export async function writeReport(
  dir: string,
  blocks: readonly TextBlock[],
  options: { readonly file?: string; readonly edit?: (contentXml: string) => string } = {},
): Promise<void> {
  const content = (options.edit ?? ((xml) => xml))(textContent(blocks));
  await writeFile(
    join(dir, options.file ?? 'report.odt'),
    odfPackage(ODF_MIME_TYPES.odt, { 'content.xml': content, 'styles.xml': textStyles() }),
  );
}
