import { scanLiterals } from '@sandpiper/protocol';

/** One clause of an instruction, ready for pattern matching. */
export interface Clause {
  /** The clause exactly as written in the instruction (trimmed), for clarification questions. */
  readonly verbatim: string;
  /**
   * The clause with every quoted span replaced by a placeholder `⟦n⟧` (n indexes `literals`),
   * leading joiner words and trailing punctuation removed, and whitespace collapsed.
   */
  readonly pattern: string;
  /** The quoted texts of the clause, in order, untouched. */
  readonly literals: readonly string[];
}

/**
 * Clause separators outside quotes: commas (not inside numbers such as 1,000), semicolons,
 * sentence-ending periods, line breaks and the joiner words.
 */
const separator =
  /\s*(?:(?<!\d),|,(?!\d)|;|[.!?](?=\s|$)|\n)\s*|\s+(?:and\s+then|and|then|after\s+that|afterwards|finally)\s+/gi;

const leadingFillers =
  /^(?:(?:and\s+then|and|then|after\s+that|afterwards|finally|first|firstly|also|now|please|lastly)\b[\s,]*|(?:\d+[.)]|[-*\u2022])\s+)+/i;

const trailingPunctuation = /[\s.!?;:,]+$/;

/** Split an instruction into clauses at separators that are not inside quotes. */
export function splitClauses(instruction: string): Clause[] {
  const spans = scanLiterals(instruction);
  const masked = maskSpans(instruction, spans);
  const clauses: Clause[] = [];
  let start = 0;
  for (const match of masked.matchAll(separator)) {
    pushClause(instruction, spans, start, match.index, clauses);
    start = match.index + match[0].length;
  }
  pushClause(instruction, spans, start, instruction.length, clauses);
  return clauses;
}

function maskSpans(text: string, spans: ReturnType<typeof scanLiterals>): string {
  let masked = '';
  let cursor = 0;
  for (const span of spans) {
    masked += text.slice(cursor, span.start) + '\u0001'.repeat(span.end - span.start);
    cursor = span.end;
  }
  return masked + text.slice(cursor);
}

function pushClause(
  instruction: string,
  spans: ReturnType<typeof scanLiterals>,
  start: number,
  end: number,
  clauses: Clause[],
): void {
  const verbatim = instruction.slice(start, end).trim().replace(leadingFillers, '');
  if (verbatim === '') return;
  const literals: string[] = [];
  let pattern = '';
  let cursor = start;
  for (const span of spans) {
    if (span.start < start || span.end > end) continue;
    pattern += instruction.slice(cursor, span.start) + ` \u27e6${literals.length}\u27e7 `;
    literals.push(span.text);
    cursor = span.end;
  }
  pattern += instruction.slice(cursor, end);
  pattern = pattern.replace(/\s+/g, ' ').trim().replace(leadingFillers, '').replace(trailingPunctuation, '');
  if (pattern === '' || /^\d+[.)]?$/.test(pattern)) return;
  clauses.push({ verbatim, pattern, literals });
}
