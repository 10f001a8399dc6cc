/**
 * How text becomes index terms, the same way for sections and queries: lower case, split on
 * anything that is not a letter or digit, drop words that carry no meaning in a "how do I" query,
 * and fold common English endings so that "selecting", "selected" and "selects" meet.
 */

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'do',
  'does',
  'for',
  'from',
  'how',
  'i',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'me',
  'my',
  'of',
  'on',
  'or',
  'so',
  'that',
  'the',
  'then',
  'there',
  'this',
  'to',
  'what',
  'when',
  'where',
  'which',
  'with',
  'you',
  'your',
]);

/** Split text into raw words: runs of letters and digits (Unicode-aware). */
export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** The index term for one word, or undefined for a word that should not be indexed. */
export function toTerm(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return undefined;
  return stem(lower);
}

/**
 * A deliberately small suffix folder, not a full Porter stemmer: it only has to make a query and
 * a section that use different forms of the same word meet, and it must never merge unrelated
 * words, so it leaves short words alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let base = word;
  if (base.endsWith('ies') && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (/(?:ss|x|ch|sh|o)es$/.test(base)) base = base.slice(0, -2);
  else if (base.endsWith('s') && !base.endsWith('ss') && !base.endsWith('us')) base = base.slice(0, -1);
  if (base.endsWith('ing') && base.length > 5) base = base.slice(0, -3);
  else if (base.endsWith('ed') && base.length > 4) base = base.slice(0, -2);
  // Doubled consonants left by an ending ("scrolling", "committed") fold to one.
  if (/([b-df-hj-np-tv-z])\1$/.test(base) && !/(?:ll|ss|zz)$/.test(base)) base = base.slice(0, -1);
  if (base.endsWith('e') && base.length > 3) base = base.slice(0, -1);
  return base;
}
