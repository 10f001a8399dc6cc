import type { FeasibilityInput, FeasibilityVerdict, Handle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { directiveOfStep, quote } from '../grammar/index.js';
import type { TargetCandidate } from '../grounding/candidates.js';
import { locateTarget } from '../grounding/grounder.js';
import { targetQuery } from '../grounding/target-query.js';
import { readsAsName } from '../grounding/text-score.js';
import { commandNames } from '../operator/intent-steps.js';
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

/** How well a text must match to count as naming something on the page. */
const NAMED = 0.7;

/**
 * The verdict when the target is on the page but not in the holder named: "Like 'dana and mei'"
 * with a Like button on every post. A holder named by nothing on the page makes the step
 * infeasible, said of the holder; a holder whose name reads as a list of names that each are on
 * the page ("dana and mei") is only uncertain: the words may name two holders, not one. `alone` is
 * the target as found without its holder. Undefined when the holder is on the page.
 */
async function missingHolder(
  handle: Handle,
  reader: ScreenReader,
  screen: FeasibilityInput['screen'],
  alone: TargetCandidate,
  holder: string,
): Promise<FeasibilityVerdict | undefined> {
  // Named, not only resembled: "dana ruiz and mei chen" resembles "Dana Ruiz" a little.
  const present = async (name: string) => {
    const best = (await locateTarget(handle, reader, screen, { text: name })).best;
    if (best === undefined || best.score < NAMED) return undefined;
    return best.node !== undefined || readsAsName(name, best.label, NAMED) ? best : undefined;
  };
  if ((await present(holder)) !== undefined) return undefined;
  const parts = holder.split(/\s*(?:,|&|\band\b|\bor\b)\s*/i).filter((part) => part !== '');
  const seen = parts.length > 1 ? await Promise.all(parts.map(present)) : [];
  if (seen.length > 1 && seen.every((part) => part !== undefined)) {
    return {
      verdict: 'uncertain',
      evidence: [
        `${quote(alone.label)} is on the page, and ${parts.map(quote).join(', ')} each name something on it: ${quote(holder)} may be ${parts.length} names rather than one.`,
      ],
    };
  }
  return {
    verdict: 'infeasible',
    evidence: [
      `Nothing on the page is named ${quote(holder)}; ${quote(alone.label)} is on the page, but not in anything named so. Scrolled-out parts were searched too.`,
    ],
  };
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
  if (best === undefined && target.relation === undefined) {
    // Each holder in turn, outward: "the readings from sensor T-09" needs T-09 on the page too.
    const alone =
      target.within === undefined
        ? undefined
        : (await locateTarget(handle, reader, input.screen, { ...target, within: undefined })).best;
    for (let holder = target.within; alone !== undefined && holder !== undefined; holder = holder.within) {
      if (holder.name === undefined) continue;
      const held = await missingHolder(handle, reader, input.screen, alone, holder.name);
      if (held !== undefined) return held;
    }
  }
  // "Remove Forklift FL-3" on a grid whose rows are deleted with "Delete selected (0)": a control
  // carrying the command or another name for it may do it some other way (select, then act).
  const carrier = directive.kind === 'command' ? commandCarrier(nodes, directive.verb) : undefined;
  if (best === undefined && carrier !== undefined) {
    return {
      verdict: 'uncertain',
      evidence: [`Nothing is named ${quote(target.text)} there, but ${quote(carrier.name)} is on the page.`],
    };
  }
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

/**
 * A control whose name carries the command or another name for it as a word, enabled or not: a
 * disabled "Delete selected (0)" only waits for something to be selected.
 */
function commandCarrier(nodes: readonly AccessibilityNode[], verb: string): AccessibilityNode | undefined {
  const names = commandNames(verb).map(
    (name) => new RegExp(`(?:^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}])`, 'iu'),
  );
  return nodes.find(
    (node) => ['button', 'menuitem', 'link'].includes(node.role) && names.some((name) => name.test(node.name)),
  );
}
