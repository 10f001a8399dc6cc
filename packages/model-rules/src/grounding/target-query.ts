import type { Directive } from '../grammar/index.js';
import { queryFor, type LocateQuery } from './grounder.js';

/** What the step names as its target, as a grounding query; undefined for steps without one. */
export function targetQuery(directive: Directive | undefined): LocateQuery | undefined {
  switch (directive?.kind) {
    case 'click':
    case 'double-click':
    case 'hover':
    case 'expand':
    case 'collapse':
    case 'find':
    case 'go-to':
      return queryFor(directive.target);
    case 'toggle':
      return queryFor(directive.target, 'switch');
    case 'set':
      return queryFor(directive.target, 'field');
    case 'type':
      return directive.field === undefined ? undefined : queryFor(directive.field, 'field');
    case 'clear':
      return queryFor(directive.field, 'field');
    case 'select':
      return queryFor(directive.field, 'dropdown');
    case 'check':
    case 'uncheck':
      return queryFor(directive.target, 'checkbox');
    case 'choose':
      return { text: directive.option, role: 'radio' };
    case 'pick':
      return { text: directive.option, ...(directive.within === undefined ? {} : { within: directive.within }) };
    case 'search':
      return directive.field === undefined ? { text: '', role: 'searchbox' } : queryFor(directive.field, 'searchbox');
    case 'dismiss':
    case 'confirm':
      return directive.target === undefined ? undefined : queryFor(directive.target);
    case 'command':
      return { text: directive.verb, ...(directive.object === undefined ? {} : { within: directive.object }) };
    default:
      return undefined;
  }
}
