/**
 * Sentences that say why rather than what: "I'd like the app in German", "We're kicking off a new
 * project", "I'd rather not come in". People put such a sentence before the request it explains.
 * Beside a request the engine can read, it is the person's reason and asks for nothing more, unless
 * it carries something the request leaves out: a value (a number, an address, quoted text), a
 * capitalised name, or the name of something on the screen. Then what it wants may be more than
 * the request does, and the engine asks instead of dropping it.
 */
import { normalizeText } from '../grounding/text-score.js';
import { trimPunctuation } from './phrases.js';
import { words, type Token } from './tokens.js';

/** What the screen offers by name, as far as a reason may mention it (see {@link motiveAdds}). */
export interface NamedOnScreen {
  readonly controls?: readonly {
    readonly name: string;
    readonly options?: readonly string[];
    readonly group?: string;
  }[];
  readonly clickables?: readonly { readonly name: string }[];
}

/** Verbs of wanting, after "I" or "we": "I want a recap", "we'd like the app in German". */
const WISHES: readonly (readonly string[])[] = [
  ['want'],
  ['need'],
  ['would', 'like'],
  ["'d", 'like'],
  ['would', 'love'],
  ["'d", 'love'],
  ['would', 'prefer'],
  ["'d", 'prefer'],
  ['would', 'rather'],
  ["'d", 'rather'],
];

/** What one wants to do that changes nothing: "I need to see what's in docs", "I want to check it". */
const PERCEIVING = new Set(['see', 'check', 'read', 'look', 'know', 'find', 'review', 'understand', 'learn', 'watch']);

/** Words that make a sentence about oneself a demand or a plan: "I should be …", "we're going to …". */
const DEMANDING = new Set(['should', "shouldn't", 'must', "mustn't", 'ought', 'shall', 'will', "won't", 'gonna']);

/**
 * The words after a first-person subject, with contractions split and "am" as "are": "I'd like …"
 * → ["'d", 'like', …], "We are moving …" → ['are', 'moving', …]; undefined for other sentences.
 */
function afterSpeaker(tokens: readonly Token[]): string[] | undefined {
  const said = words(tokens);
  const first = said[0]?.replace(/[’‘]/g, "'");
  const contracted = first === undefined ? null : /^(?:i|we)('m|'re|'d|'ve|'ll)$/.exec(first);
  if (contracted) return [contracted[1] === "'m" || contracted[1] === "'re" ? 'are' : contracted[1]!, ...said.slice(1)];
  if (first === 'i' || first === 'we') return said.slice(1).map((word) => (word === 'am' ? 'are' : word));
  return undefined;
}

/**
 * Whether a clause (as written, fillers included) says why rather than what: a wish for something
 * ("I'd like the app in German"), a wish to look at something ("I need to see what's in docs"), a
 * preference against ("I'd rather not do video"), what one is doing ("We're kicking off a new
 * project", "I'm after something cheaper"). Never a question, a demand ("I should be …") or a
 * plan to act ("we're going to archive it"). Statements about things ("My invoice is wrong",
 * "Our domain is northwind") are read elsewhere: a value they carry may be what the request needs.
 */
export function isMotive(tokens: readonly Token[], verbatim: string): boolean {
  if (verbatim.trim().endsWith('?')) return false;
  const clause = trimPunctuation(tokens);
  const rest = afterSpeaker(clause);
  if (rest === undefined || clause.length < 3) return false;
  if (rest.some((word) => DEMANDING.has(word))) return false;
  if (rest.some((word, index) => (word === 'going' || word === 'about') && rest[index + 1] === 'to')) return false;
  if (rest.some((word, index) => (word === 'has' || word === 'have') && rest[index + 1] === 'to')) return false;
  const wish = WISHES.find((opening) => opening.every((word, index) => rest[index] === word));
  if (wish !== undefined) {
    const after = rest.slice(wish.length);
    if (wish.at(-1) === 'rather') return true;
    // "I want you to …" and "I'd like it archived" ask for something done.
    if (after[0] === 'you' || after[0] === 'it' || after[0] === 'them' || after[0] === 'this' || after[0] === 'that')
      return false;
    if (after[0] === 'to') return PERCEIVING.has(after[1] ?? '');
    return true;
  }
  // "I'm pulling into the driveway", "we're kicking off …", "I'm after something …".
  return rest[0] === 'are' && rest.length >= 2;
}

/** The words of a text, lower case and without accents, between single spaces (for whole-word search). */
function spaced(text: string): string {
  return ` ${normalizeText(text)} `;
}

/**
 * What a reason says that the rest of the request does not: a value (a number, an address, quoted
 * text), a capitalised name, or the name of a control or button on the screen, unless the request
 * names it too or sets the control it is an option of ("I'd rather not do video. Make the visit
 * type Phone."). Undefined when it says nothing more; then it may be set aside.
 */
export function motiveAdds(
  motive: readonly Token[],
  rest: string,
  screen: NamedOnScreen | undefined,
): string | undefined {
  const others = spaced(rest);
  for (const [index, token] of motive.entries()) {
    // "I need the invoice from March. Click Download.": which one is said only in the reason.
    const named = index > 0 && token.kind === 'word' && /^\p{Lu}/u.test(token.text) && !/^I\b/.test(token.text);
    const value = token.kind === 'quoted' || (token.kind === 'word' && /[\d@]/.test(token.text));
    if ((named || value) && !others.includes(spaced(token.text))) return token.text;
  }
  if (screen === undefined) return undefined;
  const said = spaced(motive.map((token) => token.text).join(' '));
  const setByRequest = (name: string | undefined): boolean =>
    name !== undefined && name.trim() !== '' && others.includes(spaced(name));
  const mentioned = (name: string): boolean => {
    const wanted = spaced(name);
    return wanted.trim().length >= 3 && said.includes(wanted) && !others.includes(wanted);
  };
  for (const control of screen.controls ?? []) {
    if (mentioned(control.name) && !setByRequest(control.group)) return control.name;
    for (const option of control.options ?? []) if (mentioned(option) && !setByRequest(control.name)) return option;
  }
  for (const clickable of screen.clickables ?? []) if (mentioned(clickable.name)) return clickable.name;
  return undefined;
}
