import type { PlanRefresh, Planner, PlannerInput, PlannerResult, RevisionResult } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import {
  parseInstruction,
  parseStep,
  plannedStepFor,
  renderDirective,
  understoodForms,
  type Directive,
} from '../grammar/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import type { ScreenHints } from '../language/interpret.js';
import { valueRoles, type ScreenClickable, type ScreenControl } from '../language/screen-reading.js';
import type { AccessibilityNode } from '@sandpiper/protocol';
import type { Screen } from '@sandpiper/core';
import { reviseFromAnnotation } from './annotation.js';
import { reviseFromGuidance } from './guidance.js';
import { missingWorkFor } from './missing-work.js';
import { constraintsFor, expectedOutcome, successCriteria } from './outcomes.js';

/** The question asked when some clauses could not be read; it quotes each of them. */
export function clarificationQuestion(unparsed: readonly string[]): string {
  const quoted = unparsed.map((clause) => `"${clause}"`).join(', ');
  const which = unparsed.length === 1 ? 'this part' : 'these parts';
  return (
    `I could not tell what to do with ${which} of the request: ${quoted}. ` +
    `Could you say ${unparsed.length === 1 ? 'it' : 'each'} as an action on something on the screen, ` +
    `for example ${understoodForms
      .slice(0, 6)
      .map((form) => `"${form}"`)
      .join(', ')}?`
  );
}

/** Labels of the things on the starting screen that take a value, for clauses like "Country: New Zealand". */
export function screenHints(reader: ScreenReader | undefined, screen: Screen | undefined): ScreenHints | undefined {
  if (reader === undefined || screen === undefined) return undefined;
  const nodes = reader.tree(screen);
  if (nodes === undefined) return undefined;
  const valueRoles = new Set([
    'textbox',
    'searchbox',
    'combobox',
    'spinbutton',
    'slider',
    'listbox',
    'radiogroup',
    'switch',
    'checkbox',
  ]);
  const labels = new Set<string>();
  for (const node of nodes) {
    if (!valueRoles.has(node.role) && !(node.role === 'group' && node.name !== '')) continue;
    if (node.name.trim() !== '') labels.add(node.name.trim());
    if (node.placeholder !== undefined && node.placeholder.trim() !== '') labels.add(node.placeholder.trim());
  }
  return {
    fieldLabels: [...labels],
    controls: screenControls(nodes),
    clickables: screenClickables(nodes),
    disabledClickables: screenClickables(nodes, true),
  };
}

/** Roles of what a clause may name to have it pressed: "Continue with SSO", "Follow @priya.n". */
const clickableRoles: ReadonlySet<string> = new Set(['button', 'link', 'menuitem', 'tab']);

/** The enabled (or, with `disabled`, the disabled) buttons, links, menu items and tabs of a screen, by name. */
function screenClickables(nodes: readonly AccessibilityNode[], disabled = false): ScreenClickable[] {
  return nodes.flatMap((node): ScreenClickable[] =>
    clickableRoles.has(node.role) && (node.disabled === true) === disabled && node.name.trim() !== ''
      ? [{ role: node.role, name: node.name.trim() }]
      : [],
  );
}

/** Roles of controls a clause can name and give a value to, or show (a tab). */
const controlRoles: ReadonlySet<string> = new Set([...valueRoles, 'radio', 'tab']);

/** The controls of a screen as the planner reads clauses against them: names, options, groups, ranges. */
function screenControls(nodes: readonly AccessibilityNode[]): ScreenControl[] {
  const byRef = new Map(nodes.map((node) => [node.ref, node]));
  const groupOf = (node: AccessibilityNode): string | undefined => {
    for (let parent = byRef.get(node.parent ?? ''); parent !== undefined; parent = byRef.get(parent.parent ?? '')) {
      if ((parent.role === 'radiogroup' || parent.role === 'group') && parent.name.trim() !== '') return parent.name;
    }
    return undefined;
  };
  return nodes.flatMap((node): ScreenControl[] => {
    if (!controlRoles.has(node.role) || node.disabled === true) return [];
    const name = node.name.trim() !== '' ? node.name.trim() : (node.placeholder?.trim() ?? '');
    if (name === '') return [];
    const group = node.role === 'radio' ? groupOf(node) : undefined;
    return [
      {
        role: node.role,
        name,
        ...(node.options === undefined ? {} : { options: node.options }),
        ...(group === undefined ? {} : { group }),
        ...(node.valueMin === undefined ? {} : { valueMin: node.valueMin }),
        ...(node.valueMax === undefined ? {} : { valueMax: node.valueMax }),
        ...(node.inputType === undefined ? {} : { inputType: node.inputType }),
      },
    ];
  });
}

/** Steps of the previous version that were already done and lead the new plan unchanged are not planned again. */
function alreadyDone(steps: readonly string[], previous: PlanVersion | undefined): number {
  const completed = previous?.completed ?? [];
  let count = 0;
  while (count < completed.length && count < steps.length && completed[count]?.text === steps[count]) count += 1;
  return count;
}

/**
 * Turn an instruction into a plan: one step per clause, in canonical step text. Pure: the screen
 * enters only through `hints` (labels of fields on it), and the same input always gives the same plan.
 */
export function planInstruction(instruction: string, previous?: PlanVersion, hints?: ScreenHints): PlannerResult {
  const parse = parseInstruction(instruction, hints);
  if (!parse.ok) {
    return { type: 'clarify', question: clarificationQuestion(parse.unparsed), unparsed: parse.unparsed };
  }
  const directives = parse.parsed.map((clause) => clause.directive);
  const texts = directives.map(renderDirective);
  const skip = alreadyDone(texts, previous);
  const steps = directives
    .slice(skip)
    .map((directive, index) =>
      plannedStepFor(directive, texts[skip + index] ?? renderDirective(directive), expectedOutcome(directive)),
    );
  const first = steps[0]?.text;
  const last = steps.at(-1)?.text;
  const span =
    steps.length === 0
      ? 'nothing left to do'
      : steps.length === 1
        ? `one step: "${first}"`
        : `${steps.length} steps in order, from "${first}" to "${last}"`;
  const resumed = skip > 0 ? ` The first ${skip} step${skip === 1 ? ' is' : 's are'} already done.` : '';
  return {
    type: 'plan',
    analysis: `The instruction reads as ${span}.${resumed} Each step's visible effect is checked on screen before the next one starts.`,
    constraints: [...constraintsFor(directives), ...parse.constraints.map((clause) => `As asked: ${clause}.`)],
    successCriteria: successCriteria(directives),
    steps,
  };
}

/** Constraints and criteria for a list of step texts, as the planner would have written them. */
export function refreshPlan(stepTexts: readonly string[]): PlanRefresh {
  const directives: Directive[] = [];
  const unparsed: string[] = [];
  for (const text of stepTexts) {
    const directive = parseStep(text);
    if (directive) directives.push(directive);
    else unparsed.push(text);
  }
  return { constraints: constraintsFor(directives), successCriteria: successCriteria(directives), unparsed };
}

/**
 * The rules planner: parses the instruction with the grammar; never calls a model. `reader` lets
 * it read the screenshots people mark; without one, annotations leave the plan unchanged.
 */
export function createRulesPlanner(reader?: ScreenReader): Planner {
  return {
    async plan(handle, input: PlannerInput) {
      throwIfCancelled(handle);
      return planInstruction(input.task.instruction, input.previous, screenHints(reader, input.screen));
    },
    async refresh(handle, { version }) {
      throwIfCancelled(handle);
      return refreshPlan([...version.completed, ...version.pending].map((step) => step.text));
    },
    async missingWork(handle, input) {
      throwIfCancelled(handle);
      return missingWorkFor(input);
    },
    async revise(handle, { plan, request }): Promise<RevisionResult> {
      throwIfCancelled(handle);
      if (request.type === 'guidance') return reviseFromGuidance(plan, request.text);
      if (reader === undefined) return { type: 'unchanged', reason: 'this planner was given no way to read screens.' };
      return reviseFromAnnotation(handle, reader, plan, request.annotation, request.marked);
    },
  };
}
