import { canonicalNumber } from '../odf/values.js';
import { getDesktopScenario, type SpreadsheetScenarioInfo } from '../scenarios.js';
import { equals, fact, sameRows, sameRowSet, type Fact } from './facts.js';
import {
  boldnessIs,
  dataRows,
  defineSheetTasks,
  unchanged,
  valueAt,
  withCells,
  type OriginalSheet,
  type SavedSheet,
} from './sheet-tasks.js';

const scenario = getDesktopScenario('incident-sheet') as SpreadsheetScenarioInfo;

/** Columns of the incident sheet, from 0. */
const ID = 0;
const DATE = 1;
const SITE = 2;
const SEVERITY = 3;
const STATUS = 4;
const OWNER = 5;
const MINUTES = 6;
const WIDTH = 7;

/** The header is untouched and nothing was written right of column G. */
function shapeKept(saved: SavedSheet, original: OriginalSheet): Fact[] {
  const wide = saved.rows.findIndex((row) => row.length > WIDTH);
  return [
    equals('the header row', saved.rows[0], original.header),
    fact('nothing is written right of column G', wide === -1, wide === -1 ? undefined : `row ${wide + 1}`),
    equals('the number of charts', saved.charts.length, 0),
  ];
}

/** Holds when no two consecutive data rows are out of order by `compare` (positive: the first belongs after). */
function ordered(
  subject: string,
  rows: readonly (readonly string[])[],
  compare: (a: readonly string[], b: readonly string[]) => number,
): Fact {
  const broken = rows.findIndex((row, index) => index > 0 && compare(rows[index - 1]!, row) > 0);
  return fact(
    `the rows are ${subject}`,
    broken === -1,
    broken === -1
      ? undefined
      : `rows ${broken + 1} and ${broken + 2} out of order: ${rows[broken - 1]?.[ID]}, ${rows[broken]?.[ID]}`,
  );
}

/** The data rows of `original` with `column` set to `value` in the rows `where` selects. */
function withCell(
  original: OriginalSheet,
  where: (row: readonly string[]) => boolean,
  column: number,
  value: string,
): string[][] {
  return original.data.map((row) =>
    where(row) ? row.map((cell, index) => (index === column ? value : cell)) : [...row],
  );
}

export const incidentTasks = defineSheetTasks(scenario, [
  {
    name: 'sort-by-severity',
    instruction: 'Sort the incidents by severity, highest first, and save.',
    facts: (saved, original) => {
      const rows = dataRows(saved);
      return [
        ...shapeKept(saved, original),
        sameRowSet('the incident rows', rows, original.data),
        ordered('by severity, highest first', rows, (a, b) => Number(b[SEVERITY]) - Number(a[SEVERITY])),
        fact('the first incident is of severity 4', rows[0]?.[SEVERITY] === '4', rows[0]?.[SEVERITY]),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'sort-by-site-then-date',
    instruction: 'Sort the incidents by site from A to Z, and within each site put the newest first. Save when done.',
    facts: (saved, original) => {
      const rows = dataRows(saved);
      return [
        ...shapeKept(saved, original),
        sameRowSet('the incident rows', rows, original.data),
        ordered('by site A to Z, newest first within a site', rows, (a, b) =>
          a[SITE] !== b[SITE] ? a[SITE]!.localeCompare(b[SITE]!) : b[DATE]!.localeCompare(a[DATE]!),
        ),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'add-incident',
    instruction: 'Add a row for incident INC-2031 at Depot 4, severity 2, open, and save.',
    facts: (saved, original) => {
      const added = saved.rows[original.rows.length] ?? [];
      return [
        ...shapeKept(saved, original),
        sameRows('the existing rows', saved.rows.slice(0, original.rows.length), original.rows),
        equals('the number of rows', saved.rows.length, original.rows.length + 1),
        equals('the new row’s ID', added[ID], 'INC-2031'),
        equals('the new row’s site', added[SITE], 'Depot 4'),
        equals('the new row’s severity', added[SEVERITY], '2'),
        // "open" as typed or "Open" as the column writes it: the case carries no meaning here.
        equals('the new row’s status (any case)', added[STATUS]?.toLowerCase(), 'open'),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'close-before-october',
    instruction: 'Fill the Status column of every incident older than 2026-10-01 with Closed, and save.',
    facts: (saved, original) => [
      ...shapeKept(saved, original),
      sameRows(
        'the incidents',
        dataRows(saved),
        withCell(original, (row) => row[DATE]! < '2026-10-01', STATUS, 'Closed'),
        2,
      ),
      boldnessIs(saved, original),
    ],
  },
  {
    name: 'set-g5-bold',
    instruction: 'Set G5 to 42 and make it bold, then save.',
    facts: (saved, original) => [
      ...shapeKept(saved, original),
      equals('G5', valueAt(saved, 'G5'), '42'),
      sameRows('the cells', saved.rows, withCells(original.rows, { G5: '42' })),
      boldnessIs(saved, original, { bold: new Set(['4:6']) }),
    ],
  },
  {
    name: 'total-minutes',
    instruction: 'Write the total minutes down in G27, just below the last incident, and save.',
    facts: (saved, original) => {
      const total = canonicalNumber(original.data.reduce((sum, row) => sum + Number(row[MINUTES]), 0));
      return [
        ...shapeKept(saved, original),
        equals('G27', valueAt(saved, 'G27'), total),
        sameRows('the cells', saved.rows, withCells(original.rows, { G27: total })),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'delete-incident',
    instruction: 'Delete the row of incident INC-2014 and save.',
    facts: (saved, original) => [
      ...shapeKept(saved, original),
      sameRows(
        'the incidents',
        dataRows(saved),
        original.data.filter((row) => row[ID] !== 'INC-2014'),
        2,
      ),
      boldnessIs(saved, original),
    ],
  },
  {
    name: 'rename-owner',
    instruction: "Replace the owner 'M. Okafor' with 'M. Okafor-Reyes' everywhere, and save.",
    facts: (saved, original) => [
      ...shapeKept(saved, original),
      sameRows(
        'the incidents',
        dataRows(saved),
        withCell(original, (row) => row[OWNER] === 'M. Okafor', OWNER, 'M. Okafor-Reyes'),
        2,
      ),
      boldnessIs(saved, original),
    ],
  },
  {
    name: 'close-incident-csv',
    format: 'csv',
    instruction: 'Change the status of INC-2017 to Closed and save the file, keeping it as CSV.',
    facts: (saved, original) => [
      ...shapeKept(saved, original),
      sameRows(
        'the incidents',
        dataRows(saved),
        withCell(original, (row) => row[ID] === 'INC-2017', STATUS, 'Closed'),
        2,
      ),
    ],
  },
  {
    // Two orders are plausible (by ID as it is, by date, by severity...): nothing says which.
    name: 'sort-ambiguous',
    expect: 'clarify',
    instruction: 'Sort the sheet.',
    facts: unchanged,
  },
  {
    // Every ID appears once and no two rows are alike: there is no duplicate to delete.
    name: 'delete-duplicate',
    expect: 'clarify',
    instruction: 'Delete the duplicate incident.',
    facts: unchanged,
  },
]);
