import { PLACES, PLACE_LEGEND, type Place } from './pieces.js';
import type { SweepScenario } from './scenarios.js';
import type { PlantedSecret } from './secrets.js';
import { leaksIn, type Finding, type SecretSweep } from './sweep.js';

/** One CLI run of a scenario and what the sweep found for each of its secrets. */
export interface SweptRun {
  readonly scenario: SweepScenario;
  readonly mode: 'plain' | 'json';
  readonly runId: string | undefined;
  readonly exitCode: number | null;
  readonly status: string | undefined;
  readonly wallMs: number;
  readonly modelRequests: number;
  readonly images: number;
  readonly secrets: readonly { readonly secret: PlantedSecret; readonly sweep: SecretSweep }[];
}

type Row = Record<Place, number> & { asWritten: number; decoy: number };

function rowFor(runs: readonly SweptRun[]): Row {
  const row = { ...Object.fromEntries(PLACES.map((place) => [place, 0])), asWritten: 0, decoy: 0 } as Row;
  for (const run of runs) {
    for (const { sweep } of run.secrets) {
      for (const place of PLACES) {
        const tally = sweep.places[place];
        row[place] += run.scenario.control ? tally.hits : leaksIn(tally);
        row.asWritten += tally.asWritten;
        row.decoy += tally.decoyHits;
      }
    }
  }
  return row;
}

const total = (row: Row) => PLACES.reduce((sum, place) => sum + row[place], 0);

function line(name: string, cells: readonly (string | number)[], widths: readonly number[]): string {
  return [name.padEnd(widths[0]!), ...cells.map((cell, index) => String(cell).padStart(widths[index + 1]!))].join(' ');
}

/** The scenario × place table of leaks (found values, for the controls), with totals. */
export function printTable(runs: readonly SweptRun[]): void {
  const ids = [...new Set(runs.map((run) => run.scenario.id))];
  const headers = [...PLACES, 'total', 'as-written', 'decoy', 'runs'];
  const widths = [22, ...headers.map((header) => Math.max(header.length, 5))];
  const print = (title: string, control: boolean) => {
    const chosen = ids.filter(
      (id) => (runs.find((run) => run.scenario.id === id)?.scenario.control ?? false) === control,
    );
    if (chosen.length === 0) return;
    console.log(`\n${title}`);
    console.log(line('scenario', headers, widths));
    const sum = rowFor([]);
    for (const id of chosen) {
      const mine = runs.filter((run) => run.scenario.id === id);
      const row = rowFor(mine);
      for (const key of Object.keys(sum) as (keyof Row)[]) sum[key] += row[key];
      const statuses = mine.map((run) => `${run.mode[0]}:${run.status ?? `exit ${run.exitCode}`}`).join(' ');
      console.log(
        line(id, [...PLACES.map((place) => row[place]), total(row), row.asWritten, row.decoy, statuses], widths),
      );
    }
    console.log(
      line('total', [...PLACES.map((place) => sum[place]), total(sum), sum.asWritten, sum.decoy, ''], widths),
    );
  };
  print('Leaks by scenario and place (goal: 0 everywhere)', false);
  print('Controls: ordinary values the run should record, found by the same sweep (non-zero shows it can see)', true);
  console.log('\nPlaces:');
  for (const place of PLACES) console.log(`  ${place.padEnd(14)} ${PLACE_LEGEND[place]}`);
  console.log(
    '  as-written     occurrences of a literal secret in the task and the plan made from it, kept by design\n' +
      '  decoy          hits for never-planted values of the same shapes: the matcher finding things by chance',
  );
}

/** Each distinct leak once, with how often it occurs. */
export function printFindings(runs: readonly SweptRun[], limit = 12): void {
  for (const run of runs) {
    if (run.scenario.control) continue;
    const groups = new Map<string, { finding: Finding; secret: string; count: number }>();
    for (const { secret, sweep } of run.secrets) {
      for (const finding of sweep.findings) {
        const key = `${secret.name}|${finding.place}|${finding.form}|${finding.excerpt}`;
        const group = groups.get(key);
        if (group) group.count += 1;
        else groups.set(key, { finding, secret: secret.name, count: 1 });
      }
    }
    if (groups.size === 0) continue;
    console.log(`\n${run.scenario.id} (${run.mode}, ${run.runId ?? 'no run id'}): ${groups.size} distinct leaks`);
    for (const { finding, secret, count } of [...groups.values()].slice(0, limit)) {
      const when =
        finding.beforeTyping === undefined ? '' : finding.beforeTyping ? ' [before typing]' : ' [after typing]';
      console.log(
        `  ${count}× ${secret} in ${finding.place} (${finding.form})${when}: ${finding.excerpt.slice(0, 160)}`,
      );
    }
    if (groups.size > limit) console.log(`  … ${groups.size - limit} more in the JSON results`);
  }
}

/** The JSON written to bench/results: every run, tally and finding, and the totals. */
export function resultsJson(runs: readonly SweptRun[], meta: Record<string, unknown>): unknown {
  const scored = runs.filter((run) => !run.scenario.control);
  const byPlace = rowFor(scored);
  return {
    ...meta,
    places: PLACE_LEGEND,
    totals: {
      leaks: total(byPlace),
      byPlace: Object.fromEntries(PLACES.map((place) => [place, byPlace[place]])),
      asWritten: byPlace.asWritten,
      decoyHits: byPlace.decoy,
      byScenario: Object.fromEntries(
        [...new Set(scored.map((run) => run.scenario.id))].map((id) => [
          id,
          total(rowFor(scored.filter((run) => run.scenario.id === id))),
        ]),
      ),
    },
    runs: runs.map((run) => ({
      scenario: run.scenario.id,
      engine: run.scenario.engine,
      page: run.scenario.page,
      control: run.scenario.control ?? false,
      mode: run.mode,
      runId: run.runId,
      exitCode: run.exitCode,
      status: run.status,
      wallMs: run.wallMs,
      modelRequests: run.modelRequests,
      images: run.images,
      secrets: run.secrets.map(({ secret, sweep }) => ({
        name: secret.name,
        kind: secret.kind,
        binding: secret.binding,
        length: secret.value.length,
        places: sweep.places,
        databaseBytes: sweep.databaseBytes,
        findings: sweep.findings,
      })),
    })),
  };
}
