/**
 * The last word on values: before a run is called done, every value a completed step gave a
 * control (a field's text, a dropdown's choice, a checkbox's or switch's state) is read again on
 * the final screen. A control that is still there, found by a close match, and now shows something
 * else contradicts the claim: a later step undid it, or the step acted on another control than the
 * one named. Only contradictions count: a control that is gone (the page moved on) or now empty
 * (a form that clears after it is sent) is not evidence either way, and neither is a checkbox that
 * a later command may have cleared.
 */
import type { Handle, Screen } from '@sandpiper/core';
import { describeTarget, type PlanVersion, type TargetRef } from '@sandpiper/protocol';
import { directiveOfStep, quote, type Directive } from '../grammar/index.js';
import { locateTarget, queryFor } from '../grounding/grounder.js';
import { sameValue } from '../evidence/judgment.js';
import { onState } from '../operator/intent-steps.js';
import type { ScreenReader } from '../screen/screen-reader.js';

/** How close a match must be for its value to speak for the control the step named. */
const SURE_MATCH = 0.85;
const ON = /^(?:on|yes|true|enabled?|checked|active|public|visible|shown)$/i;
const OFF = /^(?:off|no|false|disabled?|unchecked|inactive|private|hidden)$/i;
const MASKED = /^[•*●·]+$/;
/** Steps that may act on what was selected before them. */
const COMMANDS = new Set<Directive['kind']>([
  'click',
  'double-click',
  'press',
  'command',
  'confirm',
  'pick',
  'go-to',
  'open',
  'search',
]);

interface ValueClaim {
  readonly target: TargetRef;
  readonly role: string;
  readonly value: string | boolean;
  readonly step: string;
}

function claimOf(directive: Directive, step: string): ValueClaim | undefined {
  switch (directive.kind) {
    case 'type':
      return directive.field === undefined
        ? undefined
        : { target: directive.field, role: 'field', value: directive.text, step };
    case 'select':
      return { target: directive.field, role: 'dropdown', value: directive.option, step };
    case 'check':
    case 'uncheck':
      return { target: directive.target, role: 'checkbox', value: directive.kind === 'check', step };
    case 'toggle':
      return { target: directive.target, role: 'switch', value: directive.on, step };
    case 'set': {
      const value = directive.value.trim();
      if (ON.test(value) || OFF.test(value))
        return { target: directive.target, role: 'switch', value: ON.test(value), step };
      return { target: directive.target, role: 'field', value: directive.value, step };
    }
    default:
      return undefined;
  }
}

/** The first value a completed step set that the final screen contradicts, in one sentence; undefined when none. */
export async function contradictedValue(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  plan: PlanVersion,
): Promise<string | undefined> {
  if (reader.nodes(screen) === undefined) return undefined;
  // The last claim per control: a later step may rightly change what an earlier one set.
  const claims = new Map<string, ValueClaim>();
  const steps = plan.completed.filter((step) => step.status === 'completed');
  steps.forEach((step, index) => {
    const directive = directiveOfStep(step);
    const claim = directive === undefined ? undefined : claimOf(directive, step.text);
    if (claim === undefined) return;
    // A checkbox ticked to choose what a later command acts on ("select Boiler-02, click
    // Restart selected") is rightly cleared by that command.
    const later = steps.slice(index + 1).map((next) => directiveOfStep(next)?.kind);
    if (typeof claim.value === 'boolean' && later.some((kind) => kind === undefined || COMMANDS.has(kind))) return;
    claims.set(describeTarget(claim.target).toLowerCase(), claim);
  });
  for (const claim of claims.values()) {
    const found = await locateTarget(handle, reader, screen, queryFor(claim.target, claim.target.role ?? claim.role));
    const node = found.best?.node;
    if (node === undefined || found.ambiguous || (found.best?.score ?? 0) < SURE_MATCH) continue;
    const label = claim.target.name ?? describeTarget(claim.target);
    if (typeof claim.value === 'boolean') {
      const state = onState(node);
      if (state === undefined || state === claim.value) continue;
      return `${quote(label)} is ${state ? 'on' : 'off'} on the final screen, though "${claim.step}" was done.`;
    }
    const shown = node.value;
    if (shown === undefined || shown.trim() === '' || MASKED.test(shown.trim()) || node.inputType === 'password')
      continue;
    if (sameValue(shown, claim.value, node)) continue;
    return `${quote(label)} shows ${quote(shown)} on the final screen, not ${quote(claim.value)}, though "${claim.step}" was done.`;
  }
  return undefined;
}
