import type { StepIntent } from '@sandpiper/protocol';

/**
 * What one step asks for, as the built-in roles read it: exactly the step intent of the contract
 * (`StepIntent` in @sandpiper/protocol), so the planner, the operator, the reflector and the judge
 * share one typed meaning and never re-read each other's English. The names below pick out the
 * kinds each role switches on.
 */
export type Directive = StepIntent;
export type DirectiveKind = Directive['kind'];

type Of<K extends DirectiveKind> = Extract<Directive, { kind: K }>;

export type OpenDirective = Of<'open'>;
export type PointerDirective = Of<'click' | 'double-click' | 'hover'>;
export type TypeDirective = Of<'type'>;
export type ClearDirective = Of<'clear'>;
export type SelectDirective = Of<'select'>;
export type ChooseDirective = Of<'choose'>;
export type SetCheckedDirective = Of<'check' | 'uncheck'>;
export type PressDirective = Of<'press'>;
export type ScrollDirective = Of<'scroll'>;
export type ScrollToDirective = Of<'scroll-to'>;
export type WaitDirective = Of<'wait'>;
export type WaitForDirective = Of<'wait-for'>;
export type PickDirective = Of<'pick'>;
export type ToggleDirective = Of<'toggle'>;
export type SetDirective = Of<'set'>;
export type DisclosureDirective = Of<'expand' | 'collapse'>;
export type DismissDirective = Of<'dismiss'>;
export type ConfirmDirective = Of<'confirm'>;
export type SearchDirective = Of<'search'>;
export type FindDirective = Of<'find'>;
export type GoToDirective = Of<'go-to'>;
export type CommandDirective = Of<'command'>;

/** The nouns a click-like step may name; they tell the grounder which kind of element to prefer. */
export type ClickRole =
  'button' | 'link' | 'tab' | 'checkbox' | 'radio' | 'header' | 'column header' | 'option' | 'menu item' | 'icon';

export const clickRoles: readonly ClickRole[] = [
  'button',
  'link',
  'tab',
  'checkbox',
  'radio',
  'header',
  'column header',
  'option',
  'menu item',
  'icon',
];
