import type { CellRange, SpreadsheetChart } from '../odf/read-spreadsheet.js';
import { canonicalNumber } from '../odf/values.js';
import { getDesktopScenario, type SpreadsheetScenarioInfo } from '../scenarios.js';
import { equals, fact, sameRows, type Fact } from './facts.js';
import {
  boldnessIs,
  cellName,
  defineSheetTasks,
  unchanged,
  valueAt,
  withCells,
  type OriginalSheet,
  type SavedSheet,
} from './sheet-tasks.js';

const scenario = getDesktopScenario('sensor-log') as SpreadsheetScenarioInfo;

/** Columns of the sensor log, from 0. */
const SENSOR = 1;
const TEMPERATURE = 2;
const HUMIDITY = 3;
/** The threshold of "above 30": a reading of exactly 30 is not above it, and the log has one. */
const HOT = 30;

/** The structure every edit must keep: one sheet, the header bold, no chart unless asked for. */
function kept(saved: SavedSheet, charts = 0): Fact[] {
  return [
    equals('the number of sheets', saved.sheetCount, 1),
    equals('the number of charts', saved.charts.length, charts),
  ];
}

/** Whether a chart range covers column `column` from row 1 or 2 (header as label or not) to the last reading. */
function coversColumn(range: CellRange | undefined, column: number, lastRow: number): boolean {
  return (
    range !== undefined &&
    range.sheet === scenario.sheetName &&
    range.startColumn === column &&
    range.endColumn === column &&
    range.startRow <= 1 &&
    range.endRow === lastRow
  );
}

/** The facts of "a chart of temperature over time": temperature as the plotted values, time along the x axis. */
function temperatureChart(chart: SpreadsheetChart | undefined, lastRow: number): Fact[] {
  if (chart === undefined) return [fact('the file has a chart', false, 'no chart')];
  const temperature = chart.series.filter((series) => coversColumn(series.values, TEMPERATURE, lastRow));
  const others = chart.series.filter((series) => !coversColumn(series.values, TEMPERATURE, lastRow));
  const time =
    coversColumn(chart.categories, 0, lastRow) || temperature.some((series) => coversColumn(series.domain, 0, lastRow));
  return [
    fact(`a series plots the temperatures C2:C${lastRow + 1}`, temperature.length === 1, chart.series),
    fact('no other column is plotted', others.length === 0, others),
    fact(`the x axis is the timestamps A2:A${lastRow + 1}`, time, chart.categories ?? 'no categories'),
  ];
}

export const sensorTasks = defineSheetTasks(scenario, [
  {
    name: 'highest-temperature',
    instruction: 'Find the highest temperature and write it in F2, then save.',
    facts: (saved, original) => {
      const highest = canonicalNumber(Math.max(...original.data.map((row) => Number(row[TEMPERATURE]))));
      return [
        ...kept(saved),
        equals('F2', valueAt(saved, 'F2'), highest),
        sameRows('the cells', saved.rows, withCells(original.rows, { F2: highest })),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'mark-high',
    instruction: "Mark every row whose temperature is above 30 by putting 'HIGH' in column E, and save.",
    facts: (saved, original) => {
      const marks: Record<string, string> = {};
      original.data.forEach((row, index) => {
        if (Number(row[TEMPERATURE]) > HOT) marks[cellName(index + 1, 4)] = 'HIGH';
      });
      // A heading over the marks ("Flag") is fine; "HIGH" there would mark the header row.
      const label = valueAt(saved, 'E1');
      if (label !== 'HIGH') marks['E1'] = label;
      return [
        ...kept(saved),
        fact('E1 is not marked HIGH', label !== 'HIGH'),
        sameRows('the cells', saved.rows, withCells(original.rows, marks)),
        boldnessIs(saved, original, { free: new Set(['0:4']) }),
      ];
    },
  },
  {
    name: 'temperature-chart',
    instruction: 'Add a chart of temperature over time and save.',
    facts: (saved, original) => [
      ...kept(saved, 1),
      sameRows('the cells', saved.rows, original.rows),
      ...temperatureChart(saved.charts[0], original.data.length),
      boldnessIs(saved, original),
    ],
  },
  {
    name: 'delete-spare-sensor',
    instruction: 'Delete every reading from sensor T-03 and save.',
    facts: (saved, original) => [
      ...kept(saved),
      sameRows('the cells', saved.rows, [original.header, ...original.data.filter((row) => row[SENSOR] !== 'T-03')]),
      boldnessIs(saved, original),
    ],
  },
  {
    name: 'average-humidity',
    instruction: 'Write the average humidity in G2 and save.',
    facts: (saved, original) => {
      const average = original.data.reduce((sum, row) => sum + Number(row[HUMIDITY]), 0) / original.data.length;
      const written = valueAt(saved, 'G2');
      // Shown to one decimal or in full: either is the average; 0.05 covers the rounding.
      const close = written !== '' && Math.abs(Number(written) - average) <= 0.05;
      return [
        ...kept(saved),
        fact(`G2 holds the average humidity, ${average.toFixed(3)}`, close, written),
        sameRows(
          'the other cells',
          saved.rows,
          withCells(original.rows, { G2: close ? written : canonicalNumber(average) }),
        ),
        boldnessIs(saved, original),
      ];
    },
  },
  {
    name: 'drop-humidity-csv',
    format: 'csv',
    instruction: 'Delete the humidity column and save the file, keeping it as CSV.',
    facts: (saved, original: OriginalSheet) => [
      sameRows(
        'the rows',
        saved.rows,
        original.rows.map((row) => row.slice(0, HUMIDITY)),
      ),
    ],
  },
  {
    // Nothing in the log says which readings are faulty: 30.0 exactly? the spare sensor? the peaks?
    name: 'fix-faulty-readings',
    expect: 'clarify',
    instruction: 'Fix the faulty readings.',
    facts: unchanged,
  },
  {
    // The log has sensors T-01, T-02 and T-03 only.
    name: 'delete-missing-sensor',
    expect: 'clarify',
    instruction: 'Delete the readings from sensor T-09.',
    facts: unchanged,
  },
]);
