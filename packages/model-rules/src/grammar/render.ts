import type { Directive } from './directive.js';
import { isBareOpenTarget } from './parse-clause.js';
import { quote } from './quote.js';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pointerVerb(kind: 'click' | 'double-click' | 'hover'): string {
  if (kind === 'hover') return 'Hover over';
  return capitalize(kind);
}

function duration(ms: number): string {
  if (ms % 1000 !== 0) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * Write a directive as canonical step text. `parseStep` reads every rendered text back into an
 * equal directive, so a step can be stored as text and edited by people.
 */
export function renderDirective(directive: Directive): string {
  switch (directive.kind) {
    case 'open':
      return `Open ${isBareOpenTarget(directive.target) ? directive.target : quote(directive.target)}`;
    case 'click':
    case 'double-click':
    case 'hover': {
      const target = quote(directive.target);
      const verb = pointerVerb(directive.kind);
      return directive.role === undefined ? `${verb} ${target}` : `${verb} the ${target} ${directive.role}`;
    }
    case 'type':
      return directive.field === undefined
        ? `Type ${quote(directive.text)}`
        : `Type ${quote(directive.text)} into the ${quote(directive.field)} field`;
    case 'clear':
      return `Clear the ${quote(directive.field)} field`;
    case 'select':
      return `Select ${quote(directive.option)} from the ${quote(directive.field)} dropdown`;
    case 'choose':
      return directive.group === undefined
        ? `Choose ${quote(directive.option)}`
        : `Choose ${quote(directive.option)} for ${quote(directive.group)}`;
    case 'check':
    case 'uncheck':
      return `${capitalize(directive.kind)} the ${quote(directive.target)} checkbox`;
    case 'press':
      return `Press ${directive.keys.join('+')}`;
    case 'scroll': {
      const base = `Scroll ${directive.direction}`;
      if (directive.pixels !== undefined) return `${base} by ${directive.pixels} pixels`;
      return directive.times === undefined ? base : `${base} ${directive.times} times`;
    }
    case 'scroll-to':
      return `Scroll to the ${directive.edge}`;
    case 'wait':
      return `Wait ${duration(directive.ms)}`;
    case 'wait-for':
      return `Wait for ${quote(directive.text)} to appear`;
  }
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
