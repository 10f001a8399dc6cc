import type { Action, Step } from '@sandpiper/protocol';
import {
  canonicalizeAction,
  describeCanonicalAction,
  normalizeLabel,
  sameCanonicalAction,
  type ActionTarget,
  type CanonicalAction,
} from './canonical-action.js';
import type { ActionPatternEvidence } from './detection.js';
import type { InteractionModality } from './same-action-no-change.js';

/** Any firing that names the actions that kept repeating: the stuck detector, tier 1 or tier 2. */
export interface RecoveryTrigger {
  readonly pattern: string;
  readonly evidence: ActionPatternEvidence;
}

export interface RecoveryContext {
  /** A modality the proposed step must not use (tier 1's verdict); absent when any will do. */
  readonly blockedModality?: InteractionModality;
  /** Recovery steps already proposed for this step; none is proposed twice. Absent when none. */
  readonly previousProposals?: readonly string[];
  /** The element the step is about, when the grounder knew it; otherwise it is read from the step's quotes. */
  readonly target?: ActionTarget;
}

export type RecoveryProposal =
  | {
      readonly type: 'proposal';
      /** One imperative step in the planner's grammar: "Press Escape", "Click the 'Save' button". */
      readonly step: string;
      /** Why this step, in one or two short sentences. */
      readonly rationale: string;
      /** The pattern that fired, such as `REPEAT_SEQ_L3_R3`. */
      readonly pattern: string;
    }
  | {
      /** Every rule's step was already proposed, repeats the loop, or uses the blocked modality. */
      readonly type: 'exhausted';
      readonly pattern: string;
      readonly reason: string;
    };

interface Candidate {
  readonly step: string;
  /** The candidate as a canonical action, to compare with the loop and the blocked modality. */
  readonly action: CanonicalAction;
  readonly why: string;
}

const clickRoles: ReadonlySet<string> = new Set(['button', 'link', 'tab', 'checkbox', 'radio', 'option', 'icon']);

function quoteLabel(label: string): string {
  if (!label.includes("'")) return `'${label}'`;
  if (!label.includes('"')) return `"${label}"`;
  return `\u201c${label}\u201d`;
}

function press(keys: string[], why: string): Candidate {
  return { step: `Press ${keys.join('+')}`, action: canonicalizeAction({ type: 'key', keys }), why };
}

function scroll(direction: 'up' | 'down', why: string): Candidate {
  const deltaY = direction === 'down' ? 1 : -1;
  return { step: `Scroll ${direction}`, action: canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY }), why };
}

function clickOn(target: ActionTarget & { label: string }, why: string): Candidate {
  const role = target.role !== undefined && clickRoles.has(target.role.toLowerCase()) ? target.role.toLowerCase() : '';
  const click: Action = { type: 'click', at: { x: 0, y: 0 }, button: 'left', count: 1, modifiers: [] };
  return {
    step: role === '' ? `Click ${quoteLabel(target.label)}` : `Click the ${quoteLabel(target.label)} ${role}`,
    action: canonicalizeAction(click, target),
    why,
  };
}

function focusField(label: string, why: string): Candidate {
  const click: Action = { type: 'click', at: { x: 0, y: 0 }, button: 'left', count: 1, modifiers: [] };
  return {
    // The planner's grammar has no "field" noun for clicks; clicking a field's label focuses it.
    step: `Click ${quoteLabel(label)}`,
    action: canonicalizeAction(click, { label, role: 'field' }),
    why,
  };
}

function clearField(label: string, why: string): Candidate {
  return {
    step: `Clear the ${quoteLabel(label)} field`,
    action: canonicalizeAction({ type: 'key', keys: ['Control', 'a'] }),
    why,
  };
}

/**
 * The target a step's text names, as the planner writes it: the quoted span followed by a role
 * noun ("the 'Email' field"), else the last quoted span ("Type 'x' into 'Email'").
 */
function targetFromStep(text: string): (ActionTarget & { label: string }) | undefined {
  const pattern =
    /(?:^|\s)(['"\u2018\u201c])(.+?)['"\u2019\u201d](?:\s+(button|link|tab|checkbox|radio|option|icon|field))?(?=\s|$|[.,;])/g;
  const spans = [...text.matchAll(pattern)].filter((match) => match[2] !== undefined);
  const chosen = spans.find((match) => match[3] !== undefined) ?? spans.at(-1);
  if (chosen?.[2] === undefined) return undefined;
  return { label: chosen[2], ...(chosen[3] ? { role: chosen[3] } : {}) };
}

function candidatesFor(unit: readonly CanonicalAction[], target: (ActionTarget & { label: string }) | undefined) {
  const lead = unit.find((action) => action.kind !== 'wait') ?? unit[0];
  const distinctTargets = new Set(unit.map((action) => action.target)).size;
  switch (lead?.kind) {
    case 'type': {
      const sameField =
        target !== undefined && (lead.label === undefined || normalizeLabel(target.label) === lead.label);
      const field = sameField ? target.label : lead.label;
      if (field === undefined) {
        return [
          press(['Tab'], 'Leaving the field makes most forms show what they expect.'),
          scroll('down', 'A message further down may say why the input is refused.'),
        ];
      }
      return [
        focusField(field, 'The keystrokes may be going to another element; clicking the field gives it focus.'),
        clearField(field, 'Starting from an empty field avoids appending to text the field keeps.'),
        press(['Tab'], 'Leaving the field makes most forms show what they expect.'),
      ];
    }
    case 'key':
      return [
        ...(target
          ? [clickOn(target, 'The shortcut does nothing here; the control itself does the same by mouse.')]
          : []),
        press(['Escape'], 'An open popup or menu may be taking the keystrokes.'),
        scroll('down', 'What the shortcut should reach may be out of view.'),
      ];
    case 'scroll': {
      const down = lead.target.startsWith('dir:down');
      return [
        scroll(
          down ? 'up' : 'down',
          `The page does not move further ${down ? 'down' : 'up'}; what is sought may lie the other way.`,
        ),
        press([down ? 'PageDown' : 'PageUp'], 'The wheel may be over a part of the page that does not scroll.'),
      ];
    }
    case 'wait':
      return [
        press(['F5'], 'The page seems stuck while loading; reloading it starts the load again.'),
        scroll('down', 'The content may have loaded out of view.'),
      ];
    case 'open':
      return [
        press(['F5'], 'Opening the same address again changes nothing; reloading forces a fresh load.'),
        {
          step: 'Wait 2 seconds',
          action: canonicalizeAction({ type: 'wait', ms: 2000 }),
          why: 'The page may still be loading.',
        },
      ];
    default:
      if (distinctTargets > 1) {
        return [
          scroll('down', 'Switching between the same views reveals nothing new; the rest of this view may.'),
          press(['Escape'], 'An open popup or menu may be in the way.'),
        ];
      }
      return [
        press(['Escape'], 'Something on top of the page (a popup, a menu) may be catching the clicks.'),
        scroll('down', 'A message below may explain why nothing happens, such as a required field.'),
        scroll('up', 'A message above may explain why nothing happens.'),
      ];
  }
}

/**
 * Propose one recovery step for a detected loop, by fixed rules and without a model: the step
 * uses a different action from the ones that kept repeating, avoids a blocked modality, and is
 * never one already proposed for this step. The step text follows the planner's grammar, so the
 * proposal can enter the plan's pending steps like any other revision.
 */
export function buildRecoveryProposal(
  trigger: RecoveryTrigger,
  step: Pick<Step, 'text'>,
  context: RecoveryContext = {},
): RecoveryProposal {
  const unit = trigger.evidence.unit;
  const target = context.target?.label ? { ...context.target, label: context.target.label } : targetFromStep(step.text);
  const tried = new Set((context.previousProposals ?? []).map((text) => text.trim().toLowerCase()));
  const usable = candidatesFor(unit, target).find(
    (candidate) =>
      candidate.action.modality !== context.blockedModality &&
      !tried.has(candidate.step.toLowerCase()) &&
      !unit.some((action) => sameCanonicalAction(action, candidate.action)),
  );
  const looped = unit.map(describeCanonicalAction).join(', then ');
  if (usable === undefined) {
    return {
      type: 'exhausted',
      pattern: trigger.pattern,
      reason: `No recovery rule is left for "${step.text}" after ${looped} kept repeating.`,
    };
  }
  return {
    type: 'proposal',
    step: usable.step,
    rationale: `${looped.charAt(0).toUpperCase()}${looped.slice(1)} kept repeating without progress (${trigger.pattern}). ${usable.why}`,
    pattern: trigger.pattern,
  };
}
