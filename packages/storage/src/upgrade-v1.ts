import { checkOfLegacyCriterion } from '@sandpiper/protocol';
import type { StoredEventRecord } from './event-record.js';

/** Detector names version 1 wrote in camel case, and their names from version 2 on. */
const detectorNames: Readonly<Record<string, string>> = {
  repeatedSubsequence: 'repeated-subsequence',
  visualNonProgress: 'visual-non-progress',
  sameActionNoChange: 'same-action-no-change',
  sameScreenNoProgress: 'same-screen-no-progress',
  systemReplanTrigger: 'system-replan-trigger',
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A version-1 criterion (a sentence and an optional exact value) with the typed check it meant. */
function typedCriterion(criterion: unknown): unknown {
  if (!isObject(criterion) || 'check' in criterion || typeof criterion['text'] !== 'string') return criterion;
  const { exactValue, ...rest } = criterion;
  return {
    ...rest,
    check: checkOfLegacyCriterion(criterion['text'], typeof exactValue === 'string' ? exactValue : undefined),
  };
}

/**
 * Version 1 to 2: success criteria gain their typed check (read from the sentence shapes the
 * built-in planner wrote), and detector names are spelled one way (kebab case).
 */
export function upgradeFromVersion1(record: StoredEventRecord): StoredEventRecord {
  const payload = record.payload;
  if (!isObject(payload)) return { ...record, schemaVersion: 2 };
  if (payload['type'] === 'plan-version-create' && isObject(payload['version'])) {
    const version = payload['version'];
    const criteria = Array.isArray(version['successCriteria'])
      ? version['successCriteria'].map(typedCriterion)
      : version['successCriteria'];
    return { ...record, schemaVersion: 2, payload: { ...payload, version: { ...version, successCriteria: criteria } } };
  }
  if (payload['type'] === 'detector-fire' && typeof payload['detector'] === 'string') {
    const detector = detectorNames[payload['detector']] ?? payload['detector'];
    return { ...record, schemaVersion: 2, payload: { ...payload, detector } };
  }
  return { ...record, schemaVersion: 2 };
}
