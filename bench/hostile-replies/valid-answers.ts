import type { SeenRequest, ValidAnswer } from './server.js';

/**
 * The well-behaved model every hostile case falls back to: a competent, honest one. It plans one
 * step (click the Name header), grounds the header from the element list the grounder's prompt
 * gives, and answers every checking role from the truth, as a model that reads the screen right
 * would. The truth comes from the scenario's own state checker, so a "valid" reply never claims
 * the task done when it is not: a false success in this bench is the hostile replies' doing.
 */

/** The task every case runs: one click on the `Name` header sorts the machines by name, descending. */
export const BENCH_TASK_ID = 'machine-status/sort-name-descending';

const STEP = "Click the 'Name' column header";
const OUTCOME = 'The machines are listed by name in descending order, Welder-28 first';
const CRITERION = 'The table is sorted by machine name, descending (Welder-28 first)';

/** The valid answers for one case; `achieved` asks the scenario's checker about the run's app right now. */
export function createValidModel(achieved: () => boolean): ValidAnswer {
  return (request, body) => JSON.stringify(answerFor(request, body, achieved));
}

function answerFor(request: SeenRequest, body: string, achieved: () => boolean): unknown {
  const done = () => achieved();
  switch (request.name) {
    case 'plan':
      return {
        decision: 'plan',
        analysis: 'Sorting by name needs one click on the Name header; the table starts in ascending order.',
        constraints: [],
        successCriteria: [{ kind: 'described', text: CRITERION }],
        steps: [{ text: STEP, expectedOutcome: OUTCOME }],
      };
    case 'operator_decision':
      return done()
        ? {
            decision: 'step-complete',
            evidence: 'The first row is Welder-28 and the Name header shows a descending sort.',
          }
        : {
            decision: 'act',
            thought: 'The Name header sorts the table; one click gives the descending order.',
            actions: [{ summary: "Clicking the 'Name' column header", action: { type: 'click', element: 'Name' } }],
          };
    case 'grounding':
      return groundName(body);
    case 'loop_verdict':
      return { progress: 'Each click changed the table order.', repeating: false, verdict: 'keep', reason: 'No loop.' };
    case 'change_description':
      return done()
        ? {
            changes: [{ description: 'The rows were re-sorted by name, descending', relevance: 'action-relevant' }],
            summary: 'The table is now sorted by name, descending.',
          }
        : { changes: [], summary: 'The table order did not change to descending.' };
    case 'step_verdict':
      return stepVerdict(done());
    case 'criteria_readings':
      return { readings: readings(request, done()) };
    case 'step_verdict_and_next':
      // The step check looking ahead; it leaves the next move to the operator.
      return { ...stepVerdict(done()), readings: readings(request, done()) };
    case 'completion_verdict':
      return judgement(request, done());
    case 'missing_work':
      return { steps: done() ? [] : [{ text: STEP, expectedOutcome: OUTCOME }] };
    case 'feasibility':
      return { verdict: 'feasible', evidence: ['The Name header is on the screen.'] };
    case 'recovery_proposal':
      return { step: 'Click the Name header of the machine table once', rationale: 'The header toggles the sort.' };
    case 'critic_verdict':
      return done()
        ? { verdict: 'success', reason: 'The table is sorted by name, descending.' }
        : { verdict: 'retryable', reason: 'The table is not sorted yet; clicking the Name header would do it.' };
    case 'plan_refresh':
      return { constraints: [], successCriteria: [{ kind: 'described', text: CRITERION }], unreadable: [] };
    default:
      return {};
  }
}

function stepVerdict(done: boolean): Record<string, string> {
  return done
    ? { verdict: 'success', evidence: 'Welder-28 is the first row.', summary: 'Sorted by name, descending.' }
    : { verdict: 'failure', evidence: 'The table is not sorted by name, descending.', summary: 'Not sorted yet.' };
}

function readings(request: SeenRequest, done: boolean): unknown[] {
  return request.criteria.map((id) => ({
    id,
    status: done ? 'satisfied' : 'unsatisfied',
    evidence: done ? 'Welder-28 is the first row.' : 'The first row is not Welder-28.',
  }));
}

function judgement(request: SeenRequest, done: boolean): unknown {
  return {
    verdict: done ? 'accept' : 'reject',
    certain: true,
    reason: done ? 'Welder-28 heads the list and the Name header shows a descending sort.' : 'The table is not sorted.',
    criteria: request.criteria.map((id) => ({
      id,
      satisfied: done,
      evidence: done ? 'Welder-28 is the first row.' : 'The first row is not Welder-28.',
    })),
    sideEffects: done ? 'confirmed' : 'unconfirmed',
    screenStable: true,
    missing: done ? [] : [STEP],
  };
}

/**
 * The Name header's box from the element list in the grounder's prompt (`button "Name" at x=…`),
 * as a model that reads the list would give it; not found when the list does not show it.
 */
function groundName(body: string): unknown {
  const found = /button \\?"Name\\?"(?: [a-z]+(?:=[^ ]+)?)* at x=(-?[\d.]+) y=(-?[\d.]+) w=([\d.]+) h=([\d.]+)/.exec(
    body,
  );
  if (found === null) return { found: false, reason: 'No Name header is listed on this screen.' };
  const [x, y, width, height] = found.slice(1, 5).map(Number) as [number, number, number, number];
  return { found: true, label: 'Name', box: { x, y, width, height } };
}
