/**
 * The words the instruction reader knows: verbs grouped by what they ask of a control, the nouns
 * people use for kinds of elements, ordinals, and the filler around requests. General English
 * only: nothing here names a page, an app or a widget library.
 */

/** What a verb asks for, before the screen says which control it lands on. */
export type VerbClass =
  /** Press a control with the pointer (click, tap, hit, push); `press` also takes keys. */
  | 'click'
  | 'double-click'
  | 'hover'
  /** Go to an address, or activate a tab, link or menu named like a place. */
  | 'open'
  /** Enter text into a field. */
  | 'type'
  /** Give a control a value ("set volume to 35", "change the role to Editor"). */
  | 'set'
  /** Pick something by name: a checkbox, radio, option, tab, or a dropdown's option. */
  | 'pick'
  /** Put a checkbox or switch on / off. */
  | 'check'
  | 'uncheck'
  | 'toggle'
  | 'expand'
  | 'collapse'
  /** Close a dialog, notice or menu. */
  | 'dismiss'
  /** Accept the open dialog. */
  | 'confirm'
  | 'search'
  /** Make something visible (explore for it). */
  | 'find'
  | 'clear'
  | 'scroll'
  | 'wait'
  /** Any other action verb: carried out by the control named like it ("Remove", "Archive"). */
  | 'command';

interface VerbEntry {
  /** The words as typed, lower case ("click on", "fill in"). */
  readonly words: readonly string[];
  readonly verbClass: VerbClass;
  /** For commands: the verb as controls name it ("sign in" for "log in" stays itself). */
  readonly canonical?: string;
}

const entries: [string, VerbClass][] = [
  ['click on', 'click'],
  ['click', 'click'],
  ['left click', 'click'],
  ['left-click', 'click'],
  ['tap on', 'click'],
  ['tap', 'click'],
  ['hit', 'click'],
  ['push', 'click'],
  ['press on', 'click'],
  ['press', 'click'],
  ['activate', 'click'],
  // "Use the 'Sign in with Google' button" asks for what the button does, not for a click alone.
  ['use', 'open'],
  ['double click on', 'double-click'],
  ['double click', 'double-click'],
  ['double-click on', 'double-click'],
  ['double-click', 'double-click'],
  ['doubleclick', 'double-click'],
  ['hover over', 'hover'],
  ['hover on', 'hover'],
  ['hover', 'hover'],
  ['mouse over', 'hover'],
  ['point at', 'hover'],
  ['open up', 'open'],
  ['open', 'open'],
  ['go to', 'open'],
  ['go into', 'open'],
  ['go', 'open'],
  ['head to', 'open'],
  ['head over to', 'open'],
  ['navigate to', 'open'],
  ['navigate', 'open'],
  ['browse to', 'open'],
  ['visit', 'open'],
  ['load', 'open'],
  ['switch to', 'open'],
  ['switch over to', 'open'],
  ['go over to', 'open'],
  ['flip over to', 'open'],
  ['flip to', 'open'],
  ['change to', 'open'],
  ['jump to', 'open'],
  ['move to', 'open'],
  ['move on to', 'open'],
  ['view', 'open'],
  ['follow', 'command'],
  ['type in', 'type'],
  ['type', 'type'],
  ['enter', 'type'],
  ['input', 'type'],
  ['write', 'type'],
  ['write in', 'type'],
  ['fill in', 'type'],
  ['fill out', 'type'],
  ['fill', 'type'],
  ['key in', 'type'],
  ['put in', 'type'],
  ['put', 'type'],
  ['insert', 'type'],
  ['paste', 'type'],
  ['provide', 'type'],
  ['set', 'set'],
  ['change', 'set'],
  ['make', 'set'],
  ['update', 'set'],
  ['adjust', 'set'],
  ['modify', 'set'],
  ['edit', 'set'],
  ['raise', 'set'],
  ['lower', 'set'],
  ['increase', 'set'],
  ['decrease', 'set'],
  ['reduce', 'set'],
  ['drag', 'set'],
  ['slide', 'set'],
  ['give', 'set'],
  ['dim', 'set'],
  ['brighten', 'set'],
  // "bring the volume down to 35", "knock the thermostat down to 18", "dial it up to 40".
  ['bring', 'set'],
  ['knock', 'set'],
  ['dial', 'set'],
  ['crank', 'set'],
  ['reschedule', 'set'],
  // "turn the volume up to 40"; "turn on" and "turn off" are longer and win.
  ['turn', 'set'],
  // "switch the theme to dark"; "switch to", "switch on" and "switch off" are longer and win.
  ['switch', 'set'],
  ['select', 'pick'],
  ['choose', 'pick'],
  ['pick', 'pick'],
  ['pick out', 'pick'],
  ['opt for', 'pick'],
  ['go with', 'pick'],
  // "show only audiobooks", "filter to open tickets": a filter that offers the option.
  ['show only', 'pick'],
  ['only show', 'pick'],
  ['filter to', 'pick'],
  ['filter by', 'pick'],
  ['filter on', 'pick'],
  ['limit to', 'pick'],
  ['narrow to', 'pick'],
  ['narrow down to', 'pick'],
  // "answer Yes to Was this helpful?" (other answers, to people, are not read).
  ['answer', 'pick'],
  // "narrow the results down to audiobooks", "filter the list to open tickets".
  ['narrow', 'pick'],
  ['filter', 'pick'],
  ['limit', 'pick'],
  ['restrict', 'pick'],
  ['check', 'check'],
  ['check off', 'check'],
  ['tick', 'check'],
  ['tick off', 'check'],
  ['mark', 'check'],
  ['enable', 'check'],
  ['turn on', 'check'],
  ['switch on', 'check'],
  ['uncheck', 'uncheck'],
  ['un-check', 'uncheck'],
  ['untick', 'uncheck'],
  ['un-tick', 'uncheck'],
  ['unmark', 'uncheck'],
  ['deselect', 'uncheck'],
  ['unselect', 'uncheck'],
  ['de-select', 'uncheck'],
  ['disable', 'uncheck'],
  ['turn off', 'uncheck'],
  ['switch off', 'uncheck'],
  ['toggle', 'toggle'],
  ['flip', 'toggle'],
  ['expand', 'expand'],
  ['unfold', 'expand'],
  // "show me the members": bring that view up (a tab, a link), which is how "open" is read.
  ['show', 'open'],
  ['show me', 'open'],
  ['display', 'open'],
  ['reveal', 'find'],
  ['collapse', 'collapse'],
  ['fold', 'collapse'],
  ['close', 'dismiss'],
  ['dismiss', 'dismiss'],
  ['hide', 'dismiss'],
  ['get rid of', 'dismiss'],
  ['x out', 'dismiss'],
  ['exit', 'dismiss'],
  ['confirm', 'confirm'],
  ['accept', 'confirm'],
  ['agree', 'confirm'],
  ['agree to', 'confirm'],
  ['search for', 'search'],
  ['search', 'search'],
  ['look up', 'search'],
  ['query', 'search'],
  ['find', 'find'],
  ['locate', 'find'],
  ['look for', 'find'],
  ['look at', 'find'],
  ['scroll to', 'find'],
  ['scroll down to', 'find'],
  ['scroll up to', 'find'],
  ['clear out', 'clear'],
  ['clear', 'clear'],
  ['empty', 'clear'],
  ['erase', 'clear'],
  ['blank', 'clear'],
  ['wipe', 'clear'],
  ['scroll', 'scroll'],
  ['page down', 'scroll'],
  ['page up', 'scroll'],
  ['wait', 'wait'],
  ['wait for', 'wait'],
  ['wait until', 'wait'],
];

/**
 * Action verbs beyond the generic ones: what people ask apps to do. Each is carried out by the
 * control that names it (a "Remove" button, an "Archive" menu item), looked for near its object.
 */
const commandVerbs = [
  'make a copy of',
  'reserve',
  'redo',
  'enroll',
  'enrol',
  'merge',
  'deploy',
  'sync',
  'fork',
  'clone',
  'watch',
  'unwatch',
  'add',
  'apply',
  'approve',
  'archive',
  'assign',
  'attach',
  'block',
  'book',
  'bookmark',
  'buy',
  'cancel',
  'checkout',
  'comment',
  'continue',
  'copy',
  'create',
  'decline',
  'delete',
  'deny',
  'download',
  'duplicate',
  'export',
  'favorite',
  'favourite',
  'flag',
  'forward',
  'import',
  'invite',
  'join',
  'leave',
  'like',
  'log in',
  'log into',
  'log out',
  'login',
  'logout',
  'mute',
  'order',
  'pay',
  'pin',
  'post',
  'print',
  'publish',
  'purchase',
  'rate',
  'refresh',
  'register',
  'reject',
  'reload',
  'remove',
  'rename',
  'reply',
  'reply to',
  'report',
  'request',
  'reset',
  'restart',
  'restore',
  'retry',
  'revoke',
  'save',
  'send',
  'share',
  'sign in',
  'sign into',
  'sign out',
  'sign up',
  'sort',
  'star',
  'start',
  'stop',
  'submit',
  'subscribe',
  'transfer',
  'unarchive',
  'unblock',
  'undo',
  'unfollow',
  'unlike',
  'unmute',
  'unpin',
  'unstar',
  'unsubscribe',
  'upload',
  'upvote',
  'downvote',
  'vote',
  'retweet',
  'repost',
  'go back',
  'back up',
  'discard',
  'resend',
  'verify',
  'upgrade',
  'renew',
  'pause',
  'resume',
  'play',
  'mark as read',
  'mark as unread',
  'mark all as read',
  'move',
  'replace',
  'kick',
  'ban',
  'promote',
  'demote',
  'lock',
  'unlock',
  'claim',
  'redeem',
  'install',
  'uninstall',
  'connect',
  'disconnect',
  'snooze',
  'complete',
  'finish',
];

/** Command verbs people write another way than controls name them. */
const commandCanonical: Readonly<Record<string, string>> = {
  login: 'log in',
  'log into': 'log in',
  'sign into': 'sign in',
  logout: 'log out',
  favourite: 'favorite',
  'make a copy of': 'duplicate',
};

const verbTable: readonly VerbEntry[] = [
  ...entries.map(([words, verbClass]) => ({ words: words.split(' '), verbClass })),
  ...commandVerbs.map((words) => ({
    words: words.split(' '),
    verbClass: 'command' as const,
    canonical: commandCanonical[words] ?? words,
  })),
]
  // Longest first, so "click on" wins over "click" and "log in" over "log".
  .sort((first, second) => second.words.length - first.words.length);

/** A verb found at the start of some words. */
export interface VerbMatch {
  readonly verbClass: VerbClass;
  /** How many words it took. */
  readonly length: number;
  /** The verb as written, lower case. */
  readonly words: string;
  /** For commands, the verb as controls name it. */
  readonly command?: string;
}

/** The verb at the start of `words` (lower case), longest match first; undefined when none. */
export function verbAt(words: readonly string[]): VerbMatch | undefined {
  for (const entry of verbTable) {
    if (entry.words.every((word, index) => words[index] === word)) {
      return {
        verbClass: entry.verbClass,
        length: entry.words.length,
        words: entry.words.join(' '),
        ...(entry.canonical === undefined ? {} : { command: entry.canonical }),
      };
    }
  }
  return undefined;
}

/** The command that takes a mark back ("unlike" for "like"), when the lexicon has one. */
export function undoCommandOf(mark: string): string | undefined {
  const undo = `un${mark}`;
  return verbAt([undo])?.command === undo ? undo : undefined;
}

/**
 * The mark an un-command takes back ("like" for "unlike"), when the mark is itself a command;
 * undefined for other verbs ("undo").
 */
export function markUndoneBy(verb: string): string | undefined {
  const mark = /^un(\p{L}{3,})$/u.exec(verb)?.[1];
  return mark !== undefined && verbAt([mark])?.command === mark ? mark : undefined;
}

/**
 * Nouns for kinds of elements, each with the role hint the grounder understands. A noun may
 * follow the name ("the Save button") or precede it ("the button Save", "button ONE").
 */
const roleNounEntries: [string, string][] = [
  ['button', 'button'],
  ['btn', 'button'],
  ['icon button', 'button'],
  ['icon', 'icon'],
  ['link', 'link'],
  ['hyperlink', 'link'],
  ['tab', 'tab'],
  ['checkbox', 'checkbox'],
  ['check box', 'checkbox'],
  ['check-box', 'checkbox'],
  ['tickbox', 'checkbox'],
  ['tick box', 'checkbox'],
  ['radio button', 'radio'],
  ['radio', 'radio'],
  ['option button', 'radio'],
  ['option', 'option'],
  ['choice', 'option'],
  ['suggestion', 'option'],
  ['menu item', 'menu item'],
  ['menu entry', 'menu item'],
  ['menu option', 'menu item'],
  ['item', 'item'],
  ['entry', 'item'],
  ['text box', 'field'],
  ['textbox', 'field'],
  ['text field', 'field'],
  ['text area', 'field'],
  ['textarea', 'field'],
  ['text input', 'field'],
  ['input field', 'field'],
  ['input box', 'field'],
  ['input', 'field'],
  ['field', 'field'],
  ['box', 'field'],
  ['search box', 'searchbox'],
  ['search field', 'searchbox'],
  ['search bar', 'searchbox'],
  ['searchbox', 'searchbox'],
  ['search input', 'searchbox'],
  ['dropdown', 'dropdown'],
  ['drop-down', 'dropdown'],
  ['drop down', 'dropdown'],
  ['dropdown menu', 'dropdown'],
  ['dropdown list', 'dropdown'],
  ['select box', 'dropdown'],
  ['select', 'dropdown'],
  ['selector', 'dropdown'],
  ['picker', 'dropdown'],
  ['combo box', 'dropdown'],
  ['combobox', 'dropdown'],
  ['list box', 'listbox'],
  ['listbox', 'listbox'],
  ['list', 'list'],
  ['menu', 'menu'],
  ['submenu', 'menu'],
  ['menu button', 'button'],
  ['toggle', 'switch'],
  ['switch', 'switch'],
  ['toggle switch', 'switch'],
  ['slider', 'slider'],
  ['spinner', 'spinbutton'],
  ['spin button', 'spinbutton'],
  ['spinbutton', 'spinbutton'],
  ['stepper', 'spinbutton'],
  ['column header', 'column header'],
  ['column heading', 'column header'],
  ['header', 'header'],
  ['heading', 'header'],
  ['title', 'header'],
  ['column', 'column header'],
  ['row', 'row'],
  ['line', 'row'],
  ['cell', 'cell'],
  ['card', 'card'],
  ['tile', 'card'],
  ['post', 'card'],
  ['tweet', 'card'],
  ['comment', 'card'],
  ['message', 'card'],
  ['email', 'card'],
  ['mail', 'card'],
  ['result', 'card'],
  ['search result', 'card'],
  ['product', 'card'],
  ['dialog', 'dialog'],
  ['dialog box', 'dialog'],
  ['modal', 'dialog'],
  ['popup', 'dialog'],
  ['pop-up', 'dialog'],
  ['window', 'dialog'],
  ['prompt', 'dialog'],
  ['section', 'section'],
  ['panel', 'section'],
  ['pane', 'section'],
  ['accordion', 'section'],
  ['question', 'section'],
  ['faq', 'section'],
  ['answer', 'section'],
  ['group', 'section'],
  ['area', 'section'],
  ['region', 'section'],
  ['form', 'section'],
  ['page', 'page'],
  ['node', 'treeitem'],
  ['tree node', 'treeitem'],
  ['tree item', 'treeitem'],
  ['folder', 'treeitem'],
  ['notification', 'notice'],
  ['notice', 'notice'],
  ['toast', 'notice'],
  ['banner', 'notice'],
  ['alert', 'notice'],
  ['snackbar', 'notice'],
  ['tooltip', 'tooltip'],
  ['image', 'image'],
  ['picture', 'image'],
  ['photo', 'image'],
  ['thumbnail', 'image'],
  ['date picker', 'date'],
  ['datepicker', 'date'],
  ['calendar', 'date'],
  ['date field', 'date'],
  ['date', 'date'],
  ['time field', 'time'],
  ['time picker', 'time'],
  ['time', 'time'],
];

const roleNouns = roleNounEntries
  .map(([words, role]) => ({ words: words.split(' '), role }))
  .sort((first, second) => second.words.length - first.words.length);

/** The role noun at `words[0..]`: its role hint and length; plurals ("buttons", "rows") count. */
export function roleNounAt(
  words: readonly string[],
): { readonly role: string; readonly length: number; readonly plural: boolean } | undefined {
  for (const noun of roleNouns) {
    const last = noun.words.length - 1;
    const matches = noun.words.every((word, index) => {
      const written = words[index];
      if (written === undefined) return false;
      return written === word || (index === last && pluralOf(word) === written);
    });
    if (matches) {
      const plural = words[last] !== noun.words[last];
      return { role: noun.role, length: noun.words.length, plural };
    }
  }
  return undefined;
}

function pluralOf(word: string): string {
  if (/(?:s|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/**
 * Nouns for the kinds of items apps list (messages, posts, files, projects...). Written after a
 * name ("the parking permits email", "the Harbor Weekly newsletter") such a noun is either part
 * of the name (a field called "Billing email") or the kind of item; the grounder tries the whole
 * name first and, when the screen has nothing by it, the name without the noun.
 */
export const itemNouns: ReadonlySet<string> = new Set([
  'email',
  'e-mail',
  'mail',
  'message',
  'newsletter',
  'post',
  'tweet',
  'comment',
  'reply',
  'thread',
  'conversation',
  'note',
  'file',
  'document',
  'doc',
  'folder',
  'project',
  'card',
  'tile',
  'item',
  'entry',
  'record',
  'row',
  'result',
  'product',
  'article',
  'ticket',
  'task',
  'issue',
  'event',
  'order',
  'invoice',
  'photo',
  'picture',
  'image',
  'video',
  'book',
  'job',
  'listing',
]);

/** Role hints whose element holds others (a target can be "in" one). */
export const holderRoles: ReadonlySet<string> = new Set([
  'row',
  'card',
  'dialog',
  'section',
  'list',
  'listbox',
  'menu',
  'page',
  'notice',
  'item',
  'cell',
  'treeitem',
]);

const ordinalWords: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  last: -1,
  final: -1,
  top: 1,
  topmost: 1,
  bottom: -1,
  bottommost: -1,
  'second-to-last': -2,
  penultimate: -2,
};

/** "first", "3rd", "last", "second-to-last": the ordinal and how many words it took. */
export function ordinalAt(words: readonly string[]): { readonly ordinal: number; readonly length: number } | undefined {
  const [first, second, third, fourth] = words;
  if (first === undefined) return undefined;
  // "the very last", "the very first": the same place, said with weight.
  if (first === 'very' && (second === 'last' || second === 'first' || second === 'top' || second === 'bottom')) {
    const inner = ordinalAt(words.slice(1));
    return inner === undefined ? undefined : { ordinal: inner.ordinal, length: inner.length + 1 };
  }
  if ((first === 'second' || first === 'third') && second === 'to' && third === 'last')
    return { ordinal: first === 'second' ? -2 : -3, length: 3 };
  if (
    (first === 'second' || first === 'third') &&
    second === 'from' &&
    third === 'the' &&
    (fourth === 'end' || fourth === 'bottom')
  )
    return { ordinal: first === 'second' ? -2 : -3, length: 4 };
  if (first === 'second' && second === 'last') return { ordinal: -2, length: 2 };
  const word = ordinalWords[first];
  if (word !== undefined) return { ordinal: word, length: 1 };
  const numbered = /^(\d{1,3})(?:st|nd|rd|th)$/.exec(first);
  if (numbered) {
    const value = Number(numbered[1]);
    return value > 0 ? { ordinal: value, length: 1 } : undefined;
  }
  return undefined;
}

/** Numbers written as one word. */
export const numberWords: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/**
 * A number written as digits or in words ("35", "six", "twenty-five", "twenty-one and a half",
 * "nineteen point five", "a hundred"); undefined otherwise.
 */
export function numberOf(text: string): number | undefined {
  const plain = text.replace(/,/g, '');
  if (/^[-+]?\d+(?:\.\d+)?$/.test(plain)) return Number(plain);
  const lower = text.toLowerCase().trim();
  const half = /^(.+?) and a half$/.exec(lower);
  if (half) {
    const whole = numberOf(half[1]!);
    return whole === undefined ? undefined : whole + 0.5;
  }
  const point = /^(.+?) point (\w+)$/.exec(lower);
  if (point) {
    const whole = numberOf(point[1]!);
    const digit = numberOf(point[2]!);
    return whole === undefined || digit === undefined || digit > 9 ? undefined : whole + digit / 10;
  }
  if (lower === 'a hundred') return 100;
  const single = numberWords[lower];
  if (single !== undefined) return single;
  const compound =
    /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)$/.exec(
      lower,
    );
  if (compound) return (numberWords[compound[1]!] ?? 0) + (numberWords[compound[2]!] ?? 0);
  return undefined;
}

/** Words that open a request without being part of it. */
export const leadingFiller: readonly (readonly string[])[] = [
  ['could', 'you', 'please'],
  ['can', 'you', 'please'],
  ['would', 'you', 'please'],
  ['will', 'you', 'please'],
  ['would', 'you', 'mind'],
  ['could', 'you'],
  ['can', 'you'],
  ['would', 'you'],
  ['will', 'you'],
  // Chat spellings: "can u …", "could u pls …".
  ['can', 'u', 'pls'],
  ['can', 'u', 'please'],
  ['could', 'u', 'pls'],
  ['could', 'u', 'please'],
  ['can', 'u'],
  ['could', 'u'],
  ['would', 'u'],
  ['will', 'u'],
  ['i', 'would', 'like', 'you', 'to'],
  ["i'd", 'like', 'you', 'to'],
  ['i', 'want', 'you', 'to'],
  ['i', 'need', 'you', 'to'],
  ['i', 'would', 'like', 'to'],
  ["i'd", 'like', 'to'],
  ['i', 'want', 'to'],
  ['i', 'need', 'to'],
  ['help', 'me'],
  // "…, so please reserve the e-book": the request that follows from what was said.
  ['so', 'please'],
  ['so', 'pls'],
  ['so', 'could', 'you'],
  ['so', 'can', 'you'],
  ['go', 'ahead', 'and'],
  ['go', 'ahead'],
  // ", but leave the others alone": what follows says what not to do.
  ['but'],
  ['please'],
  ['pls'],
  ['plz'],
  ['kindly'],
  ['just'],
  ['now'],
  ['then'],
  ['and'],
  ['also'],
  ['next'],
  ['first'],
  ['firstly'],
  ['second'],
  ['secondly'],
  ['finally'],
  ['lastly'],
  ['afterwards'],
  ['after', 'that'],
  ['once', 'done'],
  ['quickly'],
  ['try', 'to'],
  ['make', 'sure', 'to'],
  ['be', 'sure', 'to'],
  ['remember', 'to'],
  ["let's"],
  ['lets'],
  ['ok'],
  ['okay'],
  ['hey'],
  ['hi'],
];

/** Words that end a request without being part of it. */
export const trailingFiller: readonly (readonly string[])[] = [
  ['for', 'me', 'please'],
  ['for', 'me', 'pls'],
  ['for', 'me'],
  ['please'],
  ['pls'],
  ['plz'],
  ['thanks'],
  ['thank', 'you'],
  ['thx'],
  ['ty'],
  ['real', 'quick'],
  ['asap'],
  ['as', 'well'],
  ['too'],
  ['now'],
  ['quickly'],
  ['right', 'away'],
  ['if', 'you', 'can'],
  ['if', 'possible'],
  // "confirm when it asks": the step is the same whenever the app asks for it.
  ['when', 'it', 'asks'],
  ['when', 'asked'],
  ['if', 'asked'],
  ['if', 'it', 'asks'],
  ['when', 'prompted'],
  ['if', 'prompted'],
  // "the third text field on the page": the page is where everything is.
  ['on', 'the', 'page'],
  ['on', 'this', 'page'],
  // "show only audiobooks in the results": the results are where everything shown is.
  ['in', 'the', 'results'],
  ['among', 'the', 'results'],
  ['on', 'the', 'screen'],
  ['on', 'screen'],
];

/** Clause openings that state a constraint, not a step ("do not submit yet", "leave the rest"). */
export const constraintOpeners: readonly (readonly string[])[] = [
  ['do', 'not'],
  ["don't"],
  ['dont'],
  ['never'],
  ['without'],
  ['leave'],
  ['leaving'],
  ['keep'],
  ['keeping'],
  ['but', 'not'],
  ['not'],
  ['no', 'need'],
  ['avoid'],
  // "Nothing else yet", "That's all": no more than the rest asks.
  ['nothing', 'more'],
  ["that's", 'all'],
  ['thats', 'all'],
  ["that's", 'it'],
  ['thats', 'it'],
  ['that', 'is', 'all'],
  ['that', 'is', 'it'],
  // "…, and only that one", "only her", "nobody else", "everything else stays as it is": the
  // request is all there is to do (a plan only ever does what it asks).
  ['only', 'that', 'one'],
  ['just', 'that', 'one'],
  ['only', 'this', 'one'],
  ['just', 'this', 'one'],
  ['only', 'her'],
  ['only', 'him'],
  ['only', 'them'],
  ['only', 'it'],
  ['only', 'those'],
  ['just', 'her'],
  ['just', 'him'],
  ['just', 'them'],
  ['just', 'those'],
  ['nobody', 'else'],
  ['no', 'one', 'else'],
  ['nothing', 'else'],
  ['everything', 'else'],
  ['everyone', 'else'],
  ['all', 'else'],
  ['the', 'rest', 'stays'],
  ['the', 'rest', 'stay'],
  ['the', 'rest', 'as'],
  ['with', 'nothing', 'else'],
  ['with', 'everything', 'else'],
  ['with', 'all', 'the', 'other'],
  ['with', 'all', 'the', 'others'],
  ['with', 'all', 'other'],
  ['with', 'every', 'other'],
  ['with', 'the', 'other'],
  ['with', 'the', 'others'],
  ['with', 'the', 'rest'],
  ['with', 'no', 'other'],
  // ", so I can find it again": why, which asks for nothing more.
  ['so', 'i'],
  ['so', 'we'],
  ['so', 'that'],
  ['so', 'you'],
  ['so', 'it'],
  ['so', 'they'],
  ['so', 'only'],
  ['so', 'just'],
  ['so', 'nothing'],
  ['so', 'everything'],
];

/** Pronouns that stand for the last thing named. */
export const pronouns: ReadonlySet<string> = new Set([
  'it',
  'him',
  'her',
  'them',
  'this',
  'that',
  'these',
  'those',
  'one',
]);

/** Labels of a field that takes a secret ("Password", "Confirm passcode", "PIN"). */
export const secretLabel = /\b(?:password|passcode|passphrase|pin)\b/i;

/** Determiners before a noun phrase, dropped. */
export const determiners: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'my',
  'our',
  'your',
  'its',
  'his',
  'her',
  'their',
  'some',
]);

/**
 * Languages as English names them and as their own speakers write them, the way language pickers
 * list them ("German" is offered as "Deutsch"). General knowledge, not any page's.
 */
export const languageEndonyms: Readonly<Record<string, readonly string[]>> = {
  german: ['deutsch'],
  french: ['français', 'francais'],
  spanish: ['español', 'espanol'],
  italian: ['italiano'],
  portuguese: ['português', 'portugues'],
  dutch: ['nederlands'],
  swedish: ['svenska'],
  norwegian: ['norsk', 'norsk bokmål'],
  danish: ['dansk'],
  finnish: ['suomi'],
  polish: ['polski'],
  czech: ['čeština', 'cestina'],
  turkish: ['türkçe', 'turkce'],
  greek: ['ελληνικά'],
  russian: ['русский'],
  ukrainian: ['українська'],
  japanese: ['日本語'],
  chinese: ['中文', '简体中文', '繁體中文'],
  korean: ['한국어'],
  arabic: ['العربية'],
  hindi: ['हिन्दी'],
  hebrew: ['עברית'],
  hungarian: ['magyar'],
  romanian: ['română', 'romana'],
  indonesian: ['bahasa indonesia'],
  vietnamese: ['tiếng việt'],
};
