import type { Handle, OperatorDecision, PlannedAction } from '@sandpiper/core';
import {
  COMPUTER_TOOL_NAME,
  type ComputerAction,
  type ModelMessage,
  type ModelRequest,
  type ModelTool,
  type ToolCall,
  type ToolResult,
  type Usage,
} from '@sandpiper/models';
import { z } from 'zod';
import { MAX_CHAIN, presentProgressive, toProtocolAction, type ModelAction } from '../model-actions.js';
import { addUsage, failedCall, outputBudget, report, samplingOf, type RoleCaller } from '../role-call.js';
import type { PromptValues } from '../prompts.js';
import type { RoleParts } from '../role-parts.js';
import { describeScreen, imagePart, type ModelScreen } from '../screen-context.js';

/**
 * The operator for models trained on their vendor's computer-use tool (Claude's and OpenAI's
 * `computer`, OpenAI's `computer_use_preview`): the
 * model acts by calling that tool, in its own action vocabulary and in pixels of the screenshot it
 * was shown, rather than by writing Sandpiper's action JSON. Its step verdicts go through one small
 * tool of ours, `report_step`, so "done", a question and "cannot" stay distinct; a turn with text
 * and no call is read as "done", the vendor loop's own way of finishing. Everything it claims is
 * still checked by the reflector from the screens before and after.
 *
 * One decision is one short conversation: when the model asks for a screenshot (it often does
 * first, though one is attached), or names an action this agent does not perform, the answer goes
 * back as the call's result and it is asked again, at most {@link MAX_TURNS} times.
 */

/** Model turns within one decision. */
const MAX_TURNS = 3;

type ReportInput = { readonly outcome: 'done' | 'ask' | 'cannot'; readonly text: string };

/** The step verdict tool offered beside the computer tool. */
const REPORT_TOOL: ModelTool<ReportInput> = {
  name: 'report_step',
  description:
    "Say that the current step's effect is visible, or will be once the computer calls of this turn have run " +
    '(done); ask the person one question (ask); or say the step cannot be done on this screen (cannot). Put the ' +
    'evidence, the question or the reason in text.',
  inputSchema: z.object({
    outcome: z.enum(['done', 'ask', 'cannot']),
    text: z.string().trim().min(1).max(2000),
  }),
};

/** What the operator's prompt says about the step and what was done, rendered by the caller. */
export type ComputerPromptValues = Omit<PromptValues<'operator-computer'>, 'screen'>;

/** One decision through the vendor's computer tool. */
export async function decideWithComputerTool(
  parts: RoleParts,
  caller: RoleCaller,
  handle: Handle,
  view: ModelScreen,
  values: ComputerPromptValues,
  environment: 'browser' | 'linux',
): Promise<OperatorDecision> {
  const prompt = parts.prompts.render('operator-computer', {
    ...values,
    screen: describeScreen(view, 'Current screen'),
  });
  const display = { displayWidth: view.image.width, displayHeight: view.image.height, environment };
  const budget = outputBudget(caller.model, 1500);
  let messages: ModelMessage[] = [
    { role: 'system', content: prompt.system },
    { role: 'user', content: [{ type: 'text', text: prompt.user }, imagePart(view)] },
  ];
  const started = caller.now();
  let spent: Usage | undefined;
  let repaired = false;
  for (let turn = 1; ; turn += 1) {
    const request: ModelRequest = {
      messages,
      tools: [REPORT_TOOL as ModelTool],
      computer: display,
      outputName: 'operator_decision',
      ...(budget === undefined ? {} : { maxOutputTokens: budget }),
      ...samplingOf(caller.model),
    };
    let calls: readonly ToolCall[];
    let text: string;
    let transcript: readonly unknown[] | undefined;
    try {
      const response = await caller.model.client.complete(handle, request);
      spent = addUsage(spent, response.usage);
      calls = response.toolCalls;
      text = response.text.trim();
      transcript = response.transcript;
    } catch (error: unknown) {
      // Thrown again for cancellation; any other failure is reported and becomes a question.
      const failed = await failedCall(caller, handle, error, started, spent);
      const reason = failed.ok ? 'no answer' : failed.reason;
      return { type: 'clarify', question: `The model could not be asked (${reason}). How should this step be done?` };
    }
    const outcome = readTurn(calls, text, view);
    if (outcome.type === 'decision') {
      await report(caller, handle, spent, started, repaired ? 'repaired' : 'ok');
      return outcome.decision;
    }
    if (outcome.looked !== true) repaired = true;
    if (turn >= MAX_TURNS) {
      const reason = `invalid-output: no action after ${turn} turns: ${outcome.problem}`;
      handle.log(`operator model call failed (${reason})`);
      await report(caller, handle, spent, started, 'error', reason);
      return {
        type: 'clarify',
        question: `The model's answers could not be read (${reason}). How should this step be done?`,
      };
    }
    handle.log(`operator computer tool: ${outcome.problem}; asking again (${turn} of ${MAX_TURNS - 1})`);
    messages = [
      ...messages,
      {
        role: 'assistant',
        content: text,
        toolCalls: calls.map((call) => ({ id: call.id, name: call.name, input: call.input })),
        ...(transcript === undefined ? {} : { transcript }),
      },
      { role: 'user', content: '', toolResults: calls.map((call) => resultFor(call, view)) },
    ];
  }
}

type Turn =
  | { readonly type: 'decision'; readonly decision: OperatorDecision }
  /** Ask again; `looked` when the model only asked to see the screen (no mistake to repair). */
  | { readonly type: 'again'; readonly problem: string; readonly looked?: boolean };

/** What one model turn decided, or why it must be asked again. */
function readTurn(calls: readonly ToolCall[], text: string, view: ModelScreen): Turn {
  const reported = calls.find((call) => call.name === REPORT_TOOL.name);
  const computerCalls = calls.filter((call) => call.name === COMPUTER_TOOL_NAME);
  if (reported !== undefined && computerCalls.length === 0) {
    const { outcome, text: said } = reported.input as ReportInput;
    if (outcome === 'done') return { type: 'decision', decision: { type: 'step-complete', evidence: said } };
    if (outcome === 'ask') return { type: 'decision', decision: { type: 'clarify', question: said } };
    return { type: 'decision', decision: { type: 'fail', reason: said } };
  }
  if (calls.length === 0) {
    if (text === '') return { type: 'again', problem: 'the answer was empty' };
    return { type: 'decision', decision: { type: 'step-complete', evidence: text.slice(0, 2000) } };
  }
  const problem = computerCalls.find((call) => call.computerProblem !== undefined)?.computerProblem;
  if (problem !== undefined) return { type: 'again', problem };
  const flagged = computerCalls.flatMap((call) => call.safetyChecks ?? []);
  if (flagged.length > 0) {
    // The vendor wants a person to confirm first; nothing is performed until one has.
    const said = flagged.map((check) => check.message ?? check.code ?? 'no reason given').join('; ');
    return {
      type: 'decision',
      decision: {
        type: 'clarify',
        question: `The model's safety check stopped its next action (${said}). Should it go ahead?`,
      },
    };
  }
  const actions = computerCalls
    .flatMap((call) => call.computerActions ?? [])
    .filter((action) => action.kind !== 'screenshot')
    .flatMap((action) => modelActionsOf(action));
  if (actions.length === 0) return { type: 'again', problem: 'it asked for a screenshot', looked: true };
  const planned: PlannedAction[] = [];
  for (const modelAction of actions.slice(0, MAX_CHAIN)) {
    const action = toProtocolAction(modelAction, view);
    if (action === undefined) return { type: 'again', problem: 'a point was off the screen' };
    planned.push({ action, summary: presentProgressive('', action) });
  }
  // A `done` after the actions: they should finish the step, so it is checked right after them.
  const finishes = reported !== undefined && (reported.input as ReportInput).outcome === 'done';
  return {
    type: 'decision',
    decision: { type: 'act', actions: planned, ...(finishes ? { completesStep: true } : {}) },
  };
}

/** The action in Sandpiper's model vocabulary, whose points are pixels of the image as sent. */
function modelActionsOf(action: Exclude<ComputerAction, { kind: 'screenshot' }>): ModelAction[] {
  switch (action.kind) {
    case 'click':
      return action.count === 2 && action.button === 'left'
        ? [{ type: 'double-click', at: action.at }]
        : [{ type: 'click', at: action.at, button: action.button, count: action.count }];
    case 'move':
      return [{ type: 'move', to: action.to }];
    case 'drag':
      return [{ type: 'drag', from: action.from, to: action.to }];
    case 'scroll':
      return [
        {
          type: 'scroll',
          direction: action.direction,
          amount: action.amount,
          ...(action.at === undefined ? {} : { at: action.at }),
        },
      ];
    case 'type':
      return [{ type: 'type', text: action.text }];
    case 'keys':
      return action.chords.map((chord) => ({ type: 'key', keys: [...chord] }));
    case 'wait':
      return [{ type: 'wait', ms: action.ms }];
  }
}

/** The result sent back for a call when the model is asked again. */
function resultFor(call: ToolCall, view: ModelScreen): ToolResult {
  if (call.computerProblem !== undefined) {
    return { callId: call.id, isError: true, content: [{ type: 'text', text: call.computerProblem }] };
  }
  if ((call.computerActions ?? []).every((action) => action.kind === 'screenshot')) {
    return { callId: call.id, content: [imagePart(view)] };
  }
  // Nothing was performed: a turn is carried out only once every call in it can be.
  return {
    callId: call.id,
    isError: true,
    content: [{ type: 'text', text: 'Not performed: another call in the same turn could not be carried out.' }],
  };
}
