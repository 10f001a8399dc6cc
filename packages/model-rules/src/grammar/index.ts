import { interpretInstruction, type ScreenHints } from '../language/interpret.js';
import type { Directive } from './directive.js';

export type * from './directive.js';
export { clickRoles } from './directive.js';
export { parseKeys, modifierKeys } from './keys.js';
export { quote } from '@sandpiper/protocol';
export { describeField, describeTarget, renderDirective } from './render.js';
export { directiveOfStep, plannedStepFor } from './intent.js';

/** One understood clause of an instruction. */
export interface ParsedClause {
  /** The clause as written in the instruction. */
  readonly source: string;
  /** What the clause asks for. */
  readonly directive: Directive;
}

/** The outcome of reading an instruction: every clause understood, or the ones that were not. */
export type InstructionParse =
  | {
      /** Every clause matched a grammar form. */
      readonly ok: true;
      /** The clauses in instruction order. */
      readonly parsed: readonly ParsedClause[];
      /** Clauses that restrict rather than ask ("do not submit yet"). */
      readonly constraints: readonly string[];
    }
  | {
      /** At least one clause matched no form. */
      readonly ok: false;
      /** The clauses no grammar form matched, verbatim and in order. */
      readonly unparsed: readonly string[];
      /** The clauses that were understood, in order. */
      readonly parsed: readonly ParsedClause[];
      readonly constraints: readonly string[];
    };

/**
 * Read an instruction into directives, clause by clause (see language/interpret.ts); never
 * guesses at a clause it cannot read. `hints` (labels of fields on the starting screen) lets
 * verbless clauses such as "from Porto" name a field.
 */
export function parseInstruction(text: string, hints?: ScreenHints): InstructionParse {
  const read = interpretInstruction(text, hints);
  const parsed = read.steps.map((step) => ({ source: step.source, directive: step.intent }));
  return read.unparsed.length === 0
    ? { ok: true, parsed, constraints: read.constraints }
    : { ok: false, unparsed: read.unparsed, parsed, constraints: read.constraints };
}

/** Read one step's text; undefined unless it is exactly one step. */
export function parseStep(stepText: string): Directive | undefined {
  const read = interpretInstruction(stepText);
  if (read.unparsed.length > 0 || read.steps.length !== 1) return undefined;
  return read.steps[0]?.intent;
}

/** Example requests, one per kind of step, for questions that ask a person to say something another way. */
export const understoodForms: readonly string[] = [
  'click Save',
  "type 'ada@example.com' into Email",
  'select Blue in Colour',
  'tick Weekly report',
  'turn on SMS alerts',
  'set Volume to 35',
  'expand Billing',
  'remove Jonas Berg',
  'press Enter',
  'scroll down',
  "wait for 'Saved' to appear",
];
