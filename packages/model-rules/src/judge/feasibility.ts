import type { FeasibilityInput, FeasibilityVerdict, Handle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { directiveOfStep, quote } from '../grammar/index.js';
import { locateTarget } from '../grounding/grounder.js';
import { targetQuery } from '../grounding/target-query.js';
import type { ScreenReader } from '../screen/screen-reader.js';

/** A few names of the page's controls, for the evidence: what the page offers instead. */
function offered(nodes: readonly AccessibilityNode[]): string {
  const names = [
    ...new Set(
      nodes
        .filter((node) => node.name.trim() !== '' && !['text', 'StaticText', 'generic', 'none'].includes(node.role))
        .map((node) => `${quote(node.name.trim().slice(0, 40))} (${node.role})`),
    ),
  ];
  return names.length === 0 ? 'no named controls' : names.slice(0, 8).join(', ');
}

/**
 * Whether a step that failed can still be done. Infeasible only on positive evidence: the page's
 * accessibility tree (which covers the whole page, scrolled-out parts included) has nothing that
 * matches the step's target. A target that exists, or a screen read by OCR only (which misses
 * labels), is at most uncertain.
 */
export async function judgeFeasibility(
  handle: Handle,
  reader: ScreenReader,
  input: FeasibilityInput,
): Promise<FeasibilityVerdict> {
  const directive = directiveOfStep(input.step);
  if (directive === undefined) {
    return { verdict: 'uncertain', evidence: [`The step ${quote(input.step.text)} cannot be read by the rules.`] };
  }
  const target = targetQuery(directive);
  if (target === undefined) {
    return { verdict: 'uncertain', evidence: [`The step needs no named target; it failed because ${input.failure}.`] };
  }
  const nodes = reader.nodes(input.screen);
  if (nodes === undefined) {
    return {
      verdict: 'uncertain',
      evidence: [`Without accessibility data a missing ${quote(target.text)} is no proof: OCR can miss labels.`],
    };
  }
  const found = await locateTarget(handle, reader, input.screen, target);
  const best = found.best;
  if (best === undefined) {
    return {
      verdict: 'infeasible',
      evidence: [
        `Nothing on the page is named ${quote(target.text)}${target.role ? ` (looked for a ${target.role})` : ''}; ${nodes.length} accessible elements were searched, scrolled-out parts included.`,
        `The page offers: ${offered(nodes)}.`,
      ],
    };
  }
  const state = best.disabled ? 'disabled' : 'present';
  return {
    verdict: state === 'disabled' ? 'uncertain' : 'feasible',
    evidence: [
      `${quote(best.label)} is on the page${state === 'disabled' ? ' but disabled' : ''} (match ${best.score.toFixed(2)}).`,
    ],
  };
}
