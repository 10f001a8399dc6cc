import type { Reflector, StepCheck } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { ChangeRegionEvidence } from '@sandpiper/protocol';
import { diffImages, structuralSimilarity } from '@sandpiper/vision';
import { directiveOfStep, quote, type Directive } from '../grammar/index.js';
import { checkTyped } from '../step-checks/field-checks.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { readPixels } from './extract-evidence.js';
import { resolveOptions } from './options.js';

/** Settings of {@link createOneShotReflector}. */
export interface OneShotReflectorOptions {
  /** Reads accessibility nodes and pixels; absent: a reader without OCR. */
  readonly reader?: ScreenReader;
  /** Screens whose structural similarity (0 to 1) is below this differ. Absent means 0.995. */
  readonly similarityThreshold?: number;
  /** Screens with at least this many changed pixels differ. Absent means 50, about two glyphs of text. */
  readonly changedPixelThreshold?: number;
}

export const DEFAULT_SIMILARITY_THRESHOLD = 0.995;
export const DEFAULT_CHANGED_PIXEL_THRESHOLD = 50;

/** Steps whose success needs no visible change. */
function needsNoChange(directive: Directive): boolean {
  return directive.kind === 'hover' || directive.kind === 'wait';
}

/**
 * The conventional baseline: one judgment from both whole screenshots and the step. The step
 * passes when the screens differ meaningfully (structural similarity below a threshold, or enough
 * changed pixels) and, for typed text, the field holds it. No region is told apart from another:
 * every changed region is reported as the action's, so a ticking clock counts as an effect.
 */
export function createOneShotReflector(options: OneShotReflectorOptions = {}): Reflector {
  const resolved = resolveOptions(options.reader === undefined ? {} : { reader: options.reader });
  const reader = resolved.reader;
  const similarityThreshold = options.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD;
  const pixelThreshold = options.changedPixelThreshold ?? DEFAULT_CHANGED_PIXEL_THRESHOLD;
  return {
    async check(handle, input): Promise<StepCheck> {
      throwIfCancelled(handle);
      const directive = directiveOfStep(input.step);
      const pixels = await readPixels(resolved, input);
      let differs: boolean;
      let seen: string;
      let regions: ChangeRegionEvidence[] = [];
      if (pixels.type === 'pixels') {
        const diff = diffImages(pixels.before, pixels.after);
        const similarity = structuralSimilarity(pixels.before, pixels.after);
        differs = similarity < similarityThreshold || diff.changedPixels >= pixelThreshold;
        seen = `similarity ${similarity.toFixed(4)}, ${diff.changedPixels} pixels changed`;
        regions = diff.regions.map((region, index) => ({
          id: index + 1,
          box: region.box,
          changedPixels: region.changedPixels,
          relevance: 'action-relevant',
          description: 'changed',
        }));
      } else {
        differs = pixels.type === 'resized';
        seen = pixels.type === 'resized' ? 'the screen changed size' : pixels.reason;
      }
      let passed = directive !== undefined && (differs || needsNoChange(directive));
      let evidence = differs ? `The screens differ (${seen}).` : `The screens do not differ meaningfully (${seen}).`;
      if (directive === undefined) evidence = `The step text "${input.step.text}" cannot be read.`;
      if (passed && directive?.kind === 'type' && directive.field !== undefined) {
        const typed = await checkTyped({ handle, reader, input }, directive);
        passed = typed.passed;
        evidence = `${evidence.replace(/\.$/, '')}; ${typed.evidence.charAt(0).toLowerCase()}${typed.evidence.slice(1)}`;
      }
      const summary = `${passed ? 'Done' : 'Not done'}: ${quote(input.step.text)}, judged from both whole screenshots.`;
      // Two screens that differ show a change, not the state the step asked for; a typed value read back is that state.
      const basis = directive?.kind === 'type' && directive.field !== undefined ? 'state' : 'change';
      return {
        passed,
        evidence,
        ...(passed ? { basis } : {}),
        reflection: { method: 'one-shot', regions, keyEvidence: evidence, summary },
      };
    },
  };
}
