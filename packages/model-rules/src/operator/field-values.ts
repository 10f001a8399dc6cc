import { normalizeText } from '../grounding/text-score.js';

/** `MM/DD/YYYY` (how people type dates in the US) to ISO `YYYY-MM-DD` (how date fields report them). */
function usDateToIso(text: string): string | undefined {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  return `${match[3]}-${(match[1] ?? '').padStart(2, '0')}-${(match[2] ?? '').padStart(2, '0')}`;
}

/**
 * Whether a field whose value is `value` shows the typed `text`. Exact after collapsing
 * whitespace; a date typed as MM/DD/YYYY also matches the ISO value date inputs report.
 */
export function fieldShows(value: string | undefined, text: string): boolean {
  if (value === undefined) return false;
  const collapse = (input: string) => input.replace(/\s+/g, ' ').trim();
  if (collapse(value) === collapse(text)) return true;
  if (masked(value, text)) return true;
  const iso = usDateToIso(text);
  return iso !== undefined && value.trim() === iso;
}

/**
 * A password field shows dots, one per character typed: it shows the text when it holds as many.
 * A secret named by placeholder (`{{password}}`) has a length only the environment knows, so any
 * dots do.
 */
function masked(value: string, text: string): boolean {
  if (!/^[•*●∙·]+$/u.test(value)) return false;
  return /^\{\{[^{}]+\}\}$/.test(text.trim()) || [...value].length === [...text].length;
}

/** Whether a select or listbox value names the wanted option (case and punctuation aside). */
export function optionShows(value: string | undefined, option: string): boolean {
  if (value === undefined) return false;
  return normalizeText(value) === normalizeText(option) || singularWords(value) === singularWords(option);
}

/** The words of a text with a plural "s" or "es" dropped from each longer word ("audiobooks" → "audiobook"). */
export function singularWords(text: string): string {
  return normalizeText(text)
    .split(' ')
    .map((word) => (word.length > 3 ? word.replace(/(?:(?<=[sxz]|ch|sh)es|(?<!s)s)$/, '') : word))
    .join(' ');
}
