import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { DocumentFormatError } from '../errors.js';
import { parseCsv } from './csv.js';
import { StyleSheet } from './styles.js';
import { canonicalDate, canonicalNumber, canonicalText } from './values.js';
import { childElements, descendants, firstDescendant, parseXml, type XmlElement } from './xml.js';
import { readZip } from './zip.js';

/** One cell as saved. */
export interface SheetCell {
  /** What the cell showed when it was saved (lines of a multi-line cell joined by `\n`). */
  readonly text: string;
  /** The value in the canonical spelling of `values.ts`; empty for an empty cell. */
  readonly value: string;
  /** Bold by its cell style (always false from a CSV, which has no formatting). */
  readonly bold: boolean;
  /** The formula as saved (`of:=MAX([.C2:.C41])`), when the cell holds one. */
  readonly formula?: string;
}

/** A rectangle of cells named in a chart (columns and rows from 0). */
export interface CellRange {
  readonly sheet: string;
  readonly startColumn: number;
  readonly startRow: number;
  readonly endColumn: number;
  readonly endRow: number;
}

/** One data series of a chart. */
export interface ChartSeries {
  readonly values?: CellRange;
  /** The x values of an XY chart. */
  readonly domain?: CellRange;
}

/** A chart object embedded in the spreadsheet. */
export interface SpreadsheetChart {
  /** The chart type: `chart:line`, `chart:bar`, `chart:scatter`... */
  readonly kind: string;
  readonly series: readonly ChartSeries[];
  /** The category (x axis) labels, when the chart has them. */
  readonly categories?: CellRange;
}

export interface Sheet {
  readonly name: string;
  /** Rows from row 1, cells from column A; trailing empty rows and cells are left out. */
  readonly rows: readonly (readonly SheetCell[])[];
}

/** What a spreadsheet file holds, read from its saved bytes. */
export interface SpreadsheetContent {
  readonly sheets: readonly Sheet[];
  readonly charts: readonly SpreadsheetChart[];
}

/** No real sheet comes near this; a larger expanse of repeated cells is LibreOffice's filler to the sheet's end. */
const MAX_ROWS = 100_000;
const MAX_COLUMNS = 1_024;

/** The text of a `text:p`, with `text:s` spaces, tabs and line breaks, through spans and links. */
export function paragraphText(element: XmlElement): string {
  let text = '';
  for (const child of element.children) {
    if (typeof child === 'string') text += child;
    else if (child.name === 'text:s') text += ' '.repeat(Number(child.attributes['text:c'] ?? '1'));
    else if (child.name === 'text:tab') text += '\t';
    else if (child.name === 'text:line-break') text += '\n';
    else if (child.name === 'office:annotation' || child.name === 'text:note') continue;
    else text += paragraphText(child);
  }
  return text;
}

function cellValue(cell: XmlElement, text: string): string {
  const type = cell.attributes['office:value-type'];
  const attributes = cell.attributes;
  switch (type) {
    case undefined:
      return text;
    case 'float':
    case 'percentage':
    case 'currency':
      return canonicalNumber(Number(attributes['office:value']));
    case 'date':
      return canonicalDate(attributes['office:date-value'] ?? '') ?? text;
    case 'boolean':
      return attributes['office:boolean-value'] ?? text;
    default:
      return text;
  }
}

/** Rows in document order, through header-row and row-group wrappers. */
function tableRows(table: XmlElement): XmlElement[] {
  const rows: XmlElement[] = [];
  for (const child of childElements(table)) {
    if (child.name === 'table:table-row') rows.push(child);
    else if (['table:table-header-rows', 'table:table-rows', 'table:table-row-group'].includes(child.name)) {
      rows.push(...tableRows(child));
    }
  }
  return rows;
}

/** The default cell style of each column, through column-group wrappers. */
function columnStyles(table: XmlElement): (string | undefined)[] {
  const styles: (string | undefined)[] = [];
  const visit = (element: XmlElement): void => {
    for (const child of childElements(element)) {
      if (child.name === 'table:table-column') {
        const repeat = Math.min(Number(child.attributes['table:number-columns-repeated'] ?? '1'), MAX_COLUMNS);
        for (let index = 0; index < repeat && styles.length < MAX_COLUMNS; index++) {
          styles.push(child.attributes['table:default-cell-style-name']);
        }
      } else if (child.name.startsWith('table:table-') && child.name.endsWith('columns')) visit(child);
      else if (child.name === 'table:table-column-group') visit(child);
    }
  };
  visit(table);
  return styles;
}

function readSheet(table: XmlElement, styles: StyleSheet, source: string): Sheet {
  const columns = columnStyles(table);
  const rows: SheetCell[][] = [];
  for (const row of tableRows(table)) {
    const cells: SheetCell[] = [];
    for (const cell of childElements(row)) {
      if (cell.name !== 'table:table-cell' && cell.name !== 'table:covered-table-cell') continue;
      const text = childElements(cell, 'text:p').map(paragraphText).join('\n');
      const formula = cell.attributes['table:formula'];
      const value = cellValue(cell, text);
      const repeat = Number(cell.attributes['table:number-columns-repeated'] ?? '1');
      for (let index = 0; index < repeat && cells.length < MAX_COLUMNS; index++) {
        const style =
          cell.attributes['table:style-name'] ??
          row.attributes['table:default-cell-style-name'] ??
          columns[cells.length] ??
          'Default';
        cells.push({ text, value, bold: styles.bold('table-cell', style) ?? false, ...(formula ? { formula } : {}) });
      }
    }
    while (cells.length > 0 && cells.at(-1)!.value === '' && cells.at(-1)!.text === '') cells.pop();
    const repeat = Number(row.attributes['table:number-rows-repeated'] ?? '1');
    if (cells.length > 0 && rows.length + repeat > MAX_ROWS) {
      throw new DocumentFormatError(`${source}: content beyond row ${MAX_ROWS}, which no scenario has.`);
    }
    for (let index = 0; index < Math.min(repeat, MAX_ROWS - rows.length); index++) rows.push(cells);
  }
  while (rows.length > 0 && rows.at(-1)!.length === 0) rows.pop();
  return { name: table.attributes['table:name'] ?? '', rows };
}

/** Column letters (`C`, `AA`) to an index from 0. */
function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/**
 * The ranges of an address such as `Readings.$C$2:.$C$41 'Sheet 2'.A1:'Sheet 2'.B5`: space-separated
 * ranges, each `sheet.cell[:sheet.cell]`, where the second sheet may be left out.
 */
export function parseRangeAddress(address: string): CellRange[] {
  const ranges: CellRange[] = [];
  const pattern =
    /(?:'((?:[^']|'')+)'|([^\s.':]+))?\.\$?([A-Za-z]+)\$?(\d+)(?::(?:'(?:[^']|'')+'|[^\s.':]+)?\.\$?([A-Za-z]+)\$?(\d+))?/g;
  let sheet = '';
  for (const match of address.matchAll(pattern)) {
    sheet = match[1]?.replace(/''/g, "'") ?? match[2] ?? sheet;
    const startColumn = columnIndex(match[3]!);
    const startRow = Number(match[4]) - 1;
    ranges.push({
      sheet,
      startColumn,
      startRow,
      endColumn: match[5] === undefined ? startColumn : columnIndex(match[5]),
      endRow: match[6] === undefined ? startRow : Number(match[6]) - 1,
    });
  }
  return ranges;
}

function readChart(root: XmlElement): SpreadsheetChart | undefined {
  const chart = firstDescendant(root, 'chart:chart');
  if (chart === undefined) return undefined;
  const range = (element: XmlElement | undefined, attribute: string): CellRange | undefined => {
    const address = element?.attributes[attribute];
    return address === undefined ? undefined : parseRangeAddress(address)[0];
  };
  const series = descendants(chart, 'chart:series').map((element) => {
    const values = range(element, 'chart:values-cell-range-address');
    const domain = range(firstDescendant(element, 'chart:domain'), 'table:cell-range-address');
    return { ...(values ? { values } : {}), ...(domain ? { domain } : {}) };
  });
  const categories = range(firstDescendant(chart, 'chart:categories'), 'table:cell-range-address');
  return { kind: chart.attributes['chart:class'] ?? '', series, ...(categories ? { categories } : {}) };
}

function parsePart(entries: Map<string, Buffer>, name: string, source: string): XmlElement | undefined {
  const data = entries.get(name);
  return data === undefined ? undefined : parseXml(data.toString('utf8'), `${source}:${name}`);
}

/** Read an .ods package: every sheet's cells with their boldness, and every embedded chart. */
export function readOdsBytes(data: Buffer, source: string): SpreadsheetContent {
  const entries = readZip(data, source);
  const content = parsePart(entries, 'content.xml', source);
  if (content === undefined) throw new DocumentFormatError(`${source} has no content.xml: not an OpenDocument file.`);
  const styles = new StyleSheet([parsePart(entries, 'styles.xml', source), content]);
  const sheets = descendants(content, 'table:table').map((table) => readSheet(table, styles, source));
  const charts: SpreadsheetChart[] = [];
  for (const object of descendants(content, 'draw:object')) {
    const href = (object.attributes['xlink:href'] ?? '').replace(/^\.\//, '').replace(/\/$/, '');
    const part = parsePart(entries, `${href}/content.xml`, source);
    const chart = part === undefined ? undefined : readChart(part);
    if (chart !== undefined) charts.push(chart);
  }
  return { sheets, charts };
}

/** A CSV file as a one-sheet spreadsheet: every field typed by how it reads, nothing bold, no charts. */
export function readCsvText(text: string, source: string): SpreadsheetContent {
  const rows = parseCsv(text, source).map((row) => {
    const cells = row.map((field) => ({ text: field, value: canonicalText(field), bold: false }));
    while (cells.length > 0 && cells.at(-1)!.text === '') cells.pop();
    return cells;
  });
  return { sheets: [{ name: basename(source, extname(source)), rows }], charts: [] };
}

/** Read the spreadsheet saved at `file`, by its extension (`.ods` or `.csv`). */
export async function readSpreadsheet(file: string): Promise<SpreadsheetContent> {
  const data = await readFile(file);
  const extension = extname(file).toLowerCase();
  if (extension === '.ods') return readOdsBytes(data, file);
  if (extension === '.csv') return readCsvText(data.toString('utf8'), file);
  throw new DocumentFormatError(`${file}: only .ods and .csv spreadsheets are read here.`);
}
