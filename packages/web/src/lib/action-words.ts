/**
 * Step text split into pieces for display: the action verbs people scan for ("Click", "Type"),
 * the quoted values and targets, and the rest.
 */
export interface TextSegment {
  readonly kind: 'action' | 'quote' | 'plain';
  readonly text: string;
}

const ACTION_WORDS = [
  'click',
  'double-click',
  'right-click',
  'type',
  'select',
  'choose',
  'pick',
  'tick',
  'untick',
  'check',
  'uncheck',
  'toggle',
  'open',
  'go',
  'navigate',
  'submit',
  'scroll',
  'press',
  'wait',
  'hover',
  'drag',
  'drop',
  'fill',
  'clear',
  'search',
  'confirm',
  'upload',
  'download',
  'switch',
  'expand',
  'collapse',
  'close',
  'save',
  'sort',
  'filter',
  'export',
  'copy',
  'paste',
  'verify',
];

const actionPattern = new RegExp(`\\b(${ACTION_WORDS.map((word) => word.replace('-', '\\-')).join('|')})\\b`, 'gi');

/** A quote opens after a space or bracket (so "don't" is no quote) and closes before punctuation or a space. */
const quotePattern = /(^|[\s(])(['"“‘])(.+?)(['"”’])(?=$|[\s.,;:!?)])/g;

export function splitStepText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(quotePattern)) {
    const start = match.index + match[1]!.length;
    pushPlain(segments, text.slice(cursor, start));
    const end = match.index + match[0].length;
    segments.push({ kind: 'quote', text: text.slice(start, end) });
    cursor = end;
  }
  pushPlain(segments, text.slice(cursor));
  return segments;
}

function pushPlain(segments: TextSegment[], text: string): void {
  let cursor = 0;
  for (const match of text.matchAll(actionPattern)) {
    if (match.index > cursor) segments.push({ kind: 'plain', text: text.slice(cursor, match.index) });
    segments.push({ kind: 'action', text: match[0] });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) segments.push({ kind: 'plain', text: text.slice(cursor) });
}
