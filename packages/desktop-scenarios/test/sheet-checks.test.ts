import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDesktopTask } from '../src/index.js';
import { sessionDir, sourceRows, writeSheet } from './variants.js';

/**
 * The spreadsheet checks on hand-made results: the right result passes, and each near miss a
 * careless run could produce (wrong order, a row lost, a boundary crossed, the wrong column
 * charted) fails. The files come from the same generator as the prepared ones.
 */

let dir: string;
let incidents: string[][];
let readings: string[][];

beforeAll(async () => {
  dir = await sessionDir();
  incidents = await sourceRows('incident-sheet');
  readings = await sourceRows('sensor-log');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function verdictOn(
  taskId: string,
  rows: readonly (readonly string[])[],
  options: Parameters<typeof writeSheet>[3] = {},
): Promise<boolean> {
  const task = getDesktopTask(taskId);
  await writeSheet(dir, task.scenario as 'incident-sheet' | 'sensor-log', rows, {
    format: task.format as 'ods' | 'csv',
    ...options,
  });
  return (await task.check(dir)).ok;
}

const header = (rows: string[][]): string[] => rows[0]!;
const data = (rows: string[][]): string[][] => rows.slice(1);
const setCell = (rows: string[][], row: number, column: number, value: string): string[][] =>
  rows.map((cells, index) => (index === row ? Object.assign([...cells], { [column]: value }) : [...cells]));

describe('incident sheet checks', () => {
  it('sort by severity: highest first passes; lowest first, a lost row or a changed cell fails', async () => {
    const sorted = [...data(incidents)].sort((a, b) => Number(b[3]) - Number(a[3]));
    expect(await verdictOn('incident-sheet/sort-by-severity', [header(incidents), ...sorted])).toBe(true);
    expect(await verdictOn('incident-sheet/sort-by-severity', [header(incidents), ...sorted.reverse()])).toBe(false);
    sorted.reverse();
    expect(await verdictOn('incident-sheet/sort-by-severity', [header(incidents), ...sorted.slice(0, -1)])).toBe(false);
    expect(
      await verdictOn('incident-sheet/sort-by-severity', setCell([header(incidents), ...sorted], 3, 5, 'Nobody')),
    ).toBe(false);
  });

  it('sort by site then newest first: passes as asked, fails with the dates oldest first', async () => {
    const bySite = (newestFirst: boolean) =>
      [...data(incidents)].sort((a, b) =>
        a[2] !== b[2] ? a[2]!.localeCompare(b[2]!) : (newestFirst ? -1 : 1) * a[1]!.localeCompare(b[1]!),
      );
    expect(await verdictOn('incident-sheet/sort-by-site-then-date', [header(incidents), ...bySite(true)])).toBe(true);
    expect(await verdictOn('incident-sheet/sort-by-site-then-date', [header(incidents), ...bySite(false)])).toBe(false);
  });

  it('add incident: the row as asked passes ("open" in any case); a wrong site or a second new row fails', async () => {
    const added = ['INC-2031', '', 'Depot 4', '2', 'open'];
    expect(await verdictOn('incident-sheet/add-incident', [...incidents, added])).toBe(true);
    expect(
      await verdictOn('incident-sheet/add-incident', [...incidents, ['INC-2031', '', 'Depot 1', '2', 'Open']]),
    ).toBe(false);
    expect(await verdictOn('incident-sheet/add-incident', [...incidents, added, added])).toBe(false);
  });

  it('close before October: exactly the incidents dated before 2026-10-01; closing INC-2012 (dated 10-01) too fails', async () => {
    const closed = incidents.map((row, index) =>
      index > 0 && row[1]! < '2026-10-01' ? setCell([row], 0, 4, 'Closed')[0]! : row,
    );
    expect(await verdictOn('incident-sheet/close-before-october', closed)).toBe(true);
    expect(await verdictOn('incident-sheet/close-before-october', setCell(closed, 12, 4, 'Closed'))).toBe(false);
  });

  it('set G5 to 42 and bold: passes only with both the value and the bold', async () => {
    const rows = setCell(incidents, 4, 6, '42');
    const boldG5 = (xml: string): string =>
      xml.replace(
        '<table:table-cell office:value-type="float" office:value="42">',
        '<table:table-cell table:style-name="ce-header" office:value-type="float" office:value="42">',
      );
    expect(await verdictOn('incident-sheet/set-g5-bold', rows, { edit: boldG5 })).toBe(true);
    expect(await verdictOn('incident-sheet/set-g5-bold', rows)).toBe(false);
    expect(await verdictOn('incident-sheet/set-g5-bold', setCell(incidents, 4, 6, '41'), { edit: boldG5 })).toBe(false);
  });

  it('total minutes: the sum in G27 passes, one off fails', async () => {
    const total = data(incidents).reduce((sum, row) => sum + Number(row[6]), 0);
    expect(
      await verdictOn('incident-sheet/total-minutes', [...incidents, ['', '', '', '', '', '', String(total)]]),
    ).toBe(true);
    expect(
      await verdictOn('incident-sheet/total-minutes', [...incidents, ['', '', '', '', '', '', String(total - 1)]]),
    ).toBe(false);
  });

  it('delete incident and rename owner: the exact edit passes, a neighbour touched fails', async () => {
    const without = incidents.filter((row) => row[0] !== 'INC-2014');
    expect(await verdictOn('incident-sheet/delete-incident', without)).toBe(true);
    expect(
      await verdictOn(
        'incident-sheet/delete-incident',
        without.filter((row) => row[0] !== 'INC-2015'),
      ),
    ).toBe(false);
    const renamed = incidents.map((row) => row.map((cell) => (cell === 'M. Okafor' ? 'M. Okafor-Reyes' : cell)));
    expect(await verdictOn('incident-sheet/rename-owner', renamed)).toBe(true);
    expect(await verdictOn('incident-sheet/rename-owner', setCell(renamed, 2, 5, 'M. Okafor'))).toBe(false);
  });

  it('the CSV task reads the CSV: the edit there passes, the same edit saved as .ods instead fails', async () => {
    const closed = incidents.map((row) => (row[0] === 'INC-2017' ? setCell([row], 0, 4, 'Closed')[0]! : row));
    expect(await verdictOn('incident-sheet/close-incident-csv', closed)).toBe(true);
    await writeSheet(dir, 'incident-sheet', incidents, { format: 'csv' });
    await writeSheet(dir, 'incident-sheet', closed, { format: 'ods' });
    expect((await getDesktopTask('incident-sheet/close-incident-csv').check(dir)).ok).toBe(false);
  });

  it('clarify tasks fail once anything changed: a cell, a sort, a bold cell', async () => {
    for (const id of ['incident-sheet/sort-ambiguous', 'incident-sheet/delete-duplicate']) {
      expect(await verdictOn(id, incidents), id).toBe(true);
      expect(await verdictOn(id, setCell(incidents, 9, 4, 'Closed')), id).toBe(false);
      expect(await verdictOn(id, [header(incidents), ...[...data(incidents)].reverse()]), id).toBe(false);
      const boldFirstId = (xml: string): string =>
        xml.replace(
          '<table:table-cell office:value-type="string"><text:p>INC-2001',
          '<table:table-cell table:style-name="ce-header" office:value-type="string"><text:p>INC-2001',
        );
      expect(await verdictOn(id, incidents, { edit: boldFirstId }), id).toBe(false);
    }
  });
});

/** A chart object over the given ranges, as LibreOffice writes one: a frame in the sheet and its own content.xml. */
function withChart(values: string, categories: string | undefined): Parameters<typeof writeSheet>[3] {
  const chart = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">
<office:body><office:chart><chart:chart chart:class="chart:line"><chart:plot-area table:cell-range-address="Readings.A1:Readings.A41 Readings.C1:Readings.C41">
<chart:axis chart:dimension="x">${categories === undefined ? '' : `<chart:categories table:cell-range-address="${categories}"/>`}</chart:axis>
<chart:series chart:values-cell-range-address="${values}" chart:label-cell-address="Readings.C1:Readings.C1"/>
</chart:plot-area></chart:chart></office:chart></office:body></office:document-content>`;
  const frame =
    '<table:shapes><draw:frame xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><draw:object xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="./Object 1"/></draw:frame></table:shapes>';
  return {
    edit: (xml) => xml.replace(/(<table:table table:name="Readings">)/, `$1${frame}`),
    extra: { 'Object 1/content.xml': chart },
  };
}

describe('sensor log checks', () => {
  it('highest temperature: 33.5 in F2 passes, the second highest fails', async () => {
    const withF2 = (value: string) => readings.map((row, index) => (index === 1 ? [...row, '', value] : row));
    expect(await verdictOn('sensor-log/highest-temperature', withF2('33.5'))).toBe(true);
    expect(await verdictOn('sensor-log/highest-temperature', withF2('32.1'))).toBe(false);
  });

  it('mark high: the four readings above 30 pass, with or without a heading; marking the 30 itself fails', async () => {
    const marked = (limit: (temperature: number) => boolean, heading = '') =>
      readings.map((row, index) => (index === 0 ? [...row, heading] : [...row, limit(Number(row[2])) ? 'HIGH' : '']));
    expect(
      await verdictOn(
        'sensor-log/mark-high',
        marked((t) => t > 30),
      ),
    ).toBe(true);
    expect(
      await verdictOn(
        'sensor-log/mark-high',
        marked((t) => t > 30, 'Flag'),
      ),
    ).toBe(true);
    expect(
      await verdictOn(
        'sensor-log/mark-high',
        marked((t) => t >= 30),
      ),
    ).toBe(false);
    expect(
      await verdictOn(
        'sensor-log/mark-high',
        marked((t) => t > 31),
      ),
    ).toBe(false);
  });

  it('temperature chart: temperatures over the timestamps pass; humidity, or no time axis, fails', async () => {
    const id = 'sensor-log/temperature-chart';
    expect(await verdictOn(id, readings, withChart('Readings.C2:Readings.C41', 'Readings.A2:Readings.A41'))).toBe(true);
    expect(await verdictOn(id, readings, withChart('Readings.$C$2:.$C$41', "'Readings'.$A$2:.$A$41"))).toBe(true);
    expect(await verdictOn(id, readings, withChart('Readings.D2:Readings.D41', 'Readings.A2:Readings.A41'))).toBe(
      false,
    );
    expect(await verdictOn(id, readings, withChart('Readings.C2:Readings.C41', undefined))).toBe(false);
    expect(await verdictOn(id, readings, withChart('Readings.C2:Readings.C30', 'Readings.A2:Readings.A30'))).toBe(
      false,
    );
    expect(await verdictOn(id, readings)).toBe(false);
  });

  it('delete the spare sensor, average humidity, drop the humidity column: exact passes, near misses fail', async () => {
    const withoutSpare = readings.filter((row) => row[1] !== 'T-03');
    expect(await verdictOn('sensor-log/delete-spare-sensor', withoutSpare)).toBe(true);
    expect(await verdictOn('sensor-log/delete-spare-sensor', withoutSpare.slice(0, -1))).toBe(false);
    const withG2 = (value: string) => readings.map((row, index) => (index === 1 ? [...row, '', '', value] : row));
    expect(await verdictOn('sensor-log/average-humidity', withG2('51.4'))).toBe(true);
    expect(await verdictOn('sensor-log/average-humidity', withG2('51'))).toBe(false);
    expect(
      await verdictOn(
        'sensor-log/drop-humidity-csv',
        readings.map((row) => row.slice(0, 3)),
      ),
    ).toBe(true);
    expect(
      await verdictOn(
        'sensor-log/drop-humidity-csv',
        readings.map((row) => [row[0]!, row[1]!, row[3]!]),
      ),
    ).toBe(false);
  });

  it('clarify tasks fail once a row is gone or a chart was added', async () => {
    for (const id of ['sensor-log/fix-faulty-readings', 'sensor-log/delete-missing-sensor']) {
      expect(await verdictOn(id, readings), id).toBe(true);
      expect(
        await verdictOn(
          id,
          readings.filter((row) => row[1] !== 'T-03'),
        ),
        id,
      ).toBe(false);
      expect(await verdictOn(id, readings, withChart('Readings.C2:Readings.C41', 'Readings.A2:Readings.A41')), id).toBe(
        false,
      );
    }
  });
});
