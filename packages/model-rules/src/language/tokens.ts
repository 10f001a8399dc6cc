import { scanLiterals } from '@sandpiper/protocol';

/**
 * One token of an instruction. Words keep the characters that belong to one name or value
 * (emails, addresses, times, dates, handles, hyphenated and dotted words, amounts); quoted spans
 * are one token whatever is inside; everything else is punctuation.
 */
export interface Token {
  readonly kind: 'word' | 'quoted' | 'punct';
  /** The token as written (for quoted tokens, the text between the quotes, untouched). */
  readonly text: string;
  /** Lower case, typographic apostrophes made plain; '' for quoted tokens, which are never keywords. */
  readonly lower: string;
  /** Offsets in the instruction (quoted tokens include their quotes). */
  readonly start: number;
  readonly end: number;
}

/**
 * Characters a word may contain after its first: letters, digits, and the joiners of names and
 * values (@ . _ - – / : + # & ' ’ !, and , between digits apart). A word must end on a letter,
 * a digit or %, or on a "!" when the sentence goes on after it in lower case ("Harbor2026! as").
 */
const wordPattern =
  /[$€£+\-@#]?[\p{L}\p{N}](?:[\p{L}\p{N}@._\-\u2013/:+#&'\u2019%$€£!]*[\p{L}\p{N}%])?|(?<=\s|^)[$€£][\p{N}][\p{N}.,]*/uy;

/** A "!" closing a word that the sentence goes on after in lower case ("use Harbor2026! as the password"). */
const innerBang = /!(?=\s+\p{Ll})/uy;

/** Web addresses and site paths are one word, whatever punctuation they hold (trailing sentence marks excluded). */
const addressPattern =
  /[a-z][a-z0-9+.-]*:\/\/[^\s'"\u201c\u201d\u2018\u2019<>]*[^\s'"\u201c\u201d\u2018\u2019<>.,;:!?)]|(?<=^|\s)\/(?:[^\s'"\u201c\u201d\u2018\u2019<>]*[^\s'"\u201c\u201d\u2018\u2019<>.,;:!?)])?/iuy;

/** Thousands separators inside numbers ("1,250") stay in the word; a comma followed by a space does not. */
const groupedNumber = /\p{N}{1,3}(?:,\p{N}{3})+(?:\.\p{N}+)?/uy;

/** Arrows people write between steps or menu levels: → ⇒ -> => > » ›. */
const arrowPattern = /\u2192|\u21d2|->|=>|(?<=\s)>(?=\s)|(?<=\s)\u00bb(?=\s)|(?<=\s)\u203a(?=\s)/y;

/** A secret's placeholder, `{{name}}`. */
const placeholderPattern = /\{\{\s*[A-Za-z][\w-]{0,63}\s*\}\}/y;

/** Read an instruction into tokens. Whitespace separates; it is never a token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const literals = scanLiterals(text);
  let literal = 0;
  let index = 0;
  while (index < text.length) {
    const span = literals[literal];
    if (span !== undefined && span.start === index) {
      tokens.push({ kind: 'quoted', text: span.text, lower: '', start: span.start, end: span.end });
      index = span.end;
      literal += 1;
      continue;
    }
    const character = text[index] ?? '';
    if (/\s/.test(character)) {
      index += 1;
      continue;
    }
    // A secret's placeholder ("{{password}}") is a value whatever is around it, as a quoted one is.
    const placeholder = matchAt(placeholderPattern, text, index);
    if (placeholder !== undefined) {
      tokens.push({ kind: 'quoted', text: placeholder, lower: '', start: index, end: index + placeholder.length });
      index += placeholder.length;
      continue;
    }
    let word =
      matchAt(addressPattern, text, index) ?? matchAt(groupedNumber, text, index) ?? matchAt(wordPattern, text, index);
    const limit = span?.start ?? text.length;
    if (word !== undefined && index + word.length <= limit) {
      if (/[\p{N}]/u.test(word) && matchAt(innerBang, text, index + word.length) !== undefined) word += '!';
      tokens.push({ kind: 'word', text: word, lower: lowerOf(word), start: index, end: index + word.length });
      index += word.length;
      continue;
    }
    const arrow = matchAt(arrowPattern, text, index);
    const punct = arrow ?? character;
    tokens.push({
      kind: 'punct',
      text: arrow === undefined ? punct : '\u2192',
      lower: punct,
      start: index,
      end: index + punct.length,
    });
    index += punct.length;
  }
  return tokens;
}

function matchAt(pattern: RegExp, text: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0];
}

export function lowerOf(word: string): string {
  return word.toLowerCase().replace(/\u2019/g, "'");
}

/** The text a run of tokens spans in the instruction, spacing as written. */
export function spanText(source: string, tokens: readonly Token[]): string {
  const first = tokens[0];
  const last = tokens.at(-1);
  if (first === undefined || last === undefined) return '';
  if (tokens.length === 1 && first.kind === 'quoted') return first.text;
  return source.slice(first.start, last.end).trim();
}

/**
 * The text of a message written out in the instruction ("saying: Thanks, noted."): a single
 * quote's text; else the words, and with them the closing mark the instruction ends them with when
 * they are written as a sentence (a capital first, two words or more), as it would be typed. A
 * fragment ("saying thanks.") ends where the instruction's own punctuation starts.
 */
export function messageText(source: string, tokens: readonly Token[]): string {
  const text = spanText(source, tokens);
  const last = tokens.at(-1);
  if (last === undefined || (tokens.length === 1 && last.kind === 'quoted')) return text;
  const sentence = tokens.filter((token) => token.kind === 'word').length >= 2 && /^\p{Lu}/u.test(text);
  const mark = /^[.!?]/.exec(source.slice(last.end));
  return sentence && mark !== null ? `${text}${mark[0]}` : text;
}

/** The tokens as words to match: words in lower case, a quoted value as one NUL, punctuation as written. */
export function words(tokens: readonly Token[]): string[] {
  return tokens.map((token) => (token.kind === 'word' ? token.lower : token.kind === 'quoted' ? '\u0000' : token.text));
}

/** Whether a token is this word (or one of these), compared in lower case. */
export function isWord(token: Token | undefined, ...words: readonly string[]): boolean {
  return token !== undefined && token.kind === 'word' && words.includes(token.lower);
}
