/**
 * The words the action guard reads, grouped by what they mean. They are matched against what the
 * screen says about an action (the target's name, the dialog it answers, the form it submits),
 * never against text the agent types: typing a word does not do what the word says.
 *
 * Two kinds of lexicon. ACT rules describe an operation ("Delete post?", "Pay $86.50", "Sign out
 * of all devices") and are read in names, titles and headings. CONSEQUENCE rules describe what an
 * operation will do ("will be permanently deleted", "charged to Visa") and are read in the body
 * text of dialogs and forms, where imperative words are often only instructions or examples (a
 * list of keyboard shortcuts says "Delete the current line" and deletes nothing).
 */

/** Why a sensitive action needs approval. */
export const sensitiveCategories = [
  'destructive',
  'money',
  'publishing',
  'credentials',
  'install',
  'shell',
  'local-file',
  'program',
] as const;
export type SensitiveCategory = (typeof sensitiveCategories)[number];

/** One pattern and the category it signals. */
export interface LexiconRule {
  readonly category: SensitiveCategory;
  readonly pattern: RegExp;
}

/** What each category commits, as the end of a reason ("…, which deletes or removes data"). */
export const categoryGist: Readonly<Record<SensitiveCategory, string>> = {
  destructive: 'deletes, removes, stops or cancels something that may not come back',
  money: 'spends or moves money',
  publishing: 'sends or shows something to other people',
  credentials: 'uses or changes credentials',
  install: 'installs or updates software',
  shell: 'runs a shell command',
  'local-file': 'opens a local, browser-internal or script address',
  program: 'starts a program on the machine, which can read and change files',
};

/** Lower-case, straight quotes and dashes, single spaces: the form every rule is written for. */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

const CURRENCY_AMOUNT = String.raw`(?:[$€£¥₹]\s?\d|\d[\d,.]*\s?(?:usd|eur|gbp|chf|jpy|btc|eth|usdc|usdt|sol)\b)`;
const SECRET_NOUN = String.raw`(?:secrets?|api[ -]?keys?|access[ -]?keys?|private[ -]?keys?|secret[ -]?keys?|ssh[ -]?keys?|tokens?|pass(?:word|phrase|code)s?|recovery[ -]?codes?|backup[ -]?codes?|credentials?)`;

/** A person's own list or view: taking an item off it ("Remove from watchlist") deletes nothing. */
const PERSONAL_COLLECTION = String.raw`from (?:my |your |the )?(?:list|view|recents?|recently \w+|continue \w+|(?:\w+ )?history|downloads|favou?rites|watch ?list|wish ?list|reading list|collection|playlist|queue|up next|cart|basket|bag|shelf|album|room)`;

/** Signing out: the one thing a link commits by itself. */
export const SIGN_OUT =
  /\b(?:sign|log)[ -]?(?:out|off)\b|^disconnect (?:this|the|my) (?:browser|device|computer|session)\b/;

/**
 * Operations, in priority order: the first rule that matches decides the category, so the
 * specific phrases come before the general ones ("revoke token" is destructive, not credentials;
 * "send $40" is money, not publishing).
 */
export const ACT_RULES: readonly LexiconRule[] = [
  // Credentials: signing out, changing a secret, creating or revealing one, second factors, consent.
  { category: 'credentials', pattern: SIGN_OUT },
  {
    category: 'credentials',
    pattern:
      /\b(?:change|reset|update|set|create|choose|recover|save|store|remember)\b(?: \S+){0,2} pass(?:word|phrase|code)\b/,
  },
  {
    category: 'credentials',
    pattern: new RegExp(
      String.raw`\b(?:create|generate|regenerate|roll|rotate|reveal|show|unmask|copy|display|export|download|new)\b(?: \S+){0,2} ${SECRET_NOUN}(?! (?:name|usage|label|description|expir\w*|ids?)\b)`,
    ),
  },
  {
    category: 'credentials',
    pattern: /\b(?:two[- ]?(?:step|factor)|2fa|mfa|multi[- ]?factor|authenticator|passkeys?)\b/,
  },
  {
    // Consent to another app: "Zapflow wants to access your account", "This will allow Zapflow to:".
    category: 'credentials',
    pattern:
      /\b(?:wants|would like|is requesting|requests?) (?:to )?(?:access|use|read|manage|connect to)(?: to)? your (?:\S+ ){0,3}(?:account|data|e-?mail|files|contacts|calendar|repositories|profile)\b|\bwill allow \S+ to:?$|\bauthori[sz]e\b|\bgrant \S+ access to your\b/,
  },
  { category: 'credentials', pattern: /\b(?:sign|log)[ -]?(?:in|on)(?: to)?\b(?!-)/ },
  { category: 'credentials', pattern: /^(?:reveal|unmask)\b|\bverify (?:your |it'?s )?(?:identity|you)\b/ },
  {
    // Codes and links that sign someone in or reset a password.
    category: 'credentials',
    pattern:
      /\b(?:send|resend|email|text) (?:me )?(?:a |the |new )?(?:verification |security |login |sign-in |one-time )?(?:code|reset link|password reset(?: link)?|magic link|otp)\b/,
  },
  // Sessions are credentials: ending them signs people out ("Revoke all sessions", "Sign out of other devices").
  {
    category: 'credentials',
    pattern:
      /\b(?:revoke|end|terminate|log out|sign out of) (?:all |other |every )?(?:active )?(?:sessions?|devices)\b/,
  },
  // Destructive: deleting, emptying, ending, revoking, resetting to factory, discarding work.
  { category: 'destructive', pattern: /\b(?:delete|deletion|erase|wipe|destroy|purge|shred|uninstall)\b/ },
  {
    category: 'destructive',
    pattern: new RegExp(
      String.raw`\bremove\b(?! (?:${PERSONAL_COLLECTION}|filters?|sort|zoom|tags?|labels?|formatting|highlights?)\b)`,
    ),
  },
  { category: 'destructive', pattern: /\bdrop (?:the )?(?:table|database|schema|collection|index|column)\b/ },
  {
    category: 'destructive',
    pattern: /\bempty (?:the )?(?:trash|bin|recycle bin|table|folder|mailbox|inbox|bucket)\b/,
  },
  {
    category: 'destructive',
    pattern: /\b(?:terminate|deactivate|decommission|revoke|deauthori[sz]e|unlink|disconnect)\b/,
  },
  { category: 'destructive', pattern: /\bsuspend (?:\S+ )?(?:account|user|member)s?\b/ },
  {
    category: 'destructive',
    // "Void envelope?", "Yes, void it": voiding cancels a document for good, whatever it is.
    pattern: /^void\b|\bvoid (?:the |this |that |these |an? |it\b|them\b)?(?:[a-z]+)?/,
  },
  { category: 'destructive', pattern: /\bformat (?:the )?(?:disk|drive|card|volume|partition|device)\b/ },
  {
    category: 'destructive',
    pattern: /\bdon'?t save\b|\bwithout saving\b|\breplace (?:the )?(?:existing|current|all)\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\bclose (?:your |my |this |the )?(?:\S+ )?(?:account|savings|checking|card|workspace|organi[sz]ation|org|project|store|shop|profile)\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\bcancel\b(?! (?:upload|download|search|selection|edit(?:ing)?|import|export|sync|tour|request|reply|comment|message|compose|deletion|removal|this|that|it|anytime|any time)\b)(?= \S)/,
  },
  {
    category: 'destructive',
    pattern:
      /\bfactory (?:reset|defaults|settings)\b|\brestore (?:to )?factory\b|\breset (?:all|everything|to (?:factory|defaults)|(?:all |your )?(?:settings|account|progress)|(?:the )?(?:device|router|phone|database|data))\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\bdiscard\b|\bpermanently\b|\b(?:delete|deleted|remove|removed|erase|erased|lost|gone) forever\b|^empty(?: now)?$/,
  },
  {
    category: 'destructive',
    pattern:
      /\bclear (?:all )?(?:history|data|cache|cookies|completed|messages|conversations?|chat|everything|browsing|recordings?|logs?|backups?)\b|\bclear all\b(?! (?:filters?|selections?|formatting|notifications?|fields?)\b)/,
  },
  {
    category: 'destructive',
    pattern:
      /\bend (?:the |my |your |this )?(?:membership|subscription|plan|trial|contract|listing|auction|sale|lease|tenancy|agreement|employment)\b/,
  },
  { category: 'destructive', pattern: /\barchive (?:all|everything|\d[\d,]*)\b/ },
  {
    category: 'destructive',
    pattern: /\b(?:leave|quit) (?:the |this )?(?:workspace|team|organi[sz]ation|group|channel|project|company)\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\btransfer (?:the |this |of )?(?:ownership|repository|repo|project|domain|workspace|organi[sz]ation)\b|\bshut ?down\b|\bpower off\b|\boverwrite\b/,
  },
  // Restarting machines or services interrupts whatever they are doing; a tour or a video is no machine.
  {
    category: 'destructive',
    pattern:
      /\b(?:reboot|power[ -]?cycle|hard reset)\b|\brestart (?:(?:the|this|these|those|all|every|selected|\d[\d,]*) )*(?:selected|machines?|servers?|hosts?|devices?|instances?|services?|nodes?|pods?|systems?|computers?|clusters?|containers?|vms?|workers?|databases?)\b/,
  },
  // Money: paying, buying, ordering, booking, trading, moving funds.
  { category: 'money', pattern: new RegExp(String.raw`\b(?:send|give|tip|request)\b[^.]{0,20}${CURRENCY_AMOUNT}`) },
  {
    category: 'money',
    pattern:
      /\b(?:pay|pays|paying)\b(?! (?:period|stub|slip|rate|grade|scale|day)s?\b)|\breimburse\b|\bbuy\b|\bpurchase\b(?! (?:history|orders?)\b)|\bdonate\b|\bwithdraw\b(?! (?:(?:my |your |the )?(?:application|request|offer|consent|submission|invitation)))/,
  },
  {
    category: 'money',
    pattern:
      /\b(?:send|request) (?:money|funds|payment)\b|^(?:book|reserve|rent|order|pre-?order)(?: now)?$|\bauto-?pay\b/,
  },
  {
    category: 'money',
    pattern:
      /\bsubmit (?:the |your |my )?order\b|\bapprove (?:the |this )?(?:invoice|expense|refund|payout|payment)s?\b|\b(?:issue|send|process) (?:a |the )?refund\b/,
  },
  { category: 'money', pattern: new RegExp(String.raw`\brefund(?:s|ed)?\b[^.]{0,20}${CURRENCY_AMOUNT}`) },
  {
    category: 'money',
    pattern:
      /\b(?:approve|confirm|make|send|submit|authori[sz]e|complete|schedule) (?:the |a |this |your )?payment\b|\bpayment of\b/,
  },
  {
    category: 'money',
    pattern:
      /\bplace (?:your |the |an |my |a )?(?:order|bid|trade)\b|\border now\b|\bcomplete (?:your |the |my )?(?:order|purchase|booking|reservation|checkout)\b|\bconfirm (?:and pay|(?:(?:your|the|my|this) )?(?:purchase|order|booking|reservation|trade|bid))\b|\bmake (?:an )?offer\b/,
  },
  { category: 'money', pattern: /\b(?:book|reserve) (?:now|it|this)\b|\b(?:sell|trade)\b(?!-)/ },
  {
    // A purchase order or a deposit commits money as surely as a payment does.
    category: 'money',
    pattern:
      /\b(?:new|create|submit|send|raise|issue|place) (?:a |the |this )?purchase orders?\b|\b(?:pay|place|make|leave|put down) (?:a |the |your |my )?(?:\S+ )?deposit\b/,
  },
  {
    category: 'money',
    pattern:
      /\btransfers? (?:of )?(?:[$€£¥₹]|\d|to\b|funds|money|between|from)|\b(?:new|recurring|scheduled|wire|bank|international) transfer\b|^transfer(?: now)?$/,
  },
  {
    category: 'money',
    pattern:
      /\b(?:run|process|submit|approve) (?:the )?payroll\b|\b(?:add|top up|load) (?:funds|money|credit)\b|\btop[- ]up\b|\b(?:request|initiate|send) (?:a )?payout\b|\bcash out\b/,
  },
  // Publishing: sending, posting, sharing, making public, merging, inviting, deploying.
  { category: 'publishing', pattern: /\bpublish(?:ing)?\b|\bmake (?:\S+ )?public\b|\bgo live\b/ },
  {
    // Telling other people, handing work in, letting results out.
    category: 'publishing',
    pattern:
      /\bnotify\b(?! me\b)|^(?:turn|hand) (?:it |this )?in\b|\brelease (?:the |all |\S+ )?(?:grades|scores|results|marks|feedback)\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\bpublic (?:review|post|comment|profile|repo\w*|link|page|channel|question|answer|thread|topic|message)\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\b(?:send|sending|post|tweet|retweet|repost|reply|replying|forward|forwarding|share|comment|broadcast|broadcasting)\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\bmerge (?:pull request|(?:this |the )?(?:branch|pr|request)|into)\b|\bsquash and merge\b|\binvite\b|\badd (?:a |new )?(?:collaborators?|members?|guests?)\b|\bgrant (?:\S+ )?access\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\badd (?:\S+ ){1,3}to (?:this |the |your )?(?:repository|repo|team|project|organi[sz]ation|org|workspace|channel|group|space|document|folder|drive|board)\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\bdeploy\b|\bpromote to production\b|\brelease\b(?: \S+){0,4} to\b|^release (?:the |this )?(?:episode|version|build|update|album|single|track|video|app)\b/,
  },
  // Install: software, extensions, firmware, updates.
  {
    category: 'install',
    pattern:
      /\b(?:re)?install(?:ing)?\b|\badd (?:extension|to (?:chrome|firefox|edge|browser|safari|home ?screen|dock|desktop))\b|\b(?:update|upgrade|flash) (?:the )?firmware\b|\bfirmware (?:update|upgrade)\b|\bupdate (?:is )?(?:ready|available|downloaded)\b|\b(?:install|apply) (?:the )?update\b|\bupdate now\b|\brestart (?:now )?to (?:update|install|finish)\b|\binstaller\b/,
  },
];

/** What an operation will do, read in body text, notes and chosen options. */
export const CONSEQUENCE_RULES: readonly LexiconRule[] = [
  { category: 'credentials', pattern: /\bsign(?:ed)? in again\b|\bsigning in will require\b|\bwill be signed out\b/ },
  {
    category: 'credentials',
    pattern: /\b(?:shown|displayed) (?:only )?once\b|\banyone with (?:it|this key|the key|this token) can\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\b(?:will|would|are|is|be|gets?) (?:be )?(?:permanently )?(?:deleted|removed|erased|wiped|destroyed|purged|shut down|terminated|cleared|discarded|lost)\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\bpermanently\b|\b(?:deleted|removed|erased|lost|gone) forever\b|\birreversible\b|\b(?:deletes|erases|wipes|destroys|purges)\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\bcan(?:not|'t| ?not)? be (?:undone|recovered|restored|reversed|reopened|recalled|withdrawn|cancell?ed|taken back)\b|\bnot be moved to (?:the )?trash\b|\bcan(?:not|'t) undo\b|\bnot be able to (?:undo|recover|restore)\b|\bno (?:way to )?undo\b/,
  },
  { category: 'destructive', pattern: /\b(?:lose|loses) (?:all )?(?:access|your|their|data|changes|progress|free)\b/ },
  // Stopping what runs: a hard restart, an outage ("writes fail for two minutes"), every pod stopped.
  {
    category: 'destructive',
    pattern:
      /\bhard[- ]?(?:restart|reset|reboot)(?:ed|s)?\b|\bwithout a clean shutdown\b|\bstops? (?:all|every)\b|\b(?:connections|sessions) (?:will )?drop\b|\b(?:requests|writes|calls|traffic|jobs|builds)\b[^.]{0,40}\b(?:will )?fail\b/,
  },
  {
    category: 'destructive',
    pattern:
      /\b(?:changes|edits|work|answers|entries|progress)\b[^.]{0,30}\b(?:not|n't) (?:been |yet |be )?saved\b|\bunsaved\b/,
  },
  {
    category: 'money',
    pattern:
      /\bcharged\b|\b(?:will be|is|are) (?:debited|withdrawn|billed)\b|\bbilled (?:monthly|yearly|annually|today|now|immediately|to)\b|\brenews? (?:monthly|yearly|annually|automatically|each)\b/,
  },
  { category: 'money', pattern: /\bcommit(?:s)? to (?:buy|pay|purchase)\b/ },
  {
    // "We'll charge $500.00 to Mastercard", "costs $25 per person", "guaranteed with Visa ••0098".
    category: 'money',
    pattern: new RegExp(
      String.raw`\b(?:will|we'?ll|we) (?:\S+ )?charge\b|\bcharges? (?:you|your|${CURRENCY_AMOUNT})|\bcosts? (?:you )?${CURRENCY_AMOUNT}|\b(?:guaranteed|secured|held|reserved) (?:with|on|by) (?:your |a )?(?:card|visa|mastercard|amex|credit card|debit card)\b|\bplaces? (?:\S+ ){0,3}order\b`,
    ),
  },
  {
    // An amount and how it is paid, side by side: "Total $42.18 · Apple Pay".
    category: 'money',
    pattern: new RegExp(
      String.raw`${CURRENCY_AMOUNT}[\d,.]*[^.]{0,40}\b(?:apple pay|google pay|paypal|visa|mastercard|amex|card ending)\b|\b(?:apple pay|google pay|paypal|visa|mastercard|amex|card ending)\b[^.]{0,40}${CURRENCY_AMOUNT}`,
    ),
  },
  {
    // Where money goes: a refund or pay "paid into" or "will go to the account below".
    category: 'money',
    pattern:
      /\b(?:paid|deposited|transferred) (?:in)?to (?:the |this |your |a )?(?:\S+ )?account\b|\bwill go to (?:the |this |your )?(?:\S+ )?account\b/,
  },
  {
    category: 'money',
    pattern: new RegExp(String.raw`${CURRENCY_AMOUNT}[\d,.]*\s(?:will be|is|gets) (?:sent|transferred|paid)\b`),
  },
  { category: 'money', pattern: /\bdirect deposits?\b|\bpaid with\b|\bnon-?refundable\b|\bno refunds?\b/ },
  {
    category: 'publishing',
    pattern:
      /\b(?:visible|public|viewable|shown|available) to (?:everyone|anyone|the public|all)\b|\banyone (?:on the internet|with the link|can (?:see|view|read|find))\b|\beveryone can (?:see|view|read|reply)\b|\b(?:version|copy|page) (?:that )?everyone (?:sees|reads|can see)\b/,
  },
  { category: 'publishing', pattern: /\b(?:will be|is now|becomes?|are|is) public\b|\bpublicly\b/ },
  // "Changes appear on your public listing as soon as you save", "on the public Donor Wall".
  {
    category: 'publishing',
    pattern: /\b(?:appears?|shows?|shown|listed|go(?:es)?) (?:up )?(?:on|in) (?:your |the |our )?public\b/,
  },
  // "Clicking Done emails the quote to dana@brightpaw.co."
  { category: 'publishing', pattern: /\b(?:e-?mails|sends|texts|messages) (?:\S+ ){0,8}to \S+@\S+/ },
  {
    // "Listed playlists appear on your profile and in search for everyone."
    category: 'publishing',
    pattern:
      /\b(?:appears?|shows? up|are shown|is shown|listed)\b[^.]{0,50}\b(?:for|to) (?:everyone|anyone|the public)\b/,
  },
  {
    // Mail to many, or to someone named: "emailed now to all 142 students", "is emailed to jae@…", "sends each an email".
    category: 'publishing',
    pattern:
      /\b(?:e-?mailed|sent|posted|pushed|announced)\b(?: \S+){0,2} to (?:all|every|each|everyone)\b|\b(?:is|are|will be|gets?) (?:e-?mailed|sent) to \S+@\S+|\b(?:sends?|e-?mails?) (?:each|every|all|everyone)\b/,
  },
  {
    category: 'destructive',
    pattern: /\b(?:can|will) no longer (?:be )?(?:change|edit|undo|withdraw|modif|cancel|recover)\w*\b/,
  },
  {
    category: 'publishing',
    pattern:
      /\b(?:emailed|sent|posted|published|shared) to [\d,]+\b|\b[\d,]+ (?:followers|subscribers|recipients)\b|\b(?:will|'ll) (?:get|receive) an? (?:e-?mail )?(?:invitation|invite)\b|\b(?:replying|sending|goes|going|sent) to (?:[\d,]+ (?:people|recipients|members|subscribers|contacts)|the [\w-]+ list\b|everyone\b)|\bsend (?:it|this|them) anyway\b/,
  },
  { category: 'publishing', pattern: /\bgo(?:es)? live\b|\bwill be live\b|\bis (?:published|live)\b/ },
  {
    category: 'install',
    pattern:
      /\b(?:restart|relaunch|reboot) to (?:install|update|finish)\b|\bfinish installing\b|\b(?:will be|to be) (?:installed|updated|upgraded)\b|\binstaller\b|\bread and change all your data\b/,
  },
  { category: 'install', pattern: /\.(?:exe|msi|msix|pkg|dmg|deb|rpm|apk|appimage)\b/ },
  {
    category: 'install',
    pattern:
      /\b(?:download(?:s|ed)?|install(?:s|ed)?) and (?:install(?:s|ed)?|restart(?:s|ed)?|run(?:s)?)\b|\binstalls? (?:the |its |an? |this )?(?:update|code|firmware|software|app|extension|plug-?in|integration|package)\b/,
  },
  { category: 'credentials', pattern: /\bcan (?:sign|log) in (?:to|as)\b/ },
  // The label of a secret shown next to a Reveal or Copy button.
  {
    category: 'credentials',
    pattern: /^(?:password|passphrase|api key|secret(?: key)?|token|private key|recovery codes?)$/,
  },
];

/** Read in chosen options only: an option that opens something to everyone ("Public", "Anyone with the link"). */
export const CHOSEN_RULES: readonly LexiconRule[] = [
  { category: 'publishing', pattern: /^(?:public|everyone|anyone)\b/ },
];

/** Controls that back out of a decision: they do nothing whatever the dialog is about. */
export const DISMISS =
  /^(?:cancel|cancel (?:the )?(?:deletion|removal)|close|no|no,? .+|nope|back|go back|back to .+|return(?: to .+)?|not now|not yet|later|maybe later|remind me later|skip(?: .+)?|dismiss|stay(?: .+)?|keep .+|never ?mind|decline|deny|reject(?: all)?|undo|(?:don'?t|do not) (?!save\b)[a-z'-]+(?: .+)?|x|×|✕|✖)$/;

/** A dialog title that asks without saying what ("Are you sure?", "example.com says"): its body says it. */
export const GENERIC_TITLE =
  /\?$|\bsays:?$|^(?:confirm(?:ation)?|please confirm|warning|attention|heads up|caution|alert|notice|one more thing|just checking)[.!:]?$|^are you (?:absolutely |really )?sure\b/;

/** A heading that explains rather than operates ("How to transfer money", "About deleting data"). */
export const INFORMATIONAL_HEADING =
  /^(?:how (?:to|do i|can i)|learn|guide|about|faq|help|tips?|why|what (?:is|are|happens))\b/;

/** Words that turn what follows into its opposite: "won't be deleted", "never share". */
const NEGATION =
  /\b(?:not|never|no|nothing|none|without|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|shouldn't|can't|cannot)\b(?:\s+\S+){0,2}\s*$/;

/**
 * The first rule with a match in `text` that no negation governs: "Nothing will be deleted" and
 * "Never share your password" match no rule.
 */
export function firstMatch(rules: readonly LexiconRule[], text: string): LexiconRule | undefined {
  return rules.find((rule) => {
    const flags = rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`;
    for (const found of text.matchAll(new RegExp(rule.pattern.source, flags))) {
      if (!NEGATION.test(text.slice(Math.max(0, found.index - 30), found.index))) return true;
    }
    return false;
  });
}

/**
 * First words of a control that only arranges, reveals or leaves what is on screen ("Sort by
 * price", "Close tip", "Reset map", "Archive notification"): read when no rule knows the name.
 */
export const ARRANGES_ONLY =
  /^(?:close(?: (?:the |this )?(?:panel|dialog|tip|tooltip|notification|banner|menu|sidebar|drawer|window|pop-?up|preview|details|tab|message|alert|toast|overlay|modal|search|filters?))?$|dismiss|hide|collapse|expand|sort|filter|group|browse|reset|clear|undo|redo|skip|compare|archive|mark as (?:read|unread)|play|pause|resume|mute|unmute|next|previous|prev|older|newer|go to|jump to|scroll|toggle|switch to|show|view|preview|load more|refresh|reload|retry|try again|search|find|zoom|(?:re)?estimate|(?:re)?calculate|(?:re)?compute|work out|simulate|sign up|register|get started|learn more)\b/;

/** A name that is a thing to look at, not an order ("Label preview", "Password requirements"). */
export const NAMES_CONTENT =
  /\b(?:preview|requirements|details|summary|overview|history|chart|graph|stats|statistics|breakdown|guide|help|faq|tips?|info|information|options|settings|preferences|legend|map|calendar|timeline|activity|instructions|examples?|tutorial|documentation|docs|reports?|suggestions|insights|analytics|trends|dashboard)$/;

/** A place that only opens a file chooser ("Drop a CSV file here, or click to choose one"). */
export const OPENS_FILE_CHOOSER =
  /\b(?:drop|drag)\b.*\bhere\b|\b(?:choose|select|browse(?: for)?|pick) (?:a |one |your |the )?files?\b|\bclick to (?:choose|select|browse|upload)\b/;

/** An answer to a cookie banner: it decides what a site tracks, not anything of the person's. */
export const ANSWERS_COOKIES =
  /^(?:accept|allow|agree|reject|refuse|deny|decline)(?: (?:all|necessary|essential|selected))?(?: cookies)?$/;
export const COOKIES = /\bcookies?\b/;

/**
 * Names that only look, navigate, or change a private and reversible piece of the view: a word
 * list flags several of them ("View payment history", "Remove filter", "Reset zoom").
 */
export const HARMLESS_NAMES: readonly RegExp[] = [
  /^(?:view|see|show|preview|browse|explore|find|search|look up|details|more(?: .+)?|menu|help|learn more|read more|about|info|review)\b/,
  /^(?:reset|remove|clear|apply|change|toggle|hide)\b.*\b(?:filters?|sort(?:ing)?|zoom|view|layout|columns?|chart|theme|mode|selection|search)\b/,
  /^(?:zoom|pan|expand|collapse|refresh|reload|print|download|export|check|save (?:as )?draft|save query|save for later|track|watch|star|pin|bookmark|edit|rename|insert|attach|upload|draft)\b/,
  /^format(?: (?:code|query|document|text|selection|cells?))?$/,
  /^(?:remove|clear) (?:the )?(?:tags?|labels?|bookmarks?|highlights?|formatting|reactions?|pins?)\b/,
  /^copy (?:link|url|address|username|user name|e-?mail|name|text|code snippet|path)\b/,
  /^forgot (?:your |my )?(?:pass(?:word|phrase|code)|username|pin)\b/,
  /^add to (?:cart|bag|basket|wish ?list|favou?rites|list|calendar|library)\b/,
  /^(?:stop sharing|unshare|make (?:\S+ )?private|turn off (?:link )?sharing)\b/,
  /^(?:apply|redeem) (?:promo|coupon|discount|voucher|gift card)\b/,
  new RegExp(String.raw`^remove (?:.+ )?${PERSONAL_COLLECTION}\b`),
  /^delete (?:this |the )?(?:filters?|sort(?:ing)?|search|selection)\b/,
  /^(?:delete|remove|clear) (?:the |this )?(?:\S+ ){0,3}filters?$/,
  /^send to (?:print|preview|print preview|printer|drafts?|back|front|top|bottom)\b/,
  /^(?:post|share|send|publish|reply|comment)(?:ing)? (?:preview|settings|options|details|history|stats|analytics|insights|format|type|title|guidelines|rules)$/,
  // "Publish date", "Send time", "Payment status": a column or attribute named after an act.
  /^(?:publish(?:ed)?|sent|send|posted|post|paid|payment|delivery|order|transfer|installed|install|deleted|cancell?ed|due|issue) (?:date|time|day|status|count|method)$/,
  // "Stop timer", "Start stopwatch": a time tracker of one's own.
  /^(?:start|stop|pause|resume|reset|restart) (?:the )?(?:timer|stopwatch|countdown)$/,
  // "Remove Weather tile", "Hide news widget": a piece of one's own dashboard.
  /^(?:remove|hide|close) (?:the )?(?:[\p{L}-]+ ){0,3}(?:tile|widget|panel|shortcut)$/u,
];

/** Generic answers: they commit whatever the dialog or form they answer is about. */
export const CONFIRM =
  /^(?:ok|okay|yes|yes,? (?:i'?m sure|continue|do it|proceed)|sure|continue|confirm|proceed|done|submit|apply|save|save changes|next|finish|complete|update|create|allow|accept|agree|i agree|approve|verify|go|start|got it|leave|connect|authori[sz]e|turn (?:on|off)|enable|disable|✓|✔)$/;

/** Answers that may only acknowledge: with nothing else to choose, or after the fact, they commit nothing. */
export const ACKNOWLEDGES = /^(?:ok|okay|done|got it|continue|close|finish|✓|✔|)$/;

/** A dialog title that reports what already happened ("Message sent", "Your export is ready"). */
export const OUTCOME_TITLE =
  /\b(?:complete|completed|successful|succeeded|sent|published|posted|deleted|removed|saved|placed|confirmed|received|scheduled|cancel(?:l)?ed|submitted|installed|updated|done|ready|finished|created|added)[.!]*$|^success\b|^thank(?:s| you)\b/;

/** Answers that may commit only one kind of thing, and only when the context says so. */
export const CONTEXTUAL: readonly { readonly pattern: RegExp; readonly categories: readonly SensitiveCategory[] }[] = [
  { pattern: /^(?:open|launch)$/, categories: ['install'] },
  { pattern: /^(?:restart|reboot|relaunch)(?: now)?$/, categories: ['install'] },
  {
    pattern: /^(?:subscribe|upgrade|renew|join|start(?: (?:my|your))?(?: free)? trial)(?: now)?$/,
    // A paid plan, or an add-on that subscribing downloads and installs.
    categories: ['money', 'install'],
  },
  { pattern: /^(?:show|copy|view)$/, categories: ['credentials'] },
  // Scheduling a post, a send or a payment commits it for later.
  { pattern: /^schedule(?: (?:post|send|it|now|for later|payment|transfer))?$/, categories: ['publishing', 'money'] },
];

/** A dialog that only picks something ("Choose audience", "Select columns"): its Apply or OK applies the choice. */
export const CHOOSER_TITLE = /^(?:choose|select|pick|filter|sort|customi[sz]e|arrange|reorder)\b/;

/** A link that installs what its card shows ("Install Snapshot Backup 4.2 now"), as plugin stores have them. */
export const INSTALLS_NOW = /^(?:re)?install\b(?: \S+){0,6} now$|^(?:install|update) now$/;

/** Buttons that run the code or query in an editor next to them. */
export const RUNS_CODE = /^(?:run|execute|run query|run script|run code)$/;

/** Code that destroys data when it is run. */
export const DESTRUCTIVE_CODE =
  /\b(?:drop\s+(?:table|database|schema|index|view)|truncate\s+(?:table\s+)?\w|delete\s+from|alter\s+table\s+\S+\s+drop)\b|\brm\s+-\w*[rf]/i;

/** Editors whose content a Run button executes. */
export const CODE_FIELD = /\b(?:query|sql|code|script|command|statement|console|editor|shell)\b/;

/**
 * Buttons that usually only open a composer or a sheet: they send or sign in only when the form
 * they belong to is filled in (a message written, a password entered).
 */
export const OPENS_COMPOSER =
  /^(?:(?:send|share|give|leave|write|add|post|submit)(?: (?:us|your|a|an|some))? (?:feedback|message|reply|comment|review|note|post|e-?mail)|send(?: (?:it|now))?|reply(?: all| in thread| to thread)?|forward|share(?: (?:this|the|my|your|a))?(?: (?!with\b|to\b|publicly\b|now\b|everywhere\b)[a-z]+)?|comment|post|tweet|invite(?: (?:people|members|users|teammates|collaborators))?|add (?:people|members|users|teammates|collaborators)|new (?:message|post|comment|e-?mail)|compose)$/;
export const OPENS_SIGN_IN = /^(?:sign|log)[ -]?(?:in|on)(?: with .+)?$/;

/** Fields of an amount paid or spent: submitting them moves or commits money. */
export const MONEY_FIELD = /\b(?:amount|budget|bid|refund|payment|donation|tip|transfer|top-?up)\b/;

/** A field that takes a one-time code when its form says a code was sent ("We texted a 6-digit code"). */
export const CODE_ONLY_FIELD =
  /^(?:(?:enter )?(?:the |your )?(?:\d-digit )?(?:(?!zip |postal |country |area |promo |discount |coupon |referral |gift |tracking |product |colou?r |source |qr )[a-z]+ )?code|verification|security)$/;
export const CODE_SENT =
  /\b(?:texted|sent|e-?mailed|text message|sms|authenticator app)\b[^.]{0,40}\bcode\b|\bcode\b[^.]{0,40}\b(?:texted|sent|e-?mailed)\b|\b\d-digit\b[^.]{0,30}\bcode\b/;

/** Fields of bank details: saving them changes where money is paid from or to. */
export const BANK_FIELD = /\b(?:routing number|iban|sort code|bsb|swift|bic|bank account|account and routing)\b/;

/** A title that names secrets ("Live API keys", "Personal access tokens"). */
export const NAMES_SECRET = new RegExp(String.raw`\b${SECRET_NOUN}\b`);

/** Controls that make a new item ("Create filter", "New folder", "Add column"); rules for what costs or sends come first. */
export const MAKES_ITEM = /^(?:create|add(?! to\b)|new|generate|make|duplicate)\b/;

/** Names of controls that make a new one of what their section lists ("Generate", "Create new"). */
export const MAKES_NEW = /^(?:create|generate|regenerate|new|add|add new|create new)(?: (?:one|key|token))?$/;

/** Fields whose content is a secret: typing into them, or submitting them, handles credentials. */
export const CREDENTIAL_FIELD = new RegExp(
  String.raw`\b(?:pass(?:word|phrase|code)|pin|secret|token|access code|sign-?in code|log-?in code|security key|recovery key|api[ -]?key|access[ -]?key|private[ -]?key|card ?number|credit card|debit card|cvc|cvv|cvc2|security code|one[- ]time|otp|verification code|\d-digit code|2fa|authenticat\w* code|recovery code|seed phrase)\b(?! (?:name|hint|usage|label|description|expir\w*|ids?)\b)`,
);

/** Fields where Enter sends what was written to other people. */
export const COMPOSER_FIELD =
  /\b(?:message|reply|comment|post|chat|what's happening|what's on your mind|write something|tweet|note to)\b/;

/** A masked value: what a password field shows instead of its content. */
export const MASKED_VALUE = /^[•●*·]{3,}$/;

/**
 * Shortest word of a control's name that the page's notes are searched for: "Remind" finds
 * "Reminders", "Go" finds nothing.
 */
export const SHORTEST_NAME_WORD = 4;
