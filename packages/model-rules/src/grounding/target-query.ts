import type { Directive } from '../grammar/index.js';
import type { LocateQuery } from './grounder.js';

/** What the step names as its target, as a grounding query; undefined for steps without one. */
export function targetQuery(directive: Directive | undefined): LocateQuery | undefined {
  switch (directive?.kind) {
    case 'click':
    case 'double-click':
    case 'hover':
      return { text: directive.target, ...(directive.role === undefined ? {} : { role: directive.role }) };
    case 'type':
      return directive.field === undefined ? undefined : { text: directive.field, role: 'field' };
    case 'clear':
      return { text: directive.field, role: 'field' };
    case 'select':
      return { text: directive.field, role: 'dropdown' };
    case 'check':
    case 'uncheck':
      return { text: directive.target, role: 'checkbox' };
    case 'choose':
      return { text: directive.option, role: 'radio' };
    default:
      return undefined;
  }
}
