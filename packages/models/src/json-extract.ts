/**
 * Finding the JSON in what a model wrote. Models asked for JSON often wrap it in prose ("Here is
 * the plan: {...}") or in a ```json fence, or write two objects and mean the last. We collect every
 * plausible candidate, most likely first, and let the schema decide.
 */

import { type BoundedJson, parseBoundedJson } from './bounded-json.js';

const FENCE = /```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n([\s\S]*?)```/g;

/** A JSON value found in a model's answer, and where it was found. */
export interface JsonCandidate {
  /** The decoded value. */
  readonly value: unknown;
  /** `whole`: the answer was only JSON; `fence`: inside a ``` block; `span`: cut out of prose. */
  readonly source: 'whole' | 'fence' | 'span';
}

/**
 * Every JSON value found in `text`, most likely first: the whole text, then fenced blocks (```json
 * before untagged ones), then balanced `{…}` spans in the prose, the last one first (models reason
 * first and answer last), then `[…]` spans. Duplicates are dropped; trailing commas are forgiven.
 * JSON nested deeper or longer than the limits of `bounded-json.ts` is never decoded.
 */
export function extractJsonCandidates(text: string): JsonCandidate[] {
  return findJsonCandidates(text).candidates;
}

/**
 * The candidates of {@link extractJsonCandidates}, and why the first span that looked like JSON
 * but broke the limits was skipped, so a re-ask can say "too deep" rather than "no JSON".
 */
export function findJsonCandidates(text: string): { candidates: JsonCandidate[]; overLimit?: string } {
  const whole = text.trim();
  const sources: string[] = [whole];
  const tagged: string[] = [];
  const untagged: string[] = [];
  for (const match of text.matchAll(FENCE)) {
    const language = (match[1] ?? '').toLowerCase();
    const body = (match[2] ?? '').trim();
    if (language === 'json' || language === 'jsonc') tagged.push(body);
    else untagged.push(body);
  }
  const fenced = new Set([...tagged, ...untagged]);
  sources.push(...tagged, ...untagged, ...balancedSpans(text));
  const seen = new Set<string>();
  const candidates: JsonCandidate[] = [];
  let overLimit: string | undefined;
  for (const source of sources) {
    if (source === '' || seen.has(source)) continue;
    seen.add(source);
    const parsed = tryParse(source);
    if (!parsed.ok) {
      if (parsed.problem !== 'syntax') overLimit ??= parsed.message;
      continue;
    }
    candidates.push({
      value: parsed.value,
      source: source === whole ? 'whole' : fenced.has(source) ? 'fence' : 'span',
    });
  }
  return overLimit === undefined ? { candidates } : { candidates, overLimit };
}

function tryParse(source: string): BoundedJson {
  const parsed = parseBoundedJson(source);
  if (parsed.ok || parsed.problem !== 'syntax') return parsed;
  const withoutTrailingCommas = source.replace(/,(\s*[}\]])/g, '$1');
  return withoutTrailingCommas === source ? parsed : parseBoundedJson(withoutTrailingCommas);
}

/**
 * Outermost balanced object and array spans, scanned once with awareness of strings and escapes so
 * a brace inside a quoted value does not end the span early. Objects come before arrays because the
 * answers we ask for are objects.
 */
function balancedSpans(text: string): string[] {
  const objects: string[] = [];
  const arrays: string[] = [];
  let start = -1;
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"' && stack.length > 0) {
      inString = true;
    } else if (character === '{' || character === '[') {
      if (stack.length === 0) start = index;
      stack.push(character === '{' ? '}' : ']');
    } else if ((character === '}' || character === ']') && stack.length > 0) {
      if (stack[stack.length - 1] !== character) {
        stack.length = 0;
        continue;
      }
      stack.pop();
      if (stack.length === 0) (character === '}' ? objects : arrays).push(text.slice(start, index + 1));
    }
  }
  return [...objects.reverse(), ...arrays.reverse()];
}
