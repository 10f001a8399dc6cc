import { describeTarget as describeElement, quote, renderStepIntent } from '@sandpiper/protocol';
import type { Directive } from './directive.js';

/**
 * Write a directive as canonical step text: the step intent's rendering, which `parseStep` reads
 * back into an equal directive, so a step can be stored as text and edited by people.
 */
export function renderDirective(directive: Directive): string {
  return renderStepIntent(directive);
}

/** A short noun phrase naming the directive's target for summaries and evidence: "the 'Next' button". */
export function describeTarget(directive: Directive): string {
  switch (directive.kind) {
    case 'click':
    case 'double-click':
    case 'hover':
    case 'toggle':
    case 'set':
    case 'expand':
    case 'collapse':
    case 'find':
    case 'go-to':
      return describeElement(directive.target);
    case 'command':
      return directive.object === undefined
        ? `the ${quote(directive.verb)} control`
        : `the ${quote(directive.verb)} control for ${describeElement(directive.object)}`;
    case 'type':
      return directive.field === undefined ? 'the focused element' : describeField(directive.field, 'field');
    case 'clear':
      return describeField(directive.field, 'field');
    case 'select':
      return describeField(directive.field, 'dropdown');
    case 'search':
      return directive.field === undefined ? 'the search box' : describeField(directive.field, 'field');
    case 'choose':
      return `the ${quote(directive.option)} option`;
    case 'pick':
      return quote(directive.option);
    case 'check':
    case 'uncheck':
      return describeField(directive.target, 'checkbox');
    case 'dismiss':
      return directive.target === undefined ? 'what is open' : describeElement(directive.target);
    case 'confirm':
      return directive.target === undefined ? 'the dialog' : describeElement(directive.target);
    case 'wait-for':
      return quote(directive.text);
    case 'open':
      return directive.target;
    case 'press':
      return directive.keys.join('+');
    case 'scroll':
    case 'scroll-to':
    case 'wait':
      return 'the page';
  }
}

/** "the 'Email' field": a field named plainly keeps the step's noun; other references say what they say. */
export function describeField(
  field: { readonly name?: string | undefined; readonly role?: string | undefined },
  noun: string,
): string {
  if (field.name !== undefined && Object.keys(field).every((key) => key === 'name' || key === 'role'))
    return `the ${quote(field.name)} ${noun}`;
  return describeElement({ ...field, role: field.role ?? noun });
}
