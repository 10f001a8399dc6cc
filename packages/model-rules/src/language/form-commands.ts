/**
 * Commands that open a form and send it: "invite noor@example.com as Editor", "forward Invoice
 * INV-2291 to accounts@example.com, message 'Please pay by the 30th.'", "reply 'Thanks, noted.' to
 * the last message", "create a project called Pilot Boarding using the Scrum template", "rename
 * Dock Scheduling to 'Berth Scheduling'". They read as three parts: the control named by the verb
 * opens the form (on the object, when there is one), each value goes where the form takes it (by
 * its label, by the option it is, or by its kind, such as an address into the email field), and
 * the form is sent with the control named for sending it. A value whose place the words do not
 * say, beyond one, makes the clause unread: two unnamed values could land in each other's place.
 */
import type { StepIntent, TargetRef } from '@sandpiper/protocol';
import { determiners, itemNouns } from './lexicon.js';
import { parsePhrase } from './phrases.js';
import { isWord, messageText, spanText, type Token } from './tokens.js';
import { emailAddress as email } from './values.js';

/** Verbs that open a form, and the verb of the control that sends it. */
const formVerbs: Readonly<Record<string, string>> = {
  invite: 'invite',
  forward: 'send',
  reply: 'send',
  'reply to': 'send',
  create: 'create',
  add: 'add',
  rename: 'save',
  book: 'book',
  comment: 'post',
};

/** The field a rename dialog asks for the new name in: its first one. */
const renameField: TargetRef = { role: 'field', ordinal: 1, within: { role: 'dialog' } };

/** Words that say where the value after them goes. */
const markers = new Set(['as', 'to', 'with', 'called', 'named', 'titled', 'using', 'saying']);

/** Labels people put before a value of a form ("message 'Thanks'", "subject Dates"). */
const labelWords = new Set(['message', 'note', 'subject', 'body', 'text', 'template', 'role', 'comment', 'title']);

/** Words that open a description of a choice rather than its name. */
const vague = new Set(['some', 'someone', 'somebody', 'something', 'any', 'anyone', 'anything', 'whoever', 'whatever']);

/** Whether words read as a value by themselves: a quote, an address, or capitalised words or codes. */
function valueLike(tokens: readonly Token[]): boolean {
  if (tokens.length === 0) return false;
  if (tokens.length === 1 && tokens[0]!.kind === 'quoted') return true;
  return tokens.every(
    (token) => token.kind === 'word' && (/^[\p{Lu}\p{N}]/u.test(token.text) || /[\d@]/.test(token.text)),
  );
}

/**
 * Words that may be a value in a request written without any capitals ("rename the dock
 * scheduling project to berth scheduling"), where case says nothing: up to five plain words, not
 * a description ("something shorter").
 */
function uncasedValue(tokens: readonly Token[], source: string): boolean {
  if (/\p{Lu}/u.test(source) || tokens.length === 0 || tokens.length > 5) return false;
  return tokens.every((token) => token.kind === 'word') && !vague.has(tokens[0]!.lower);
}

/** The words without a leading article or other determiner ("the Site column" → "Site column"). */
export function withoutArticle(tokens: readonly Token[]): Token[] {
  return tokens.length > 1 && determiners.has(tokens[0]!.lower) ? tokens.slice(1) : [...tokens];
}

function split(tokens: readonly Token[], at: (token: Token) => boolean): Token[][] {
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (at(token)) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/** The address in "Noor Haddad (noor@example.com)": capitalised name words, then the address in brackets. */
function namedAddress(tokens: readonly Token[]): string | undefined {
  const open = tokens.findIndex((token) => token.kind === 'punct' && token.text === '(');
  const inside = tokens[open + 1];
  if (open < 1 || inside === undefined || !email.test(inside.text)) return undefined;
  if (tokens[open + 2]?.text !== ')' || open + 3 !== tokens.length) return undefined;
  const named = tokens.slice(0, open).every((token) => token.kind === 'word' && /^\p{Lu}/u.test(token.text));
  return named ? inside.text : undefined;
}

/** Small words a name's title case leaves in lower case after its first word. */
const minorWords = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'with']);

/**
 * A name written in a request without any capitals, as names are written ("berth scheduling" →
 * "Berth Scheduling"): case said nothing there. Words with digits or joiners (codes, slugs,
 * addresses) keep the case they were written in.
 */
function asNameWritten(text: string): string {
  return text
    .split(' ')
    .map((word, index) =>
      /^\p{Ll}+$/u.test(word) && (index === 0 || !minorWords.has(word))
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : word,
    )
    .join(' ');
}

/**
 * A value step for a value the form takes: typed where it fits, or set in the field labelled so.
 * `naming`: the value is a name given to something ("called X", "rename … to X").
 */
function valueStep(tokens: readonly Token[], source: string, label?: string, naming = false): StepIntent | undefined {
  const trimmed = withoutArticle(tokens);
  const plain = !valueLike(trimmed);
  if (plain && !uncasedValue(trimmed, source)) return undefined;
  const written = spanText(source, trimmed);
  const text = plain && naming ? asNameWritten(written) : written;
  return label === undefined
    ? { kind: 'type', text }
    : { kind: 'set', target: { name: label, role: 'field' }, value: text };
}

/**
 * The steps of a form command, or undefined when the clause is not one this reads whole.
 * `verb` is the command as controls name it; `rest` the words after it.
 */
export function readFormCommand(
  verb: string,
  rest: readonly Token[],
  source: string,
  last: TargetRef | undefined,
): StepIntent[] | undefined {
  const sender = formVerbs[verb];
  if (sender === undefined) return undefined;
  // "Reply to the last message: Thanks, noted.", "… saying: Friday works": after the colon, the
  // message itself, commas and all; before it, what the message answers.
  const colon = messageVerbs.has(verb) ? rest.findIndex((token) => token.kind === 'punct' && token.text === ':') : -1;
  if (colon > 0 && colon < rest.length - 1) return messageAfterColon(verb, sender, rest, colon, source, last);
  const [head = [], ...labelled] = split(rest, (token) => token.kind === 'punct' && /^[,;]$/.test(token.text));
  const values: StepIntent[] = [];
  let object: TargetRef | undefined;
  let unnamed = 0;
  // The head: an object or a value, then marked parts ("as Editor", "to ada@…", "called X").
  // "comment 'Nice!' on Lee's post": what a comment is on is its object, as "to" is a reply's.
  const marking = (token: Token) => markers.has(token.lower) || (verb === 'comment' && token.lower === 'on');
  const marks = head.flatMap((token, index) => (token.kind === 'word' && marking(token) ? [index] : []));
  const first = head.slice(0, marks[0] ?? head.length);
  // "Noor (noor@example.com)": a person named, with the address the form takes in brackets.
  const address = namedAddress(first);
  if (address !== undefined) {
    values.push({ kind: 'type', text: address });
  } else if (first.length > 0 && verb === 'comment') {
    // "comment Stunning colours on the post": what comes before the post is the comment, whatever its words.
    values.push({
      kind: 'type',
      text: messageText(source, first),
    });
    unnamed += 1;
  } else if (first.length === 1 && first[0]!.kind === 'quoted' && verb === 'rename') {
    // "Rename ‘Dock Scheduling’ to …": what is renamed, quoted.
    object = { name: first[0]!.text };
  } else if (first.length > 0) {
    const value = first.length === 1 && (first[0]!.kind === 'quoted' || email.test(first[0]!.text));
    if (value) {
      values.push({ kind: 'type', text: spanText(source, first) });
      unnamed += email.test(first[0]!.text) ? 0 : 1;
    } else {
      const kind = withoutArticle(first);
      // "a project": the kind of thing made, which names the control that opens its form.
      const made = kind.length === 1 && itemNouns.has(kind[0]!.lower) && !/^\p{Lu}/u.test(kind[0]!.text);
      const phrase = isWord(kind[0], 'it', 'them') ? undefined : parsePhrase(source, kind);
      if (made) object = { name: kind[0]!.text };
      else if (isWord(kind[0], 'it', 'them') && last !== undefined) object = last;
      else if (phrase?.type === 'target') object = phrase.target;
      else return undefined;
    }
  }
  for (const [at, index] of marks.entries()) {
    const marker = head[index]!.lower;
    const part = head.slice(index + 1, marks[at + 1] ?? head.length);
    if (part.length === 0) return undefined;
    // "invite Noor … to the workspace": where the person is invited is the page's own place.
    const invited = address !== undefined || values.some((step) => step.kind === 'type' && email.test(step.text));
    if (marker === 'to' && verb === 'invite' && invited && !email.test(part.at(-1)?.text ?? '')) continue;
    if (
      (marker === 'to' || marker === 'on') &&
      !(part.length === 1 && email.test(part[0]!.text)) &&
      verb !== 'rename'
    ) {
      // "reply … to the last message": what the reply is to.
      const phrase = parsePhrase(source, part);
      if (phrase?.type !== 'target' || object !== undefined) return undefined;
      object = phrase.target;
      continue;
    }
    if (marker === 'as') {
      const option = withoutArticle(part);
      // "as someone senior": a choice described, not named, is the person's to make.
      if (option.length === 0 || vague.has(option[0]!.lower)) return undefined;
      values.push({ kind: 'pick', option: spanText(source, option) });
      continue;
    }
    // "with the role “Editor”", "with the subject Dates": a labelled value after "with".
    const labelled = withoutArticle(part);
    if (marker === 'with' && labelled.length > 1 && labelWords.has(labelled[0]!.lower)) {
      const value = labelled.slice(1);
      if (labelled[0]!.lower === 'role') {
        values.push({ kind: 'pick', option: spanText(source, value) });
        continue;
      }
      const step = valueStep(value, source, labelled[0]!.text);
      if (step === undefined) return undefined;
      values.push(step);
      continue;
    }
    if (marker === 'using') {
      // "using the Scrum template": the value, then the label it is for.
      const words = withoutArticle(part);
      const noun = words.at(-1);
      const labelled = noun !== undefined && labelWords.has(noun.lower) && words.length > 1;
      const step = labelled ? valueStep(words.slice(0, -1), source, noun.text) : valueStep(words, source);
      if (step === undefined) return undefined;
      if (!labelled) unnamed += 1;
      values.push(step);
      continue;
    }
    const naming = marker === 'called' || marker === 'named' || marker === 'titled' || verb === 'rename';
    // "saying Friday works for us": a message's text, whatever its words.
    const said = marker === 'saying' && !(part.length === 1 && part[0]!.kind === 'quoted');
    const step = said
      ? { kind: 'type' as const, text: messageText(source, part) }
      : valueStep(part, source, undefined, naming);
    if (step?.kind !== 'type') return undefined;
    if (!(part.length === 1 && email.test(part[0]!.text))) unnamed += 1;
    // A new name replaces the old one in the rename dialog's field, which opens holding it.
    values.push(verb === 'rename' ? { ...step, field: renameField } : step);
  }
  // Later parts name their field: "message 'Please pay by the 30th.'", "template Scrum sprints".
  for (const part of labelled) {
    const label = part[0];
    if (label?.kind !== 'word' || !labelWords.has(label.lower)) return undefined;
    const value = part.slice(isWord(part[1], 'is', ':') ? 2 : 1);
    const step = valueStep(value, source, label.text);
    if (step === undefined) return undefined;
    values.push(step);
  }
  if (values.length === 0 || unnamed > 1) return undefined;
  // "Like the post and add a comment: …": a comment with no post named is on the one just named.
  if (verb === 'comment' && object === undefined) object = last;
  const open: StepIntent = {
    kind: 'command',
    verb: verb === 'reply to' ? 'reply' : verb,
    ...(object ? { object } : {}),
  };
  return [open, ...values, { kind: 'command', verb: sender }];
}

/** Form verbs whose form is a message written out: a colon after them opens its text. */
const messageVerbs = new Set(['reply', 'reply to', 'forward', 'comment']);

/** The steps of "reply to X: text" / "comment on X saying: text"; undefined when X names nothing. */
function messageAfterColon(
  verb: string,
  sender: string,
  rest: readonly Token[],
  colon: number,
  source: string,
  last: TargetRef | undefined,
): StepIntent[] | undefined {
  let before = rest.slice(0, isWord(rest[colon - 1], 'saying') ? colon - 1 : colon);
  if (isWord(before[0], 'to', 'on')) before = before.slice(1);
  const message = rest.slice(colon + 1);
  const text = messageText(source, message);
  let object: TargetRef | undefined;
  if (before.length === 1 && isWord(before[0], 'him', 'her', 'it', 'them')) object = last;
  else if (before.length > 0) {
    const phrase = parsePhrase(source, before);
    if (phrase?.type !== 'target') return undefined;
    object = phrase.target;
  } else if (verb === 'comment') object = last;
  const open: StepIntent = {
    kind: 'command',
    verb: verb === 'reply to' ? 'reply' : verb,
    ...(object ? { object } : {}),
  };
  return [open, { kind: 'type', text }, { kind: 'command', verb: sender }];
}

/** Verbs that open an item's edit form: the control that opens it is named "Edit". */
const editVerbs = new Set(['edit', 'update', 'modify', 'change']);

/**
 * "Edit Generator G-1: status Retired", "Edit Chiller-01: technician 'Rosa Diaz', notes 'Belt
 * replaced'": the item before the colon is opened with its Edit control, each part after it is a
 * field's label (lower-case words) and the value for it (a quote, or capitalised words, codes or
 * numbers), and the form is saved. Undefined unless every part reads so.
 */
export function readEditCommand(verb: string, rest: readonly Token[], source: string): StepIntent[] | undefined {
  if (!editVerbs.has(verb)) return undefined;
  const colon = rest.findIndex((token) => token.kind === 'punct' && token.text === ':');
  if (colon <= 0) return undefined;
  const item = parsePhrase(source, withoutArticle(rest.slice(0, colon)));
  if (item?.type !== 'target' || item.target.name === undefined) return undefined;
  const parts = split(
    rest.slice(colon + 1),
    (token) => (token.kind === 'punct' && /^[,;]$/.test(token.text)) || isWord(token, 'and'),
  );
  if (parts.length === 0) return undefined;
  const values: StepIntent[] = [];
  for (const part of parts) {
    const start = part.findIndex((token) => token.kind !== 'word' || valueLike([token]));
    if (start <= 0) return undefined;
    // "technician to 'Rosa Diaz'": the "to" only joins the label to its value.
    const label = part.slice(0, isWord(part[start - 1], 'to') ? start - 1 : start);
    const value = part.slice(start);
    if (label.length === 0 || !valueLike(value)) return undefined;
    values.push({
      kind: 'set',
      target: { name: spanText(source, label), role: 'field' },
      value: spanText(source, value),
    });
  }
  return [{ kind: 'command', verb: 'edit', object: item.target }, ...values, { kind: 'command', verb: 'save' }];
}
