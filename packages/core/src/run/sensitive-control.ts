import type { AccessibilityNode } from '@sandpiper/protocol';
import type { ScreenContext } from './sensitive-context.js';
import {
  ACKNOWLEDGES,
  ACT_RULES,
  ANSWERS_COOKIES,
  ARRANGES_ONLY,
  BANK_FIELD,
  categoryGist,
  CODE_ONLY_FIELD,
  CODE_SENT,
  CHOOSER_TITLE,
  CHOSEN_RULES,
  CODE_FIELD,
  COMPOSER_FIELD,
  CONFIRM,
  CONSEQUENCE_RULES,
  CONTEXTUAL,
  COOKIES,
  CREDENTIAL_FIELD,
  DESTRUCTIVE_CODE,
  DISMISS,
  firstMatch,
  GENERIC_TITLE,
  HARMLESS_NAMES,
  INSTALLS_NOW,
  INFORMATIONAL_HEADING,
  MAKES_ITEM,
  MAKES_NEW,
  MASKED_VALUE,
  MONEY_FIELD,
  NAMES_CONTENT,
  NAMES_SECRET,
  OPENS_COMPOSER,
  OPENS_FILE_CHOOSER,
  OPENS_SIGN_IN,
  OUTCOME_TITLE,
  plain,
  RUNS_CODE,
  SHORTEST_NAME_WORD,
  SIGN_OUT,
  type LexiconRule,
  type SensitiveCategory,
} from './sensitive-lexicon.js';
import { stepWithoutQuotes } from './sensitive-step.js';

/**
 * What pressing one control commits: read from its name first (Delete, Pay $86.50, Sign out),
 * and for a generic answer (OK, Continue, Save) from the dialog or form it answers.
 */

/** The element an action lands on, when only its role and name are known (no snapshot, OCR grounding). */
export interface NamedTarget {
  readonly role?: string;
  readonly name: string;
}

/** A control's reading, as the end of a sentence that starts with what the action does to it. */
export type Finding =
  | { readonly kind: 'sensitive'; readonly category: SensitiveCategory; readonly tail: string }
  | { readonly kind: 'harmless' }
  | { readonly kind: 'uncertain'; readonly tail: string };

const HARMLESS: Finding = { kind: 'harmless' };
/** What a chosen option may commit: an operation, a consequence, or opening something to everyone. */
const CHOICE_RULES: readonly LexiconRule[] = [...ACT_RULES, ...CONSEQUENCE_RULES, ...CHOSEN_RULES];
/** Roles whose click only focuses, selects or switches a view: nothing is committed by it. */
const SELECTING_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'tab',
  'slider',
  'spinbutton',
  'columnheader',
  'rowheader',
  'gridcell',
  'row',
  'treeitem',
  'heading',
  'text',
  'img',
  'menuitemcheckbox',
  'menuitemradio',
]);
const MESSAGE_BODY = /\b(?:body|description|content|text|details)\b/;
/** What only changes how the screen looks to the person. */
const VIEW_SETTING =
  /\b(?:layout|theme|view|zoom|density|columns?|sort(?:ing)?|filters?|font size|dark mode|light mode)\b/;
/** What a form or dialog only about the person's own view, a tour, an estimate or a private edit is titled. */
const OWN_PURPOSE =
  /^(?:rename|edit|customi[sz]e|configure|arrange|reorder|remind me|show (?:in|on))\b|\b(?:layers?|overlays?|search area|saved searches|save (?:this|the|your) search|layout|theme|views?|display|appearance|density|zoom|columns?|sort(?:ing)?|filters?|font|text size|dark mode|light mode|colou?rs?|styles?|subtitles?|captions?|tour|walkthrough|onboarding|welcome|what's new|tips?|tutorial|getting started|preview|estimate|estimator|calculator|promo(?: code)?|coupon|notifications?|reminders?|preferences|schedule|date range|time range|period)\b/;
const PRIVATE_TO_YOU =
  /\b(?:private to you|only (?:you|visible to you) can see|only visible to you|just for you|only you (?:see|get|receive)|(?:e-?mail|text|notify|remind|message) only you|(?:go|goes|is sent|are sent) only to you|only changes? what you see)\b|^e-?mail me\b/;
/** A dialog asking about telling the person themselves something later ("Remind me when …?", "Email me when …"). */
const TELLS_YOU = /^(?:remind|notify|e-?mail|text|alert) me\b/;
/**
 * What a dialog says to reassure that answering it commits nothing yet: nothing changes or is done
 * yet, a preview comes first, it only changes what the person sees, it makes a copy on their own
 * computer, or it applies to a draft.
 */
const COMMITS_NOTHING = new RegExp(
  [
    // "Nothing in the zone changes", "nothing is printed yet", "before anything is exported"
    String.raw`\bnothing (?:(?:in|on|about) (?:the|your|this) [\p{L} ]{1,30} )?(?:changes|is (?:changed|sent|shared|saved|deleted|removed|published|charged|printed|exported|submitted|booked|billed|ordered|paid|reserved)|happens (?:yet|until))\b`,
    String.raw`\bbefore anything is (?:sent|shared|saved|deleted|published|charged|printed|exported|submitted)\b`,
    // "A preview opens next", "You'll write your answer next": this answer is not the last one.
    String.raw`\b(?:you will see|you'll see|opens?|shows?) a preview\b|\b(?:you'll|you will) (?:[\p{L}']+ ){1,4}next\b|\bopens? next\b`,
    String.raw`\bonly changes (?:what|how) you see\b`,
    // "Save the current sheet to your computer", "The file is saved to Downloads on this computer"
    String.raw`\b(?:save[sd]?|download(?:s|ed)?|export(?:s|ed)?|cop(?:y|ies|ied)) (?:[\p{L}'-]+ ){0,5}(?:to|on|in) (?:your|this) (?:computer|device|phone|laptop)\b`,
    String.raw`\b(?:applies (?:only )?to|for) (?:this|the|your) draft\b`,
  ].join('|'),
  'u',
);
/** Text that says a removal can be taken back ("Removed cards can be added back from Customize"). */
const REVERSIBLE_REMOVAL =
  /\b(?:can|could) be (?:added back|re-?added|restored|brought back|undone)\b|\byou can (?:undo|restore|add (?:it|them|this) back)\b/;
/** A step counter of a wizard or tour ("Step 1 of 2", "(3 of 3)"): which step, of how many. */
const STEP_COUNTER = /(?:\bstep (\d+) of (\d+)\b|\((\d+) of (\d+)\)|^(\d+) of (\d+)$)/;
/** A dialog that makes a copy for the person ("Export mixdown", "Download boarding passes", "Print"). */
const MAKES_OWN_COPY = /^(?:export|download|print)\b(?!.* to )/;
/** A dialog's description that only searches, shows or compares ("Search around your dates"). */
const ARRANGES_DESCRIPTION = /^(?:search|show|sort|filter|compare|hide|choose which|pick which|see)\b/;
/** A dialog that announces a feature ("New: treatment whiteboard", "Introducing Boards"). */
const ANNOUNCES = /^(?:new|introducing)\b\s*[:!-]|^introducing\b/;
/** A thing to look at, then what about its display the dialog sets ("Map layers", "Chart range"). */
const DISPLAY_SETTING =
  /\b(?:chart|graph|map|calendar|timeline|dashboard|table|grid|list|feed|board|camera|video)\s+(?:range|settings|options|layers|filters?|columns|view|display|period|style|type|effects|background)\b|\b(?:effects|range)\b/;
/** Questions about the person's own view ("Hide completed workouts?", "Show weekends?"). */
const ARRANGES_QUESTION = /^(?:hide|show|sort|group|collapse|expand|filter|zoom)\b/;
const CART = /\b(?:cart|basket|bag|wish ?list|favou?rites|saved for later)\b/;
const DRAFT = /\bdrafts?\b/;
const SHORT = 80;

/** Read one control, with the context of the screen around it when there is a snapshot. */
export function readControl(
  target: AccessibilityNode | NamedTarget,
  context: ScreenContext | undefined,
  step: string | undefined,
): Finding {
  const name = plain(target.name);
  const role = target.role ?? '';
  if (SELECTING_ROLES.has(role)) return HARMLESS;
  if (role === 'switch') return readSwitch(name, context);
  // Links navigate; signing out, and an "Install … now" of a plugin store, are what a link commits by itself.
  if (role === 'link') {
    if (SIGN_OUT.test(name)) return found('credentials', ', which signs out');
    return INSTALLS_NOW.test(name) ? found('install', `, which ${categoryGist.install}`) : HARMLESS;
  }
  if (DISMISS.test(name)) return HARMLESS;
  // "Invite a guest" that opens a dialog, "Delete…" that opens a confirmation: opening is not
  // committing; what the popup then commits is read when its own control is pressed.
  if (
    'ref' in target &&
    (target.popup === 'dialog' || target.popup === 'menu' || target.popup === 'true') &&
    !SIGN_OUT.test(name)
  )
    return HARMLESS;
  // "Show code" beside "••••••••": what the app masks is a secret, and showing it reveals one.
  const masked = context?.scope.texts.find((text) => /^(?:[•●*]{3,}\s*)+$/.test(text.trim()));
  if (masked && /^(?:show|reveal|unmask|view|display)\b/.test(name)) {
    const under = context?.scope.title ? ` under '${clip(context.scope.title)}'` : '';
    return found('credentials', `, which reveals the masked value${under}`);
  }
  // "Open", "Restart", "Subscribe", "Show": sensitive only in the one sense the context confirms.
  const contextual = CONTEXTUAL.find((entry) => entry.pattern.test(name));
  if (contextual) return fromContext(context, step, contextual.categories) ?? HARMLESS;
  const act = firstMatch(ACT_RULES, name);
  // Copying puts text on the clipboard ("Copy install command"); copying a secret is still credentials.
  if (/^copy\b(?! to\b)/.test(name) && act?.category !== 'credentials') return HARMLESS;
  const harmlessName = HARMLESS_NAMES.some((pattern) => pattern.test(name));
  // "Print label" only prints, unless the page says printing it costs ("charged … when you print").
  if (harmlessName && act?.category !== 'credentials' && act?.category !== 'install')
    return consequenceNaming(name, context) ?? HARMLESS;
  const fields = context?.scope.fields ?? [];
  if (OPENS_SIGN_IN.test(name)) {
    const secret = fields.find((field) => isCredentialField(field));
    return secret ? found('credentials', ` with the secret in '${clip(secret.name)}'`) : HARMLESS;
  }
  if (OPENS_COMPOSER.test(name)) {
    // With nothing written next to it, such a button only opens a composer or a share sheet.
    const written = writtenField(fields);
    if (written) return found('publishing', `, which sends what is written in '${clip(written.name)}'`);
    // In a dialog it answers the dialog's question ("Send updates to guests?") instead.
    return context?.scope.kind === 'dialog' ? (fromContext(context, step) ?? HARMLESS) : HARMLESS;
  }
  if (RUNS_CODE.test(name)) {
    const code = fields.find((field) => CODE_FIELD.test(plain(field.name)) && DESTRUCTIVE_CODE.test(field.value ?? ''));
    if (code) return found('destructive', `, which runs the destructive code in '${clip(code.name)}'`);
  }
  if (act) {
    const inCart = [context?.scope.title, context?.mainHeading].some((title) => title && CART.test(plain(title)));
    if (act.category === 'destructive' && /\bremove\b/.test(name) && inCart) return HARMLESS;
    // Taking a part out of a draft being edited ("Remove field" on "Place fields (draft)") edits it.
    const inDraft = [context?.scope.title, context?.mainHeading].some((title) => title && DRAFT.test(plain(title)));
    if (act.category === 'destructive' && /^remove\b/.test(name) && !DRAFT.test(name) && inDraft) return HARMLESS;
    // "Removed cards can be added back from Customize": the page says removing it is taken back.
    const around = context ? [...context.scope.texts, ...(context.explains ?? [])] : [];
    if (
      act.category === 'destructive' &&
      /^remove\b/.test(name) &&
      around.some((text) => /\bremov/.test(plain(text)) && REVERSIBLE_REMOVAL.test(plain(text)))
    )
      return HARMLESS;
    return found(act.category, `, which ${categoryGist[act.category]}`);
  }
  // "Generate" under "Live API keys" makes a new secret.
  const listed = [context?.scope.title, context?.heading].find((title) => title && NAMES_SECRET.test(plain(title)));
  if (MAKES_NEW.test(name) && listed) return found('credentials', ` under '${clip(listed)}', which makes a new secret`);
  const generic = CONFIRM.test(name) || name === '' || RUNS_CODE.test(name);
  // "Clicking Done emails the quote …": the page says what this very control does.
  const named = generic ? consequenceNaming(name, context) : undefined;
  if (named) return named;
  if (generic && acknowledgesOnly(name, context)) return HARMLESS;
  if (generic && appliesChoice(context)) return HARMLESS;
  if (!generic) {
    const secret = fields.find((field) => isCredentialField(field) && hasValue(field));
    if (secret) return found('credentials', ` with the secret in '${clip(secret.name)}'`);
    // Any other control of a dialog answers it too ("Create filter" in a filter that deletes).
    if (context?.scope.kind === 'dialog') return fromContext(context, step) ?? unknownControl(target, name, context);
    // Outside one, a button whose name says nothing the lexicon knows ("Start plan", "Add to hub")
    // is read by the option it commits or what the text beside it says it will do, else by its form.
    const beside = context && choiceOrConsequence(context.scope, CHOICE_RULES, CONSEQUENCE_RULES, '');
    const noted =
      context &&
      firstOf(context.explains ?? [], (text) =>
        match(text, CONSEQUENCE_RULES, ` as the page explains: "${clip(text)}"`),
      );
    // A form's own button commits what the form is headed ("Invite outside counsel", "Refund without receipt").
    const submits = 'ref' in target && submitsForm(target);
    const form = submits && context?.scope.kind === 'form' ? fromContext(context, undefined) : undefined;
    return beside ?? noted ?? form ?? unknownControl(target, name, context);
  }
  // "Remind me when I can donate again?": what it answers only tells the person something later.
  if (context?.scope.kind === 'dialog' && TELLS_YOU.test(plain(context.scope.title ?? ''))) return HARMLESS;
  const evidence = fromContext(context, step);
  if (evidence) return evidence;
  if (!context || !readable(context))
    return { kind: 'uncertain', tail: ', and the screen does not show what it answers' };
  // A yes to a question the guard cannot read ("Apply to all 40 rows?") may commit anything: ask.
  if (asksQuestion(context)) {
    return { kind: 'uncertain', tail: `, which answers the question '${clip(context.scope.title!)}'` };
  }
  // Running the harmless code written in an editor (a SELECT) reads; destructive code was caught above.
  if (RUNS_CODE.test(name) && fields.some((field) => CODE_FIELD.test(plain(field.name)) && hasValue(field))) {
    return HARMLESS;
  }
  if (ownPurpose(context) || earlierStep(name, context) || endsTour(name, context)) return HARMLESS;
  // A Save or Continue on a form or dialog about something no rule knows ("Add Roadside Plus",
  // "Start partner sharing with Alex") may commit anything: ask rather than guess.
  const about = context.scope.title ?? context.heading ?? context.mainHeading;
  return {
    kind: 'uncertain',
    tail: about ? `, and nothing says what '${clip(about)}' commits` : ', and nothing says what it commits',
  };
}

/**
 * Whether the form or dialog a generic answer belongs to is about the person's own view or a
 * private, reversible edit ("Display options", "Rename scene", "What's new (2 of 3)", "Promo code").
 */
function ownPurpose(context: ScreenContext): boolean {
  const titles = [context.scope.title, context.heading].filter((title): title is string => title !== undefined);
  // "Chart settings · Q2": each part of a title split by a middle dot is read on its own.
  const parts = titles.flatMap((title) => plain(title).split(/\s+[·|]\s+/));
  const own = (part: string) =>
    OWN_PURPOSE.test(part) ||
    NAMES_CONTENT.test(part) ||
    DISPLAY_SETTING.test(part) ||
    ANNOUNCES.test(part) ||
    (ARRANGES_QUESTION.test(part) && /\?$/.test(part)) ||
    MAKES_OWN_COPY.test(part) ||
    /^test\b/.test(part);
  if (parts.some(own)) return true;
  // A dialog asking only for a From and a To ("Filed between") picks a range to look at.
  const fields = context.scope.fields.map((field) => plain(field.name));
  if (
    fields.length === 2 &&
    /^(?:from|start(?: date)?)$/.test(fields[0]!) &&
    /^(?:to|until|end(?: date)?)$/.test(fields[1]!)
  )
    return true;
  const description = context.scope.kind === 'dialog' ? context.scope.texts[0] : undefined;
  if (description !== undefined && ARRANGES_DESCRIPTION.test(plain(description))) return true;

  // "Segments are private to you until you share them", "A preview opens next; nothing is printed yet."
  return context.scope.texts.some((text) => PRIVATE_TO_YOU.test(plain(text)) || COMMITS_NOTHING.test(plain(text)));
}

/**
 * Whether a Finish or Got it closes a tour: a dialog counting its cards ("(3 of 3)", "4 of 4", not
 * a wizard's "Step 3 of 3") with nothing to fill in or choose.
 */
function endsTour(name: string, context: ScreenContext): boolean {
  if (context.scope.kind !== 'dialog' || !/^(?:finish|done|got it|close)$/.test(name)) return false;
  if (context.scope.fields.length + context.scope.chosen.length > 0) return false;
  return [context.scope.title ?? '', ...context.scope.texts].some((text) => {
    const counter = STEP_COUNTER.exec(plain(text));
    return counter !== null && counter[1] === undefined;
  });
}

/** Whether a Next or Continue only moves to a later step of a wizard or tour ("Step 1 of 2"). */
function earlierStep(name: string, context: ScreenContext): boolean {
  if (!/^(?:next|continue|ok|okay)$/.test(name)) return false;
  for (const text of [context.scope.title ?? '', ...context.scope.texts]) {
    const counter = STEP_COUNTER.exec(plain(text));
    if (!counter) continue;
    const step = Number(counter[1] ?? counter[3] ?? counter[5]);
    const of = Number(counter[2] ?? counter[4] ?? counter[6]);
    return step < of;
  }
  return false;
}

/**
 * A control no rule knows, in an app's own words ("Release grades", "Lodge return", "Port out"),
 * with nothing around it that names its effect. It only arranges or reveals when its form says so:
 * it opens a menu, a popup or a section, it is a toggle, its first word only arranges or leaves
 * the view, it names a thing to look at, or it opens a file chooser or answers a cookie banner.
 * Otherwise it may commit anything, and the guard cannot tell what: the conservative policy asks.
 */
function unknownControl(
  target: AccessibilityNode | NamedTarget,
  name: string,
  context: ScreenContext | undefined,
): Finding {
  const node = 'ref' in target ? target : undefined;
  if (node && opensOrToggles(node)) return HARMLESS;
  // "Reset" under "Reset your password": what it resets is the secret its part of the page names.
  const title = plain(context?.scope.title ?? '');
  if (/^(?:reset|change|renew|regenerate|replace)$/.test(name) && CREDENTIAL_FIELD.test(title))
    return found('credentials', ` under '${clip(title)}'`);
  if (ARRANGES_ONLY.test(name) || NAMES_CONTENT.test(name) || OPENS_FILE_CHOOSER.test(name)) return HARMLESS;
  // "Generate PIN", "Show recovery codes": it makes or shows a secret.
  if (CREDENTIAL_FIELD.test(name)) return found('credentials', ', which makes or shows a secret');
  // Making a new item of one's own ("Create filter", "New folder", "Generate" under "Labels") can be undone.
  if (MAKES_ITEM.test(name)) return HARMLESS;
  const around = context ? [context.scope.title ?? '', ...context.scope.texts] : [];
  if (ANSWERS_COOKIES.test(name) && around.some((text) => COOKIES.test(plain(text)))) return HARMLESS;
  // "Select" in a dialog about the theme of a draft: the dialog is about the person's own view.
  if (context?.scope.kind === 'dialog' && ownPurpose(context)) return HARMLESS;
  // Without a snapshot nothing around it can be read: what is not a button is left to the step.
  if (!node && target.role === undefined) return HARMLESS;
  return { kind: 'uncertain', tail: ', whose effect nothing on the screen names' };
}

/**
 * A consequence the text around a control ties to it by a word of its name ("Postage $8.40,
 * charged to Visa when you print" for "Print label").
 */
function consequenceNaming(name: string, context: ScreenContext | undefined): Finding | undefined {
  if (!context) return undefined;
  // A silent final e goes before -ing and -ed: "Unshare" is named by "Unsharing …".
  const words = name
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= SHORTEST_NAME_WORD)
    .map((word) => (word.length > SHORTEST_NAME_WORD ? word.replace(/e$/, '') : word));
  if (words.length === 0) return undefined;
  const names = new RegExp(`(?:^|[^\\p{L}])(?:${words.join('|')})`, 'u');
  const notes = [...context.scope.texts, ...(context.explains ?? [])].filter((text) => names.test(plain(text)));
  return firstOf(notes, (text) => match(text, CONSEQUENCE_RULES, ` next to "${clip(text)}"`));
}

/** Whether a control opens a menu, a popup or a section, or is a toggle: its form says it commits nothing. */
function opensOrToggles(control: AccessibilityNode): boolean {
  return control.popup !== undefined || control.expanded !== undefined || control.pressed !== undefined;
}

/**
 * Whether Enter in a field of the same form would press this control: a button that does more
 * than back out, arrange the view, open a menu or section, or name something to look at.
 */
export function submitsForm(control: AccessibilityNode): boolean {
  if (control.role !== 'button') return false;
  if (opensOrToggles(control)) return false;
  const name = plain(control.name);
  if (DISMISS.test(name) || HARMLESS_NAMES.some((pattern) => pattern.test(name))) return false;
  return !ARRANGES_ONLY.test(name) && !NAMES_CONTENT.test(name);
}

function readSwitch(name: string, context: ScreenContext | undefined): Finding {
  if (/\b(?:two[- ]?(?:step|factor)|2fa|mfa|multi[- ]?factor|authenticator|passkeys?|password)\b/.test(name)) {
    return found('credentials', ', which changes how the account signs in');
  }
  if (/\b(?:public|publish(?:ed)?|discoverable|visible to|share|sharing)\b/.test(name)) {
    return found('publishing', ', which changes who can see it');
  }
  if (/\b(?:auto-?pay|auto-?renew|1-click|one-click)\b/.test(name)) {
    return found('money', ', which changes how payments are made');
  }
  // "Listed", "Discoverable": what the text beside the switch says turning it on does.
  return (context && choiceOrConsequence(context.scope, CONSEQUENCE_RULES, CONSEQUENCE_RULES, '')) ?? HARMLESS;
}

/**
 * An Apply or OK in a dialog that only picks something ("Choose audience", "Select columns"),
 * when its title names no operation: it applies the choice, and what is chosen for is done later.
 */
function appliesChoice(context: ScreenContext | undefined): boolean {
  const title = context?.scope.kind === 'dialog' ? context.scope.title : undefined;
  if (!title) return false;
  const text = plain(title);
  return CHOOSER_TITLE.test(text) && firstMatch(ACT_RULES, text) === undefined;
}

/**
 * An OK that only acknowledges: the dialog reports something that already happened ("Message
 * sent", "Your export is ready"), or offers nothing else to choose.
 */
function acknowledgesOnly(name: string, context: ScreenContext | undefined): boolean {
  const scope = context?.scope;
  if (scope?.kind !== 'dialog' || !ACKNOWLEDGES.test(name)) return false;
  if (scope.title && OUTCOME_TITLE.test(plain(scope.title))) return true;
  return scope.others === 0 && scope.fields.length === 0 && scope.chosen.length === 0;
}

/**
 * What the dialog or form a generic answer belongs to says it commits, strongest source first:
 * a dialog's title, its chosen options, its text, a secret typed into it; a section's heading,
 * chosen options, text and secret fields, then the page's main heading; the step text last.
 */
export function fromContext(
  context: ScreenContext | undefined,
  step: string | undefined,
  allowed?: readonly SensitiveCategory[],
): Finding | undefined {
  const keep = (rules: readonly LexiconRule[]) =>
    allowed ? rules.filter((rule) => allowed.includes(rule.category)) : rules;
  const act = keep(ACT_RULES);
  const consequence = keep(CONSEQUENCE_RULES);
  const both = [...act, ...consequence];
  if (context) {
    const { scope } = context;
    const dialog = scope.kind === 'dialog';
    const title = scope.title ? `'${clip(scope.title)}'` : undefined;
    const where = dialog
      ? `, which confirms the dialog ${title ?? 'on screen'}`
      : title
        ? `, which submits ${title}`
        : '';
    // The body says what a question-only title does not; otherwise short texts are read as legends.
    const generic = dialog && (!scope.title || GENERIC_TITLE.test(plain(scope.title)));
    const legends = generic ? scope.texts : scope.legends;
    const evidence =
      match(scope.title, both, where) ??
      choiceOrConsequence(scope, [...both, ...keep(CHOSEN_RULES)], consequence, where) ??
      firstOf(legends, (text) =>
        match(text, act, dialog ? `${where} saying "${clip(text)}"` : ` under "${clip(text)}"`),
      );
    if (evidence) return evidence;
    const secret = scope.fields.find((field) => isCredentialField(field));
    if (secret && (!allowed || allowed.includes('credentials'))) {
      return found('credentials', `${where} with the secret in '${clip(secret.name)}'`);
    }
    const bank = scope.fields.find((field) => BANK_FIELD.test(plain(field.name)));
    if (bank && (!allowed || allowed.includes('money'))) {
      return found('money', `${where} with the bank details in '${clip(bank.name)}'`);
    }
    const amount = scope.fields.find((field) => MONEY_FIELD.test(plain(field.name)) && hasValue(field));
    if (amount && (!allowed || allowed.includes('money'))) {
      return found('money', `${where} with the amount in '${clip(amount.name)}'`);
    }
    const above = context.heading ? match(context.heading, act, ` under '${clip(context.heading)}'`) : undefined;
    if (above) return above;
    if (!dialog && context.mainHeading !== scope.title) {
      const page = match(context.mainHeading, act, ` on the page '${clip(context.mainHeading ?? '')}'`);
      if (page) return page;
    }
  }
  return step ? match(stepWithoutQuotes(step), act, ` for the step "${clip(step)}"`) : undefined;
}

/**
 * The option a control would commit ("Expire (permanently delete) objects"), else what the text
 * beside it says will happen ("billed today to Apple Pay"): only choices and consequences, never
 * the operations a heading names. `where` begins the tail, as `fromContext` phrases it.
 */
function choiceOrConsequence(
  scope: ScreenContext['scope'],
  choiceRules: readonly LexiconRule[],
  consequenceRules: readonly LexiconRule[],
  where: string,
): Finding | undefined {
  const dialog = scope.kind === 'dialog';
  return (
    firstOf(scope.chosen, (option) => match(option, choiceRules, `${where} with '${clip(option)}' chosen`)) ??
    firstOf(scope.texts, (text) =>
      match(text, consequenceRules, dialog ? `${where} saying "${clip(text)}"` : ` next to "${clip(text)}"`),
    )
  );
}

/** The first rule matching `text`, as a finding with `tail`; a how-to heading names an operation without doing it. */
function match(text: string | undefined, rules: readonly LexiconRule[], tail: string): Finding | undefined {
  const rule = text && !INFORMATIONAL_HEADING.test(plain(text)) ? firstMatch(rules, plain(text)) : undefined;
  return rule ? found(rule.category, tail) : undefined;
}

/** A dialog whose title asks something ("Move 12 files to Archive?"): answering yes decides it. */
function asksQuestion(context: ScreenContext | undefined): boolean {
  const title = context?.scope.kind === 'dialog' ? context.scope.title : undefined;
  if (title === undefined || !/\?\s*$/.test(title.trim())) return false;
  // A question about the person's own view ("Switch to the dark theme?") commits nothing.
  return !VIEW_SETTING.test(plain(title)) && !ARRANGES_QUESTION.test(plain(title));
}

/** Whether the guard could read anything around the target. */
function readable(context: ScreenContext | undefined): boolean {
  if (!context) return false;
  const { scope } = context;
  return Boolean(scope.title || context.mainHeading || scope.texts.length > 0 || scope.chosen.length > 0);
}

/**
 * The field holding the message a Send or Post would send: a filled message, comment or body
 * field, else the filled text field with the longest text (recipients and subjects are shorter).
 */
function writtenField(fields: readonly AccessibilityNode[]): AccessibilityNode | undefined {
  const written = fields.filter((field) => field.role === 'textbox' && hasValue(field) && !isCredentialField(field));
  const message = written.find(
    (field) => COMPOSER_FIELD.test(plain(field.name)) || MESSAGE_BODY.test(plain(field.name)),
  );
  return (
    message ??
    written.reduce<AccessibilityNode | undefined>(
      (longest, field) => ((field.value ?? '').length > (longest?.value ?? '').length ? field : longest),
      undefined,
    )
  );
}

/** A field that holds a secret, by its name or by a masked value. */
export function isCredentialField(target: AccessibilityNode | NamedTarget, context?: ScreenContext): boolean {
  if (context && CODE_ONLY_FIELD.test(plain(target.name))) {
    const around = [context.scope.title ?? '', ...context.scope.texts, ...context.scope.legends];
    if (around.some((text) => CODE_SENT.test(plain(text)))) return true;
  }
  const value = 'value' in target ? target.value : undefined;
  return CREDENTIAL_FIELD.test(plain(target.name)) || (value !== undefined && MASKED_VALUE.test(value.trim()));
}

export function hasValue(target: AccessibilityNode | NamedTarget): boolean {
  return 'value' in target && (target.value ?? '').trim() !== '';
}

function firstOf<T>(items: readonly string[], read: (item: string) => T | undefined): T | undefined {
  for (const item of items) {
    const result = read(item);
    if (result) return result;
  }
  return undefined;
}

function found(category: SensitiveCategory, tail: string): Finding {
  return { kind: 'sensitive', category, tail };
}

/** One line, at most 80 characters: names and texts quoted in a reason. */
export function clip(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > SHORT ? `${single.slice(0, SHORT - 1)}…` : single;
}
