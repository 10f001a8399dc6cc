import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { clerkScript, honestLookAhead, listedCriteria, typingOperator } from './support/clerk-script.js';
import { danaInstruction } from './support/fixtures.js';
import { openRunBench, payloadsOf, type RunBench } from './support/scenario-run.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';

/** A plan that forgets the email step but still lists both values as criteria. */
const shortPlan = JSON.stringify({
  decision: 'plan',
  analysis: 'Fill in the employee name and the email.',
  constraints: [],
  successCriteria: [
    {
      kind: 'field-value',
      text: "The 'Employee name' field shows 'Dana Whitfield'",
      target: 'Employee name',
      value: 'Dana Whitfield',
      exact: true,
    },
    {
      kind: 'field-value',
      text: "The 'Email' field shows 'dana.whitfield@example.com'",
      target: 'Email',
      value: 'dana.whitfield@example.com',
      exact: true,
    },
  ],
  steps: [{ text: "Type 'Dana Whitfield' into the 'Employee name' field", expectedOutcome: 'The name is shown' }],
});

/** Types the name, then claims the whole task done in the same breath. */
function eagerOperator(call: ScriptedCall): string {
  const answer = JSON.parse(typingOperator(call)) as { decision: string; actions?: unknown[] };
  if (answer.decision !== 'act' || call.index > 1) return JSON.stringify(answer);
  return JSON.stringify({
    ...answer,
    actions: [
      ...answer.actions!,
      { summary: 'Finishing', action: { type: 'done', summary: 'The form is filled in.' } },
    ],
  });
}

/** Says every criterion holds, quoting its value, whatever the screen shows. */
function overEagerAssess(call: ScriptedCall): string {
  return JSON.stringify({
    readings: listedCriteria(call.user).map(({ id, exactValue }) => ({
      id,
      status: 'satisfied',
      evidence: `It reads '${exactValue}'.`,
    })),
  });
}

/** The step check looking ahead, with the same over-eager criteria readings. */
function overEagerLookAhead(call: ScriptedCall): string {
  const answer = JSON.parse(honestLookAhead(call)) as Record<string, unknown>;
  return JSON.stringify({ ...answer, readings: JSON.parse(overEagerAssess(call)).readings as unknown });
}

describe('a premature done claim is rejected by the judge', () => {
  let bench: RunBench;
  beforeAll(async () => {
    bench = await openRunBench();
  });
  afterAll(() => bench.close());

  it('rejects the claim with what is missing, appends the missing work, then accepts', async () => {
    const model = createScriptedModel({
      script: clerkScript(shortPlan, {
        operator_decision: [eagerOperator],
        criteria_readings: [overEagerAssess],
        step_verdict_and_next: [overEagerLookAhead],
        missing_work: [
          JSON.stringify({
            steps: [
              {
                text: "Type 'dana.whitfield@example.com' into the 'Email' field",
                expectedOutcome: 'The email is shown',
              },
            ],
          }),
        ],
      }),
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const { state, events, app } = await bench.run({ engine, instruction: danaInstruction, session: 'premature' });

    expect(payloadsOf(events, 'action-start').some((start) => start.action.type === 'done')).toBe(true);
    const checks = payloadsOf(events, 'completion-check');
    expect(checks).toHaveLength(2);
    expect(checks[0]).toMatchObject({ accepted: false, gate: { verdict: 'done' }, judge: { verdict: 'reject' } });
    expect(checks[0]?.judge?.missing).toEqual(["enter 'dana.whitfield@example.com'"]);
    expect(checks[1]).toMatchObject({ accepted: true, judge: { verdict: 'accept' } });
    expect(state.versions.map((version) => version.cause)).toEqual(['initial', 'verifier-rejection']);
    expect(state.status).toBe('succeeded');
    expect(app?.fields.email).toBe('dana.whitfield@example.com');
  });
});
