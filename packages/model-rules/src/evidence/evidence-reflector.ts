import type { Reflector, ReflectionDetails, StepCheck } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import { directiveOfStep } from '../grammar/index.js';
import { extractEvidence, type ScreenMemory, type StepEvidence } from './extract-evidence.js';
import { judgeStep } from './judgment.js';
import { toEvidence } from './labelled-region.js';
import { drawMarkedImages, type MarkedImages } from './marked-images.js';
import { resolveOptions, type EvidenceReflectorOptions } from './options.js';
import { tally, type Judgment } from './verdict.js';

async function markedOrNone(evidence: StepEvidence, after: Uint8Array): Promise<MarkedImages> {
  try {
    return await drawMarkedImages(after, evidence.pixels, evidence.executed, evidence.regions);
  } catch {
    // Marks are an aid for people; a screenshot that decodes but cannot be re-encoded must not
    // cost the verdict.
    return {};
  }
}

function summarize(judgment: Judgment, evidence: StepEvidence, stepText: string): string {
  const status = judgment.passed ? `Done: "${stepText}".` : `Not done: "${stepText}".`;
  const relevant = evidence.regions.filter((region) => region.kind !== 'noise' && region.kind !== 'side-effect');
  const listed = relevant
    .slice(0, 3)
    .map((region) => `${region.id}: ${region.description}`)
    .join('; ');
  return `${status} ${tally(evidence.regions)}${listed === '' ? '' : ` Relevant: ${listed}.`}`;
}

/**
 * The evidence-first reflector. Stage 1 diffs the screens before and after into regions and
 * labels each from the executed actions alone (their types and points), never from the step's
 * wording: action-relevant, noise, or unrelated. Stage 2 then reads the step and decides from the
 * cleaned evidence whether its effect happened, failing a no-op and failing a correct change that
 * came with unexplained changes elsewhere. Marked screenshots are returned for the run log.
 *
 * One reflector remembers the last screen it saw (unless `rememberScreens` is false), to learn
 * which small regions change with no action at all; use one per run.
 */
export function createEvidenceReflector(options: EvidenceReflectorOptions = {}): Reflector {
  const resolved = resolveOptions(options);
  const memory: ScreenMemory = {};
  return {
    async check(handle, input): Promise<StepCheck> {
      throwIfCancelled(handle);
      const directive = directiveOfStep(input.step);
      const evidence = await extractEvidence(handle, input, directive, resolved, memory);
      const judgment: Judgment =
        directive === undefined
          ? {
              passed: false,
              keyEvidence: `The step text "${input.step.text}" cannot be read, so its effect cannot be judged.`,
            }
          : await judgeStep({ handle, reader: resolved.reader, input }, evidence, directive, resolved.nearRadius);
      const marked = resolved.markImages ? await markedOrNone(evidence, input.after.capture.png) : {};
      const reflection: ReflectionDetails = {
        method: 'evidence-first',
        regions: evidence.regions.map(toEvidence),
        keyEvidence: judgment.keyEvidence,
        summary: summarize(judgment, evidence, input.step.text),
        ...marked,
      };
      return {
        passed: judgment.passed,
        evidence: judgment.keyEvidence,
        ...(judgment.passed && judgment.basis !== undefined ? { basis: judgment.basis } : {}),
        ...(!judgment.passed && judgment.refused !== undefined ? { refused: judgment.refused } : {}),
        reflection,
      };
    },
  };
}
