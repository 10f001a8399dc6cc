import type { PlannedStep, Step, StepIntent, TargetRef } from '@sandpiper/protocol';
import { clickRoles, type ClickRole, type Directive } from './directive.js';
import { parseStep } from './index.js';

/** A named target as the contract carries it: the label, and the element kind when the clause gave one. */
function target(name: string, role?: string): TargetRef {
  return role === undefined ? { name } : { name, role };
}

const clickRoleSet: ReadonlySet<string> = new Set(clickRoles);

function clickRoleOf(role: string | undefined): ClickRole | undefined {
  return role !== undefined && clickRoleSet.has(role) ? (role as ClickRole) : undefined;
}

/** The directive as the typed step intent other roles read. */
export function directiveToIntent(directive: Directive): StepIntent {
  switch (directive.kind) {
    case 'open':
      return { kind: 'open', target: directive.target };
    case 'click':
    case 'double-click':
    case 'hover':
      return { kind: directive.kind, target: target(directive.target, directive.role) };
    case 'type':
      return {
        kind: 'type',
        text: directive.text,
        ...(directive.field === undefined ? {} : { field: target(directive.field, 'field') }),
      };
    case 'clear':
      return { kind: 'clear', field: target(directive.field, 'field') };
    case 'select':
      return { kind: 'select', option: directive.option, field: target(directive.field, 'dropdown') };
    case 'choose':
      return {
        kind: 'choose',
        option: directive.option,
        ...(directive.group === undefined ? {} : { group: directive.group }),
      };
    case 'check':
    case 'uncheck':
      return { kind: directive.kind, target: target(directive.target, 'checkbox') };
    case 'press':
      return { kind: 'press', keys: [...directive.keys] };
    case 'scroll':
      return {
        kind: 'scroll',
        direction: directive.direction,
        ...(directive.times === undefined ? {} : { times: directive.times }),
        ...(directive.pixels === undefined ? {} : { pixels: directive.pixels }),
      };
    case 'scroll-to':
      return { kind: 'scroll-to', edge: directive.edge };
    case 'wait':
      return { kind: 'wait', ms: directive.ms };
    case 'wait-for':
      return { kind: 'wait-for', text: directive.text };
  }
}

/** A step intent as the built-in operator's directive; the click roles it does not know are dropped. */
export function intentToDirective(intent: StepIntent): Directive {
  switch (intent.kind) {
    case 'open':
      return { kind: 'open', target: intent.target };
    case 'click':
    case 'double-click':
    case 'hover': {
      const role = clickRoleOf(intent.target.role);
      return { kind: intent.kind, target: intent.target.name, ...(role ? { role } : {}) };
    }
    case 'type':
      return { kind: 'type', text: intent.text, ...(intent.field ? { field: intent.field.name } : {}) };
    case 'clear':
      return { kind: 'clear', field: intent.field.name };
    case 'select':
      return { kind: 'select', option: intent.option, field: intent.field.name };
    case 'choose':
      return { kind: 'choose', option: intent.option, ...(intent.group === undefined ? {} : { group: intent.group }) };
    case 'check':
    case 'uncheck':
      return { kind: intent.kind, target: intent.target.name };
    case 'press':
      return { kind: 'press', keys: [...intent.keys] };
    case 'scroll':
      return {
        kind: 'scroll',
        direction: intent.direction,
        ...(intent.times === undefined ? {} : { times: intent.times }),
        ...(intent.pixels === undefined ? {} : { pixels: intent.pixels }),
      };
    case 'scroll-to':
      return { kind: 'scroll-to', edge: intent.edge };
    case 'wait':
      return { kind: 'wait', ms: intent.ms };
    case 'wait-for':
      return { kind: 'wait-for', text: intent.text };
  }
}

/**
 * What a step asks for: its typed intent when the planner attached one, otherwise its text read
 * by the grammar (a step a person wrote or rewrote). Undefined when the text is not understood.
 */
export function directiveOfStep(step: Pick<Step, 'text' | 'intent'>): Directive | undefined {
  return step.intent === undefined ? parseStep(step.text) : intentToDirective(step.intent);
}

/** A planned step for a directive: its canonical text, the typed intent, and the outcome to expect. */
export function plannedStepFor(directive: Directive, text: string, expectedOutcome: string | undefined): PlannedStep {
  return {
    text,
    intent: directiveToIntent(directive),
    ...(expectedOutcome === undefined ? {} : { expectedOutcome }),
  };
}
