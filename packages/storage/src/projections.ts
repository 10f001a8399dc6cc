import { parseContract, planVersionSchema, type PlanVersion, type RunEvent } from '@sandpiper/protocol';
import type Database from 'better-sqlite3';

/**
 * Keeps the tables derived from events (`plan_versions`, and the status columns of `runs`) in
 * step with the log. It runs inside the append transaction, so a projection can never disagree with
 * the events it was built from, even after a crash.
 */
export function createProjector(db: Database.Database): (event: RunEvent) => void {
  const setStatus = db.prepare('UPDATE runs SET status = ?, ended_at = ? WHERE id = ?');
  const insertPlanVersion = db.prepare(
    `INSERT INTO plan_versions (run_id, version_id, number, parent_id, cause, state, json)
     VALUES (@runId, @versionId, @number, @parentId, @cause, @state, @json)`,
  );
  const findPlanApproval = db.prepare(
    `SELECT json_extract(payload, '$.subject.versionId') AS versionId FROM events
     WHERE run_id = ? AND type = 'approval-request'
       AND json_extract(payload, '$.requestId') = ?
       AND json_extract(payload, '$.subject.type') = 'plan'
     ORDER BY seq DESC LIMIT 1`,
  );
  const setPlanState = db.prepare('UPDATE plan_versions SET state = ? WHERE run_id = ? AND version_id = ?');

  return (event) => {
    const payload = event.payload;
    switch (payload.type) {
      case 'run-start':
        setStatus.run('running', null, event.runId);
        return;
      case 'run-end':
        setStatus.run(payload.status, event.at, event.runId);
        return;
      case 'plan-version-create': {
        const version = payload.version;
        insertPlanVersion.run({
          runId: event.runId,
          versionId: version.id,
          number: version.number,
          parentId: version.parentId ?? null,
          cause: version.cause,
          state: version.state,
          json: JSON.stringify(version),
        });
        return;
      }
      case 'approval-response': {
        if (payload.decision !== 'accepted') return;
        const approval = findPlanApproval.get(event.runId, payload.requestId) as { versionId: string } | undefined;
        if (approval !== undefined) setPlanState.run('locked', event.runId, approval.versionId);
        return;
      }
      default:
        return;
    }
  };
}

/** A row of `plan_versions` read back into a plan version, with its current state. */
export function planVersionFromRow(row: { json: string; state: string }, runId: string): PlanVersion {
  const stored = JSON.parse(row.json) as Record<string, unknown>;
  return parseContract(planVersionSchema, { ...stored, state: row.state }, `stored plan version of run ${runId}`);
}
