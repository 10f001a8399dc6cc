import { criterionIdentity, criterionText, type CriterionDraft } from '@sandpiper/protocol';
import type { Directive } from '../grammar/index.js';
import { describeField, describeTarget, quote } from '../grammar/index.js';
import { describeTarget as describeElement, type TargetRef } from '@sandpiper/protocol';

/** What should be visible once a directive has had its effect, in one sentence. */
export function expectedOutcome(directive: Directive): string {
  switch (directive.kind) {
    case 'open':
      return `The page at ${directive.target} is shown`;
    case 'click':
    case 'double-click':
      return `The screen responds to the ${directive.kind === 'click' ? 'click' : 'double-click'} on ${describeTarget(directive)}`;
    case 'hover':
      return `The pointer rests on ${describeTarget(directive)}`;
    case 'type':
      return directive.field === undefined
        ? `The text ${quote(directive.text)} appears where the cursor was`
        : `${capitalize(describeField(directive.field, 'field'))} shows ${quote(directive.text)}`;
    case 'clear':
      return `${capitalize(describeField(directive.field, 'field'))} is empty`;
    case 'select':
      return `${capitalize(describeField(directive.field, 'dropdown'))} shows ${quote(directive.option)}`;
    case 'choose':
      return `The ${quote(directive.option)} option is selected`;
    case 'check':
      return `${capitalize(describeField(directive.target, 'checkbox'))} is checked`;
    case 'uncheck':
      return `${capitalize(describeField(directive.target, 'checkbox'))} is not checked`;
    case 'pick':
      return `${quote(directive.option)} is picked`;
    case 'toggle':
      return `${capitalize(describeElement(directive.target))} is ${directive.on ? 'on' : 'off'}`;
    case 'set':
      return `${capitalize(describeElement(directive.target))} is set to ${quote(directive.value)}`;
    case 'expand':
      return `${capitalize(describeElement(directive.target))} is expanded`;
    case 'collapse':
      return `${capitalize(describeElement(directive.target))} is collapsed`;
    case 'dismiss':
      return directive.target === undefined
        ? 'Nothing is left open over the page'
        : `${capitalize(describeElement(directive.target))} is closed`;
    case 'confirm':
      return 'The dialog is accepted and closes';
    case 'search':
      return `Results for ${quote(directive.text)} are shown`;
    case 'find':
      return `${capitalize(describeElement(directive.target))} is in view`;
    case 'go-to':
      return `${capitalize(describeElement(directive.target))} is shown`;
    case 'command':
      return `The screen responds to ${describeTarget(directive)}`;
    case 'press':
      return `The screen responds to ${directive.keys.join('+')}`;
    case 'scroll':
      return `The page has moved ${directive.direction} (or was already at the ${directive.direction === 'down' ? 'bottom' : 'top'})`;
    case 'scroll-to':
      return `The ${directive.edge} of the page is shown`;
    case 'wait':
      return 'The page has had time to settle';
    case 'wait-for':
      return `${quote(directive.text)} is visible`;
  }
}

/**
 * Controls that act on the page in place — filter, sort, refresh — and leave the values entered
 * before them on screen, so those values can still be checked after the click.
 */
const IN_PLACE_CONTROL =
  /^(apply|apply filters?|filter|search|sort|refresh|update|show|go|select all|clear selection)$/i;

/** Roles whose click sorts or filters in place: a column header. */
const IN_PLACE_ROLES: ReadonlySet<string> = new Set(['column header', 'header']);

/** Whether a directive clicks a control that acts on the page in place (Apply, Filter, a column header...). */
export function clicksInPlaceControl(directive: Directive | undefined): boolean {
  if (directive?.kind !== 'click' && directive?.kind !== 'double-click') return false;
  return (
    IN_PLACE_CONTROL.test((directive.target.name ?? '').trim()) ||
    (directive.target.role !== undefined && IN_PLACE_ROLES.has(directive.target.role))
  );
}

/** Directives after which earlier field values may no longer be on screen (the form was sent, the page changed). */
/**
 * Keys that only move focus (Tab, Shift+Tab): pressing them commits nothing. Arrows are not among
 * them: on a focused dropdown or radio group they change the value.
 */
const MOVING_KEYS = new Set(['Tab', 'Shift']);

function mayLeaveThePage(directive: Directive): boolean {
  if (directive.kind === 'click' || directive.kind === 'double-click') return !clicksInPlaceControl(directive);
  if (directive.kind === 'press') return !directive.keys.every((key) => MOVING_KEYS.has(key));
  // Picking inside a named holder ("pick 'UK' in 'Country'") sets a value; a bare pick may be a tab or a link.
  if (directive.kind === 'pick') return directive.within === undefined;
  return ['open', 'command', 'confirm', 'go-to', 'search', 'dismiss'].includes(directive.kind);
}

/** The criterion a value-setting directive leaves on screen (a field's text, a checkbox's state); undefined for others. */
export function valueCriterion(directive: Directive): CriterionDraft | undefined {
  switch (directive.kind) {
    case 'type':
      if (directive.field === undefined) return { check: { kind: 'text-visible', text: directive.text, exact: true } };
      return fieldCriterion(directive.field, 'field', directive.text);
    case 'clear':
      return fieldCriterion(directive.field, 'field', '');
    case 'select':
      return fieldCriterion(directive.field, 'dropdown', directive.option);
    case 'choose':
      return {
        check: { kind: 'control-state', target: { name: directive.option, role: 'option' }, state: 'selected' },
      };
    case 'set': {
      const value = directive.value.trim();
      if (/^(?:on|off|yes|no|true|false|enabled?|disabled?)$/i.test(value)) {
        const on = /^(?:on|yes|true|enabled?)$/i.test(value);
        return {
          check: {
            kind: 'control-state',
            target: { ...directive.target, role: directive.target.role ?? 'switch' },
            state: on ? 'checked' : 'unchecked',
          },
        };
      }
      return fieldCriterion(directive.target, 'field', directive.value);
    }
    case 'pick':
      if (directive.within === undefined) return undefined;
      return {
        check: {
          kind: 'control-state',
          target: { name: directive.option, role: 'option', within: directive.within },
          state: 'selected',
        },
      };
    case 'check':
    case 'uncheck':
      return {
        check: {
          kind: 'control-state',
          target: { ...directive.target, role: directive.target.role ?? 'checkbox' },
          state: directive.kind === 'check' ? 'checked' : 'unchecked',
        },
      };
    case 'toggle':
      return {
        check: {
          kind: 'control-state',
          target: { ...directive.target, role: directive.target.role ?? 'switch' },
          state: directive.on ? 'checked' : 'unchecked',
        },
      };
    default:
      return undefined;
  }
}

function fieldCriterion(field: TargetRef, role: 'field' | 'dropdown', value: string): CriterionDraft {
  return { check: { kind: 'field-value', target: { ...field, role: field.role ?? role }, value, exact: true } };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fallback criterion: every step carried out with its effect confirmed. */
export const allStepsConfirmedCriterion: CriterionDraft = { check: { kind: 'steps-confirmed' } };

/**
 * One to three success criteria, as things to see. A final "wait for" names the text that must be
 * visible; otherwise the values entered after the last click that may leave the page (not an
 * in-place control such as Apply), key press or navigation (the latest ones first, up to three)
 * must still show; when nothing of the kind exists the criterion is that every step's effect was
 * confirmed.
 */
export function successCriteria(directives: readonly Directive[]): CriterionDraft[] {
  const last = directives.at(-1);
  if (last?.kind === 'wait-for') return [{ check: { kind: 'text-visible', text: last.text, exact: true } }];
  if (last?.kind === 'open') return [{ check: { kind: 'address', value: last.target, exact: true } }];
  const criteria: CriterionDraft[] = [];
  for (let index = directives.length - 1; index >= 0 && criteria.length < 3; index -= 1) {
    const directive = directives[index];
    if (directive === undefined || mayLeaveThePage(directive)) break;
    const criterion = valueCriterion(directive);
    if (criterion !== undefined && !criteria.some((existing) => sameCheck(existing, criterion))) {
      criteria.unshift(criterion);
    }
  }
  return criteria.length > 0 ? criteria : [allStepsConfirmedCriterion];
}

function sameCheck(a: CriterionDraft, b: CriterionDraft): boolean {
  return (
    criterionIdentity({ text: criterionText(a), check: a.check }) ===
    criterionIdentity({ text: criterionText(b), check: b.check })
  );
}

/** Rules the execution must respect: quoted values are entered exactly as written, steps in order. */
export function constraintsFor(directives: readonly Directive[]): string[] {
  const constraints = ['Carry out the steps in the order given and do nothing the instruction does not ask for.'];
  for (const directive of directives) {
    let constraint: string | undefined;
    if (directive.kind === 'type' && directive.field !== undefined) {
      constraint = `Enter ${quote(directive.text)} into ${describeField(directive.field, 'field')} exactly as written.`;
    } else if (directive.kind === 'type') {
      constraint = `Type ${quote(directive.text)} exactly as written.`;
    } else if (directive.kind === 'select') {
      constraint = `Pick exactly the option ${quote(directive.option)} in ${describeField(directive.field, 'dropdown')}.`;
    } else if (directive.kind === 'choose') {
      constraint = `Pick exactly the option ${quote(directive.option)}.`;
    }
    if (constraint !== undefined && !constraints.includes(constraint) && constraints.length < 50)
      constraints.push(constraint);
  }
  return constraints;
}
