import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { classifyAction } from './sensitive-action.js';
import {
  button,
  checkbox,
  clickOn,
  dialog,
  field,
  form,
  heading,
  link,
  radio,
  reading,
  screenOf,
  tab,
  text,
  toggle,
  verdictOn,
} from './sensitive-test-support.js';

describe.each([
  ['geometry and order', false],
  ['parent refs', true],
])('confirm buttons answer their dialog (containment by %s)', (_how, parents) => {
  const trash = screenOf(
    [
      heading('Trash'),
      button('Delete forever'),
      dialog('Permanently delete 42 files?', [
        text("These files will be deleted forever and can't be recovered."),
        button('No'),
        button('Yes'),
      ]),
    ],
    { parents },
  );

  it('reads the dialog title for a generic Yes, and names it in the reason', () => {
    expect(verdictOn(trash, 'button', 'Yes')).toEqual({
      sensitive: true,
      category: 'destructive',
      reason: "clicks 'Yes', which confirms the dialog 'Permanently delete 42 files?'",
    });
  });

  it('lets No and Cancel back out of any dialog', () => {
    expect(reading(verdictOn(trash, 'button', 'No'))).toBe('harmless');
    const paying = screenOf([dialog('Pay $89.00 to Ferrovia?', [button('Cancel'), button('Pay')])], { parents });
    expect(reading(verdictOn(paying, 'button', 'Cancel'))).toBe('harmless');
    expect(reading(verdictOn(paying, 'button', 'Pay'))).toBe('money');
  });

  it('leaves an OK harmless in a dialog about nothing that commits', () => {
    const theme = screenOf(
      [dialog('Switch to the dark theme?', [text('You can change this later.'), button('No thanks'), button('OK')])],
      { parents },
    );
    expect(reading(verdictOn(theme, 'button', 'OK'))).toBe('harmless');
  });

  it('reads the body when the title is only a question', () => {
    const unsure = screenOf(
      [dialog('Are you sure?', [text('This action cannot be undone.'), button('Cancel'), button('Continue')])],
      { parents },
    );
    expect(verdictOn(unsure, 'button', 'Continue')).toMatchObject({
      category: 'destructive',
      reason: "clicks 'Continue', which confirms the dialog 'Are you sure?' saying \"This action cannot be undone.\"",
    });
  });

  it('reads a checked option of the dialog', () => {
    const filter = screenOf(
      [
        dialog('When a message matches from:(news@example.com)', [
          checkbox('Archive it', false),
          checkbox('Delete it', true),
          button('Back'),
          button('Create filter'),
        ]),
      ],
      { parents },
    );
    expect(reading(verdictOn(filter, 'button', 'Create filter'))).toBe('destructive');
    const starring = screenOf(
      [
        dialog('When a message matches from:(news@example.com)', [
          checkbox('Star it', true),
          checkbox('Delete it', false),
          button('Back'),
          button('Create filter'),
        ]),
      ],
      { parents },
    );
    expect(reading(verdictOn(starring, 'button', 'Create filter'))).toBe('harmless');
  });
});

describe('near misses: what fires and what must not', () => {
  const pairs: readonly (readonly [string, readonly ReturnType<typeof button>[], string, string, string])[] = [
    [
      'a history link versus a pay button',
      [link('View payment history'), button('Pay now')],
      'View payment history',
      'Pay now',
      'money',
    ],
    [
      'a filter chip versus a member',
      [button('Remove filter: Dining'), button('Remove Priya from Design')],
      'Remove filter: Dining',
      'Remove Priya from Design',
      'destructive',
    ],
    [
      'resetting the view versus the device',
      [button('Reset view'), button('Reset to factory defaults')],
      'Reset view',
      'Reset to factory defaults',
      'destructive',
    ],
    [
      'a usage chart versus a new token',
      [tab('Token usage'), button('Create token')],
      'Token usage',
      'Create token',
      'credentials',
    ],
    ['a draft versus publishing', [button('Save draft'), button('Publish')], 'Save draft', 'Publish', 'publishing'],
    [
      'a preview versus merging',
      [button('Preview'), button('Merge pull request')],
      'Preview',
      'Merge pull request',
      'publishing',
    ],
    [
      'checking for updates versus installing',
      [button('Check for updates'), button('Install update')],
      'Check for updates',
      'Install update',
      'install',
    ],
    [
      'copying a username versus revealing a password',
      [button('Copy username'), button('Reveal password')],
      'Copy username',
      'Reveal password',
      'credentials',
    ],
    ['adding to the cart versus buying', [button('Add to cart'), button('Buy now')], 'Add to cart', 'Buy now', 'money'],
  ];

  it.each(pairs)('%s', (_title, specs, harmless, fires, category) => {
    const nodes = screenOf([heading('Page'), ...specs]);
    const role = (name: string) => specs.find((spec) => spec.name === name)!.role;
    expect(reading(verdictOn(nodes, role(harmless), harmless))).toBe('harmless');
    expect(reading(verdictOn(nodes, role(fires), fires))).toBe(category);
  });

  it('fires on a share or send only when something was written for it', () => {
    const opener = screenOf([heading('Post'), text('Garden opens Saturday'), button('Reply'), button('Share')]);
    expect(reading(verdictOn(opener, 'button', 'Share'))).toBe('harmless');
    expect(reading(verdictOn(opener, 'button', 'Reply'))).toBe('harmless');
    const composer = screenOf([
      dialog('New message', [field('To', 'team@example.com'), field('Message', 'Hi all'), button('Send')]),
    ]);
    expect(verdictOn(composer, 'button', 'Send')).toMatchObject({
      category: 'publishing',
      reason: "clicks 'Send', which sends what is written in 'Message'",
    });
  });

  it('fires on Sign in only where a password is entered, and never on a link', () => {
    const header = screenOf([link('Pricing'), link('Sign in'), heading('Spreadsheets for teams')]);
    expect(reading(verdictOn(header, 'link', 'Sign in'))).toBe('harmless');
    const login = screenOf([
      heading('Sign in to Postbox'),
      field('Email', 'a@b.c'),
      field('Password', '•••••'),
      button('Sign in'),
    ]);
    expect(reading(verdictOn(login, 'button', 'Sign in'))).toBe('credentials');
    expect(reading(verdictOn(login, 'button', 'Sign in', undefined, "Click 'Sign in'"))).toBe('credentials');
  });

  it('treats removing an item from a cart as a small reversible change', () => {
    const cart = screenOf([heading('Shopping cart'), text('Slim phone case $12.99'), button('Remove Slim phone case')]);
    expect(reading(verdictOn(cart, 'button', 'Remove Slim phone case'))).toBe('harmless');
  });

  it('reads a generic Save from the form it submits', () => {
    const password = screenOf([
      heading('Security'),
      form('Change password', [field('New password', '••••••'), button('Save')]),
    ]);
    expect(verdictOn(password, 'button', 'Save')).toMatchObject({
      category: 'credentials',
      reason: "clicks 'Save', which submits 'Change password'",
    });
    const notices = screenOf([
      heading('Notifications'),
      text('Email me about'),
      checkbox('New sign-ins', true),
      button('Save'),
    ]);
    expect(reading(verdictOn(notices, 'button', 'Save'))).toBe('harmless');
    const bucket = screenOf([
      heading('Bucket: exports'),
      radio('Private', false),
      radio('Public', true),
      button('Save'),
    ]);
    expect(reading(verdictOn(bucket, 'button', 'Save'))).toBe('publishing');
  });

  it('reads what the text beside a button the lexicon does not know says it will do', () => {
    const plan = screenOf([
      heading('Protect Plus'),
      text('$9.99/month, billed today to your card. Renews monthly until cancelled.'),
      button('Start plan'),
    ]);
    expect(reading(verdictOn(plan, 'button', 'Start plan'))).toBe('money');
    const plugin = screenOf([
      heading('Relay for Home'),
      text('Adding this integration downloads and installs its code on your hub.'),
      button('Add to hub'),
    ]);
    expect(reading(verdictOn(plugin, 'button', 'Add to hub'))).toBe('install');
    const rule = screenOf([
      heading('New lifecycle rule'),
      form('New lifecycle rule', [
        { role: 'combobox', name: 'Action', value: 'Expire (permanently delete) objects' },
        button('Create rule'),
      ]),
    ]);
    expect(reading(verdictOn(rule, 'button', 'Create rule'))).toBe('destructive');
    // Text that describes nothing the button does leaves it alone.
    const plain = screenOf([heading('Kitchen sensor'), text('Battery 80 %. Last seen 2 min ago.'), button('Rename')]);
    expect(reading(verdictOn(plain, 'button', 'Rename'))).toBe('harmless');
  });

  it('reads the words that introduce a form, between its heading and its fields', () => {
    const wiki = screenOf([
      heading('Editing: API limits'),
      text('This space is public. Saved changes are visible to everyone immediately.'),
      form('', [field('Page content', 'Default limit: 600/min'), button('Save')]),
    ]);
    expect(reading(verdictOn(wiki, 'button', 'Save'))).toBe('publishing');
  });

  it('treats taking an item off a personal list as reversible, not as deleting it', () => {
    for (const name of ['Remove from favourites', 'Remove from watchlist', 'Remove from room']) {
      const page = screenOf([heading('Item'), text('Fender Telecaster 1972'), button(name)]);
      expect(reading(verdictOn(page, 'button', name)), name).toBe('harmless');
    }
    const member = screenOf([heading('Members'), text('Ada Lovelace'), button('Remove member')]);
    expect(reading(verdictOn(member, 'button', 'Remove member'))).toBe('destructive');
  });

  it('reads what a section says the next step will do', () => {
    const review = screenOf([
      heading('Review your gift'),
      text('Your first $25.00 will be charged to Visa today.'),
      button('Continue'),
    ]);
    expect(reading(verdictOn(review, 'button', 'Continue'))).toBe('money');
    const tour = screenOf([heading('Welcome'), text('Channels keep conversations organised.'), button('Continue')]);
    expect(reading(verdictOn(tour, 'button', 'Continue'))).toBe('harmless');
  });

  it('lets an OK that only acknowledges what happened go', () => {
    const done = screenOf([
      dialog('Payment complete', [text('$40.00 was charged to Visa.'), button('Close'), button('Done')]),
    ]);
    expect(reading(verdictOn(done, 'button', 'Done'))).toBe('harmless');
    const asked = screenOf([dialog('Pay $40.00 to Jules?', [button('Cancel'), button('Done')])]);
    expect(reading(verdictOn(asked, 'button', 'Done'))).toBe('money');
  });

  it('runs a query only as dangerous as the code in its editor', () => {
    const sql = (query: string) => screenOf([heading('SQL editor'), field('Query', query), button('Run')]);
    expect(reading(verdictOn(sql('DROP TABLE customers;'), 'button', 'Run'))).toBe('destructive');
    expect(reading(verdictOn(sql('SELECT * FROM orders LIMIT 5;'), 'button', 'Run'))).toBe('harmless');
  });

  it('opens an installer but not a document', () => {
    const downloads = screenOf([
      heading('Downloads'),
      text('Setup-4.2.0.exe · 148 MB'),
      button('Open'),
      text('invoice-1042.pdf · 88 KB'),
      button('Open'),
    ]);
    const opens = downloads.filter((node) => node.name === 'Open');
    const verdicts = opens.map((target) =>
      reading(classifyAction({ action: clickOn(target), target, nodes: downloads })),
    );
    expect(verdicts).toEqual(['install', 'harmless']);
  });

  it('reads switches by what they control', () => {
    const security = screenOf([
      heading('Security'),
      toggle('Two-factor authentication', true),
      toggle('Dark mode', false),
    ]);
    expect(reading(verdictOn(security, 'switch', 'Two-factor authentication'))).toBe('credentials');
    expect(reading(verdictOn(security, 'switch', 'Dark mode'))).toBe('harmless');
  });
});

describe('what the second corpus batch taught the guard', () => {
  it('reads refunds, voids, bids and scheduled posts by what they commit', () => {
    const refund = screenOf([
      dialog('Refund $120.00?', [text('The money goes back to the card.'), button('Cancel'), button('OK')]),
    ]);
    expect(reading(verdictOn(refund, 'button', 'OK'))).toBe('money');
    const voiding = screenOf([dialog('Void invoice 2231?', [button('Cancel'), button('OK')])]);
    expect(reading(verdictOn(voiding, 'button', 'OK'))).toBe('destructive');
    const bid = screenOf([dialog('Confirm your bid', [text('You commit to buy it if you win.'), button('Confirm')])]);
    expect(reading(verdictOn(bid, 'button', 'Confirm'))).toBe('money');
    const post = screenOf([
      heading('New post'),
      form('Post to', [field('Text', 'Fresh bread today'), button('Schedule')]),
    ]);
    expect(reading(verdictOn(post, 'button', 'Schedule'))).toBe('publishing');
  });

  it('reads an outage in a dialog body as destructive, and session revocation as credentials', () => {
    const reset = screenOf([
      dialog('Reset api-7?', [text('Open connections drop and writes fail for a minute.'), button('Proceed')]),
    ]);
    expect(reading(verdictOn(reset, 'button', 'Proceed'))).toBe('destructive');
    const sessions = screenOf([dialog('Revoke all sessions?', [button('Cancel'), button('Yes')])]);
    expect(reading(verdictOn(sessions, 'button', 'Yes'))).toBe('credentials');
  });

  it('lets an install link install, and copying stay harmless unless it copies a secret', () => {
    const store = screenOf([heading('Add plugins'), link('Install Cache Booster 2.1 now'), link('Install guide')]);
    expect(reading(verdictOn(store, 'link', 'Install Cache Booster 2.1 now'))).toBe('install');
    expect(reading(verdictOn(store, 'link', 'Install guide'))).toBe('harmless');
    const docs = screenOf([heading('Quick start'), button('Copy install command'), button('Copy access key ID')]);
    expect(reading(verdictOn(docs, 'button', 'Copy install command'))).toBe('harmless');
    expect(reading(verdictOn(docs, 'button', 'Copy access key ID'))).toBe('harmless');
  });

  it('applies a choice without committing, and asks about a question it cannot read', () => {
    const audience = screenOf([dialog('Choose audience', [text('Send this draft to'), button('Apply')])]);
    expect(reading(verdictOn(audience, 'button', 'Apply'))).toBe('harmless');
    const unknown = screenOf([dialog('Apply to all 40 rows?', [button('Cancel'), button('Yes')])]);
    expect(reading(verdictOn(unknown, 'button', 'Yes'))).toBe('uncertain');
    const layout = screenOf([dialog('Switch to compact layout?', [button('Cancel'), button('OK')])]);
    expect(reading(verdictOn(layout, 'button', 'OK'))).toBe('harmless');
  });
});

describe('what the words around a control say it commits', () => {
  it('reads a note elsewhere on the page that explains the control by its name', () => {
    const orders = screenOf([
      heading('Earlier orders'),
      text('Order again sends the same basket straight away and places the order with your saved card.'),
      heading('Noodle Bar, $18.20'),
      button('Order again'),
    ]);
    expect(reading(verdictOn(orders, 'button', 'Order again'))).toBe('money');
    // With no note beside it nothing says what it commits: the guard cannot tell, so it asks.
    const bare = screenOf([heading('Earlier orders'), heading('Noodle Bar, $18.20'), button('Order again')]);
    expect(reading(verdictOn(bare, 'button', 'Order again'))).toBe('uncertain');
  });

  it('takes a cost tied to a harmless-looking name ("charged when you print")', () => {
    const label = screenOf([
      heading('Ship parcel 2211'),
      text('Courier, 3 kg. Postage of $11.90 is charged to your balance when you print.'),
      button('Print label'),
    ]);
    expect(reading(verdictOn(label, 'button', 'Print label'))).toBe('money');
    const plain = screenOf([heading('Ship parcel 2211'), text('Courier, 3 kg.'), button('Print label')]);
    expect(reading(verdictOn(plain, 'button', 'Print label'))).toBe('harmless');
  });

  it('reads what is lost, charged or paid into an account from the dialog or form', () => {
    const leave = screenOf([
      dialog('Leave this page?', [
        text('Your answers have not been saved and will be lost.'),
        button('Stay'),
        button('Leave page'),
      ]),
    ]);
    expect(reading(verdictOn(leave, 'button', 'Leave page'))).toBe('destructive');
    const deposit = screenOf([
      heading('Reserve the flat'),
      text("We'll charge €300 to your card to hold it for 5 days."),
      button('Back'),
      button('Proceed'),
    ]);
    expect(reading(verdictOn(deposit, 'button', 'Proceed'))).toBe('money');
    const payout = screenOf([heading('Payout details'), field('IBAN', 'DE02 1203 0000 0000 2020 51'), button('Save')]);
    expect(reading(verdictOn(payout, 'button', 'Save'))).toBe('money');
    const checkout = screenOf([heading('Your basket'), text('Total £23.40 · Visa'), button('Confirm')]);
    expect(reading(verdictOn(checkout, 'button', 'Confirm'))).toBe('money');
  });

  it('sees a new secret made under a heading that lists secrets, and voiding as destructive', () => {
    const keys = screenOf([heading('Deploy tokens'), field('Token name'), button('Generate')]);
    expect(reading(verdictOn(keys, 'button', 'Generate'))).toBe('credentials');
    const labels = screenOf([heading('Labels'), field('Label name'), button('Generate')]);
    expect(reading(verdictOn(labels, 'button', 'Generate'))).toBe('harmless');
    const voiding = screenOf([dialog('Void this agreement?', [button('Keep it'), button('Yes, void it')])]);
    expect(reading(verdictOn(voiding, 'button', 'Yes, void it'))).toBe('destructive');
  });

  it('leaves opening a share sheet, leaving a personal list and editing a draft harmless', () => {
    const clip = screenOf([heading('Highlights'), button('Share highlight')]);
    expect(reading(verdictOn(clip, 'button', 'Share highlight'))).toBe('harmless');
    const recent = screenOf([heading('Recently played'), button('Remove from recently played')]);
    expect(reading(verdictOn(recent, 'button', 'Remove from recently played'))).toBe('harmless');
    const draft = screenOf([heading('Offer letter (draft)'), button('Remove signature block')]);
    expect(reading(verdictOn(draft, 'button', 'Remove signature block'))).toBe('harmless');
    const live = screenOf([heading('Offer letter'), button('Remove signature block')]);
    expect(reading(verdictOn(live, 'button', 'Remove signature block'))).toBe('destructive');
    const filter = screenOf([heading('Homes'), button('Delete Garden filter')]);
    expect(reading(verdictOn(filter, 'button', 'Delete Garden filter'))).toBe('harmless');
  });
});

describe('a control no rule knows, in an app of its own words', () => {
  it('asks about a button whose effect nothing on the screen names', () => {
    const shift = screenOf([heading('Night shift'), text('12 open tasks'), button('Hand off shift')]);
    expect(verdictOn(shift, 'button', 'Hand off shift')).toEqual({
      sensitive: false,
      uncertain: "clicks 'Hand off shift', whose effect nothing on the screen names",
    });
    // "Close out" is not closing a panel.
    const till = screenOf([heading('Till 2'), button('Close out register')]);
    expect(reading(verdictOn(till, 'button', 'Close out register'))).toBe('uncertain');
  });

  it('lets a control that only opens, arranges, or names something to look at go', () => {
    const screen = screenOf([
      heading('Claims'),
      { role: 'button', name: 'Claim actions', popup: 'menu' },
      { role: 'button', name: 'Coverage limits', expanded: false },
      button('Sort by date filed'),
      button('Usage chart'),
      button('Create folder'),
    ]);
    for (const name of ['Claim actions', 'Coverage limits', 'Sort by date filed', 'Usage chart', 'Create folder']) {
      expect(reading(verdictOn(screen, 'button', name)), name).toBe('harmless');
    }
  });

  it('asks about a generic answer to a dialog no rule reads, unless the dialog is about the person’s own view', () => {
    const sharing = screenOf([dialog('Start partner sharing with Alex', [button('Back'), button('Continue')])]);
    expect(reading(verdictOn(sharing, 'button', 'Continue'))).toBe('uncertain');
    const slideshow = screenOf([dialog('Slideshow options', [field('Seconds per photo', '5'), button('OK')])]);
    expect(reading(verdictOn(slideshow, 'button', 'OK'))).toBe('harmless');
  });

  it('asks before Enter submits a form through a button it cannot read', () => {
    const returns = screenOf([form('Returns', [field('Order number', 'A-1182', true), button('Lodge return')])]);
    const enter: Action = { type: 'key', keys: ['Enter'] };
    expect(reading(verdictOn(returns, 'textbox', 'Order number', enter))).toBe('uncertain');
  });

  it('reads a form’s own button by the form’s heading', () => {
    const invite = screenOf([
      form('Invite outside counsel to matter 2024-117', [
        field('Email', 'p.okafor@example.com'),
        button('Add to matter'),
      ]),
    ]);
    expect(reading(verdictOn(invite, 'button', 'Add to matter'))).toBe('publishing');
  });

  it('knows a code field takes a secret when the page says a code was sent', () => {
    const typing: Action = { type: 'type', text: '804311' };
    const otp = screenOf([form("Confirm it's you", [text('We texted a 6-digit code to your phone.'), field('Code')])]);
    expect(reading(verdictOn(otp, 'textbox', 'Code', typing))).toBe('credentials');
    const pairing = screenOf([
      form('Pair printer', [
        text("Enter the 6-digit pairing code shown on the printer's screen."),
        field('Pairing code'),
      ]),
    ]);
    expect(reading(verdictOn(pairing, 'textbox', 'Pairing code', typing))).toBe('credentials');
    const zip = screenOf([form('Shipping', [text('Enter your 5-digit ZIP code.'), field('ZIP code')])]);
    expect(reading(verdictOn(zip, 'textbox', 'ZIP code', typing))).toBe('harmless');
    const promo = screenOf([form('Checkout', [text('Have a discount?'), field('Code')])]);
    expect(reading(verdictOn(promo, 'textbox', 'Code', typing))).toBe('harmless');
  });

  it('reads what the text says this very control does, even on an acknowledging Done', () => {
    const quote = screenOf([
      dialog('Quote Q-1187 is ready', [
        text('Clicking Done emails the quote and a payment link to dana@example.com.'),
        button('Done'),
        button('Edit quote'),
      ]),
    ]);
    expect(reading(verdictOn(quote, 'button', 'Done'))).toBe('publishing');
  });

  it('does not take closing a record, or adding to an app, for closing a panel or making an item', () => {
    const job = screenOf([heading('Senior Firmware Engineer'), button('Close job')]);
    expect(reading(verdictOn(job, 'button', 'Close job'))).toBe('uncertain');
    const panel = screenOf([heading('Senior Firmware Engineer'), button('Close details')]);
    expect(reading(verdictOn(panel, 'button', 'Close details'))).toBe('harmless');
    const addOn = screenOf([heading('Sermon Audio Player'), button('Add to site')]);
    expect(reading(verdictOn(addOn, 'button', 'Add to site'))).toBe('uncertain');
  });

  it('lets a generic answer go in a dialog about a date range or something private to the person', () => {
    const range = screenOf([dialog('Date range', [field('From', '1 May'), button('Apply')])]);
    expect(reading(verdictOn(range, 'button', 'Apply'))).toBe('harmless');
    const segment = screenOf([
      dialog('Save as segment', [text('Segments are private to you until you share them.'), button('Save')]),
    ]);
    expect(reading(verdictOn(segment, 'button', 'Save'))).toBe('harmless');
  });

  it('lets a generic answer go when the dialog says it commits nothing yet', () => {
    const print = screenOf([
      dialog('Print setup', [
        text('Choose the layout. A preview opens next; nothing is printed yet.'),
        button('Continue'),
      ]),
    ]);
    expect(reading(verdictOn(print, 'button', 'Continue'))).toBe('harmless');
    const copy = screenOf([
      dialog('Download a copy', [text('Save the current sheet to your computer.'), button('Cancel'), button('OK')]),
    ]);
    expect(reading(verdictOn(copy, 'button', 'OK'))).toBe('harmless');
    // Without such a sentence the same answer is still asked about.
    const bare = screenOf([dialog('Batch setup', [text('Choose the layout.'), button('Cancel'), button('Continue')])]);
    expect(reading(verdictOn(bare, 'button', 'Continue'))).toBe('uncertain');
  });

  it('reads display settings, announcements, earlier wizard steps and view questions as harmless', () => {
    const layers = screenOf([dialog('Map layers', [text('Overlays drawn on the map.'), button('Apply')])]);
    expect(reading(verdictOn(layers, 'button', 'Apply'))).toBe('harmless');
    const chart = screenOf([dialog('Chart settings · Q2', [button('Save')])]);
    expect(reading(verdictOn(chart, 'button', 'Save'))).toBe('harmless');
    const tour = screenOf([dialog('New: treatment whiteboard (3 of 3)', [button('Finish')])]);
    expect(reading(verdictOn(tour, 'button', 'Finish'))).toBe('harmless');
    const flow = screenOf([
      dialog('Your energy flow', [
        text('The arrows show where power goes.'),
        text('4 of 4'),
        button('Back'),
        button('Finish'),
      ]),
    ]);
    expect(reading(verdictOn(flow, 'button', 'Finish'))).toBe('harmless');
    const review = screenOf([dialog('Release plan', [text('Step 3 of 3: review.'), button('Back'), button('Finish')])]);
    expect(reading(verdictOn(review, 'button', 'Finish'))).toBe('uncertain');
    const first = screenOf([
      dialog('Circulation by branch', [text('Step 1 of 2: choose the period.'), button('Back'), button('Continue')]),
    ]);
    expect(reading(verdictOn(first, 'button', 'Continue'))).toBe('harmless');
    const final = screenOf([
      dialog('Circulation by branch', [text('Step 2 of 2: check the totals.'), button('Back'), button('Continue')]),
    ]);
    expect(reading(verdictOn(final, 'button', 'Continue'))).toBe('uncertain');
    const hide = screenOf([dialog('Hide completed workouts?', [button('No'), button('Yes')])]);
    expect(reading(verdictOn(hide, 'button', 'Yes'))).toBe('harmless');
  });

  it('reads showing a masked value as revealing a secret', () => {
    const code = (masked: string) =>
      screenOf([heading('Transfer out'), form('Authorization code', [text(masked), button('Show code')])]);
    expect(reading(verdictOn(code('••••••••••••'), 'button', 'Show code'))).toBe('credentials');
    expect(reading(verdictOn(code('Ask your registrar for it.'), 'button', 'Show code'))).not.toBe('credentials');
  });

  it('lets a removal go when the page says it can be added back, and only then', () => {
    const card = (note: string) =>
      screenOf([heading('Today'), text('Spin 45 · 18:30'), button('Remove from Today'), text(note)]);
    expect(
      reading(verdictOn(card('Removed cards can be added back from Customize.'), 'button', 'Remove from Today')),
    ).toBe('harmless');
    expect(reading(verdictOn(card('Your heart-rate data is kept.'), 'button', 'Remove from Today'))).toBe(
      'destructive',
    );
  });

  it('finds a note that names the control in another form of the word', () => {
    const album = screenOf([
      heading('Cabin weekend'),
      text('Unsharing removes everyone’s access and deletes the photos they added.'),
      button('Unshare'),
    ]);
    expect(reading(verdictOn(album, 'button', 'Unshare'))).toBe('destructive');
  });

  it('lets declining buttons, dialogs that only tell the person later, and ranges go', () => {
    const drop = screenOf([
      dialog('Drop this course?', [
        text('Your seat goes to the next person.'),
        button('Stay enrolled'),
        button('Drop'),
      ]),
    ]);
    expect(reading(verdictOn(drop, 'button', 'Stay enrolled'))).toBe('harmless');
    const order = screenOf([dialog('Cancel order 551?', [button("Don't cancel"), button('Cancel order')])]);
    expect(reading(verdictOn(order, 'button', "Don't cancel"))).toBe('harmless');
    // Not saving unsaved work still discards it.
    const unsaved = screenOf([
      dialog('Leave without saving?', [text('Your changes have not been saved.'), button("Don't save")]),
    ]);
    expect(reading(verdictOn(unsaved, 'button', "Don't save"))).toBe('destructive');
    const reminder = screenOf([
      dialog('Remind me when I can donate again?', [text("We'll email you on 8 April."), button('Yes')]),
    ]);
    expect(reading(verdictOn(reminder, 'button', 'Yes'))).toBe('harmless');
    const filed = screenOf([dialog('Filed between', [field('From', '1 May'), field('To', '31 May'), button('Apply')])]);
    expect(reading(verdictOn(filed, 'button', 'Apply'))).toBe('harmless');
    const note = screenOf([
      dialog('Note on segment 42', [text('Private: only you see this note.'), field('Note', 'check'), button('Save')]),
    ]);
    expect(reading(verdictOn(note, 'button', 'Save'))).toBe('harmless');
  });

  it('lets a control go that only opens a dialog or a menu, whatever its name commits later', () => {
    const visitors = (popup?: string) =>
      screenOf([heading('Visitors'), { role: 'button', name: 'Invite a guest', ...(popup ? { popup } : {}) }]);
    expect(reading(verdictOn(visitors('dialog'), 'button', 'Invite a guest'))).toBe('harmless');
    expect(reading(verdictOn(visitors(), 'button', 'Invite a guest'))).toBe('publishing');
  });

  it('reads a save that the page says goes public', () => {
    const listing = screenOf([
      heading('Sea Breeze 42 · Listing'),
      form('Listing details', [
        text('Changes appear on your public listing as soon as you save.'),
        field('Title', 'Sea Breeze'),
        button('Save'),
      ]),
    ]);
    expect(reading(verdictOn(listing, 'button', 'Save'))).toBe('publishing');
  });

  it('reads a reset by the secret its section names, and dashboards, timers and attribute columns as harmless', () => {
    const reset = screenOf([
      heading('Sign-in'),
      heading('Reset your password'),
      text('We will email a temporary password. Your current one stops working.'),
      button('Reset'),
    ]);
    expect(reading(verdictOn(reset, 'button', 'Reset'))).toBe('credentials');
    const zoom = screenOf([heading('Map'), heading('Zoom'), button('Reset')]);
    expect(reading(verdictOn(zoom, 'button', 'Reset'))).toBe('harmless');
    const overview = screenOf([heading('Overview'), heading('Weather'), button('Remove Weather tile')]);
    expect(reading(verdictOn(overview, 'button', 'Remove Weather tile'))).toBe('harmless');
    const time = screenOf([heading('Time'), text('Running: logo refinements'), button('Stop timer')]);
    expect(reading(verdictOn(time, 'button', 'Stop timer'))).toBe('harmless');
    const documents = screenOf([heading('Documents'), button('Name'), button('Publish date')]);
    expect(reading(verdictOn(documents, 'button', 'Publish date'))).toBe('harmless');
    const trip = screenOf([
      dialog('End trip and lock the car?', [
        text('Your total of 23.80 is charged now.'),
        button('Not yet'),
        button('End trip'),
      ]),
    ]);
    expect(reading(verdictOn(trip, 'button', 'Not yet'))).toBe('harmless');
    expect(reading(verdictOn(trip, 'button', 'End trip'))).not.toBe('harmless');
  });
});
