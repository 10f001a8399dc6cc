/**
 * The typed form of one imperative clause ("Click the 'Next' button"). Every form of the
 * instruction grammar has its own `kind`; the operator and the reflector switch on it.
 */
export type Directive =
  | OpenDirective
  | PointerDirective
  | TypeDirective
  | ClearDirective
  | SelectDirective
  | ChooseDirective
  | SetCheckedDirective
  | PressDirective
  | ScrollDirective
  | ScrollToDirective
  | WaitDirective
  | WaitForDirective;

export type DirectiveKind = Directive['kind'];

/** The noun a click-like clause may end with; it tells the grounder which kind of element to prefer. */
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

/** Navigate to an address: "Open https://example.com", "Go to /form". */
export interface OpenDirective {
  readonly kind: 'open';
  /** An absolute URL, a path starting with `/` (resolved against the current page), a bare domain, or any quoted text. */
  readonly target: string;
}

/** Click, double-click or hover over something named on screen. */
export interface PointerDirective {
  readonly kind: 'click' | 'double-click' | 'hover';
  /** The visible text or accessible name of the element, as the clause names it. */
  readonly target: string;
  /** The element kind the clause names ("button", "link"...); absent when it names none. */
  readonly role?: ClickRole;
}

/** Type literal text, into a named field or (when `field` is absent) into whatever has focus. */
export interface TypeDirective {
  readonly kind: 'type';
  /** The text to enter, exactly as quoted; may be empty. */
  readonly text: string;
  /** The label of the field to type into; absent to type into the focused element. */
  readonly field?: string;
}

/** Empty a named field. */
export interface ClearDirective {
  readonly kind: 'clear';
  /** The label of the field to empty. */
  readonly field: string;
}

/** Pick an option of a named dropdown (native select, listbox or custom combobox). */
export interface SelectDirective {
  readonly kind: 'select';
  /** The option's visible text, exactly as quoted. */
  readonly option: string;
  /** The label of the dropdown. */
  readonly field: string;
}

/** Pick a radio option, optionally inside a named group ("Choose 'Card' for Payment method"). */
export interface ChooseDirective {
  readonly kind: 'choose';
  /** The option's visible label, exactly as quoted. */
  readonly option: string;
  /** The group's label (the question the radios answer); absent when the clause names none. */
  readonly group?: string;
}

/** Put a checkbox into a state: `check` wants it ticked, `uncheck` wants it cleared. */
export interface SetCheckedDirective {
  readonly kind: 'check' | 'uncheck';
  /** The checkbox's label. */
  readonly target: string;
}

/** Press a key or a chord. */
export interface PressDirective {
  readonly kind: 'press';
  /**
   * Key names in press order, modifiers first, canonically spelled: `Control`, `Shift`, `Alt`,
   * `Meta`, `Enter`, `Tab`, `Escape`, `Space`, `Backspace`, `Delete`, `ArrowDown`..., `F1`..., and
   * single characters in upper case for letters (`['Control', 'A']`).
   */
  readonly keys: readonly string[];
}

/** Scroll the page by screens or by pixels. */
export interface ScrollDirective {
  readonly kind: 'scroll';
  readonly direction: 'up' | 'down';
  /** How many screens (about 80% of the screen height each); absent means one. Never set together with `pixels`. */
  readonly times?: number;
  /** Exact distance in logical pixels; absent means "by screens". */
  readonly pixels?: number;
}

/** Scroll to one end of the page. */
export interface ScrollToDirective {
  readonly kind: 'scroll-to';
  readonly edge: 'top' | 'bottom';
}

/** Pause for a fixed time. */
export interface WaitDirective {
  readonly kind: 'wait';
  /** Duration in milliseconds. */
  readonly ms: number;
}

/** Wait until some text is visible on screen. */
export interface WaitForDirective {
  readonly kind: 'wait-for';
  /** The text that must appear, exactly as quoted. */
  readonly text: string;
}
