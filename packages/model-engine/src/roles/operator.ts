import type {
  Handle,
  Operator,
  OperatorDecision,
  OperatorInput,
  PerformedAction,
  PlannedAction,
} from '@sandpiper/core';
import type { Grounding, Step } from '@sandpiper/protocol';
import { boxCenter } from '@sandpiper/protocol';
import { z } from 'zod';
import { describePerformed, LISTED_ACTIONS } from '../history.js';
import {
  actionIssues,
  elementOf,
  MAX_CHAIN,
  modelPlannedActionSchema,
  presentProgressive,
  toProtocolAction,
} from '../model-actions.js';
import { callRole, modelName, type RoleCaller } from '../role-call.js';
import { decideWithComputerTool, type ComputerPromptValues } from './computer-operator.js';
import type { RoleParts } from '../role-parts.js';
import {
  clip,
  coordinateRules,
  describeScreen,
  formatBox,
  imagePart,
  toModelBox,
  type ModelScreen,
} from '../screen-context.js';

const thought = z.string().max(2000).optional();

/** The operator's answer as the model writes it. */
export const operatorAnswerSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('act'),
    thought,
    actions: z.array(modelPlannedActionSchema).min(1).max(MAX_CHAIN),
    /** The chain should leave the step's effect in place: check the step right after it. */
    completesStep: z.boolean().optional(),
  }),
  z.object({ decision: z.literal('step-complete'), thought, evidence: z.string().trim().min(1).max(2000) }),
  z.object({ decision: z.literal('clarify'), thought, question: z.string().trim().min(1).max(2000) }),
  z.object({ decision: z.literal('fail'), thought, reason: z.string().trim().min(1).max(2000) }),
]);
export type OperatorAnswer = z.infer<typeof operatorAnswerSchema>;

/** The answer schema for one screen: points must land on it, pointer actions need a target. */
export function answerSchemaFor(view: ModelScreen) {
  return operatorAnswerSchema.superRefine((answer, context) => {
    if (answer.decision !== 'act') return;
    answer.actions.forEach((planned, index) => {
      for (const issue of actionIssues(planned.action, view)) {
        context.addIssue({ code: 'custom', message: issue.message, path: ['actions', index, 'action', ...issue.path] });
      }
    });
  });
}

/** Marks an answer that failed only because its points were off the screen. */
const OFF_SCREEN = 'give a point on the screen';

/** The next action or short chain for a step, from the operator's model. */
export function createModelOperator(parts: RoleParts): Operator {
  return {
    async decide(handle, input) {
      const history = parts.history.forTask(input.task);
      history.noteAttempt(input.step, input.attempt, input.performed);
      const caller = parts.caller('operator');
      const view = await parts.images.prepare(input.screen, caller.model.profile);
      // The step check may have decided this move already, on this very screen: take it rather
      // than send the screen again. Only a step's first look qualifies; points are checked again.
      const held = parts.lookAhead.takeDecision(input.step, input.screen);
      const fresh = input.attempt === 1 && input.performed.length === 0 && input.loopHint === undefined;
      const ahead = held !== undefined && fresh ? answerSchemaFor(view).safeParse(held) : undefined;
      // What both prompts say about the step and what was done so far.
      const about = {
        instruction: input.task.instruction,
        step: stepText(input.step, view),
        attempt: String(input.attempt),
        history: history.stepLines(input.step).join('\n'),
        performed: performedText(input.performed),
        loopHint: loopHintText(input),
      };
      const decision = ahead?.success
        ? await toDecision(handle, parts, input, view, ahead.data)
        : actsThroughComputerTool(caller, parts.caller('grounder'))
          ? await decideWithComputerTool(parts, caller, handle, view, about, computerEnvironment(input))
          : await decideWithActions(parts, caller, handle, input, view, about);
      history.noteScreen(input.screen, decision.type === 'act' ? decision.actions.map((action) => action.summary) : []);
      return decision;
    },
  };
}

/** One decision in Sandpiper's own action JSON, with the few screens before this one for context. */
async function decideWithActions(
  parts: RoleParts,
  caller: RoleCaller,
  handle: Handle,
  input: OperatorInput,
  view: ModelScreen,
  about: ComputerPromptValues,
): Promise<OperatorDecision> {
  const earlier = parts.history.earlierScreens(input.screen, parts.contextScreenshots - 1);
  const earlierViews = await Promise.all(
    earlier.map((seen) => parts.images.prepare(seen.screen, caller.model.profile)),
  );
  const screens = [
    `Screenshots attached, oldest first (${earlier.length + 1}):`,
    ...earlier.map(
      (seen, index) =>
        `${index + 1}. An earlier screen; chosen there: ${seen.then.length > 0 ? seen.then.join('; ') : 'nothing'}.`,
    ),
    `${earlier.length + 1}. The current screen. All points refer to this one.`,
    '',
    describeScreen(view, 'Current screen'),
  ].join('\n');
  const prompt = parts.prompts.render('operator', {
    coordinates: coordinateRules(view),
    maxChain: String(MAX_CHAIN),
    ...about,
    screens,
  });
  const result = await callRole(caller, handle, {
    prompt,
    images: [...earlierViews.map(imagePart), imagePart(view)],
    schema: answerSchemaFor(view),
    outputName: 'operator_decision',
    maxOutputTokens: 1500,
  });
  if (!result.ok) return unreadable(result.validation, result.reason);
  return toDecision(handle, parts, input, view, result.value);
}

/**
 * Whether the operator acts through its vendor's computer tool: its model has one, and no other
 * model was given the grounder's role (a person who configured a grounding model wants it used,
 * which only Sandpiper's own actions, naming elements for the grounder, can do).
 */
export function actsThroughComputerTool(operator: RoleCaller, grounder: RoleCaller): boolean {
  if (operator.model.profile.capabilities.computerUse === undefined) return false;
  return modelName(operator.model) === modelName(grounder.model);
}

/**
 * What the vendor's computer tool is told it drives: a browser for the browser environments, a
 * Linux desktop for the desktop and for an executor, which may serve either.
 */
function computerEnvironment(input: OperatorInput): 'browser' | 'linux' {
  const type = input.task.environment.type;
  return type === 'url' || type === 'scenario' || type === 'cdp' ? 'browser' : 'linux';
}

/** After the repair bound: points that kept missing the screen fail the step; anything else asks the person. */
function unreadable(validation: string | undefined, reason: string): OperatorDecision {
  const lines = (validation ?? '').split('\n').filter((line) => line.trim() !== '');
  if (lines.length > 0 && lines.every((line) => line.includes(OFF_SCREEN))) {
    return { type: 'fail', reason: `The model kept pointing outside the screen: ${lines[0]}` };
  }
  return {
    type: 'clarify',
    question: `The model's answers could not be read (${reason}). How should this step be done?`,
  };
}

async function toDecision(
  handle: Handle,
  parts: RoleParts,
  input: OperatorInput,
  view: ModelScreen,
  answer: OperatorAnswer,
): Promise<OperatorDecision> {
  switch (answer.decision) {
    case 'step-complete':
      return { type: 'step-complete', evidence: answer.evidence };
    case 'clarify':
      return { type: 'clarify', question: answer.question };
    case 'fail':
      return { type: 'fail', reason: answer.reason };
    case 'act':
      break;
  }
  const actions: PlannedAction[] = [];
  for (const planned of answer.actions) {
    const element = elementOf(planned.action);
    let grounding: Grounding | undefined;
    if (element !== undefined) {
      grounding = await parts.grounder.locate(handle, {
        query: { text: element },
        screen: input.screen,
        ...(input.step.region ? { region: input.step.region } : {}),
      });
      if (grounding.box === undefined) {
        return { type: 'fail', reason: `"${element}" could not be found on the screen.` };
      }
    }
    const action = toProtocolAction(planned.action, view, grounding?.box && boxCenter(grounding.box));
    if (action === undefined) return { type: 'fail', reason: `"${planned.summary}" points outside the screen.` };
    actions.push({
      action,
      summary: presentProgressive(planned.summary, action, element && `'${element}'`),
      ...(grounding === undefined ? {} : { grounding }),
    });
  }
  return { type: 'act', actions, ...(answer.completesStep === true ? { completesStep: true } : {}) };
}

/** The step as the operator's prompt states it: its text, expected outcome and any area the person marked. */
export function stepText(step: Step, view: ModelScreen): string {
  const lines = [step.text];
  if (step.expectedOutcome) lines.push(`Expected outcome: ${step.expectedOutcome}`);
  const region = step.region;
  if (region) {
    lines.push(
      `The person marked the target's area at ${formatBox(toModelBox(region.box, view))}` +
        `${region.label ? ` (${region.label})` : ''}; prefer a target inside it.`,
    );
  }
  return lines.join('\n');
}

/** Characters of the newest tool output shown to the operator; older outputs get {@link OLDER_TOOL_OUTPUT}. */
const NEWEST_TOOL_OUTPUT = 6000;
const OLDER_TOOL_OUTPUT = 600;

function performedText(performed: readonly PerformedAction[]): string {
  if (performed.length === 0) return '(none yet)';
  const listed = performed.slice(-LISTED_ACTIONS);
  const newestTool = listed.findLastIndex((action) => action.action.type === 'tool-call');
  const shown = listed.map((action, index) => {
    const line = `- ${describePerformed(action)}`;
    if (action.action.type !== 'tool-call' || !action.output) return line;
    // The output is what the tool call was for; the newest one is shown nearly whole, older ones
    // shortened, so the prompt stays bounded however many calls an attempt makes.
    const limit = index === newestTool ? NEWEST_TOOL_OUTPUT : OLDER_TOOL_OUTPUT;
    const output = clip(action.output, limit).replace(/\n/g, '\n    ');
    return `${line}\n  Output:\n    ${output}`;
  });
  const hidden = performed.length - LISTED_ACTIONS;
  return [...(hidden > 0 ? [`(${hidden} earlier actions not shown)`] : []), ...shown].join('\n');
}

function loopHintText(input: OperatorInput): string {
  const hint = input.loopHint;
  if (!hint) return 'none';
  const tiers = { 1: 'switch modality', 2: 'change strategy', 3: 'a judge said switch' } as const;
  return `${hint.avoid.length > 0 ? hint.avoid.join('; ') : 'the last action'} (${tiers[hint.tier]}: ${hint.reason})`;
}
