import type { Handle, PerformedAction, Reflector, StepCheck, StepCheckInput } from '@sandpiper/core';
import { prepareScreenshot, type ContentPart } from '@sandpiper/models';
import type { Action, ChangeRegionEvidence, PlanVersion, Step, Task } from '@sandpiper/protocol';
import { z } from 'zod';
import type { ChangeEvidence } from '../change-evidence.js';
import { describeLocally } from '../local-changes.js';
import { describePerformed } from '../history.js';
import { MAX_CHAIN } from '../model-actions.js';
import { criteriaLines } from '../plan-text.js';
import { callRole, modelName, type RoleCaller } from '../role-call.js';
import { assessAnswerSchema } from './judge.js';
import { answerSchemaFor, operatorAnswerSchema, stepText } from './operator.js';
import type { RoleParts } from '../role-parts.js';
import {
  coordinateRules,
  describeScreen,
  formatBox,
  imagePart,
  toModelBox,
  type ModelScreen,
} from '../screen-context.js';

/** Stage 1: what changed, each change sorted by cause. */
export const changeAnswerSchema = z.object({
  changes: z
    .array(
      z.object({
        region: z.number().int().positive().optional(),
        description: z.string().trim().min(1).max(300),
        relevance: z.enum(['action-relevant', 'noise', 'unrelated']),
      }),
    )
    .max(50),
  summary: z.string().trim().min(1).max(1000),
});
type ChangeAnswer = z.infer<typeof changeAnswerSchema>;

/** Stage 2: the verdict from the cleaned evidence. */
export const stepVerdictSchema = z.object({
  evidence: z.string().trim().min(1).max(1000),
  summary: z.string().trim().min(1).max(1000),
  verdict: z.enum(['success', 'failure']),
});

/**
 * Stage 2 with a look ahead: the verdict first, then the criteria as the screen after shows them
 * and the next step's first move on that screen. A malformed look ahead is dropped, never a
 * reason to re-ask: the verdict is what the call is for.
 */
export const lookAheadAnswerSchema = stepVerdictSchema.extend({
  readings: assessAnswerSchema.shape.readings.optional().catch(undefined),
  next: operatorAnswerSchema.optional().catch(undefined),
});

/** Most actions listed for one check; a step's chain is short, so this only bounds odd cases. */
const LISTED = 10;

/** Where a pointer action happened, in the model's coordinates of `view`; empty for other actions. */
function where(action: Action, view: ModelScreen): string {
  const point = (at: { x: number; y: number }) => {
    const box = toModelBox({ ...at, width: 0, height: 0 }, view);
    return `(${box.x}, ${box.y})`;
  };
  switch (action.type) {
    case 'click':
    case 'double-click':
      return ` at ${point(action.at)}`;
    case 'move':
      return ` at ${point(action.to)}`;
    case 'drag':
      return ` from ${point(action.from)} to ${point(action.to)}`;
    default:
      return '';
  }
}

/** The actions, each pointer action with where it landed on `view`. */
function actionLines(performed: readonly PerformedAction[], view: ModelScreen): string {
  if (performed.length === 0) return '(none: the operator found the effect already in place)';
  return performed
    .slice(-LISTED)
    .map((entry) => `- ${describePerformed(entry)}${where(entry.action, view)}`)
    .join('\n');
}

const unreadable = (reason: string): StepCheck => ({
  passed: false,
  evidence: `The reflector's answers could not be read (${reason}).`,
});

/**
 * The evidence-first reflector on a model: stage 1 describes what changed and sorts each change
 * by cause; stage 2 judges the step from that description and the screen after. Stage 1 is
 * written locally when the accessibility trees explain every changed region, and asked of the
 * model only when they do not. Either stage failing to answer counts as a failed check, never as
 * a pass.
 */
export function createModelReflector(parts: RoleParts): Reflector {
  return {
    async check(handle, input) {
      const caller = parts.caller('reflector');
      const profile = caller.model.profile;
      const [before, after] = await Promise.all([
        parts.images.prepare(input.before, profile),
        parts.images.prepare(input.after, profile),
      ]);
      const evidence =
        input.performed.length > 0 && parts.changeEvidence
          ? await parts.changeEvidence.collect(handle, input)
          : undefined;
      let changes: ChangeAnswer | undefined;
      if (input.performed.length > 0) {
        // The trees explain every changed region: no model needs to look for stage 1.
        const local =
          evidence === undefined
            ? undefined
            : describeLocally(
                evidence.regions,
                input.before.observation.accessibility,
                input.after.observation.accessibility,
                input.performed,
                input.step.text,
              );
        if (local !== undefined) {
          changes = { changes: [...local.changes], summary: local.summary };
        } else {
          const stage1 = await describeChanges(handle, parts, input, before, after, evidence);
          if (!stage1.ok) return finish(parts, input, unreadable(stage1.reason));
          changes = stage1.value;
        }
      }
      const changeText = changes ? changeLines(changes) : '(no actions were performed, so nothing was compared)';
      const ahead = lookAheadOf(parts, input);
      const stage2 = ahead
        ? await verdictLookingAhead(handle, parts, input, after, changeText, ahead)
        : await callRole(caller, handle, {
            prompt: parts.prompts.render('reflector-stage2', {
              step: stepWithOutcome(input),
              actions: actionLines(input.performed, after),
              changes: changeText,
              screen: `The screen after the actions is attached.\n${describeScreen(after, 'Screen after')}`,
            }),
            images: [imagePart(after)],
            schema: stepVerdictSchema,
            outputName: 'step_verdict',
            maxOutputTokens: 600,
          });
      if (!stage2.ok) return finish(parts, input, unreadable(stage2.reason));
      const passed = stage2.value.verdict === 'success';
      return finish(parts, input, {
        passed,
        evidence: stage2.value.evidence,
        reflection: {
          method: 'evidence-first',
          regions: regionEvidence(evidence, changes),
          keyEvidence: stage2.value.evidence,
          summary: stage2.value.summary,
          ...(evidence?.markedBefore ? { markedBefore: evidence.markedBefore } : {}),
          ...(evidence?.markedAfter ? { markedAfter: evidence.markedAfter } : {}),
        },
      });
    },
  };
}

/** What stage 2 can settle besides the verdict, on the same screen. */
interface Ahead {
  readonly task: Task;
  readonly plan: PlanVersion;
  /** The step the run goes on with after this one, when the operator would read this screen the same way. */
  readonly next?: Step;
  /** Whether the plan has criteria to read. */
  readonly criteria: boolean;
}

/**
 * Whether this check can look ahead, and at what: the criteria whenever the plan has any; the
 * next step's first move when there is a next step and the operator's model (and its profile) is
 * the reflector's, so the decision is the one the operator would have been asked for.
 */
function lookAheadOf(parts: RoleParts, input: StepCheckInput): Ahead | undefined {
  const { task, plan } = input;
  if (task === undefined || plan === undefined) return undefined;
  const criteria = plan.successCriteria.length > 0;
  const next = sameModel(parts.caller('operator'), parts.caller('reflector'))
    ? plan.pending.find((step) => step.id !== input.step.id && step.status !== 'completed')
    : undefined;
  if (!criteria && next === undefined) return undefined;
  return { task, plan, criteria, ...(next === undefined ? {} : { next }) };
}

function sameModel(a: RoleCaller, b: RoleCaller): boolean {
  return modelName(a.model) === modelName(b.model) && a.model.profile.id === b.model.profile.id;
}

/**
 * Stage 2 in one call with what the run would ask about the same screen next. The verdict comes
 * back as a plain stage 2 answer; the readings and the next move are held for the judge and the
 * operator only when they are complete and valid, and the move only after a success.
 */
async function verdictLookingAhead(
  handle: Handle,
  parts: RoleParts,
  input: StepCheckInput,
  after: ModelScreen,
  changes: string,
  ahead: Ahead,
) {
  const history = parts.history.forTask(ahead.task);
  const next = ahead.next;
  // The operator's own rules, from its prompt file, so the move is made by the rules it would follow.
  const operator =
    next === undefined
      ? '(not needed: there is no next step)'
      : parts.prompts.render('operator', {
          coordinates: coordinateRules(after),
          maxChain: String(MAX_CHAIN),
          instruction: ahead.task.instruction,
          step: stepText(next, after),
          attempt: '1',
          history: '',
          performed: '(none yet)',
          loopHint: 'none',
          screens: '',
        }).system;
  const prompt = parts.prompts.render('reflector-lookahead', {
    operator,
    instruction: ahead.task.instruction,
    step: stepWithOutcome(input),
    actions: actionLines(input.performed, after),
    changes,
    criteria: ahead.criteria ? criteriaLines(ahead.plan) : '(none: leave `readings` out)',
    nextStep: next === undefined ? '(none: leave `next` out)' : stepText(next, after),
    history: next === undefined ? '(none)' : history.stepLines(next).join('\n'),
    screen: [
      'The screen after the actions is attached. It is also the current screen for the next step: all points refer to it.',
      describeScreen(after, 'Screen after'),
    ].join('\n'),
  });
  const result = await callRole(parts.caller('reflector'), handle, {
    prompt,
    images: [imagePart(after)],
    schema: lookAheadAnswerSchema,
    outputName: 'step_verdict_and_next',
    maxOutputTokens: 2000,
  });
  if (!result.ok) return result;
  const { readings, next: move, ...verdict } = result.value;
  if (ahead.criteria && readings !== undefined) {
    const ids = new Set(readings.map((reading) => reading.id));
    if (ahead.plan.successCriteria.every((criterion) => ids.has(criterion.id))) {
      parts.lookAhead.holdReadings(ahead.plan, input.after, readings);
    }
  }
  if (next !== undefined && move !== undefined && verdict.verdict === 'success') {
    const checked = answerSchemaFor(after).safeParse(move);
    if (checked.success) parts.lookAhead.holdDecision(next, input.after, checked.data);
  }
  return { ...result, value: verdict };
}

function finish(parts: RoleParts, input: StepCheckInput, check: StepCheck): StepCheck {
  parts.history.noteCheck(input.step, check.passed, check.evidence);
  return check;
}

function stepWithOutcome(input: StepCheckInput): string {
  return input.step.expectedOutcome
    ? `${input.step.text}\nExpected outcome: ${input.step.expectedOutcome}`
    : input.step.text;
}

async function describeChanges(
  handle: Handle,
  parts: RoleParts,
  input: StepCheckInput,
  before: ModelScreen,
  after: ModelScreen,
  evidence: ChangeEvidence | undefined,
) {
  const images: ContentPart[] = [];
  const wanted = parts.contextScreenshots >= 2 ? 2 : 1;
  // The marked copies are drawn at screen size; they go through the profile's resizing like any
  // screenshot, so the model gets the size (and the coordinate frame) its prompt describes.
  const profile = parts.caller('reflector').model.profile;
  const marked = async (png: Uint8Array | undefined, plain: ModelScreen): Promise<ContentPart> => {
    if (png === undefined) return imagePart(plain);
    const prepared = await prepareScreenshot(png, profile);
    return { type: 'image', data: prepared.data, mimeType: prepared.mimeType };
  };
  const [beforeImage, afterImage] = await Promise.all([
    marked(evidence?.markedBefore, before),
    marked(evidence?.markedAfter, after),
  ]);
  if (wanted === 2) images.push(beforeImage);
  images.push(afterImage);
  const regions =
    evidence === undefined
      ? 'none computed: compare the screenshots yourself'
      : evidence.regions.length === 0
        ? 'none: the pixels did not change'
        : evidence.regions
            .slice(0, 50)
            .map(
              (region) => `${region.id}. ${formatBox(toModelBox(region.box, after))}, ${region.changedPixels} pixels`,
            )
            .join('\n');
  const screens = [
    wanted === 2
      ? 'Attached: the screen before the actions, then the screen after.'
      : 'Attached: the screen after the actions (the one before is not sent).',
    describeScreen(after, 'Screen after'),
  ].join('\n');
  const prompt = parts.prompts.render('reflector-stage1', {
    coordinates: coordinateRules(after),
    step: stepWithOutcome(input),
    actions: actionLines(input.performed, before),
    evidence: regions,
    screens,
  });
  return callRole(parts.caller('reflector'), handle, {
    prompt,
    images,
    schema: changeAnswerSchema,
    outputName: 'change_description',
    maxOutputTokens: 1000,
  });
}

function changeLines(changes: ChangeAnswer): string {
  const relevant = changes.changes.filter((change) => change.relevance !== 'noise');
  const lines = relevant.map(
    (change) =>
      `- ${change.region === undefined ? '' : `[${change.region}] `}${change.description} (${change.relevance})`,
  );
  const noise = changes.changes.length - relevant.length;
  return [
    ...(lines.length === 0 ? ['- nothing relevant changed'] : lines),
    ...(noise > 0 ? [`(${noise} ${noise === 1 ? 'change' : 'changes'} set aside as noise)`] : []),
    `Summary: ${changes.summary}`,
  ].join('\n');
}

/** The regions the pixel comparison found, with how stage 1 read each. */
function regionEvidence(
  evidence: ChangeEvidence | undefined,
  changes: ChangeAnswer | undefined,
): ChangeRegionEvidence[] {
  if (evidence === undefined) return [];
  return evidence.regions.slice(0, 50).map((region) => {
    const read = changes?.changes.find((change) => change.region === region.id);
    return {
      id: region.id,
      box: region.box,
      changedPixels: region.changedPixels,
      relevance: read?.relevance ?? 'unrelated',
      description: read?.description ?? 'not described',
    };
  });
}
