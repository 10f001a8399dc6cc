/**
 * What the action guard takes from a plan step. Planners quote what a step names ("Click 'OK'")
 * and what it types ("Type 'Buy milk' into ..."), so quoted parts are either a target's name,
 * which the guard reads from the screen instead, or text to type, which it must never read as
 * the step's verb. Without the quotes, the rest says what the planner means the step to do.
 */

const QUOTE = String.raw`(?:'[^']+'|"[^"]+"|\u2018[^\u2019]+\u2019|\u201c[^\u201d]+\u201d)`;
const QUOTED_PART = new RegExp(String.raw`(^|[\s(])${QUOTE}(?=[\s.,;:!?)]|$)`, 'g');
const CLICKED = new RegExp(
  String.raw`^(?:click|double-click|tap|press|select|choose|hit|push)\s+(?:on\s+)?(?:the\s+)?('[^']+'|"[^"]+"|\u2018[^\u2019]+\u2019|\u201c[^\u201d]+\u201d)`,
  'i',
);
/** The text to type at the start of a typing step: never a place to look for the field's name. */
const TYPED = new RegExp(String.raw`^(?:type|enter|write|paste|input|fill in)\s+${QUOTE}`, 'i');
const FIELD = new RegExp(
  String.raw`\b(?:into|in|on)\s+(?:the\s+)?(${QUOTE}|[^'".,]+?)\s+(?:field|box|input|textbox|text box|area|editor)\b`,
  'i',
);

/** The step with its quoted parts left out. */
export function stepWithoutQuotes(step: string): string {
  return step.replace(QUOTED_PART, '$1').replace(/\s+/g, ' ').trim();
}

/**
 * The name of what a step acts on, for when the screen does not say: the quoted name after a
 * click verb for a control, the field named after "into" or "in" for typing and keys.
 */
export function stepTargetName(step: string, kind: 'control' | 'field'): string | undefined {
  const text = step.trim();
  const found = kind === 'control' ? CLICKED.exec(text) : FIELD.exec(text.replace(TYPED, ''));
  const name = found?.[1]?.trim();
  return name ? unquote(name) : undefined;
}

function unquote(text: string): string {
  return /^['"\u2018\u201c]/.test(text) ? text.slice(1, -1) : text;
}
