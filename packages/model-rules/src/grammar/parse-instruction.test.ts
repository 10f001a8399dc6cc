import { describe, expect, it } from 'vitest';
import type { Directive } from './directive.js';
import { parseInstruction, parseStep } from './index.js';

function directives(text: string): Directive[] {
  const result = parseInstruction(text);
  if (!result.ok) throw new Error(`unparsed: ${result.unparsed.join(' | ')}`);
  return result.parsed.map((clause) => clause.directive);
}

describe('clause forms', () => {
  it.each<[string, Directive]>([
    ['open https://example.com/form?x=1', { kind: 'open', target: 'https://example.com/form?x=1' }],
    ['Go to /expense', { kind: 'open', target: '/expense' }],
    ['navigate to example.org', { kind: 'open', target: 'example.org' }],
    ["open 'Settings app'", { kind: 'open', target: 'Settings app' }],
    ['click Next', { kind: 'click', target: 'Next' }],
    ['Click on the Save changes button', { kind: 'click', target: 'Save changes', role: 'button' }],
    ["click the 'Reports' tab", { kind: 'click', target: 'Reports', role: 'tab' }],
    ["click the 'Temperature' column header", { kind: 'click', target: 'Temperature', role: 'column header' }],
    ["click on the 'Name' header", { kind: 'click', target: 'Name', role: 'header' }],
    ["click the 'Card' radio button", { kind: 'click', target: 'Card', role: 'radio' }],
    ["click the 'Export' menu item", { kind: 'click', target: 'Export', role: 'menu item' }],
    ['click the Help icon', { kind: 'click', target: 'Help', role: 'icon' }],
    ['click the Docs link', { kind: 'click', target: 'Docs', role: 'link' }],
    ["click the 'Large' option", { kind: 'click', target: 'Large', role: 'option' }],
    ["double-click 'Row 1'", { kind: 'double-click', target: 'Row 1' }],
    ['double click the Title header', { kind: 'double-click', target: 'Title', role: 'header' }],
    ['hover over the Account menu item', { kind: 'hover', target: 'Account', role: 'menu item' }],
    ['press the Submit button', { kind: 'click', target: 'Submit', role: 'button' }],
    [
      "type 'Ada Lovelace' into the Employee name field",
      { kind: 'type', text: 'Ada Lovelace', field: 'Employee name' },
    ],
    ["Type 'x' in the 'Notes' textarea", { kind: 'type', text: 'x', field: 'Notes' }],
    ["enter 'ada@example.com' in the Email box", { kind: 'type', text: 'ada@example.com', field: 'Email' }],
    ['enter 42 in Amount', { kind: 'type', text: '42', field: 'Amount' }],
    ["fill in the Email field with 'a@b.c'", { kind: 'type', text: 'a@b.c', field: 'Email' }],
    ["fill Name with 'Grace'", { kind: 'type', text: 'Grace', field: 'Name' }],
    ["type 'hello'", { kind: 'type', text: 'hello' }],
    ['clear the Search field', { kind: 'clear', field: 'Search' }],
    [
      "select 'Engineering' from the Department dropdown",
      { kind: 'select', option: 'Engineering', field: 'Department' },
    ],
    ["select 'West' from the 'Region' menu", { kind: 'select', option: 'West', field: 'Region' }],
    ["select 'Units' in the Metric list", { kind: 'select', option: 'Units', field: 'Metric' }],
    ["choose 'Lodging'", { kind: 'choose', option: 'Lodging' }],
    ["choose 'Card' for Payment method", { kind: 'choose', option: 'Card', group: 'Payment method' }],
    ["check the 'Receipt attached' checkbox", { kind: 'check', target: 'Receipt attached' }],
    [
      "check 'I certify these expenses are accurate'",
      { kind: 'check', target: 'I certify these expenses are accurate' },
    ],
    ['check the Receipt attached box', { kind: 'check', target: 'Receipt attached' }],
    ["uncheck the 'Services' checkbox", { kind: 'uncheck', target: 'Services' }],
    ['tick Newsletter', { kind: 'check', target: 'Newsletter' }],
    ["untick 'Newsletter'", { kind: 'uncheck', target: 'Newsletter' }],
    ['press Enter', { kind: 'press', keys: ['Enter'] }],
    ['press the Escape key', { kind: 'press', keys: ['Escape'] }],
    ['press Tab', { kind: 'press', keys: ['Tab'] }],
    ['press space', { kind: 'press', keys: ['Space'] }],
    ['press Backspace', { kind: 'press', keys: ['Backspace'] }],
    ['press the down arrow', { kind: 'press', keys: ['ArrowDown'] }],
    ['press Control+A', { kind: 'press', keys: ['Control', 'A'] }],
    ['press ctrl+shift+k', { kind: 'press', keys: ['Control', 'Shift', 'K'] }],
    ['scroll down', { kind: 'scroll', direction: 'down' }],
    ['scroll up 3 times', { kind: 'scroll', direction: 'up', times: 3 }],
    ['scroll down twice', { kind: 'scroll', direction: 'down', times: 2 }],
    ['scroll down by 1,000 pixels', { kind: 'scroll', direction: 'down', pixels: 1000 }],
    ['scroll to the bottom', { kind: 'scroll-to', edge: 'bottom' }],
    ['scroll to the top of the page', { kind: 'scroll-to', edge: 'top' }],
    ['wait 2 seconds', { kind: 'wait', ms: 2000 }],
    ['wait 1.5 seconds', { kind: 'wait', ms: 1500 }],
    ['wait for 300 ms', { kind: 'wait', ms: 300 }],
    ["wait for 'Report submitted'", { kind: 'wait-for', text: 'Report submitted' }],
    ["wait for 'Report submitted' to appear", { kind: 'wait-for', text: 'Report submitted' }],
    ["wait until 'Done' appears", { kind: 'wait-for', text: 'Done' }],
    ["wait until 'Done' is visible", { kind: 'wait-for', text: 'Done' }],
  ])('%s', (text, expected) => {
    expect(directives(text)).toEqual([expected]);
  });

  it('ignores "please", "the" and letter case', () => {
    expect(directives('Please CLICK THE Next BUTTON')).toEqual([{ kind: 'click', target: 'Next', role: 'button' }]);
  });
});

describe('joiners', () => {
  it('splits on commas, semicolons, periods, "and", "then", "and then", "after that" and "finally"', () => {
    const text =
      "Open /form, click 'A'; click 'B'. Click 'C' and click 'D' then click 'E' and then click 'F', after that click 'G', finally click 'H'.";
    expect(directives(text).map((directive) => ('target' in directive ? directive.target : ''))).toEqual([
      '/form',
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
    ]);
  });

  it('keeps periods inside addresses and numbers', () => {
    expect(directives('open https://a.example.com/x.html. wait 2.5 seconds')).toEqual([
      { kind: 'open', target: 'https://a.example.com/x.html' },
      { kind: 'wait', ms: 2500 },
    ]);
  });

  it('reads numbered lists', () => {
    expect(directives("1. Open /form\n2. Click 'Go'")).toEqual([
      { kind: 'open', target: '/form' },
      { kind: 'click', target: 'Go' },
    ]);
  });
});

describe('quotes', () => {
  it('never splits quoted text, even at commas, "and" or "then"', () => {
    expect(
      directives("type 'Plant B, Line 3 and then more' into the 'Search, and find' field and press Enter"),
    ).toEqual([
      { kind: 'type', text: 'Plant B, Line 3 and then more', field: 'Search, and find' },
      { kind: 'press', keys: ['Enter'] },
    ]);
  });

  it('accepts double and typographic quotes and keeps apostrophes inside a quote', () => {
    expect(directives('type "it\'s fine" into \u2018Notes\u2019 and click \u201cSave, then close\u201d')).toEqual([
      { kind: 'type', text: "it's fine", field: 'Notes' },
      { kind: 'click', target: 'Save, then close' },
    ]);
  });

  it('takes quoted text literally, spaces and case included', () => {
    expect(directives("type '  Mixed CASE  ' into 'Name'")).toEqual([
      { kind: 'type', text: '  Mixed CASE  ', field: 'Name' },
    ]);
  });
});

describe('clauses it does not understand', () => {
  it('lists exactly the clauses no form matches, verbatim, and keeps the rest', () => {
    const result = parseInstruction(
      "open /form, frobnicate the widget, click 'Next' and then fill in the rest with my usual details",
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unparsed).toEqual(['frobnicate the widget', 'fill in the rest with my usual details']);
    expect(result.parsed.map((clause) => clause.directive.kind)).toEqual(['open', 'click']);
  });

  it.each([
    'book me a nice hotel for the Denver trip',
    'type hello into the Name field',
    'select Engineering from the Department dropdown',
    'wait for the page to load',
    'check that the total is right',
    'tick the box',
    'open the settings page',
    'press the big red thing',
    "double-click the 'Row 1' row",
  ])('does not guess at "%s"', (text) => {
    expect(parseInstruction(text)).toMatchObject({ ok: false, unparsed: [text] });
  });
});

describe('parseStep', () => {
  it('reads one clause, with or without a final period', () => {
    expect(parseStep("Click the 'Next' button.")).toEqual({ kind: 'click', target: 'Next', role: 'button' });
  });

  it('refuses text with more than one clause', () => {
    expect(parseStep("Click 'A' and click 'B'")).toBeUndefined();
  });
});
