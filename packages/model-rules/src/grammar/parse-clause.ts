import type { Clause } from './clauses.js';
import type { ClickRole, Directive } from './directive.js';
import { parseKeys } from './keys.js';

/** How a slot of a clause pattern was filled: a quoted literal or bare words. */
interface SlotValue {
  readonly text: string;
  readonly quoted: boolean;
}

type Builder = (
  match: RegExpExecArray,
  slot: (raw: string | undefined) => SlotValue | undefined,
) => Directive | undefined;

interface Rule {
  readonly pattern: RegExp;
  readonly build: Builder;
}

const fieldNoun = String.raw`(?:\s+(?:field|box|input|textarea|text\s?box|text\s+field|text\s+area))?`;
const dropdownNoun = String.raw`(?:\s+(?:dropdown|drop-down|drop\s+down|list|menu|select|combo\s?box|picker))?`;
const clickNoun = String.raw`(?:\s+(button|link|tab|checkbox|check\s?box|radio(?:\s+button)?|column\s+header|header|option|menu\s+item|icon))`;
const clickVerb = String.raw`(click|double[-\s]?click|hover(?:\s+over|\s+on)?|mouse\s+over)`;
const appearPhrase = String.raw`(?:\s+(?:to\s+appear|appears|is\s+visible|to\s+be\s+visible|is\s+shown|to\s+be\s+shown|shows\s+up|to\s+show(?:\s+up)?))?`;

/** Words that start a description of a condition rather than the name of a checkbox. */
const conditionWords = /^(?:that|if|whether|for|out|to|how|what|when|why|which)\b/i;

import { isBareOpenTarget } from '@sandpiper/protocol';
export { isBareOpenTarget };

function clickRole(noun: string | undefined): ClickRole | undefined {
  if (noun === undefined) return undefined;
  const words = noun.toLowerCase().replace(/\s+/g, ' ');
  if (words.startsWith('radio')) return 'radio';
  if (words === 'checkbox' || words === 'check box') return 'checkbox';
  return words as ClickRole;
}

function pointerKind(verb: string): 'click' | 'double-click' | 'hover' {
  const lower = verb.toLowerCase();
  if (lower.startsWith('double')) return 'double-click';
  return lower.startsWith('click') ? 'click' : 'hover';
}

/** A value to enter must be quoted; a bare number is the one unquoted value that cannot be misread. */
function enteredValue(value: SlotValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.quoted) return value.text;
  return /^[-+]?\d[\d,]*(?:\.\d+)?$/.test(value.text) ? value.text : undefined;
}

/** An option or a text to look for: like an entered value, but never blank. */
function visibleValue(value: SlotValue | undefined): string | undefined {
  const text = enteredValue(value);
  return text === undefined || text.trim() === '' ? undefined : text;
}

/** Bare words that only point at something ("the box", "it") instead of naming it. */
const pointerWords = /^(?:box|checkbox|field|button|link|input|option|it|this|that|them|one|here|there)$/i;

function name(value: SlotValue | undefined): string | undefined {
  if (value === undefined || value.text.trim() === '') return undefined;
  if (!value.quoted && (conditionWords.test(value.text) || pointerWords.test(value.text))) return undefined;
  return value.text;
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.replace(/,/g, ''));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

const rules: readonly Rule[] = [
  {
    pattern:
      /^(?:open|go\s+to|navigate\s+to|visit|browse\s+to|load)\s+(?:the\s+)?(?:(?:page|url|address|site|website)\s+)?(.+)$/i,
    build: (match, slot) => {
      const target = slot(match[1]);
      if (target === undefined || (!target.quoted && !isBareOpenTarget(target.text))) return undefined;
      return { kind: 'open', target: target.text };
    },
  },
  {
    pattern:
      /^scroll\s+(?:all\s+the\s+way\s+)?(?:(?:down|up)\s+)?to\s+(?:the\s+)?(top|bottom)(?:\s+of\s+(?:the\s+)?page)?$/i,
    build: (match) => ({ kind: 'scroll-to', edge: (match[1] ?? '').toLowerCase() === 'top' ? 'top' : 'bottom' }),
  },
  {
    pattern:
      /^scroll\s+(?:the\s+page\s+)?(down|up)(?:\s+the\s+page)?(?:\s+(?:(once)|(twice)|(\d+)\s+times?|(?:by\s+)?([\d,]+)\s*(?:pixels?|px)))?$/i,
    build: (match) => {
      const direction = (match[1] ?? '').toLowerCase() === 'up' ? 'up' : 'down';
      if (match[5] !== undefined) {
        const pixels = positiveInteger(match[5]);
        return pixels === undefined ? undefined : { kind: 'scroll', direction, pixels };
      }
      const times = match[3] !== undefined ? 2 : match[4] !== undefined ? positiveInteger(match[4]) : 1;
      if (times === undefined) return undefined;
      return times === 1 ? { kind: 'scroll', direction } : { kind: 'scroll', direction, times };
    },
  },
  {
    pattern: /^wait\s+(?:for\s+)?(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?)$/i,
    build: (match) => {
      const amount = Number(match[1]);
      const ms = Math.round((match[2] ?? '').toLowerCase().startsWith('m') ? amount : amount * 1000);
      return ms > 0 ? { kind: 'wait', ms } : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`^wait\s+(?:for|until)\s+(?:the\s+)?(?:text\s+)?(.+?)${appearPhrase}$`, 'i'),
    build: (match, slot) => {
      const text = slot(match[1]);
      return text?.quoted === true && text.text.trim() !== '' ? { kind: 'wait-for', text: text.text } : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`^(?:press|hit|tap|push)\s+(?:on\s+)?(?:the\s+)?(.+?)${clickNoun}$`, 'i'),
    build: (match, slot) => {
      const target = name(slot(match[1]));
      const role = clickRole(match[2]);
      if (target === undefined || parseKeys(target) !== undefined) return undefined;
      return role === undefined ? { kind: 'click', target } : { kind: 'click', target, role };
    },
  },
  {
    pattern: /^(?:press|hit|tap|push)\s+(?:the\s+)?(.+?)(?:\s+key)?$/i,
    build: (match, slot) => {
      const chord = slot(match[1]);
      const keys = chord === undefined ? undefined : parseKeys(chord.text);
      return keys === undefined ? undefined : { kind: 'press', keys };
    },
  },
  {
    pattern: new RegExp(String.raw`^${clickVerb}\s+(?:on\s+)?(?:the\s+)?(.+?)${clickNoun}?$`, 'i'),
    build: (match, slot) => {
      const target = name(slot(match[2]));
      if (target === undefined) return undefined;
      const kind = pointerKind(match[1] ?? '');
      const role = clickRole(match[3]);
      return role === undefined ? { kind, target } : { kind, target, role };
    },
  },
  {
    pattern: new RegExp(
      String.raw`^(?:type|enter|input|write|put)\s+(.+?)\s+(?:into|in|in\s+to|inside)\s+(?:the\s+)?(.+?)${fieldNoun}$`,
      'i',
    ),
    build: (match, slot) => {
      const text = enteredValue(slot(match[1]));
      const field = name(slot(match[2]));
      return text === undefined || field === undefined ? undefined : { kind: 'type', text, field };
    },
  },
  {
    pattern: /^(?:type|enter|input|write)\s+(.+)$/i,
    build: (match, slot) => {
      const text = enteredValue(slot(match[1]));
      return text === undefined ? undefined : { kind: 'type', text };
    },
  },
  {
    pattern: new RegExp(String.raw`^fill\s+(?:in\s+|out\s+)?(?:the\s+)?(.+?)${fieldNoun}\s+with\s+(.+)$`, 'i'),
    build: (match, slot) => {
      const field = name(slot(match[1]));
      const text = enteredValue(slot(match[2]));
      return text === undefined || field === undefined ? undefined : { kind: 'type', text, field };
    },
  },
  {
    pattern: new RegExp(String.raw`^(?:clear|empty)\s+(?:out\s+)?(?:the\s+)?(.+?)${fieldNoun}$`, 'i'),
    build: (match, slot) => {
      const field = name(slot(match[1]));
      return field === undefined ? undefined : { kind: 'clear', field };
    },
  },
  {
    pattern: new RegExp(
      String.raw`^(?:select|choose|pick)\s+(?:the\s+)?(.+?)(?:\s+option)?\s+(?:from|in|on)\s+(?:the\s+)?(.+?)${dropdownNoun}$`,
      'i',
    ),
    build: (match, slot) => {
      const option = visibleValue(slot(match[1]));
      const field = name(slot(match[2]));
      return option === undefined || field === undefined ? undefined : { kind: 'select', option, field };
    },
  },
  {
    pattern:
      /^(?:choose|select|pick)\s+(?:the\s+)?(.+?)(?:\s+(?:option|radio(?:\s+button)?|choice))?(?:\s+(?:for|as|under)\s+(?:the\s+)?(.+?))?$/i,
    build: (match, slot) => {
      const option = visibleValue(slot(match[1]));
      if (option === undefined) return undefined;
      if (match[2] === undefined) return { kind: 'choose', option };
      const group = name(slot(match[2]));
      return group === undefined ? undefined : { kind: 'choose', option, group };
    },
  },
  {
    pattern:
      /^(check|tick|uncheck|untick|un-check|un-tick)\s+(?:the\s+)?(.+?)(?:\s+(?:checkbox|check\s+box|box|toggle))?$/i,
    build: (match, slot) => {
      const target = name(slot(match[2]));
      if (target === undefined) return undefined;
      return { kind: /^un/i.test(match[1] ?? '') ? 'uncheck' : 'check', target };
    },
  },
];

/**
 * Match one clause against the grammar. Returns undefined when no form matches exactly; the
 * caller reports the clause instead of guessing.
 */
export function parseClause(clause: Clause): Directive | undefined {
  const slot = (raw: string | undefined): SlotValue | undefined => {
    if (raw === undefined) return undefined;
    const trimmed = raw.trim();
    const placeholder = /^\u27e6(\d+)\u27e7$/.exec(trimmed);
    if (placeholder) {
      const text = clause.literals[Number(placeholder[1])];
      return text === undefined ? undefined : { text, quoted: true };
    }
    if (trimmed === '' || trimmed.includes('\u27e6')) return undefined;
    return { text: trimmed, quoted: false };
  };
  for (const rule of rules) {
    const match = rule.pattern.exec(clause.pattern);
    if (!match) continue;
    const directive = rule.build(match, slot);
    if (directive !== undefined) return directive;
  }
  return undefined;
}
