import type { RevisionResult } from '@sandpiper/core';
import type { PlanVersion, Step, PlanEdit } from '@sandpiper/protocol';
import { parseInstruction, parseStep, renderDirective, understoodForms } from '../grammar/index.js';
import { scanLiterals } from '@sandpiper/protocol';
import { replaceLiteral } from './literals.js';
import { expectedOutcome } from './outcomes.js';

/**
 * Guidance the rules planner understands, tried in this order:
 * - a substitution: "use 'Ops' instead of 'Sales'", "replace 'Sales' with 'Ops'", "change 'Sales' to 'Ops'";
 * - a removal: "skip 'Notes'", "don't click 'Save draft'" (every pending step naming the quoted text);
 * - new steps in the instruction grammar: "Also tick 'Urgent'", "First type 'x' into 'Notes'",
 *   inserted before the next step, or appended with "finally" / "at the end".
 * Anything else leaves the plan unchanged with a reason that says what would have worked.
 */
export function reviseFromGuidance(plan: PlanVersion, text: string): RevisionResult {
  const editable = plan.pending.filter((step) => step.status !== 'executing');
  return (
    substitution(editable, text) ??
    removal(editable, text) ??
    addition(plan, text) ?? {
      type: 'unchanged',
      reason:
        'I could not turn that advice into a plan change. Say it as steps (' +
        understoodForms
          .slice(0, 3)
          .map((form) => `"${form}"`)
          .join(', ') +
        "…), as \"use 'A' instead of 'B'\", or as \"skip 'X'\".",
    }
  );
}

const substitutionForms: readonly { readonly pattern: RegExp; readonly newFirst: boolean }[] = [
  { pattern: /^(?:please\s+)?(?:use|enter|pick|choose|type)\s+(\S.*?)\s+instead\s+of\s+(\S.*?)\.?$/i, newFirst: true },
  { pattern: /^(?:please\s+)?(\S.*?)\s+instead\s+of\s+(\S.*?)\.?$/i, newFirst: true },
  { pattern: /^(?:please\s+)?(?:replace|swap)\s+(\S.*?)\s+(?:with|by|for)\s+(\S.*?)\.?$/i, newFirst: false },
  { pattern: /^(?:please\s+)?change\s+(\S.*?)\s+(?:to|into)\s+(\S.*?)\.?$/i, newFirst: false },
  { pattern: /^(?:please\s+)?not\s+(\S.*?)\s+but\s+(\S.*?)\.?$/i, newFirst: false },
];

/** The quoted text of a phrase that is exactly one quoted literal ("'Ops'", "the 'Ops' team" is not). */
function soleLiteral(phrase: string): string | undefined {
  const spans = scanLiterals(phrase.trim());
  const span = spans[0];
  if (spans.length !== 1 || span === undefined) return undefined;
  return span.start === 0 && span.end === phrase.trim().length ? span.text : undefined;
}

function substitution(steps: readonly Step[], text: string): RevisionResult | undefined {
  for (const form of substitutionForms) {
    const match = form.pattern.exec(text.trim());
    if (!match) continue;
    const [first, second] = [soleLiteral(match[1] ?? ''), soleLiteral(match[2] ?? '')];
    if (first === undefined || second === undefined) continue;
    const [replacement, original] = form.newFirst ? [first, second] : [second, first];
    const edits: PlanEdit[] = [];
    for (const step of steps) {
      const rewritten = replaceLiteral(step.text, original, replacement);
      if (rewritten === undefined) continue;
      const directive = parseStep(rewritten);
      const outcome = directive ? expectedOutcome(directive) : undefined;
      edits.push({
        type: 'rewrite',
        stepId: step.id,
        text: directive ? renderDirective(directive) : rewritten,
        ...(directive ? { intent: directive } : {}),
        ...(outcome ? { expectedOutcome: outcome } : {}),
        ...(step.region ? { region: step.region } : {}),
      });
    }
    if (edits.length === 0) {
      return { type: 'unchanged', reason: `no pending step mentions '${original}', so there is nothing to replace.` };
    }
    return {
      type: 'revision',
      edits,
      rationale: `Uses '${replacement}' instead of '${original}' in ${plural(edits.length)}, as advised.`,
    };
  }
  return undefined;
}

const removalPattern = /^(?:please\s+)?(?:skip|drop|remove|omit|leave\s+out|don'?t|do\s+not|never)\b(.*)$/i;

function removal(steps: readonly Step[], text: string): RevisionResult | undefined {
  const match = removalPattern.exec(text.trim());
  if (!match) return undefined;
  const literals = scanLiterals(match[1] ?? '').map((span) => span.text.toLowerCase());
  if (literals.length === 0) return undefined;
  const doomed = steps.filter((step) =>
    scanLiterals(step.text).some((span) => literals.includes(span.text.toLowerCase())),
  );
  if (doomed.length === 0) {
    return {
      type: 'unchanged',
      reason: `no pending step mentions ${literals.map((literal) => `'${literal}'`).join(' or ')}, so there is nothing to skip.`,
    };
  }
  return {
    type: 'revision',
    edits: doomed.map((step) => ({ type: 'remove', stepId: step.id })),
    rationale: `Skips ${plural(doomed.length)} (${doomed.map((step) => `"${step.text}"`).join(', ')}), as advised.`,
  };
}

const appendPattern = /^(?:and\s+)?(?:finally|lastly|at\s+the\s+end|in\s+the\s+end|afterwards)\s*,?\s*/i;
const insertPattern = /^(?:and\s+)?(?:please\s+)?(?:also|first|before\s+that|next|then|now)\s*,?\s*/i;

function addition(plan: PlanVersion, text: string): RevisionResult | undefined {
  let body = text.trim();
  const atEnd = appendPattern.test(body);
  body = body
    .replace(appendPattern, '')
    .replace(insertPattern, '')
    .replace(/^please\s+/i, '');
  if (body === '') return undefined;
  const parse = parseInstruction(body);
  if (!parse.ok || parse.parsed.length === 0) return undefined;
  const running = plan.pending.findIndex((step) => step.status === 'executing');
  const first = atEnd ? plan.pending.length : running + 1;
  const edits: PlanEdit[] = parse.parsed.map((clause, offset) => {
    const outcome = expectedOutcome(clause.directive);
    return {
      type: 'add',
      index: first + offset,
      text: renderDirective(clause.directive),
      intent: clause.directive,
      ...(outcome ? { expectedOutcome: outcome } : {}),
    };
  });
  const where = atEnd ? 'at the end of the plan' : 'before the next step';
  return { type: 'revision', edits, rationale: `Adds ${plural(edits.length)} ${where}, as advised.` };
}

function plural(count: number): string {
  return count === 1 ? '1 step' : `${count} steps`;
}
