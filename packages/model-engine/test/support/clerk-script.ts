import type { ModelScript, ScriptedCall, ScriptedReply } from './scripted-model.js';

/**
 * A scripted "clerk" model that reads its prompts the way a competent model reads the screen: it
 * finds fields in the element list, checks values there, and answers each role honestly. Tests
 * override single roles to misbehave.
 */

const ELEMENT = /^- (\S+) ("(?:[^"\\]|\\.)*")(.*) at x=(-?[\d.]+) y=(-?[\d.]+) w=([\d.]+) h=([\d.]+)$/;

interface ListedElement {
  readonly role: string;
  readonly name: string;
  readonly value?: string;
  readonly centre: { readonly x: number; readonly y: number };
}

/** The elements listed in a prompt (the current screen's list comes last). */
export function listedElements(text: string): ListedElement[] {
  const elements: ListedElement[] = [];
  for (const line of text.split('\n')) {
    const match = ELEMENT.exec(line);
    if (!match) continue;
    const value = /value=("(?:[^"\\]|\\.)*")/.exec(match[3]!)?.[1];
    elements.push({
      role: match[1]!,
      name: JSON.parse(match[2]!) as string,
      ...(value === undefined ? {} : { value: JSON.parse(value) as string }),
      centre: {
        x: Math.round(Number(match[4]) + Number(match[6]) / 2),
        y: Math.round(Number(match[5]) + Number(match[7]) / 2),
      },
    });
  }
  return elements;
}

export function findElement(text: string, name: string, role = 'textbox'): ListedElement {
  const found = listedElements(text).find((element) => element.role === role && element.name === name);
  if (!found) throw new Error(`the prompt lists no ${role} "${name}"`);
  return found;
}

/** The line after a label such as "Current step: ". */
export function lineAfter(text: string, label: string): string {
  const start = text.indexOf(label);
  if (start === -1) throw new Error(`the prompt has no "${label}"`);
  return text
    .slice(start + label.length)
    .split('\n')[0]!
    .trim();
}

/** The criteria listed in a judge prompt: id and exact value. */
export function listedCriteria(text: string): { id: string; exactValue?: string }[] {
  return [...text.matchAll(/^- \[([^\]]+)\] .*?(?:\(exact value: ("(?:[^"\\]|\\.)*")\))?$/gm)]
    .filter((match) => match[1]!.startsWith('criterion'))
    .map((match) => ({ id: match[1]!, ...(match[2] ? { exactValue: JSON.parse(match[2]) as string } : {}) }));
}

/** Whether any listed element holds this value. */
export function valueShown(text: string, value: string): boolean {
  return listedElements(text).some((element) => element.value === value);
}

const TYPE_STEP = /^Type '(.+)' into the '(.+)' field/;

/** A plan answer, as JSON. */
export function planAnswer(fields: readonly { field: string; value: string }[]): string {
  return JSON.stringify({
    decision: 'plan',
    analysis: 'Fill in the employee details on the first page of the expense form.',
    constraints: ['Do not submit the form.'],
    successCriteria: fields.map(({ field, value }) => ({
      kind: 'field-value',
      text: `The '${field}' field shows '${value}'`,
      target: field,
      targetRole: 'field',
      value,
      exact: true,
    })),
    steps: fields.map(({ field, value }) => ({
      text: `Type '${value}' into the '${field}' field`,
      expectedOutcome: `The '${field}' field shows '${value}'`,
    })),
  });
}

/** Click the field, select what it holds, type the value; then report the step complete. */
export function typingOperator(call: ScriptedCall): string {
  return JSON.stringify(typingDecision(call, 'Current step: '));
}

/** The typing operator's decision for the step on the line after `label`. */
function typingDecision(call: ScriptedCall, label: string): unknown {
  const step = lineAfter(call.user, label);
  const match = TYPE_STEP.exec(step);
  if (!match) return { decision: 'fail', reason: `cannot read the step "${step}"` };
  const [, value, field] = match;
  const element = findElement(call.user, field!);
  if (element.value === value) {
    return { decision: 'step-complete', evidence: `The '${field}' field shows '${value}'.` };
  }
  return {
    decision: 'act',
    thought: `The '${field}' field is visible and empty.`,
    actions: [
      { summary: `Clicking the '${field}' field`, action: { type: 'click', at: element.centre } },
      { summary: `Selecting the text in '${field}'`, action: { type: 'key', keys: ['Control', 'a'] } },
      { summary: `Typing '${value}' into '${field}'`, action: { type: 'type', text: value } },
    ],
    completesStep: true,
  };
}

const describeChanges: ScriptedReply = JSON.stringify({
  changes: [{ description: 'text appeared in the field that was clicked', relevance: 'action-relevant' }],
  summary: 'The clicked field now holds the typed text.',
});

/** Passes a typing step when the screen after shows the typed value. */
function honestVerdict(call: ScriptedCall): string {
  return JSON.stringify(verdictOf(call));
}

function verdictOf(call: ScriptedCall): { verdict: 'success' | 'failure'; evidence: string; summary: string } {
  const match = TYPE_STEP.exec(lineAfter(call.user, 'Step: '));
  const shown = match !== null && valueShown(call.user, match[1]!);
  return {
    verdict: shown ? 'success' : 'failure',
    evidence: shown ? `The field shows '${match[1]}'.` : 'The typed value is not visible.',
    summary: shown ? 'The step is done.' : 'The step is not done.',
  };
}

/** Reads each exact criterion from the element list. */
export function honestAssess(call: ScriptedCall): string {
  return JSON.stringify({ readings: readingsOf(call) });
}

function readingsOf(call: ScriptedCall) {
  return listedCriteria(call.user).map(({ id, exactValue }) => {
    const shown = exactValue !== undefined && valueShown(call.user, exactValue);
    return {
      id,
      status: shown ? 'satisfied' : 'unsatisfied',
      evidence: shown ? `The field reads '${exactValue}'.` : `'${exactValue}' is not shown.`,
    };
  });
}

/**
 * The step check looking ahead: the honest verdict, the criteria read from the element list, and
 * after a success the typing operator's move for the next step.
 */
export function honestLookAhead(call: ScriptedCall): string {
  const verdict = verdictOf(call);
  const next = lineAfter(call.user, 'Next step: ');
  const criteria = listedCriteria(call.user);
  return JSON.stringify({
    ...verdict,
    ...(criteria.length > 0 ? { readings: readingsOf(call) } : {}),
    ...(verdict.verdict === 'success' && !next.startsWith('(none')
      ? { next: typingDecision(call, 'Next step: ') }
      : {}),
  });
}

/** Accepts only when every exact value is on screen, quoting each. */
export function honestJudge(call: ScriptedCall): string {
  const criteria = listedCriteria(call.user).map(({ id, exactValue }) => {
    const shown = exactValue !== undefined && valueShown(call.user, exactValue);
    return {
      id,
      satisfied: shown,
      evidence: shown ? `The field reads '${exactValue}'.` : `'${exactValue}' is missing.`,
    };
  });
  const unmet = listedCriteria(call.user).filter(
    (criterion) => !criteria.find((entry) => entry.id === criterion.id)?.satisfied,
  );
  return JSON.stringify({
    verdict: unmet.length === 0 ? 'accept' : 'reject',
    certain: true,
    reason:
      unmet.length === 0
        ? 'Every requested value is readable in its field.'
        : `Not shown: ${unmet.map((criterion) => criterion.exactValue).join(', ')}.`,
    criteria,
    sideEffects: 'confirmed',
    screenStable: true,
    missing: unmet.map((criterion) => `enter '${criterion.exactValue}'`),
  });
}

/** Every role answered honestly; `overrides` replace single roles. */
export function clerkScript(plan: string, overrides: ModelScript = {}): ModelScript {
  return {
    plan: [plan],
    operator_decision: [typingOperator],
    change_description: [describeChanges],
    step_verdict: [honestVerdict],
    step_verdict_and_next: [honestLookAhead],
    criteria_readings: [honestAssess],
    completion_verdict: [honestJudge],
    feasibility: [JSON.stringify({ verdict: 'uncertain', evidence: ['Nothing shows the task cannot be done.'] })],
    loop_verdict: [
      JSON.stringify({ progress: 'fields fill in', repeating: false, verdict: 'keep', reason: 'Progress.' }),
    ],
    missing_work: [JSON.stringify({ steps: [] })],
    ...overrides,
  };
}
