import { renderStepIntent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { parseInstruction, parseStep } from './index.js';
import type { ScreenHints } from '../language/interpret.js';

/**
 * The steps an instruction reads as, in their canonical text; throws on any clause not read. The
 * screen is the labels of its fields, or the whole hints (controls included).
 */
function read(text: string, screen: readonly string[] | ScreenHints = []): string[] {
  const result = parseInstruction(text, 'fieldLabels' in screen ? screen : { fieldLabels: screen });
  if (!result.ok) throw new Error(`unparsed: ${result.unparsed.join(' | ')}`);
  return result.parsed.map((clause) => renderStepIntent(clause.directive));
}

/** The clauses an instruction leaves unread ([] when it reads whole); the screen as for {@link read}. */
function unread(text: string, screen: readonly string[] | ScreenHints = []): readonly string[] {
  const result = parseInstruction(text, 'fieldLabels' in screen ? screen : { fieldLabels: screen });
  return result.ok ? [] : result.unparsed;
}

describe('verbs, their synonyms and particles', () => {
  it.each<[string, string[]]>([
    ['open https://example.com/form?x=1', ['Open https://example.com/form?x=1']],
    ['Go to /expense', ['Open /expense']],
    ['navigate to example.org', ['Open example.org']],
    ['open package.json', ["Go to 'package.json'"]],
    ["open the address 'Settings app'", ["Open the address 'Settings app'"]],
    ['click Next', ["Click 'Next'"]],
    ['Click on the Save changes button', ["Click the 'Save changes' button"]],
    ["click on the link 'Docs'", ["Click the 'Docs' link"]],
    ["click on the 'Reports' tab", ["Click the 'Reports' tab"]],
    ["click the 'Temperature' column header", ["Click the 'Temperature' column header"]],
    ['tap the Help icon', ["Click the 'Help' icon"]],
    ['hit Submit', ["Click 'Submit'"]],
    ['push the Go button', ["Click the 'Go' button"]],
    ["double-click 'Row 1'", ["Double-click 'Row 1'"]],
    ['hover over the Account menu item', ["Hover over the 'Account' menu item"]],
    ['press the Submit button', ["Click the 'Submit' button"]],
    ['press Submit', ["Click 'Submit'"]],
    ['press Enter', ['Press Enter']],
    ['press the Escape key', ['Press Escape']],
    ['hit ctrl+shift+k', ['Press Control+Shift+K']],
    ["type 'Ada Lovelace' into the Employee name field", ["Type 'Ada Lovelace' into the 'Employee name' field"]],
    ["enter 'ada@example.com' in the Email box", ["Type 'ada@example.com' into the 'Email' field"]],
    ['enter 42 in Amount', ["Type '42' into the 'Amount' field"]],
    ['type hello world into the search box', ["Type 'hello world' into the searchbox"]],
    ["fill in the Email field with 'a@b.c'", ["Type 'a@b.c' into the 'Email' field"]],
    ['fill Name with Grace', ["Type 'Grace' into the 'Name' field"]],
    ["write 'Thanks!' in Notes", ["Type 'Thanks!' into the 'Notes' field"]],
    ["input 'x' into the 'Notes' textarea", ["Type 'x' into the 'Notes' field"]],
    ["type 'hello'", ["Type 'hello'"]],
    ['clear the Search field', ["Clear the 'Search' field"]],
    ["select 'Engineering' from the Department dropdown", ["Select 'Engineering' from the 'Department' dropdown"]],
    ['select Engineering from the Department dropdown', ["Select 'Engineering' from the 'Department' dropdown"]],
    ["choose 'Lodging'", ["Pick 'Lodging'"]],
    ['pick Card for Payment method', ["Pick 'Card' in 'Payment method'"]],
    ["choose the 'Card' radio button for 'Payment method'", ["Choose the 'Card' radio button for 'Payment method'"]],
    ['select Mustard', ["Pick 'Mustard'"]],
    ["check the 'Receipt attached' checkbox", ["Check the 'Receipt attached' checkbox"]],
    ['check the Receipt attached box', ["Check the 'Receipt attached' checkbox"]],
    ['tick Newsletter', ["Check the 'Newsletter' checkbox"]],
    ['mark Newsletter', ["Check the 'Newsletter' checkbox"]],
    ["untick 'Newsletter'", ["Uncheck the 'Newsletter' checkbox"]],
    ['turn on SMS alerts', ["Turn on 'SMS alerts'"]],
    ['switch dark mode off', ["Turn off 'dark mode'"]],
    ['disable the Public profile switch', ["Turn off the 'Public profile' switch"]],
    ['set the volume to 35', ["Set 'volume' to '35'"]],
    ['change the role of Chidi Obi to Editor', ["Set 'role' in 'Chidi Obi' to 'Editor'"]],
    ['expand Billing', ["Expand 'Billing'"]],
    ["open the 'Billing Address' section", ["Expand the 'Billing Address' section"]],
    ['collapse the Details section', ["Collapse the 'Details' section"]],
    ['close the dialog', ['Close the dialog']],
    ['dismiss the trial notification', ["Close the 'trial' notice"]],
    ['close', ['Close']],
    ['confirm', ['Confirm in the dialog']],
    ["confirm with 'Sign out'", ["Confirm with 'Sign out'"]],
    ['go to Members', ["Go to 'Members'"]],
    ['switch to the Members tab', ["Go to the 'Members' tab"]],
    ['search for blue shoes', ["Search for 'blue shoes'"]],
    ['look up harbour', ["Search for 'harbour'"]],
    ['find the Archive button', ["Find the 'Archive' button"]],
    ['Select rows AST-1004 and AST-1007', ["Pick 'AST-1004'", "Pick 'AST-1007'"]],
    ['search assets for crane', ["Search for 'crane'"]],
    [
      'fill in “Email” with “ada@example.com” and “Password” with “Sunflower!42”',
      ["Type 'ada@example.com' into the 'Email' field", "Type 'Sunflower!42' into the 'Password' field"],
    ],
    ['choose “Lisbon” under “From” and “Oslo” under “To”', ["Pick 'Lisbon' in 'From'", "Pick 'Oslo' in 'To'"]],
    ['pick Red in Colour and Large in Size', ["Click 'Red' in 'Colour'", "Click 'Large' in 'Size'"]],
    ['show me the Members tab', ["Go to the 'Members' tab"]],
    ['display the details section', ["Expand the 'details' section"]],
    ['reveal the Archive button', ["Find the 'Archive' button"]],
    ['log in', ['Log in']],
    ['sign in', ['Sign in']],
    ['submit', ['Submit']],
    ['save the profile', ["Save 'profile'"]],
    ['remove Jonas Berg', ["Remove 'Jonas Berg'"]],
    ['scroll down twice', ['Scroll down 2 times']],
    ['scroll to the bottom', ['Scroll to the bottom']],
    ['wait 2 seconds', ['Wait 2 seconds']],
    ["wait for 'Saved' to appear", ["Wait for 'Saved' to appear"]],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('targets by kind, position and relation', () => {
  it.each<[string, string[]]>([
    ['click the button', ['Click the button']],
    ['type abc into the text field', ["Type 'abc' into the field"]],
    ['click the 3rd result', ['Click the third card']],
    ['click the second text box', ['Click the second field']],
    ['click the last row', ['Click the last row']],
    ['click the first link', ['Click the first link']],
    ['click link number 3', ['Click the third link']],
    ['Click button ONE', ["Click the 'ONE' button"]],
    ['click the Cancel button in the dialog', ["Click the 'Cancel' button in the dialog"]],
    ["click the Delete button of the row with 'Boiler-02'", ["Click the 'Delete' button in the row of 'Boiler-02'"]],
    ['click the Like button on the post by @dana', ["Click the 'Like' button in the card of '@dana'"]],
    ["type 12 in the field next to 'Amount'", ["Type '12' into the field next to 'Amount'"]],
    ['type 7 into the field right after Width', ["Type '7' into the field right after 'Width'"]],
    ['open the Table component', ["Go to 'Table component'"]],
    ['In "Returns", vote Up on Was it clear', ["Go to 'Returns'", "Vote 'Up' in 'Was it clear'"]],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('several values, targets and clauses', () => {
  it.each<[string, string[]]>([
    [
      "enter username 'ada' and password 'secret'",
      ["Type 'ada' into the 'username' field", "Type 'secret' into the 'password' field"],
    ],
    [
      "Type 'Dana Whitfield' into the 'Employee name' field and 'dana@example.com' into the 'Email' field",
      ["Type 'Dana Whitfield' into the 'Employee name' field", "Type 'dana@example.com' into the 'Email' field"],
    ],
    [
      "type 'x' into Notes, 'y' into Phone and 'z' in Email",
      ["Type 'x' into the 'Notes' field", "Type 'y' into the 'Phone' field", "Type 'z' into the 'Email' field"],
    ],
    ["type 'x' into Terms and conditions", ["Type 'x' into the 'Terms and conditions' field"]],
    ["select 'A', 'B' and 'C'", ["Pick 'A'", "Pick 'B'", "Pick 'C'"]],
    [
      'tick Weekly report and Daily digest',
      ["Check the 'Weekly report' checkbox", "Check the 'Daily digest' checkbox"],
    ],
    ['Set From to Lisbon and To to Oslo', ["Set 'From' to 'Lisbon'", "Set 'To' to 'Oslo'"]],
    [
      'Tick Weekly report, untick Daily digest, save.',
      ["Check the 'Weekly report' checkbox", "Uncheck the 'Daily digest' checkbox", 'Save'],
    ],
    ['Remove Jonas Berg and confirm.', ["Remove 'Jonas Berg'", 'Confirm in the dialog']],
    [
      'Click “Remove” in the row of “Jonas Berg”, then “Remove” in the dialog.',
      ["Click 'Remove' in the row of 'Jonas Berg'", "Click 'Remove' in the dialog"],
    ],
    [
      'Tap “Like” on the posts by “Dana Whitfield” and “Mei Chen”.',
      ["Click 'Like' in the card of 'Dana Whitfield'", "Click 'Like' in the card of 'Mei Chen'"],
    ],
    ['Like the posts by @dana and @mei.', ["Like the '@dana' card", "Like the '@mei' card"]],
    ['Please delete the machine in the last row of the first page of the table.', ['Delete the last row']],
    ['click Delete in the last row of the table', ["Click 'Delete' in the last row"]],
    ['Please archive the second project on the board.', ['Archive the second card']],
    ['click like on the third post in the feed', ["Click 'like' in the third card"]],
    ['remove my like from the morning swim post', ["Unlike the 'morning swim' card"]],
    ['remove Mei from the travellers', ["Remove 'Mei' in 'travellers'"]],
    ['Delete tests/button.test.tsx.', ["Delete 'button.test.tsx' in 'tests'"]],
    ['click A/B testing', ["Click 'A/B testing'"]],
    ["Fill 'Name' with 'Ada', then 'Save'.", ["Type 'Ada' into the 'Name' field", "Click 'Save'"]],
    ["Type 'Dear Ada,', then 'Thanks'", ["Type 'Dear Ada,'", "Type 'Thanks'"]],
    ['Account menu → Sign out, confirm.', ["Go to the 'Account' menu", 'Sign out', 'Confirm in the dialog']],
    ['Country: New Zealand. Save.', ["Set 'Country' to 'New Zealand'", 'Save']],
    ['Billing: expand 2024', ["Go to 'Billing'", "Expand '2024'"]],
    ['Harbor Redesign is finished; archive it.', ["Archive 'Harbor Redesign'"]],
    // A statement's verb may be any past form after its subject, and the subject may carry digits.
    ['Boiler-02 broke down this morning. Delete it.', ["Delete 'Boiler-02'"]],
    ['Boiler-02 has been scrapped; delete it.', ["Delete 'Boiler-02'"]],
    ['Both Mixer-04 and Saw-06 were sold; please delete the two of them.', ["Delete 'Mixer-04'", "Delete 'Saw-06'"]],
    ['Mixer-04 and Saw-06 were sold. Delete them.', ["Delete 'Mixer-04'", "Delete 'Saw-06'"]],
    // A value after the verb is part of what is asked, and a statement alone asks nothing.
    ['Boiler-02 was moved to 4 May. Delete it.', []],
    ['Boiler-02 broke down this morning.', []],
    // A goal reads as the imperative it asks for, when its participle comes from a verb the grammar has.
    ['Cargo Tracker should be gone for good.', ["Remove 'Cargo Tracker'"]],
    ['The Q3 report needs to be archived.', ["Archive 'Q3 report'"]],
    ['I want the Q3 report archived.', ["Archive 'Q3 report'"]],
    ['The porch light should be on.', ["Turn on 'porch light'"]],
    ['This trip should be paid by research.', []],
    // A new name, a membership ended, an "-ing" wanted.
    [
      'The Dock Scheduling project should be called Berth Scheduling.',
      ["Rename 'Dock Scheduling project'", "Type 'Berth Scheduling' into the first field in the dialog", 'Save'],
    ],
    ["Jonas Berg shouldn't be a member of this project anymore.", ["Remove 'Jonas Berg'"]],
    ['Ana should no longer be on the Platform team.', ["Remove 'Ana' in 'Platform team'"]],
    ['I want to be following Priya Nair.', ["Follow 'Priya Nair'"]],
    ['Ana should be on the Platform team.', []],
    // Without any capitals, case says nothing: plain words may be a new name, written as names
    // are; a description may not be one.
    [
      'rename the dock scheduling project to berth scheduling',
      ["Rename 'dock scheduling project'", "Type 'Berth Scheduling' into the first field in the dialog", 'Save'],
    ],
    [
      'rename the project to the end of days',
      ["Rename 'project'", "Type 'End of Days' into the first field in the dialog", 'Save'],
    ],
    // A code or a file name keeps its case.
    [
      'rename the file to report-v2.txt',
      ["Rename 'file'", "Type 'report-v2.txt' into the first field in the dialog", 'Save'],
    ],
    ['rename the dock scheduling project to something shorter', []],
    ['A reset email should be on its way to ada@example.com.', []],
    // "take … off / out of / back" removes.
    ['Mei Lin is not coming after all; take her off the travellers.', ["Remove 'Mei Lin'"]],
    ['Take the Q3 report out of the archive.', ["Remove 'Q3 report' in 'archive'"]],
    ['Take the lid back to the shop.', []],
    ['Could you sign me out, please?', ['Sign out']],
    [
      'Please delete my account. It is under Privacy, and you will need to confirm.',
      ["Delete 'account'", 'Confirm in the dialog'],
    ],
    [
      "scroll down and find and click the link 'Pricing'",
      ['Scroll down', "Find the 'Pricing' link", "Click the 'Pricing' link"],
    ],
    ["expand Help, to find and click the link 'FAQ'", ["Expand 'Help'", "Find the 'FAQ' link", "Click the 'FAQ' link"]],
    ["type 'ada' in upper case into Name", ["Type 'ADA' into the 'Name' field"]],
    ['Put ‘MARA JENSEN’ (all capitals) in the ‘Full name’ box.', ["Type 'MARA JENSEN' into the 'Full name' field"]],
    ["Put 'Mara Jensen' in all capitals in the 'Full name' box.", ["Type 'MARA JENSEN' into the 'Full name' field"]],
    ['Fill in the trip from Porto to Oslo. Do not submit yet.', []],
  ])('%s', (text, expected) => {
    if (expected.length === 0) {
      expect(parseInstruction(text).ok).toBe(false);
      return;
    }
    expect(read(text)).toEqual(expected);
  });

  it('reads verbless "field value" clauses against the labels on screen', () => {
    expect(read('Birthday June 22, 1990; save profile', ['Birthday', 'Name'])).toEqual([
      "Set the 'Birthday' field to 'June 22, 1990'",
      "Save 'profile'",
    ]);
    expect(read('from Porto, to Toronto', ['From', 'To'])).toEqual([
      "Set the 'from' field to 'Porto'",
      "Set the 'to' field to 'Toronto'",
    ]);
    expect(parseInstruction('from Porto, to Toronto').ok).toBe(false);
    // A pronoun alone is no label, even where a check box reads "I agree to the terms".
    expect(
      parseInstruction('I need a Pro account in Kenya', { fieldLabels: ['I agree to the terms', 'Country'] }).ok,
    ).toBe(false);
    // A label whose first word is also a verb, before a colon, is still the label.
    expect(read('Open hours: Evenings', ['Open hours', 'Name'])).toEqual(["Set the 'Open hours' field to 'Evenings'"]);
    expect(read('Open hours: Evenings')).toEqual(["Go to 'hours: Evenings'"]);
  });

  it('keeps "do not" clauses as constraints, not steps', () => {
    const result = parseInstruction('Set From to Lisbon. Do not submit yet.');
    expect(result.ok).toBe(true);
    expect(result.constraints).toEqual(['Do not submit yet']);
  });
});

describe('quotes', () => {
  it('never splits quoted text, even at commas, "and" or "then"', () => {
    expect(read("type 'Plant B, Line 3 and then more' into the 'Search, and find' field and press Enter")).toEqual([
      "Type 'Plant B, Line 3 and then more' into the 'Search, and find' field",
      'Press Enter',
    ]);
  });

  it('accepts every kind of quote and keeps apostrophes inside a quote', () => {
    expect(read('type "it\'s fine" into \u2018Notes\u2019 and click \u201cSave, then close\u201d')).toEqual([
      "Type 'it's fine' into the 'Notes' field",
      "Click 'Save, then close'",
    ]);
    expect(read('click \u00abWeiter\u00bb and click `OK`')).toEqual(["Click 'Weiter'", "Click 'OK'"]);
  });

  it('takes quoted text literally, spaces and case included', () => {
    expect(parseInstruction("type '  Mixed CASE  ' into 'Name'")).toMatchObject({
      ok: true,
      parsed: [{ directive: { kind: 'type', text: '  Mixed CASE  ', field: { name: 'Name', role: 'field' } } }],
    });
  });
});

describe('clauses it does not understand', () => {
  it('lists exactly the clauses it could not read, verbatim, and keeps the rest', () => {
    const result = parseInstruction(
      "open /form, frobnicate the widget, click 'Next' and then fill in the rest with my usual details",
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unparsed).toEqual(['frobnicate the widget', 'fill in the rest with my usual details']);
    expect(result.parsed.map((clause) => clause.directive.kind)).toEqual(['open', 'click']);
  });

  it('drops the numbers of numbered steps, and reads a dot after an initial as part of a name', () => {
    expect(read('1. Click cell A14.\n2. Press Control+B.\n3) Press Control+B again.')).toEqual([
      "Click the 'A14' cell",
      'Press Control+B',
      'Press Control+B',
    ]);
    expect(read('type J. Kowalski, press Enter. Then type S. Ito')).toEqual([
      "Type 'J. Kowalski'",
      'Press Enter',
      "Type 'S. Ito'",
    ]);
    expect(read('Press A. Then press B')).toEqual(['Press A', 'Press B']);
    expect(read("type ' Revised.' (with the leading space)")).toEqual(["Type ' Revised.'"]);
  });

  it('reads "save with Control+S" as pressing the shortcut the clause names', () => {
    expect(read('press Enter and save with Control+S')).toEqual(['Press Enter', 'Press Control+S']);
    expect(read('undo it using Ctrl+Z')).toEqual(['Press Control+Z']);
    expect(read('save the file by pressing Ctrl+S')).toEqual(['Press Control+S']);
    expect(read("fill in the 'Name' field with Ctrl+S")).toEqual(["Type 'Ctrl+S' into the 'Name' field"]);
  });

  it('does not type a word that stands for something else literally ("write it in F2")', () => {
    for (const text of [
      'Find the highest value and write it in F2',
      'type them',
      'Enter the result in the Total field',
    ]) {
      const result = parseInstruction(text);
      expect(result.ok, text).toBe(false);
    }
    expect(read("Type 'it' into the 'Word' field")).toEqual(["Type 'it' into the 'Word' field"]);
  });

  it.each([
    'book me a nice hotel for the Denver trip',
    'make the chart look better',
    'check that the total is right',
    'I want mustard on my sandwich',
    'Strangers should not be able to see my profile.',
    'Could you keep my data for six months only?',
    'restart whichever ones seem overheated',
    'delete the ones that look suspicious',
    "type 'Berth Scheduling' and 'Save'",
    // A request behind a place, or after "and", is asked about, never dropped or run into a value.
    'In "Returns", zorble Up on Was it clear',
    'search for pears and zorble the first recipe',
  ])('does not guess at "%s"', (text) => {
    expect(parseInstruction(text).ok).toBe(false);
  });
});

describe('parseStep', () => {
  it('reads one clause, with or without a final period', () => {
    expect(parseStep("Click the 'Next' button.")).toEqual({ kind: 'click', target: { name: 'Next', role: 'button' } });
  });

  it('refuses text with more than one clause', () => {
    expect(parseStep("Click 'A' and click 'B'")).toBeUndefined();
  });
});

describe('requests written around their values', () => {
  it('keeps a "!" inside a value and one before more of the sentence', () => {
    expect(read('type Sunflower!42 into Password')).toEqual(["Type 'Sunflower!42' into the 'Password' field"]);
    expect(read('Use Harbor2026! as the password')).toEqual(["Type 'Harbor2026!' into the 'password' field"]);
    expect(read('Click Save! Then close the dialog')).toEqual(["Click 'Save'", 'Close the dialog']);
  });

  it('reads "switch X to Y" as giving X a value, and leaves "switch to" and "switch on" as they were', () => {
    expect(read('Could you switch the theme to dark?')).toEqual(["Set 'theme' to 'dark'"]);
    expect(read('Switch to the Billing tab')).toEqual(["Go to the 'Billing' tab"]);
    expect(read('switch on SMS alerts')).toEqual(["Turn on 'SMS alerts'"]);
  });

  it('takes a date written out after "the" as a value, but not a description', () => {
    expect(read('set my birthday to the 22nd of June 1990')).toEqual(["Set 'birthday' to 'the 22nd of June 1990'"]);
    expect(parseInstruction('set my birthday to the usual day').ok).toBe(false);
    expect(parseInstruction('enter the team offsite from Monday 4 May to Friday 8 May 2026').ok).toBe(false);
  });

  it('reads an owner\'s holder as the holder by that owner ("Dana\'s post")', () => {
    expect(read("like Dana's post")).toEqual(read('like the post by Dana'));
    // The owner's whole name, first name and surname.
    expect(read("unlike Sam Ortiz's post")).toEqual(read('unlike the post by Sam Ortiz'));
    expect(read('Please like both Dana’s post and Mei’s post.')).toEqual([
      ...read('like the post by Dana'),
      ...read('like the post by Mei'),
    ]);
    // Not a holder's noun: the words stay a name.
    expect(read("open Ada's profile")).toEqual(["Go to 'Ada's profile'"]);
  });

  it('reads a sort as the order of the column named, or as the option of a sort field on screen', () => {
    expect(read('Sort by Last service, descending.')).toEqual(["Set the 'Last service' column header to 'descending'"]);
    expect(read('Could you sort the assets alphabetically by name?')).toEqual([
      "Set the 'name' column header to 'ascending'",
    ]);
    expect(read('sort last service newest first')).toEqual(["Set the 'last service' column header to 'descending'"]);
    expect(read('sort by next service with the latest date on top')).toEqual([
      "Set the 'next service' column header to 'descending'",
    ]);
    expect(read('Sort by "Next service" so the latest dates come first.')).toEqual([
      "Set the 'Next service' column header to 'descending'",
    ]);
    expect(read('sort by Newest first', ['Sort by', 'Format'])).toEqual([
      read("choose 'Newest first' in 'Sort by'")[0],
    ]);
    // An order with no column, or a purpose instead of a column, is not guessed at.
    expect(parseInstruction('sort by newest').ok).toBe(false);
    expect(parseInstruction('sort the assets so the most recently serviced ones come first').ok).toBe(false);
  });

  it('leaves out a statement in brackets, and takes no preposition for a value', () => {
    expect(read("Delete 'Boiler B-02' (it is on page 3).")).toEqual(["Delete 'Boiler B-02'"]);
    expect(read('Click Save (the blue one)')).toEqual(["Click 'Save (the blue one)'"]);
    // A contrast with a look-alike, even one ending in "!", is an aside too.
    expect(read('change my country to New Zealand (not New Caledonia!) then save', ['Country'])).toEqual([
      "Set 'country' to 'New Zealand'",
      'Save',
    ]);
    expect(parseInstruction('Page through the grid to find it.', { fieldLabels: ['Page'] }).ok).toBe(false);
  });

  it('reads a gerund after "would you mind", a control described by what it does, and the pager', () => {
    expect(read('Would you mind ticking the box that shows the password?')).toEqual([
      "Check the 'show the password' checkbox",
    ]);
    expect(read('Would you mind typing Ada into Name?')).toEqual(["Type 'Ada' into the 'Name' field"]);
    expect(read('select the option that says Hello')).toEqual(read("select 'Hello'"));
    for (const text of ['Next page', 'go to the next page', 'move on to the next page of results'])
      expect(read(text)).toEqual(["Click 'Next page'"]);
    expect(read('Please jump to the last page of the grid.')).toEqual(["Click 'Last page'"]);
    expect(read('Please make a copy of the Tide Tables project.')).toEqual(["Duplicate 'Tide Tables project'"]);
  });

  it('reads "name it X" as typing the name where the form asks for it', () => {
    expect(read("Click 'New project', name it 'Pilot Boarding' and press 'Create'")).toEqual([
      "Click 'New project'",
      "Type 'Pilot Boarding'",
      "Click 'Create'",
    ]);
    expect(read('call it Berth Scheduling')).toEqual(["Type 'Berth Scheduling'"]);
  });

  it('reads "move X to a number" as giving X that value', () => {
    expect(read('move the Brightness slider to 30')).toEqual(["Set the 'Brightness' slider to '30'"]);
    expect(() => read('move Pump-03 to page 2')).toThrow(/unparsed/);
  });

  it('reads verbs that give a value with another preposition or a particle', () => {
    expect(read('Please dim the bedroom light level to thirty percent.')).toEqual([
      "Set 'bedroom light level' to 'thirty percent'",
    ]);
    expect(read('Could you put the salary at 90,000?')).toEqual(["Set 'salary' to '90,000'"]);
    expect(read('turn the volume up to 40')).toEqual(["Set 'volume' to '40'"]);
    expect(read('reschedule the inspection to 4 May 2026')).toEqual(["Set 'inspection' to '4 May 2026'"]);
    expect(read("put 'hello' in Notes")).toEqual(["Type 'hello' into the 'Notes' field"]);
    expect(() => read('turn the page')).toThrow(/unparsed/);
  });

  it('reads a value apposed to its field, a value introduced by its kind, and a case said after a comma', () => {
    expect(read('Please enter the date of birth, the seventh of August 1988.', ['Date of birth'])).toEqual([
      "Set 'date of birth' to 'the seventh of August 1988'",
    ]);
    expect(read('Please type the name Mara Jensen into Full name, all in capital letters.')).toEqual([
      "Type 'MARA JENSEN' into the 'Full name' field",
    ]);
    expect(read('enter the code 4417 into PIN')).toEqual(["Type '4417' into the 'PIN' field"]);
    // A comma before another request still ends the clause; a field with no value is asked about.
    expect(read('type Ada into Name, then click Save')).toEqual(["Type 'Ada' into the 'Name' field", "Click 'Save'"]);
    expect(() => read('enter the date of birth, then click Next')).toThrow(/unparsed/);
  });

  it('reads a goal that says what a labelled field should read, and no statement about it as a value', () => {
    const labels = ['Full name', 'Workspace name'];
    expect(read('The full name should read MARA JENSEN, all caps.', labels)).toEqual([
      "Set the 'full name' field to 'MARA JENSEN'",
    ]);
    expect(read('The workspace name should be called Harbor Ops.', labels)).toEqual([
      "Set the 'workspace name' field to 'Harbor Ops'",
    ]);
    // Kept "from now on" means saved, which the goal does not say how to do.
    expect(() => read('The workspace name should be called Harbor Ops from now on.', labels)).toThrow(/unparsed/);
    expect(() => read('The full name was entered wrongly', labels)).toThrow(/unparsed/);
    expect(() => read('The full name should disappear', labels)).toThrow(/unparsed/);
    // An article says the words are the whole label; an action done to the thing is no value.
    expect(read('The workspace should be deleted.', labels)).toEqual(["Delete 'workspace'"]);
    expect(() => read('The meeting starts at quarter to five pm', ['Meeting date'])).toThrow(/unparsed/);
  });

  it('reads a narrowing verb with what it narrows, a position said in a clause, and "the one" in a list', () => {
    expect(read('narrow the results down to audiobooks only')).toEqual(read('filter to audiobooks'));
    expect(read('filter the list to open tickets')).toEqual(read("pick 'open tickets'"));
    expect(read('Filter Site to Riverside.', ['Site'])).toEqual(read('set Site to Riverside'));
    // Narrowed to a value, but neither a view nor a control on the screen: which is not said.
    expect(() => read('Filter jobs to Paris', ['Site'])).toThrow(/unparsed/);
    expect(() => read('filter the site column to show only riverside', ['Site'])).toThrow(/unparsed/);
    expect(() => read('Could you filter the Site column so only Riverside assets show?', ['Site'])).toThrow(/unparsed/);
    expect(() => read('filter for typescript only in toronto', ['Site'])).toThrow(/unparsed/);
    expect(read('open whichever book comes last in the list')).toEqual(read('open the last book'));
    expect(read('click the result that is second')).toEqual(read('click the second result'));
    expect(read('star both the message from Owen Blake and the one from Sofia Marin')).toEqual(
      read('star the message from Owen Blake and the message from Sofia Marin'),
    );
    // A noun said once for several owners or authors belongs to each.
    expect(read("Like Dana's and Mei's posts")).toEqual(["Like the 'Dana' card", "Like the 'Mei' card"]);
    expect(read('like the posts by Dana and Mei')).toEqual(read("like Dana's post and Mei's post"));
  });

  it('reads "replace X with Y", "move X to" a date, and "answer Yes to" a question', () => {
    expect(read('Replace the “Workspace name” with “Harbor Ops”')).toEqual([
      "Set the 'Workspace name' field to 'Harbor Ops'",
    ]);
    expect(read('Move the next service of Pump-03 to May 4th, 2026')).toEqual(
      read("set the next service of Pump-03 to 'May 4th, 2026'"),
    );
    expect(read('answer Yes to Was this helpful?')).toEqual(["Pick 'Yes' in 'Was this helpful'"]);
    expect(() => read('answer priya with looks good')).toThrow(/unparsed/);
    expect(read('replace the battery')).toEqual(["Replace 'battery'"]);
  });

  it('reads "X of Y" as one name where the screen shows a control so named, and as X in Y otherwise', () => {
    const labels = ['Place of birth', 'Email'];
    expect(read("type 'x' into the place of birth", labels)).toEqual(["Type 'x' into the 'place of birth' field"]);
    expect(read("type 'x' into the place of birth")).toEqual(["Type 'x' into the 'place' field in 'birth'"]);
    expect(read('Delete the row of Boiler-02', labels)).toEqual(["Delete the 'Boiler-02' row"]);
    // Written in lower case, a person's name after "of" is still where the target is.
    expect(read('click the delete button of jonas', ['Delete of jonas'])).toEqual([
      "Click the 'delete' button in 'jonas'",
    ]);
    expect(read('open the details of alice', labels)).toEqual(["Go to 'details' in 'alice'"]);
  });

  it('reads "find the link to do X" as using that link, and "find the X button" as finding it', () => {
    expect(read('Could you find the link to download the user guide as a PDF?')).toEqual([
      "Find the 'download the user guide as a PDF' link",
      "Click the 'download the user guide as a PDF' link",
    ]);
    expect(read('find a button to reset my password')).toEqual([
      "Find the 'reset my password' button",
      "Click the 'reset my password' button",
    ]);
    expect(read('Locate the Export button')).toEqual(["Find the 'Export' button"]);
  });

  it('reads more of the verbs apps name their buttons with, and "switch me to" an option', () => {
    expect(read("reserve 'The Deep Ocean Atlas'")).toEqual(["Reserve 'The Deep Ocean Atlas'"]);
    expect(read('Could you switch me to the Team plan, please?')).toEqual(read("choose 'Team plan'"));
  });

  it('reads "confirm when it asks" as the confirmation itself', () => {
    expect(read('Delete Boiler-02. Confirm when it asks.')).toEqual(["Delete 'Boiler-02'", 'Confirm in the dialog']);
  });

  it('reads the credentials of a sign-in, and signs in after the form is filled', () => {
    const labels = ['Email', 'Password', 'Remember me'];
    expect(read('Please log me in as grace@example.com; the password is Compiler#1952.', labels)).toEqual([
      "Type 'grace@example.com' into the 'Email' field",
      "Set the 'password' field to 'Compiler#1952'",
      'Log in',
    ]);
    expect(
      read(
        "sign in with the email ada@example.com and the password Sunflower!42, and tick 'Remember me' first",
        labels,
      ),
    ).toEqual([
      "Type 'ada@example.com' into the 'email' field",
      "Type 'Sunflower!42' into the 'password' field",
      "Check the 'Remember me' checkbox",
      'Sign in',
    ]);
  });

  it('reads a password and the boxes of the form after "sign in as X"', () => {
    // A "Show password" box is no second password field.
    const hints = {
      fieldLabels: ['Email', 'Password', 'Show password', 'Remember me'],
      controls: [
        { role: 'textbox', name: 'Email' },
        { role: 'textbox', name: 'Password' },
        { role: 'checkbox', name: 'Show password' },
        { role: 'checkbox', name: 'Remember me' },
      ],
    };
    const steps = (text: string) => read(text, hints);
    expect(steps('Sign in as ada@example.com with password harbor-lights-7, remember me')).toEqual([
      "Type 'ada@example.com' into the 'Email' field",
      "Type 'harbor-lights-7' into the 'password' field",
      "Check the 'Remember me' checkbox",
      'Sign in',
    ]);
    expect(steps("sign in as grace@example.com, password tidepool88, don't remember me")).toEqual([
      "Type 'grace@example.com' into the 'Email' field",
      "Type 'tidepool88' into the 'password' field",
      "Uncheck the 'Remember me' checkbox",
      'Sign in',
    ]);
    // A constraint on a box on screen sets it, as it may not start so; any other stays a constraint.
    expect(steps("Log in as grace@example.com with the password tidepool88. Don't tick Remember me.")).toContain(
      "Uncheck the 'Remember me' checkbox",
    );
    expect(steps('sign in as grace@example.com with password tidepool88 and leave remember me ticked')).toContain(
      "Check the 'Remember me' checkbox",
    );
    expect(steps("Sign in as grace@example.com with password tidepool88. Don't change anything else.")).toEqual([
      "Type 'grace@example.com' into the 'Email' field",
      "Type 'tidepool88' into the 'password' field",
      'Sign in',
    ]);
    // An account and a password split by a slash, without their labels.
    expect(steps("Check 'Remember me' and sign in with ada@example.com / 'harbor-lights-7'.")).toEqual([
      "Check the 'Remember me' checkbox",
      "Type 'ada@example.com' into the 'Email' field",
      "Type 'harbor-lights-7' into the 'Password' field",
      'Sign in',
    ]);
    // The account after "with", without its label, then the password.
    expect(steps('log in with ada@example.com, password harbor-lights-7')).toEqual([
      "Type 'ada@example.com' into the 'Email' field",
      "Type 'harbor-lights-7' into the 'password' field",
      'Log in',
    ]);
    // A password in brackets, and a box named by its words in another form.
    expect(
      steps('I should be logged in as grace@example.com (password tidepool88) without this device remembering me.'),
    ).toEqual([
      "Type 'grace@example.com' into the 'Email' field",
      "Type 'tidepool88' into the 'password' field",
      "Uncheck the 'Remember me' checkbox",
      'Log in',
    ]);
    // A capitalised name alone after "with" is a provider, not an account.
    expect(parseInstruction('sign in with Google and remember me', hints)).toMatchObject({ ok: false });
    // A part that names no box or field on screen leaves the clause unread.
    expect(parseInstruction('log in as ada@example.com with password x, user bob', hints)).toMatchObject({
      ok: false,
    });
  });

  it('reads what stays as it is, an option used, and results that need a search first', () => {
    const hints = {
      fieldLabels: ['Theme', 'Search the catalogue', 'Push notifications', 'Email digests'],
      controls: [
        { role: 'radio', name: 'Light', group: 'Theme' },
        { role: 'radio', name: 'Dark', group: 'Theme' },
        { role: 'combobox', name: 'Search the catalogue' },
        { role: 'switch', name: 'Push notifications' },
        { role: 'switch', name: 'Email digests' },
      ],
    };
    const steps = (text: string) => read(text, hints);
    expect(steps('Use the Dark theme, then save.')).toEqual(["Choose the 'Dark' radio button for 'Theme'", 'Save']);
    expect(steps('Email digests should be off and saved, with Push notifications still on.')).toEqual([
      "Turn off 'Email digests'",
      'Save',
    ]);
    expect(steps('Open the third result for gardening.')).toEqual(["Search for 'gardening'", 'Go to the third card']);
  });

  it('gives a control on screen the value said after its whole name', () => {
    const hints = {
      fieldLabels: ['Volume', 'Visit type', 'Session timeout (minutes)'],
      controls: [
        { role: 'slider', name: 'Volume', valueMin: 0, valueMax: 100 },
        { role: 'radio', name: 'In person', group: 'Visit type' },
        { role: 'radio', name: 'Phone', group: 'Visit type' },
        { role: 'spinbutton', name: 'Session timeout (minutes)', valueMin: 5, valueMax: 240 },
      ],
    };
    const steps = (text: string) => read(text, hints);
    expect(steps('Make the visit type Phone.')).toEqual(["Choose the 'Phone' radio button for 'Visit type'"]);
    expect(steps('Session timeout to 45 minutes.')).toEqual([
      "Set the 'Session timeout (minutes)' field to '45 minutes'",
    ]);
    // A number out of the control's range is no value for it.
    expect(steps('Session timeout to 500.')).not.toContain("Set the 'Session timeout (minutes)' field to '500'");
    expect(steps('Bring the volume down to 35.')).toEqual(["Set 'volume' to '35'"]);
    expect(steps('Knock the volume down 5 points to 30.')).toEqual(["Set 'volume' to '30'"]);
  });

  it('applies a case asked for apart from the clause that types the value', () => {
    const hints = {
      fieldLabels: ['Email', 'Password'],
      controls: [
        { role: 'textbox', name: 'Email' },
        { role: 'textbox', name: 'Password' },
      ],
    };
    const steps = (text: string) => read(text, hints);
    const lowered = [
      "Type 'ada@example.com' into the 'Email' field",
      "Type 'Harbor-7' into the 'password' field",
      'Sign in',
    ];
    expect(steps('Sign in as Ada@Example.com (type it lowercase), password Harbor-7')).toEqual(lowered);
    expect(steps('sign in with ADA@example.com typed all in lower case, password Harbor-7')).toEqual(lowered);
    expect(steps('Sign in as Ada@Example.com with password Harbor-7. Please type the email in lower case.')).toEqual(
      lowered,
    );
  });

  it('asks for what a request leaves out or a value it cannot place', () => {
    const labels = ['Email', 'Password'];
    const noPassword = parseInstruction('Log in as ada@example.com.', { fieldLabels: labels });
    expect(noPassword).toMatchObject({ ok: false, unparsed: ['Log in as ada@example.com'] });
    const noField = parseInstruction('Click Continue. Our domain is northwind.', { fieldLabels: labels });
    expect(noField).toMatchObject({ ok: false, unparsed: ['Our domain is northwind'] });
    // A state, not a value: context beside the request.
    expect(read('My tracker is stuck. Open the Troubleshooting article.')).toEqual(["Go to 'Troubleshooting article'"]);
    // So is one whose subject and verb are run together.
    expect(read("We're tidying up the member list. Please remove Jonas from the project.")).toEqual(
      read('Please remove Jonas from the project.'),
    );
    expect(read("I'm heading to Portland for this trip. Set the To field to Portland.")).toEqual([
      "Set the 'To' field to 'Portland'",
    ]);
    // What "there is" names is what a following "it" stands for.
    expect(read("There's a trial reminder popup in the bottom right. Dismiss it.")).toEqual(
      read('Dismiss the trial reminder popup.'),
    );
    // Alone, such a statement asks for nothing that can be done.
    expect(parseInstruction("We're moving to Oslo.")).toMatchObject({ ok: false });
    expect(parseInstruction("That's the wrong one. Delete Pump-07.")).toMatchObject({ ok: false });
  });

  it('never drops a statement of what should be, or one carrying a value, as mere context', () => {
    const labels = ['Email', 'Password', 'Newsletter'];
    const goal = parseInstruction('Lena Park should have an account under lena@example.org, and turn off Newsletter.', {
      fieldLabels: labels,
    });
    expect(goal).toMatchObject({ ok: false, unparsed: ['Lena Park should have an account under lena@example.org'] });
    const valued = parseInstruction('My office moved to 14 Quay Street. Click Continue.', { fieldLabels: labels });
    expect(valued).toMatchObject({ ok: false, unparsed: ['My office moved to 14 Quay Street'] });
  });

  it('reads "but keep X on" as a box kept, and "+" as joining a list', () => {
    const controls = [
      { role: 'switch', name: 'Email digests' },
      { role: 'switch', name: 'Mention alerts' },
      { role: 'switch', name: 'Push notifications' },
    ];
    const hints = { fieldLabels: controls.map((control) => control.name), controls };
    const steps = (text: string) => read(text, hints);
    const expected = [
      "Turn off 'email digests'",
      "Turn off 'mention alerts'",
      "Turn on the 'Push notifications' switch",
      'Save',
    ];
    expect(steps('disable email digests and mention alerts but keep push notifications on, then save')).toEqual(
      expected,
    );
    expect(steps('turn off email digests + mention alerts, keep push on, then save')).toEqual(expected);
  });

  it('asks when a step does what a constraint of the same request forbids', () => {
    const result = parseInstruction('Search for coral and open the first hit. Do not open or reserve anything.');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.unparsed).toEqual(['open the first hit']);
    // A constraint about another thing, or another verb, forbids nothing asked.
    expect(read('Archive Report-3, never archive Report-4')).toEqual(["Archive 'Report-3'"]);
    expect(read("Archive Report-3, don't archive anything else")).toEqual(["Archive 'Report-3'"]);
    expect(read('Search for coral and reserve the second hit. Do not open it.')).toEqual([
      "Search for 'coral'",
      'Reserve the second card',
    ]);
  });

  it('reads a comment as a form: the post it is on, its text, and Post', () => {
    expect(read("Comment 'Great shot!' on @kai's post.")).toEqual([
      "Comment the '@kai' card",
      "Type 'Great shot!'",
      'Post',
    ]);
    expect(read('leave a comment on the harbour post saying Lovely light')).toEqual([
      "Comment 'harbour post'",
      "Type 'Lovely light'",
      'Post',
    ]);
    // With no post named, the comment is on the one just named.
    expect(read('Like the harbour post and add a comment: Lovely light')).toEqual([
      "Like 'harbour post'",
      "Comment 'harbour post'",
      "Type 'Lovely light'",
      'Post',
    ]);
  });

  it('reads the text after a colon as the whole message, with its closing mark', () => {
    expect(read('Reply to the last message: Sounds good, see you then.')).toEqual([
      'Reply the last card',
      "Type 'Sounds good, see you then.'",
      'Send',
    ]);
    expect(read('Ines wrote about the rota. Reply to her saying: Monday is fine.')).toEqual([
      "Reply 'Ines'",
      "Type 'Monday is fine.'",
      'Send',
    ]);
    expect(read('Reply "Got it." to the very last message, so Ines knows I saw it.')).toEqual([
      'Reply the last card',
      "Type 'Got it.'",
      'Send',
    ]);
  });

  it('reads chat spellings and particles around an ordinary request', () => {
    expect(read('can u switch the contact email to ops@example.org thx')).toEqual([
      "Set 'contact email' to 'ops@example.org'",
    ]);
    expect(read('switch over to the reports tab')).toEqual(["Go to the 'reports' tab"]);
    expect(read('search orders for refund real quick')).toEqual(["Search for 'refund'"]);
  });

  it('reads a quoted thing to rename and the parts of an invitation', () => {
    expect(read('Rename ‘Night Shift’ to ‘Late Shift’.')).toEqual([
      "Rename 'Night Shift'",
      "Type 'Late Shift' into the first field in the dialog",
      'Save',
    ]);
    expect(read('Invite kai@example.com to the team with the role “Viewer”.')).toEqual([
      'Invite',
      "Type 'kai@example.com'",
      "Pick 'Viewer'",
      'Invite',
    ]);
  });

  it('reads a password after a slash or as "pw" in a sign-in', () => {
    const login = {
      fieldLabels: ['Email', 'Password'],
      controls: [
        { role: 'textbox', name: 'Email' },
        { role: 'textbox', name: 'Password', inputType: 'password' },
        { role: 'checkbox', name: 'Keep me signed in' },
      ],
    };
    expect(read('Sign in as kai@example.com / Tern-88, keep me signed in on.', login)).toEqual([
      "Type 'kai@example.com' into the 'Email' field",
      "Type 'Tern-88' into the 'Password' field",
      "Check the 'Keep me signed in' checkbox",
      'Sign in',
    ]);
    expect(read('log in as kai@example.com pw Tern-88', login)).toEqual([
      "Type 'kai@example.com' into the 'Email' field",
      "Type 'Tern-88' into the 'password' field",
      'Log in',
    ]);
  });

  it('reads what the person says of themselves or of a thing as context beside the request', () => {
    expect(read('I moved last week. Open the Shipping tab.')).toEqual(["Go to the 'Shipping' tab"]);
    expect(read('The garden project now covers ponds too. Archive Old Ponds.')).toEqual(["Archive 'Old Ponds'"]);
    expect(read('I read everything on paper, so please reserve the print edition rather than the e-book.')).toEqual([
      "Reserve 'print edition'",
    ]);
    // Alone, a statement asks for nothing that can be done.
    expect(parseInstruction('We write dates here.').ok).toBe(false);
  });

  it('reads "only" after a choice of a radio group as no part of its name', () => {
    const plans = {
      fieldLabels: [],
      controls: [
        { role: 'radio', name: 'Basic — $5/month', group: 'Tier' },
        { role: 'radio', name: 'Plus — $9/month', group: 'Tier' },
        { role: 'checkbox', name: 'Weekly report' },
      ],
    };
    expect(read('Pick the Plus tier only.', plans)).toEqual(["Choose the 'Plus — $9/month' radio button for 'Tier'"]);
    expect(read('Pick Weekly report only.', plans)).not.toContain("Check the 'Weekly report' checkbox");
  });

  it("filters a column by setting that column's filter", () => {
    const grid = ['Owner Filter Input', 'Status Filter Input', 'Quick search'];
    expect(read('Filter the Owner column to Priya.', grid)).toEqual(["Set the 'Owner Filter Input' field to 'Priya'"]);
    expect(read('filter status by closed', grid)).toEqual(["Set the 'Status Filter Input' field to 'closed'"]);
  });

  it('types the text a confirmation asks for, then confirms', () => {
    expect(read('Close the account and confirm by typing "Northwind" in the dialog.')).toEqual([
      "Close 'account'",
      "Type 'Northwind'",
      'Confirm in the dialog',
    ]);
  });

  it('renames in the name field on screen when nothing there renames', () => {
    const settings = { fieldLabels: ['Team name', 'Region'], clickables: [{ role: 'button', name: 'Save' }] };
    expect(read('rename the team to night owls and save', settings)).toEqual([
      "Set the 'Team name' field to 'Night Owls'",
      'Save',
    ]);
    const listed = { ...settings, clickables: [{ role: 'button', name: 'Rename' }] };
    expect(read('rename the team to night owls', listed)[0]).toBe("Rename 'team'");
  });

  it('reads the chat shorthands "n" and "&" as "and" where a verb follows', () => {
    expect(read('turn on the daily digest n save')).toEqual(["Turn on 'daily digest'", 'Save']);
    expect(read('star it & archive it')).toEqual(['Star', 'Archive']);
    expect(read("click 'rock n roll'")).toEqual(["Click 'rock n roll'"]);
  });

  it('goes to no one of things named only by their kind', () => {
    expect(read('Search for tide and just show me the results.')).toEqual(["Search for 'tide'"]);
    expect(parseInstruction('open the results').ok).toBe(false);
    expect(parseInstruction('show me the results').ok).toBe(false);
    expect(read('open the second result')).toEqual(['Go to the second card']);
  });

  it('reads a capitalised verb inside a list as one of its names', () => {
    expect(read('Add TypeScript, Go and SQL to skills and apply')).toEqual([
      "Pick 'TypeScript' in 'skills'",
      "Pick 'Go' in 'skills'",
      "Pick 'SQL' in 'skills'",
      'Apply',
    ]);
    // A verb that goes on as a request still opens one.
    expect(read('Add TypeScript to skills, Go to the Billing tab')).toHaveLength(2);
  });

  it('gives each name after a holder named by its content the same kind of target', () => {
    expect(read('tick the checkboxes for ast-1004 and ast-1007')).toEqual([
      "Check the checkbox in 'ast-1004'",
      "Check the checkbox in 'ast-1007'",
    ]);
  });

  it('takes no target from a word that names nothing in particular', () => {
    expect(parseInstruction('check something').ok).toBe(false);
    // Said of what the person will do, beside a request, it asks for nothing.
    expect(read('Open package.json. I need to check something in it.')).toEqual(["Go to 'package.json'"]);
    expect(parseInstruction('I need to check something.').ok).toBe(false);
  });

  it('reads a quoted name after a comma as the name of the item a position picked out', () => {
    expect(read('Delete the second email in the list, "Q3 budget draft".')).toEqual([
      "Delete the 'Q3 budget draft' card",
    ]);
    // A list of names stays a list.
    expect(read("Star 'A', 'B' and 'C'")).toHaveLength(3);
  });

  it('reads an option in a holder that is itself in a holder, and a name holding a comma', () => {
    expect(read('select deploy.md in the guides folder under docs')).toEqual([
      "Pick 'deploy.md' in the 'guides' treeitem below 'docs'",
    ]);
    // Two parts split by a comma alone are one name; a list closes with "and".
    expect(read('pick Harbour View Inn, Oslo as the hotel')).toEqual(["Pick 'Harbour View Inn, Oslo' in 'hotel'"]);
    expect(read('pick Red, Green and Blue in Colours')).toHaveLength(3);
  });

  it('reads a restriction or a purpose after a request as a clause of its own', () => {
    expect(parseInstruction('put contoso in the third text field on the page but dont submit')).toMatchObject({
      ok: true,
      constraints: ['dont submit'],
    });
    expect(read('put contoso in the third text field on the page but dont submit')).toEqual([
      "Type 'contoso' into the third field",
    ]);
    expect(read('Then set the format to Audiobook so only audiobooks show up.')).toEqual([
      "Set 'format' to 'Audiobook'",
    ]);
    // A value that starts with "so" is not a purpose.
    expect(read('Set the title to So Long')).toEqual(["Set the header to 'So Long'"]);
  });

  it('takes a sentence that only says where or how to find the target as context', () => {
    expect(read('Star the Q3 report. It may be further down.')).toEqual(["Star 'Q3 report'"]);
    expect(read('Click Archive. They ask for confirmation.')).toEqual(["Click 'Archive'"]);
    expect(read('Pick Harbour View as the hotel. Typing harbour finds it.')).toEqual([
      "Pick 'Harbour View' in 'hotel'",
    ]);
    expect(read('Choose the Team plan. Nothing else yet.')).toEqual(["Pick 'Team plan'"]);
    // A demand, a value or a quote in such a sentence is part of the request: it is never dropped.
    // So is one that picks one thing out, or says something other than where it is.
    for (const kept of [
      'It should be red',
      'It is on page 3',
      "It says 'Approved'",
      'It has to stay private',
      "It's the second one",
      'That one is older',
      'That deletes everything',
    ]) {
      expect(parseInstruction(`Click Archive. ${kept}.`)).toMatchObject({ ok: false, unparsed: [kept] });
    }
  });
});

describe('commands whose object is what a form holds', () => {
  it.each<[string, string[]]>([
    ['Switch push notifications off and save the settings.', ["Turn off 'push notifications'", 'Save']],
    ['Submit the form', ['Submit']],
    ['apply all of the changes', ['Apply']],
    ['save my preferences', ['Save']],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('keeps an object that names something of its own, and the object of other verbs', () => {
    expect(read('save my profile')).toEqual(["Save 'profile'"]);
    expect(read('save the Pump-07 row')).toEqual(["Save the 'Pump-07' row"]);
    expect(read('reset the settings')).toEqual(["Reset 'settings'"]);
  });
});

describe('remarks around a request', () => {
  it.each<[string, string[]]>([
    ['pls untick the newsletter box, thats it', ["Uncheck the 'newsletter' checkbox"]],
    ['I want my account deleted, go ahead and confirm it.', ["Delete 'account'", 'Confirm in the dialog']],
    ['Crew Portal is finished. Archive it, but leave the other projects where they are.', ["Archive 'Crew Portal'"]],
    [
      'Star the email about the team offsite in June, so I can find it again quickly.',
      ["Star the 'team offsite' card in 'June'"],
    ],
    // Where a thing named by its own name is: looking for it by that name pages there.
    ['delete boiler b-02, its on page 3', ["Delete 'boiler b-02'"]],
    // Inviting sends the invitation: "send it" asks for nothing more.
    [
      'invite noor@example.com as an editor and send it',
      ['Invite', "Type 'noor@example.com'", "Pick 'editor'", 'Invite'],
    ],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('keeps a send after a save, which sends nothing by itself', () => {
    expect(read('Save the draft and send it')).toEqual(["Save 'draft'", "Send 'draft'"]);
  });
});

describe('an option named by what it shows', () => {
  it.each<[string, string[]]>([
    ['In “Room”, pick the one with “12 seats”.', ["Go to 'Room'", "Pick '12 seats' in 'Room'"]],
    ['choose the option that says Express', ["Pick 'Express'"]],
    ['Click the one labelled Archive project', ["Click 'Archive project'"]],
    ['Press the icon whose tooltip says Archive project', ["Click the 'Archive project' icon"]],
    ['click the button whose label is Archive all', ["Click the 'Archive all' button"]],
    ['Select docs/guides/deploy.md', ["Pick 'deploy.md' in 'guides' in 'docs'"]],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
});

describe('where a set field is', () => {
  it.each<[string, string[]]>([
    ["Set Chidi Obi's Role to Editor", ["Set 'Role' in 'Chidi Obi' to 'Editor'"]],
    ["Please move Pump-03's next service to 4 May 2026", ["Set 'next service' in 'Pump-03' to '4 May 2026'"]],
    // "'s" after a pronoun is "is": nothing owns the field.
    ["set that's Role to Editor", ["Set 'that's Role' to 'Editor'"]],
    ['Set Volume to 35 on the Notifications tab', ["Set 'Volume' in the tab of 'Notifications' to '35'"]],
    [
      "Set Chidi Obi's “Role” to “Editor” on the Members tab.",
      ["Set 'Role' in 'Chidi Obi' in the tab of 'Members' to 'Editor'"],
    ],
    // Words after a value that name no kind of holder are part of the value.
    ['Set the meeting to Friday in the evening', ["Set 'meeting' to 'Friday in the evening'"]],
    [
      'Set interests to Chess, Hiking and Pottery',
      ["Set 'interests' to 'Chess'", "Set 'interests' to 'Hiking'", "Set 'interests' to 'Pottery'"],
    ],
    ['set the offsite dates from may 4 to may 8 2026', ["Set 'offsite dates' to 'may 4 to may 8 2026'"]],
    // A time said with a "to" of its own.
    [
      'make the start time a quarter to five in the afternoon',
      ["Set 'start time' to 'a quarter to five in the afternoon'"],
    ],
    ['set the start time to a quarter to five', ["Set 'start time' to 'a quarter to five'"]],
    // One value with a comma, or with "and" in its name, stays whole.
    ['Set the address to 12 Main St, Springfield', ["Set 'address' to '12 Main St, Springfield'"]],
    ['Set Book to Pride and Prejudice', ["Set 'Book' to 'Pride and Prejudice'"]],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
});

describe('the way a command is done', () => {
  it.each<[string, string[]]>([
    ['Sign out via the Account menu', ["Go to the 'Account' menu", 'Sign out']],
    ['sign out from the account dropdown', ["Go to the 'account' menu", 'Sign out']],
    ['Log out through the user menu', ["Go to the 'user' menu", 'Log out']],
    ['Archive the project using the archive icon', ["Click the 'archive' icon"]],
    ['delete it by using the Trash button', ["Click the 'Trash' button"]],
    // A menu named only by its kind is the one beside the object, found by looking there.
    ['Delete Pump-07 using the row menu', ["Delete 'Pump-07'"]],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('never lets the control that opens the way stand for a request carrying values', () => {
    // Clicking the link alone would leave the address unsent and the step "done".
    expect(() => read('Send a password reset link to ada@example.com through the Forgot password link')).toThrow(
      /unparsed/,
    );
  });

  it('keeps "from" a place things leave when it names no menu', () => {
    expect(read('remove Ana from the team')).toEqual(["Remove 'Ana' in 'team'"]);
  });
});

describe('addresses named as such', () => {
  it('reads an address only when the noun for one leads the object', () => {
    expect(read('open the website example.org')).toEqual(['Open example.org']);
    expect(read('Could you open the FAQ about changing the delivery address?')).toEqual([
      "Expand the 'changing the delivery address' section",
    ]);
  });

  it('leaves "show me only …" unread: it asks for a filter, not a place', () => {
    expect(() => read('Please show me only the assets at the Riverside site.')).toThrow(/unparsed/);
  });
});

describe('reasons given beside a request', () => {
  const hints: ScreenHints = {
    fieldLabels: ['Visit type', 'Weekly summary email'],
    controls: [
      { role: 'radio', name: 'In person', group: 'Visit type' },
      { role: 'radio', name: 'Video', group: 'Visit type' },
      { role: 'radio', name: 'Phone', group: 'Visit type' },
      { role: 'switch', name: 'Weekly summary email' },
      { role: 'switch', name: 'Dark mode' },
    ],
    clickables: [{ role: 'button', name: 'Save settings' }],
  };
  const steps = (text: string) => read(text, hints);
  const unparsed = (text: string) => unread(text, hints);

  it('sets aside a wish, a preference or what one is doing that the request carries out', () => {
    expect(steps('I want a recap every week. Switch on the weekly summary email and save the settings.')).toEqual(
      steps('Switch on the weekly summary email and save the settings.'),
    );
    // An option of the control the request sets may be named in the reason.
    expect(steps("I'd rather not come in or do video. Make the visit type Phone.")).toEqual(
      steps('Make the visit type Phone.'),
    );
    expect(steps("We're kicking off the new quarter. Turn on the weekly summary email.")).toEqual(
      steps('Turn on the weekly summary email.'),
    );
    expect(steps('I want to see the rows at the very end of the list, so jump to the final page.')).toEqual(
      steps('Jump to the final page.'),
    );
  });

  it('asks about a reason that says more than the request does', () => {
    // A value, a name, or a control on screen the request leaves out may be more to do.
    expect(unparsed('I need Borealis on 2 April 2026 from 2 pm to 3:30 pm. Please save the settings.')).toEqual([
      'I need Borealis on 2 April 2026 from 2 pm to 3:30 pm',
    ]);
    expect(unparsed('I need the invoice from March. Save the settings.')).toEqual(['I need the invoice from March']);
    expect(unparsed('I want dark mode. Save the settings.')).toEqual(['I want dark mode']);
    // Alone, a reason asks for nothing the engine can do.
    expect(unparsed('I want a recap every week.')).toEqual(['I want a recap every week']);
    // A plan to act or a demand is no reason: it is part of the request.
    expect(unparsed("We're going to archive the old ones. Save the settings.")).toEqual([
      "We're going to archive the old ones",
    ]);
    expect(unparsed('I should get a recap every week. Save the settings.')).toEqual([
      'I should get a recap every week',
    ]);
  });

  it('asks for a value said only by pointing back at words before it', () => {
    expect(unparsed("I'm after something between 60k and 120k. Set the salary range to that.")).toEqual([
      'Set the salary range to that',
      "I'm after something between 60k and 120k",
    ]);
  });
});

describe('things named before, and requests said around their verb', () => {
  const unparsed = (text: string) => unread(text);

  it('reads "that row" and "her post" as the thing a statement before named', () => {
    expect(read('Boiler B-02 was scrapped. Delete that row.')).toEqual(["Delete the 'Boiler B-02' row"]);
    // Where it is, said between the statement and the request, is no more to do.
    expect(read("Boiler B-02 was scrapped. It's on page 3 of the grid; delete that row.")).toEqual([
      "Delete the 'Boiler B-02' row",
    ]);
    expect(read('Dana finally finished the harbour mural. Like her post.')).toEqual(read("Like Dana's post."));
    // "this dialog" is the one in view, whatever was named before.
    expect(read('Boiler B-02 was scrapped. Close this dialog.')).toEqual(read('Close this dialog.'));
  });

  it('asks which thing "that row", "her post" or "delete it" means when none was named', () => {
    expect(unparsed('Delete that row.')).toEqual(['Delete that row']);
    expect(unparsed('Like her post.')).toEqual(['Like her post']);
    expect(unparsed('Delete it.')).toEqual(['Delete it']);
    // A verb that acts on what is open needs no name: "save it", "star it".
    expect(read('Save it.')).toEqual(['Save']);
    expect(unparsed("Expand what's in docs.")).toEqual(["Expand what's in docs"]);
  });

  it('reads "make X the Y for Z", "make X the only Y" and "give X a like"', () => {
    expect(read('Make Rosa Diaz the technician for Chiller-01, keeping its date and status.')).toEqual(
      read('Set the technician for Chiller-01 to Rosa Diaz.'),
    );
    expect(read('Make TypeScript the only skill.')).toEqual(
      read('Clear the skill field, then set the skill to TypeScript.'),
    );
    expect(unparsed('Make it the default for new projects.')).toEqual(['Make it the default for new projects']);
    expect(read("Give Dana's post a like.")).toEqual(read("Like Dana's post."));
    expect(read('From the “More” menu, choose “Download my data”.')).toEqual(
      read('In the “More” menu, choose “Download my data”.'),
    );
    // The button that does it, named after "with": a press on what was picked before.
    const grid: ScreenHints = { fieldLabels: [], clickables: [{ role: 'button', name: 'Delete selected (2)' }] };
    expect(read('Remove them with Delete selected.', grid)).toEqual(["Click the 'Delete selected' button"]);
    expect(
      read(
        'Forklift FL-3 and Pallet jack PJ-2 have left the yard. Select both and remove them with Delete selected.',
        grid,
      ),
    ).toEqual([...read('Select Forklift FL-3 and Pallet jack PJ-2.', grid), "Click the 'Delete selected' button"]);
    // Shown but disabled until rows are ticked, it is still the means named.
    const unticked: ScreenHints = {
      fieldLabels: [],
      clickables: [],
      disabledClickables: [{ role: 'button', name: 'Delete selected (0)' }],
    };
    expect(read('Remove them with Delete selected.', unticked)).toEqual(["Click the 'Delete selected' button"]);
    // With an object of its own, the clause says more than the press.
    expect(parseInstruction('Delete Pump-3 with Delete selected.', grid).ok).toBe(false);
    // A bound meets itself: "at least 2" is set as 2.
    expect(read('Set remote days to at least 2.')).toEqual(read('Set remote days to 2.'));
  });
});

describe('a control used for what it is named for', () => {
  it.each<[string, string[]]>([
    ['Use the one whose tooltip says Archive project to archive this project.', ["Click 'Archive project'"]],
    ['Use the Export report button to export the report', ["Click the 'Export report' button"]],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('is a press when it names a button on screen, enabled or not yet', () => {
    const unticked: ScreenHints = {
      fieldLabels: [],
      clickables: [],
      disabledClickables: [{ role: 'button', name: 'Delete selected (0)' }],
    };
    expect(read("use 'Delete selected'", unticked)).toEqual(["Click the 'Delete selected' button"]);
    expect(read("use 'Delete selected'")).toEqual(["Go to 'Delete selected'"]);
  });

  it('is no click when the purpose says more than the name (a value, a pointer)', () => {
    expect(read('Use the search box to find crane')).not.toEqual(["Click the 'search' searchbox"]);
    expect(read('Use the Delete button to delete it')).not.toEqual(["Click the 'Delete' button"]);
    expect(read('Use the Delete button to delete Boiler B-02')).not.toEqual(["Click the 'Delete' button"]);
  });
});

describe('words that would be typed or done wrongly if read loosely', () => {
  it('never types the words naming where the text goes, nor the fields to fill', () => {
    expect(read('There are three text boxes on this page. Type contoso into the third one.')).toEqual([
      "Type 'contoso' into the third field",
    ]);
    expect(unread('Type contoso into that one')).toEqual(['Type contoso into that one']);
    expect(unread('Fill in From and To accordingly')).toEqual(['Fill in From and To accordingly']);
    expect(read("fill in 'Ada'")).toEqual(["Type 'Ada'"]);
  });

  it('keeps a goal joined after a restriction or a request as a request of its own', () => {
    expect(
      read("React shouldn't be among the skills anymore, leaving none, and the filters should be applied."),
    ).toEqual(["Remove 'React' in 'skills'", "Apply 'filters'"]);
    expect(read('Remove React, and the filters should be applied.')).toEqual(["Remove 'React'", "Apply 'filters'"]);
    // A list of subjects is one subject, not a request and a goal.
    expect(unread('Only AST-1004 and AST-1007 should be selected in the grid.')).toHaveLength(1);
  });

  it('reads what a goal sentence leaves out after "and" ("and the profile saved")', () => {
    expect(read('My country should read New Zealand, and the profile saved.', ['Country'])).toEqual([
      "Set the 'country' field to 'New Zealand'",
      "Save 'profile'",
    ]);
  });

  it('takes "nothing sent" as a restriction, never as something to send', () => {
    expect(read('The third text field should say contoso, with nothing sent.')).toEqual([
      "Set the third field to 'contoso'",
    ]);
    expect(read('Type contoso into the third field, nothing submitted yet')).toEqual([
      "Type 'contoso' into the third field",
    ]);
  });

  it('sets a span of dates given with "to" or "through", not one of its dates', () => {
    expect(read('Put in May 4 through May 8, 2026 as the offsite dates.')).toEqual([
      "Set the 'offsite dates' field to 'May 4 through May 8, 2026'",
    ]);
    expect(read('The offsite dates should be 4 to 8 May 2026.')).toEqual(["Set 'offsite dates' to '4 to 8 May 2026'"]);
    expect(read('Type 12/03/2026 into the Date field')).toEqual(["Type '12/03/2026' into the 'Date' field"]);
  });

  it('asks what "no X should be" means instead of doing it to X', () => {
    expect(unread('No folder should be expanded.')).toHaveLength(1);
    expect(unread('None of the rows should be selected')).toHaveLength(1);
  });

  it('names a thing said to be there by what it is for or what it says', () => {
    expect(read("There's a link in the footer to download the user guide PDF, follow it.")).toEqual([
      "Click the 'download the user guide PDF' link",
    ]);
    expect(read("There's a button at the top that says Export. Click it.")).toEqual(["Click the 'Export' button"]);
    expect(read('follow the Pricing link')).toEqual(["Click the 'Pricing' link"]);
    expect(read('follow Dana')).toEqual(["Follow 'Dana'"]);
  });
});

describe('what a statement before a request names', () => {
  it.each<[string, string[]]>([
    [
      "I've already answered Lena Fischer about the offsite. Archive her message, please.",
      ["Archive the 'Lena Fischer' card"],
    ],
    ['Nobody has worked on Crew Portal in months. Archive it.', ["Archive 'Crew Portal'"]],
    ['Priya Nair shows up in the Who to follow list. Follow her.', ["Follow 'Priya Nair'"]],
    [
      'Generator G-1 has reached the end of its life. Edit it and change its status to Retired.',
      ["Edit 'Generator G-1'", "Set 'status' to 'Retired'", 'Save'],
    ],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('is no statement when a value follows a name ("Generator G-1 status Retired")', () => {
    expect(unread('Generator G-1 status Retired')).toHaveLength(1);
  });
});

describe('the answer to a question', () => {
  it('is the question, whose answer opening it shows', () => {
    expect(read("I want to see the answer to 'Can I change my delivery address?'")).toEqual([
      "Go to 'Can I change my delivery address?'",
    ]);
  });
});

describe('a wish asked as a question, or said of oneself', () => {
  it.each<[string, string[]]>([
    ['Can we have the Members tab showing instead of the Overview?', ["Go to the 'Members' tab"]],
    ['The Members tab should be showing.', ["Go to the 'Members' tab"]],
    ["I'd like to be following Priya Nair", ["Follow 'Priya Nair'"]],
    ["I'd like to be signed out of the workspace.", ['Sign out']],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
});

describe('pointing back at what was looked at or named', () => {
  it.each<[string, string[]]>([
    [
      'Look at the field straight after Password. Type Quay-Side-9 into it.',
      ["Find the field right after 'Password'", "Type 'Quay-Side-9' into the field right after 'Password'"],
    ],
    [
      'Owen Blake and Sofia Marin both sent things I need to come back to. Star their messages.',
      ["Star the 'Owen Blake' card", "Star the 'Sofia Marin' card"],
    ],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

  it('asks what "it" is when nothing was named', () => {
    expect(unread('Type hello into it')).toEqual(['Type hello into it']);
  });
});

describe('"make sure" a thing is so', () => {
  it.each<[string, string[]]>([
    ['Make sure the Cargo Tracker project is gone for good.', ["Remove 'Cargo Tracker project'"]],
    [
      'make sure the emails from Owen Blake and Sofia Marin are starred',
      ["Star the 'Owen Blake' card", "Star the 'Sofia Marin' card"],
    ],
    ['Make sure that Dark is selected', ["Pick 'Dark'"]],
    ['Make sure to save', ['Save']],
  ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
});

describe('an option given as a pronoun', () => {
  it('is the thing a statement named', () => {
    expect(read('Riverside Medical is closest to my flat. Choose it as the clinic.')).toEqual([
      "Pick 'Riverside Medical' in 'clinic'",
    ]);
  });
});

describe('a name said after a holder that has a name of its own', () => {
  it('names what is looked for, never renames the holder', () => {
    expect(read("Click the icon next to the 'Active' badge whose tooltip says 'Archive project'.")).toEqual([
      "Click the 'Archive project' icon next to \"'Active' badge\"",
    ]);
    expect(unread('Click the Save button labelled Submit')).toHaveLength(1);
  });
});
