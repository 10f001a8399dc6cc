import { renderStepIntent, type Action, type Step, type StepIntent } from '@sandpiper/protocol';
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
      /** What the recovery step does, as typed data. */
      readonly intent: StepIntent;
      /** The step's text for people, rendered from the intent: "Press Escape", "Click the 'Save' button". */
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
  readonly intent: StepIntent;
  /** The candidate as a canonical action, to compare with the loop and the blocked modality. */
  readonly action: CanonicalAction;
  readonly why: string;
}

const clickRoles: ReadonlySet<string> = new Set(['button', 'link', 'tab', 'checkbox', 'radio', 'option', 'icon']);

function press(keys: string[], why: string): Candidate {
  return { intent: { kind: 'press', keys }, action: canonicalizeAction({ type: 'key', keys }), why };
}

function scroll(direction: 'up' | 'down', why: string): Candidate {
  const deltaY = direction === 'down' ? 1 : -1;
  return {
    intent: { kind: 'scroll', direction },
    action: canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY }),
    why,
  };
}

function clickOn(target: ActionTarget & { label: string }, why: string): Candidate {
  const role =
    target.role !== undefined && clickRoles.has(target.role.toLowerCase()) ? target.role.toLowerCase() : undefined;
  const click: Action = { type: 'click', at: { x: 0, y: 0 }, button: 'left', count: 1, modifiers: [] };
  return {
    intent: { kind: 'click', target: { name: target.label, ...(role ? { role } : {}) } },
    action: canonicalizeAction(click, target),
    why,
  };
}

function focusField(label: string, why: string): Candidate {
  const click: Action = { type: 'click', at: { x: 0, y: 0 }, button: 'left', count: 1, modifiers: [] };
  return {
    // Clicking a field's label focuses the field.
    intent: { kind: 'click', target: { name: label } },
    action: canonicalizeAction(click, { label, role: 'field' }),
    why,
  };
}

function clearField(label: string, why: string): Candidate {
  return {
    intent: { kind: 'clear', field: { name: label, role: 'field' } },
    action: canonicalizeAction({ type: 'key', keys: ['Control', 'a'] }),
    why,
  };
}

/** The element a step is about, from its typed intent; undefined for free text or targetless steps. */
function targetOfIntent(intent: StepIntent | undefined): (ActionTarget & { label: string }) | undefined {
  if (intent === undefined) return undefined;
  switch (intent.kind) {
    case 'click':
    case 'double-click':
    case 'hover':
    case 'check':
    case 'uncheck':
      return intent.target.name === undefined
        ? undefined
        : { label: intent.target.name, ...(intent.target.role ? { role: intent.target.role } : {}) };
    case 'type':
      return intent.field?.name ? { label: intent.field.name, role: 'field' } : undefined;
    case 'clear':
    case 'select':
      return intent.field.name === undefined ? undefined : { label: intent.field.name, role: 'field' };
    case 'choose':
      return { label: intent.option, role: 'radio' };
    default:
      return undefined;
  }
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
          intent: { kind: 'wait', ms: 2000 } as const,
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
 * never one already proposed for this step. The step is a typed intent with its rendering, so it
 * enters the plan's pending steps like any other revision and no role has to parse it.
 */
export function buildRecoveryProposal(
  trigger: RecoveryTrigger,
  step: Pick<Step, 'text' | 'intent'>,
  context: RecoveryContext = {},
): RecoveryProposal {
  const unit = trigger.evidence.unit;
  const target = context.target?.label
    ? { ...context.target, label: context.target.label }
    : targetOfIntent(step.intent);
  const tried = new Set((context.previousProposals ?? []).map((text) => text.trim().toLowerCase()));
  const usable = candidatesFor(unit, target).find(
    (candidate) =>
      candidate.action.modality !== context.blockedModality &&
      !tried.has(renderStepIntent(candidate.intent).toLowerCase()) &&
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
    intent: usable.intent,
    step: renderStepIntent(usable.intent),
    rationale: `${looped.charAt(0).toUpperCase()}${looped.slice(1)} kept repeating without progress (${trigger.pattern}). ${usable.why}`,
    pattern: trigger.pattern,
  };
}
