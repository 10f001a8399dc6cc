import type { Screen } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';

/**
 * Text that says the page refused what was sent: a field is required or wrong, or some must be
 * fixed first. Read only in text that appeared with the action, so a form's standing hint
 * ("Fields marked * are required") is never taken for an answer.
 */
const REFUSAL =
  /\b(?:(?:is|are) (?:required|invalid|not valid|missing|too (?:short|long))\s*[.!]?$|please (?:enter|fill(?: in| out)?|select|choose|provide|correct|fix|complete|check)\b|fix (?:\d+|the|these|this|all|highlighted) (?:\w+ )?(?:fields?|errors?|problems?|issues?)|(?:[1-9]\d*|one|two|three|some) (?:fields? (?:need|needs|have|has|are)|errors?\b(?! log))|(?:must|should) (?:be|contain|match|include|have) |can(?:not|'t|no?t) be (?:empty|blank|left blank)|(?:doesn't|does not|do not|don't) match|(?:invalid|incorrect|wrong) (?:\w+ ){0,2}(?:format|value|address|number|date|email|password|code|entry|input)|^(?:please )?(?:agree|accept|tick|check|enter|fill|select|choose|provide|add|confirm)\b.{0,80}\bto (?:continue|proceed|submit|sign up|register|finish|complete)\b)/i;

/**
 * Words of an error in an alert that follows no validation pattern ("Payment failed", "Could not
 * save"). An alert without them is news, often good ("Crew Portal archived."), not a refusal.
 */
const ERROR_WORDS =
  /\b(?:errors?|fail(?:ed|s|ure)?|could(?:n't| not)|can(?:'t|not)|unable|invalid|incorrect|wrong|denied|declined|rejected|not (?:allowed|permitted|authori[sz]ed|found)|forbidden|required|missing|try again|problem|expired|locked)\b/i;

/** Whether a message reads as an error ("Download failed", "Could not archive 'Q3'"). */
export function readsAsError(text: string): boolean {
  return ERROR_WORDS.test(text);
}

/** Roles whose names are what a page says, rather than the controls it offers. */
const SAYING: ReadonlySet<string> = new Set([
  'alert',
  'status',
  'text',
  'StaticText',
  'paragraph',
  'note',
  'log',
  'generic',
  'heading',
  'listitem',
]);

/**
 * Whether the page answered a submit-like action (a click, Enter) by refusing it: fields newly
 * marked invalid, or a new message that reads as a validation error. Undefined when it did not,
 * or when it went to another page (whose own hints are not an answer to the action). The sentence
 * names what was seen.
 */
export function formRefusal(before: Screen, after: Screen): string | undefined {
  const was = before.observation.accessibility;
  const now = after.observation.accessibility;
  if (was === undefined || now === undefined) return undefined;
  if (after.observation.url !== undefined && before.observation.url !== after.observation.url) return undefined;
  const key = (node: AccessibilityNode) => `${node.role}\u0000${node.name}`;
  const invalidBefore = new Set(was.filter((node) => node.invalid === true).map(key));
  const newlyInvalid = now.filter((node) => node.invalid === true && !invalidBefore.has(key(node)));
  const said = new Set(was.map((node) => node.name.trim()));
  const message = now.find(
    (node) =>
      SAYING.has(node.role) &&
      node.name.trim() !== '' &&
      node.name.length <= 300 &&
      !said.has(node.name.trim()) &&
      (REFUSAL.test(node.name.trim()) || (node.role === 'alert' && ERROR_WORDS.test(node.name))),
  );
  if (message === undefined && newlyInvalid.length === 0) return undefined;
  const fields =
    newlyInvalid.length === 0
      ? ''
      : `${newlyInvalid.length === 1 ? `the field '${newlyInvalid[0]!.name}' is` : `${newlyInvalid.length} fields are`} now marked invalid`;
  const words = message === undefined ? '' : `it says '${clip(message.name.trim())}'`;
  return [words, fields].filter((part) => part !== '').join(' and ');
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
