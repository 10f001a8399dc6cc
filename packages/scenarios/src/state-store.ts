import type { ScenarioName } from './state-schemas.js';

/** The newest state one app page reported for one session. */
export interface StateRecord {
  /** The app's own counter; it restarts at 1 when the page is reloaded. */
  readonly seq: number;
  /** The validated state, as the scenario's schema parsed it. */
  readonly state: unknown;
}

/** Latest state per (scenario, session), in memory, holding at most `capacity` sessions. */
export interface StateStore {
  put(scenario: ScenarioName, session: string, record: StateRecord): void;
  /** Undefined when that session has reported nothing (or was reset or evicted). */
  get(scenario: ScenarioName, session: string): StateRecord | undefined;
  delete(scenario: ScenarioName, session: string): void;
}

export function createStateStore(capacity = 1000): StateStore {
  const records = new Map<string, StateRecord>();
  const keyOf = (scenario: ScenarioName, session: string) => `${scenario}\u0000${session}`;
  return {
    put(scenario, session, record) {
      const key = keyOf(scenario, session);
      // Re-inserting moves the key to the end, so eviction drops the least recently written.
      records.delete(key);
      records.set(key, record);
      while (records.size > capacity) {
        const oldest = records.keys().next();
        if (oldest.done === true) break;
        records.delete(oldest.value);
      }
    },
    get: (scenario, session) => records.get(keyOf(scenario, session)),
    delete(scenario, session) {
      records.delete(keyOf(scenario, session));
    },
  };
}
