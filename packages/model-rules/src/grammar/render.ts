import { quote, renderStepIntent } from '@sandpiper/protocol';
import type { Directive } from './directive.js';
import { directiveToIntent } from './intent.js';

/**
 * Write a directive as canonical step text: the step intent's rendering, which `parseStep` reads
 * back into an equal directive, so a step can be stored as text and edited by people.
 */
export function renderDirective(directive: Directive): string {
  return renderStepIntent(directiveToIntent(directive));
}

/** A short noun phrase naming the directive's target for summaries and evidence: "the 'Next' button". */
export function describeTarget(directive: Directive): string {
  switch (directive.kind) {
    case 'click':
    case 'double-click':
    case 'hover':
      return directive.role === undefined
        ? quote(directive.target)
        : `the ${quote(directive.target)} ${directive.role}`;
    case 'type':
      return directive.field === undefined ? 'the focused element' : `the ${quote(directive.field)} field`;
    case 'clear':
      return `the ${quote(directive.field)} field`;
    case 'select':
      return `the ${quote(directive.field)} dropdown`;
    case 'choose':
      return `the ${quote(directive.option)} option`;
    case 'check':
    case 'uncheck':
      return `the ${quote(directive.target)} checkbox`;
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
