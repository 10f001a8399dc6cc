import { splitClauses } from './clauses.js';
import type { Directive } from './directive.js';
import { parseClause } from './parse-clause.js';

export type * from './directive.js';
export { clickRoles } from './directive.js';
export { parseKeys, modifierKeys } from './keys.js';
export { quote } from '@sandpiper/protocol';
export { describeTarget, renderDirective } from './render.js';
export { directiveOfStep, directiveToIntent, intentToDirective, plannedStepFor } from './intent.js';

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
    }
  | {
      /** At least one clause matched no form. */
      readonly ok: false;
      /** The clauses no grammar form matched, verbatim and in order. */
      readonly unparsed: readonly string[];
      /** The clauses that were understood, in order. */
      readonly parsed: readonly ParsedClause[];
    };

/** Split an instruction into clauses and parse each; never guesses at a clause it cannot match. */
export function parseInstruction(text: string): InstructionParse {
  const parsed: ParsedClause[] = [];
  const unparsed: string[] = [];
  for (const clause of splitClauses(text)) {
    const directive = parseClause(clause);
    if (directive === undefined) unparsed.push(clause.verbatim);
    else parsed.push({ source: clause.verbatim, directive });
  }
  if (parsed.length === 0 && unparsed.length === 0) unparsed.push(text.trim());
  return unparsed.length === 0 ? { ok: true, parsed } : { ok: false, unparsed, parsed };
}

/** Parse one step's text; undefined unless it is exactly one clause of the grammar. */
export function parseStep(stepText: string): Directive | undefined {
  const clauses = splitClauses(stepText);
  if (clauses.length !== 1 || clauses[0] === undefined) return undefined;
  return parseClause(clauses[0]);
}

/** The clause forms the grammar understands, for clarification questions. */
export const understoodForms: readonly string[] = [
  'open <address>',
  'click <target> (also double-click, hover over)',
  "type 'text' into <field>",
  "fill <field> with 'text'",
  'clear <field>',
  "select 'option' from <dropdown>",
  "choose 'option' [for <group>]",
  'check / uncheck <checkbox>',
  'press <key or chord>',
  'scroll down / up [N times | by N pixels]',
  'scroll to the top / bottom',
  'wait N seconds',
  "wait for 'text' to appear",
];
