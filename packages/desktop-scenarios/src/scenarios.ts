import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnknownDesktopScenarioError } from './errors.js';
import { formatCsv, parseCsv } from './odf/csv.js';
import { canonicalDate, canonicalNumber } from './odf/values.js';
import {
  ODF_MIME_TYPES,
  odfPackage,
  spreadsheetContent,
  textContent,
  textStyles,
  type ColumnSpec,
  type ColumnType,
  type TextBlock,
} from './odf/write-documents.js';
import type { DesktopScenarioName, DocumentFormat } from './task.js';

/** Where the committed sources of the documents live. */
const DOCUMENTS = fileURLToPath(new URL('../documents/', import.meta.url));

interface ScenarioBase {
  readonly name: DesktopScenarioName;
  /** Human-readable name: "Incident sheet". */
  readonly title: string;
  /** One sentence on the document and what its tasks exercise. */
  readonly description: string;
  /** File name without extension in the session directory: `incidents`. */
  readonly baseName: string;
  /** The committed source in `documents/`. */
  readonly source: string;
  /** The formats the document can be prepared in; the first is the default. */
  readonly formats: readonly [DocumentFormat, ...DocumentFormat[]];
  /** A task written as the steps a person would take, run when a desktop run names no task. */
  readonly exampleTask: string;
}

/** A spreadsheet scenario: its source is a CSV file whose columns are typed here. */
export interface SpreadsheetScenarioInfo extends ScenarioBase {
  readonly kind: 'spreadsheet';
  /** Name of the one sheet in the .ods. */
  readonly sheetName: string;
  readonly columns: readonly ColumnSpec[];
}

/** A text scenario: its source is a text file whose first paragraph is the title. */
export interface TextScenarioInfo extends ScenarioBase {
  readonly kind: 'text';
}

export type DesktopScenarioInfo = SpreadsheetScenarioInfo | TextScenarioInfo;

const column = (header: string, type: ColumnType, widthCm: number): ColumnSpec => ({ header, type, widthCm });

/** The desktop scenarios, in the order they are listed to people. */
export const desktopScenarios: readonly DesktopScenarioInfo[] = [
  {
    kind: 'spreadsheet',
    name: 'incident-sheet',
    title: 'Incident sheet',
    description:
      'A Calc sheet of 25 site incidents (id, date, site, severity, status, owner, minutes down): sorting, ' +
      'filling by a condition, adding and deleting rows, formatting, totals, Find & Replace.',
    baseName: 'incidents',
    source: 'incidents.csv',
    formats: ['ods', 'csv'],
    exampleTask: 'Click cell G5, type 42, press Enter, then press Control+S',
    sheetName: 'Incidents',
    columns: [
      column('ID', 'text', 2.4),
      column('Date', 'date', 2.6),
      column('Site', 'text', 3.4),
      column('Severity', 'number', 2),
      column('Status', 'text', 2.6),
      column('Owner', 'text', 3),
      column('Minutes down', 'number', 3),
    ],
  },
  {
    kind: 'spreadsheet',
    name: 'sensor-log',
    title: 'Sensor log',
    description:
      'A Calc sheet of 40 half-hourly readings from three sensors (timestamp, sensor, temperature, humidity), ' +
      'four of them above 30 °C and one at exactly 30: lookups, marking by a threshold, charts, deleting rows.',
    baseName: 'sensor-log',
    source: 'sensor-log.csv',
    formats: ['ods', 'csv'],
    exampleTask: "Click cell F1, type 'Checked', press Enter and save with Control+S",
    sheetName: 'Readings',
    columns: [
      column('Timestamp', 'datetime', 3.8),
      column('Sensor', 'text', 2),
      column('Temperature (°C)', 'number', 3.6),
      column('Humidity (%)', 'number', 3),
    ],
  },
  {
    kind: 'text',
    name: 'site-report',
    title: 'Site report',
    description:
      'A one-page Writer report: a title, two section names typed as plain paragraphs, six paragraphs and a ' +
      "word misspelt four times ('recieve'): styles, Find & Replace, bold text, Save As.",
    baseName: 'report',
    source: 'report.txt',
    formats: ['odt'],
    exampleTask: "Press Control+End, press Enter, type 'Prepared by the operations team.' and press Control+S",
  },
];

/** The scenario named `name`; throws {@link UnknownDesktopScenarioError} listing the valid names. */
export function getDesktopScenario(name: string): DesktopScenarioInfo {
  const scenario = desktopScenarios.find((candidate) => candidate.name === name);
  if (scenario === undefined) {
    throw new UnknownDesktopScenarioError(
      name,
      desktopScenarios.map((candidate) => candidate.name),
    );
  }
  return scenario;
}

/** A spreadsheet source: the header row and the data rows, as committed. */
export interface SheetSource {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const sources = new Map<string, Promise<string>>();

function readSource(file: string): Promise<string> {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFile(join(DOCUMENTS, file), 'utf8');
    sources.set(file, text);
  }
  return text;
}

/** The committed rows of a spreadsheet scenario. */
export async function loadSheetSource(scenario: SpreadsheetScenarioInfo): Promise<SheetSource> {
  const [header, ...rows] = parseCsv(await readSource(scenario.source), scenario.source);
  return { header: header ?? [], rows };
}

/** The rows of a source in the canonical spelling of `odf/values.ts`, header first, typed by column. */
export function canonicalRows(scenario: SpreadsheetScenarioInfo, source: SheetSource): string[][] {
  const typed = (type: ColumnType | undefined, text: string): string => {
    if (text === '') return '';
    if (type === 'number') return canonicalNumber(Number(text));
    if (type === 'date' || type === 'datetime') return canonicalDate(text) ?? text;
    return text;
  };
  return [
    [...source.header],
    ...source.rows.map((row) => row.map((text, index) => typed(scenario.columns[index]?.type, text))),
  ];
}

/** The committed paragraphs of a text scenario: the first is the title, blank lines separate the rest. */
export async function loadTextSource(scenario: TextScenarioInfo): Promise<TextBlock[]> {
  const paragraphs = (await readSource(scenario.source))
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  return paragraphs.map((text, index) => ({ style: index === 0 ? 'Title' : 'Text_20_body', text }));
}

/** What a run on a prepared scenario needs. */
export interface PreparedDesktopScenario {
  readonly scenario: DesktopScenarioName;
  readonly format: DocumentFormat;
  /** Absolute path of the document to work on. */
  readonly document: string;
  /** Every file written into the session directory, absolute paths. */
  readonly files: readonly string[];
  /**
   * The program and arguments that open the document, for `DesktopEnvironment.launch` (or joined
   * for an `open` action): `['localc', '--norestore', '--nologo', '/…/incidents.ods']`.
   */
  readonly argv: readonly [string, ...string[]];
  /** Title of the document's window once it is open: `incidents.ods - LibreOffice Calc`. */
  readonly windowTitle: string;
  /**
   * Title of a dialog LibreOffice shows before the document when it opens this format, if any:
   * `Text Import - [incidents.csv]` for CSV, answered with Enter (OK) to keep the defaults.
   */
  readonly openingDialog?: string;
}

/**
 * Write the scenario's document into `sessionDir` (created if needed) in `format` (the scenario's
 * first format by default) and say how to open it. The document is generated from the committed
 * source each time, so every session starts from the same bytes; with `keepExisting` a document
 * already in the directory (the work of an earlier process of the same run) is left as it is.
 */
export async function prepareDesktopScenario(
  name: string,
  sessionDir: string,
  options: { readonly format?: DocumentFormat; readonly keepExisting?: boolean } = {},
): Promise<PreparedDesktopScenario> {
  const scenario = getDesktopScenario(name);
  const format = options.format ?? scenario.formats[0];
  if (!scenario.formats.includes(format))
    throw new UnknownDesktopScenarioError(`${name} as ${format}`, scenario.formats);
  const directory = resolve(sessionDir);
  await mkdir(directory, { recursive: true });
  const fileName = `${scenario.baseName}.${format}`;
  const document = join(directory, fileName);
  if (options.keepExisting === true && (await exists(document))) {
    // Left as the earlier process saved it.
  } else if (scenario.kind === 'spreadsheet') {
    const source = await loadSheetSource(scenario);
    const bytes =
      format === 'csv'
        ? Buffer.from(formatCsv([source.header, ...source.rows]), 'utf8')
        : odfPackage(ODF_MIME_TYPES.ods, {
            'content.xml': spreadsheetContent(scenario.sheetName, scenario.columns, source.rows),
          });
    await writeFile(document, bytes);
  } else {
    const blocks = await loadTextSource(scenario);
    await writeFile(
      document,
      odfPackage(ODF_MIME_TYPES.odt, { 'content.xml': textContent(blocks), 'styles.xml': textStyles() }),
    );
  }
  const program = scenario.kind === 'spreadsheet' ? 'localc' : 'lowriter';
  const application = scenario.kind === 'spreadsheet' ? 'LibreOffice Calc' : 'LibreOffice Writer';
  return {
    scenario: scenario.name,
    format,
    document,
    files: [document],
    argv: [program, '--norestore', '--nologo', document],
    windowTitle: `${fileName} - ${application}`,
    ...(format === 'csv' ? { openingDialog: `Text Import - [${fileName}]` } : {}),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
