import type { CriterionReading, Handle, Judge, JudgeInput, JudgeVerdict } from '@sandpiper/core';
import { quote } from '@sandpiper/protocol';
import { locateTarget } from '../grounding/grounder.js';
import { throwIfCancelled } from '@sandpiper/core';
import type { ScreenReader } from '../screen/screen-reader.js';
import { checkCriterion } from './criteria.js';
import { judgeFeasibility } from './feasibility.js';
import {
  enteredValues,
  finalSideEffect,
  findConfirmation,
  formOpenerOf,
  savedInRow,
  selectionGone,
} from './side-effects.js';
import { GONE_FROM_PAGE, NAVIGATED } from '../evidence/judgment.js';
import { contradictedValue } from './contradictions.js';
import { pendingDialog } from './open-dialog.js';
import { describeUnsaved, unsavedEdit } from './unsaved.js';

/**
 * The rules judge. It reads every success criterion on a screen (accessibility names and values,
 * or OCR text), and accepts a completion claim only when every criterion is positively seen and,
 * when the plan ends with a click that changes something outside the page (save, submit, send),
 * a message on screen confirms it. A value a step set that the final screen contradicts, and a
 * value typed into a small editor whose Save was never pressed, and a dialog of choices left open,
 * are rejections too. Anything it cannot see is a rejection.
 */
export function createRulesJudge(reader: ScreenReader): Judge {
  return {
    async assess(handle, input): Promise<readonly CriterionReading[]> {
      throwIfCancelled(handle);
      const context = { handle, reader, screen: input.screen, plan: input.plan };
      const readings: CriterionReading[] = [];
      for (const criterion of input.plan.successCriteria) {
        const check = await checkCriterion(context, criterion);
        const status = check.satisfied ? 'satisfied' : check.unreadable ? 'unknown' : 'unsatisfied';
        readings.push({ id: criterion.id, status, evidence: check.detail });
      }
      return readings;
    },

    async judge(handle, input): Promise<JudgeVerdict> {
      throwIfCancelled(handle);
      const criteria = input.plan.successCriteria;
      if (criteria.length === 0) {
        return { verdict: 'reject', reason: 'The plan has no success criteria to check.', satisfied: [] };
      }
      const readings = await this.assess(handle, input);
      const satisfied = readings.filter((reading) => reading.status === 'satisfied').map((reading) => reading.id);
      const missing = criteria.flatMap((criterion) => {
        const reading = readings.find((candidate) => candidate.id === criterion.id);
        return reading?.status === 'satisfied'
          ? []
          : [`"${criterion.text}" (${(reading?.evidence ?? 'not read').replace(/\.$/, '')})`];
      });
      if (missing.length > 0) {
        return { verdict: 'reject', reason: `Not seen on the final screen: ${missing.join('; ')}.`, satisfied };
      }
      const contradiction = await contradictedValue(handle, reader, input.screen, input.plan);
      if (contradiction !== undefined) return { verdict: 'reject', reason: contradiction, satisfied };
      const unsaved = unsavedEdit(input.plan, reader.tree(input.screen));
      if (unsaved !== undefined) {
        const { reason, missing: step } = describeUnsaved(unsaved);
        return { verdict: 'reject', reason, satisfied, missing: [step] };
      }
      const pending = pendingDialog(reader.tree(input.screen), input.screen);
      if (pending !== undefined) return { verdict: 'reject', reason: pending, satisfied, unsure: true };
      const found = readings.map((reading) => reading.evidence);
      const sideEffect = finalSideEffect(input.plan);
      if (sideEffect !== undefined) {
        // A removal confirms itself when its own check saw the object leave a page that otherwise stayed.
        const removal = removalSeen(input.recent ?? []);
        if (removal !== undefined && pending === undefined) {
          found.push(removal);
          return { verdict: 'accept', reason: found.join(' '), satisfied, confirmedSteps: [sideEffect.stepId] };
        }
        // A link that fetches something (a download, an export) confirms itself by the page it led to.
        const followed = sideEffect.fetches ? await linkFollowed(handle, reader, input, sideEffect) : undefined;
        if (followed !== undefined) {
          found.push(followed);
          return { verdict: 'accept', reason: found.join(' '), satisfied, confirmedSteps: [sideEffect.stepId] };
        }
        const before = input.lastStepBefore === undefined ? undefined : reader.nodes(input.lastStepBefore);
        // "Delete selected" after ticking A and B: A and B gone from the page confirm it.
        const ticked = input.lastStepBefore === undefined ? undefined : reader.tree(input.lastStepBefore);
        const gone =
          ticked === undefined
            ? undefined
            : selectionGone(input.plan, sideEffect, ticked, reader.tree(input.screen) ?? []);
        if (gone !== undefined) {
          found.push(
            `After ${quote(sideEffect.label)}, ${gone.map((name) => quote(name)).join(' and ')} ${gone.length > 1 ? 'are' : 'is'} no longer on the page.`,
          );
          return { verdict: 'accept', reason: found.join(' '), satisfied, confirmedSteps: [sideEffect.stepId] };
        }
        // "Edit Generator G-1 … Save": the item's row shows what was set in its form.
        const inRow = savedInRow(input.plan, reader.tree(input.screen));
        if (inRow !== undefined) {
          found.push(inRow);
          return { verdict: 'accept', reason: found.join(' '), satisfied, confirmedSteps: [sideEffect.stepId] };
        }
        const values = enteredValues(input.plan);
        let confirmation = await findConfirmation(handle, reader, input.screen, sideEffect.label, values, before);
        // A message that answered the last step (a toast) may have gone by the time the run ends.
        if (!confirmation.confirmed && confirmation.unsure === true && input.lastStepAfter !== undefined) {
          const earlier = await findConfirmation(handle, reader, input.lastStepAfter, sideEffect.label, values, before);
          if (earlier.confirmed)
            confirmation = { confirmed: true, detail: `When its step was checked: ${earlier.detail}` };
        }
        if (!confirmation.confirmed)
          return { verdict: 'reject', reason: confirmation.detail, satisfied, unsure: confirmation.unsure };
        found.push(confirmation.detail);
        const opener = formOpenerOf(input.plan, sideEffect.stepId);
        const confirmedSteps = opener === undefined ? [sideEffect.stepId] : [opener, sideEffect.stepId];
        return { verdict: 'accept', reason: found.join(' '), satisfied, confirmedSteps };
      }
      return { verdict: 'accept', reason: found.join(' '), satisfied };
    },

    feasibility(handle, input) {
      throwIfCancelled(handle);
      return judgeFeasibility(handle, reader, input);
    },
  };
}

/**
 * The last step's own evidence that its click led to a new address, when the final screen is
 * still at that address and the control clicked is a link there: following a link is its effect.
 */
async function linkFollowed(
  handle: Handle,
  reader: ScreenReader,
  input: JudgeInput,
  sideEffect: { readonly label: string },
): Promise<string | undefined> {
  const last = [...(input.recent ?? [])].reverse().find((line) => line.startsWith('Step '));
  if (last === undefined || !last.startsWith('Step completed: ')) return undefined;
  const at = last.indexOf(`${NAVIGATED} `);
  const url = input.screen.capture.url ?? input.screen.observation.url;
  if (at === -1 || url === undefined) return undefined;
  const went = last.slice(at + NAVIGATED.length + 1).replace(/\.$/, '');
  if (went !== url) return undefined;
  const link = await locateTarget(handle, reader, input.screen, { text: sideEffect.label, role: 'link' });
  if (link.best?.node?.role !== 'link' || link.ambiguous) return undefined;
  return `The link ${quote(sideEffect.label)} led to ${url}, where the page still is.`;
}

/** The last step's own evidence that a removal's object left the page, when it is that. */
function removalSeen(recent: readonly string[]): string | undefined {
  const last = [...recent].reverse().find((line) => line.startsWith('Step '));
  return last !== undefined && last.startsWith('Step completed: ') && last.includes(GONE_FROM_PAGE)
    ? last.slice('Step completed: '.length)
    : undefined;
}
