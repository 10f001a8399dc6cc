/**
 * The built-in planner's instruction grammar, as these tests understand it: enough to check that
 * every task is written in it and to replay a task with Playwright locators. It is a test aid, not
 * the planner.
 */
export type Command =
  | { readonly kind: 'open'; readonly target: string }
  | { readonly kind: 'click'; readonly target: string; readonly role?: string }
  | { readonly kind: 'type'; readonly text: string; readonly field: string }
  | { readonly kind: 'select'; readonly option: string; readonly field: string }
  | { readonly kind: 'choose'; readonly option: string }
  | { readonly kind: 'check'; readonly target: string; readonly checked: boolean }
  | { readonly kind: 'press'; readonly key: string }
  | { readonly kind: 'scroll'; readonly direction: 'down' | 'up' | 'bottom' }
  | { readonly kind: 'wait'; readonly seconds: number }
  | { readonly kind: 'wait-for'; readonly text: string };

export type ParsedClause = { readonly clause: string; readonly command?: Command };

const field = String.raw`(?:the )?(?:'([^']+)'|([A-Za-z][\w ]*?)) field`;
const rules: readonly [RegExp, (match: RegExpExecArray) => Command][] = [
  [/^open (\S+)$/, (m) => ({ kind: 'open', target: m[1]! })],
  [
    /^click (?:on )?(?:the )?'([^']+)'(?: (button|link|tab|checkbox|radio|column header|header))?$/,
    (m) => ({ kind: 'click', target: m[1]!, ...(m[2] === undefined ? {} : { role: m[2] }) }),
  ],
  [/^click (?:on )?(?:the )?([A-Za-z][\w ]*?) button$/, (m) => ({ kind: 'click', target: m[1]!, role: 'button' })],
  [
    new RegExp(String.raw`^type '([^']*)' (?:into|in) ${field}$`),
    (m) => ({ kind: 'type', text: m[1]!, field: (m[2] ?? m[3])! }),
  ],
  [
    new RegExp(String.raw`^fill (?:in )?${field} with '([^']*)'$`),
    (m) => ({ kind: 'type', text: m[3]!, field: (m[1] ?? m[2])! }),
  ],
  [
    /^select '([^']+)' from (?:the )?'([^']+)'(?: (?:dropdown|list|menu))?$/,
    (m) => ({ kind: 'select', option: m[1]!, field: m[2]! }),
  ],
  [/^choose '([^']+)'$/, (m) => ({ kind: 'choose', option: m[1]! })],
  [
    /^(check|uncheck) (?:the )?'([^']+)'(?: (?:checkbox|box))?$/,
    (m) => ({ kind: 'check', target: m[2]!, checked: m[1] === 'check' }),
  ],
  [/^press (Enter|Tab|Escape|Control\+A)$/, (m) => ({ kind: 'press', key: m[1]! })],
  [
    /^scroll (down|up|to the bottom)$/,
    (m) => ({ kind: 'scroll', direction: m[1] === 'to the bottom' ? 'bottom' : (m[1] as 'down' | 'up') }),
  ],
  [/^wait (\d+) seconds?$/, (m) => ({ kind: 'wait', seconds: Number(m[1]) })],
  [/^wait for '([^']+)' to appear$/, (m) => ({ kind: 'wait-for', text: m[1]! })],
];

/** Split at commas, "and" and "then" outside quotes. */
export function splitClauses(instruction: string): string[] {
  const clauses: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < instruction.length; index += 1) {
    const char = instruction[index]!;
    if (char === "'" && (quoted || /(^|\s)$/.test(current))) quoted = !quoted;
    if (!quoted) {
      const rest = instruction.slice(index);
      const separator = /^(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+)/.exec(rest);
      if (separator !== null) {
        clauses.push(current.trim());
        current = '';
        index += separator[0].length - 1;
        continue;
      }
    }
    current += char;
  }
  clauses.push(current.trim());
  return clauses.filter((clause) => clause !== '');
}

export function parseInstruction(instruction: string): ParsedClause[] {
  return splitClauses(instruction).map((clause) => {
    for (const [pattern, build] of rules) {
      const match = pattern.exec(clause);
      if (match !== null) return { clause, command: build(match) };
    }
    return { clause };
  });
}
