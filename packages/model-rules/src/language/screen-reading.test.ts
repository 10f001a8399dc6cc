import { renderStepIntent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { interpretInstruction } from './interpret.js';
import type { ScreenControl } from './screen-reading.js';

/** Steps an instruction reads as on a screen with these controls, or the clauses not read. */
function read(text: string, controls: readonly ScreenControl[]): string[] {
  const result = interpretInstruction(text, { fieldLabels: [], controls });
  if (result.unparsed.length > 0) return [`unread: ${result.unparsed.join(' | ')}`];
  return result.steps.map((step) => renderStepIntent(step.intent));
}

const rooms: ScreenControl[] = [
  { role: 'tab', name: 'Living room' },
  { role: 'tab', name: 'Kitchen' },
  { role: 'tab', name: 'Bedroom' },
  { role: 'switch', name: 'Lights' },
  { role: 'slider', name: 'Brightness', valueMin: 0, valueMax: 100 },
  { role: 'spinbutton', name: 'Thermostat', valueMin: 16, valueMax: 28 },
];

const booking: ScreenControl[] = [
  { role: 'combobox', name: 'Room', options: ['Choose a room', 'Aurora — 12 seats', 'Borealis — 12 seats'] },
  { role: 'textbox', name: 'Meeting date' },
  { role: 'textbox', name: 'Start time' },
  { role: 'textbox', name: 'End time' },
  { role: 'radio', name: 'Phone', group: 'Visit type' },
  { role: 'radio', name: 'Video call', group: 'Visit type' },
  { role: 'switch', name: 'Push notifications' },
];

describe('clauses read against the controls on screen', () => {
  it('reads a place, a control and its value without a verb', () => {
    expect(read('kitchen lights off', rooms)).toEqual(["Go to the 'Kitchen' tab", "Turn off the 'Lights' switch"]);
    expect(read('bedroom brightness to 30', rooms)).toEqual([
      "Go to the 'Bedroom' tab",
      "Set the 'Brightness' slider to '30'",
    ]);
    expect(read('Please turn the kitchen brightness all the way up', rooms)).toEqual([
      "Go to the 'Kitchen' tab",
      "Set the 'Brightness' slider to '100'",
    ]);
  });

  it('names a control by part of its name when no other control has that part', () => {
    expect(read('start at a quarter to five in the afternoon', booking)).toEqual([
      "Set the 'Start time' field to 'quarter to five in the afternoon'",
    ]);
    expect(read('Start 9:30 AM, end 11:00 AM.', booking)).toEqual([
      "Set the 'Start time' field to '9:30 AM'",
      "Set the 'End time' field to '11:00 AM'",
    ]);
    expect(read('The meeting is on the first of July 2026.', booking)).toEqual([
      "Set the 'Meeting date' field to 'first of July 2026'",
    ]);
  });

  it('reads an option or a radio named alone, and a switch the person no longer wants', () => {
    expect(read('borealis', booking)).toEqual(["Set the 'Room' field to 'Borealis — 12 seats'"]);
    expect(read('make it a phone appointment', booking)).toEqual(['unread: make it a phone appointment']);
    expect(read('phone please', booking)).toEqual(["Choose the 'Phone' radio button for 'Visit type'"]);
    expect(read('I do not want push notifications any more', booking)).toEqual([
      "Turn off the 'Push notifications' switch",
    ]);
  });

  it('reads nothing with a word left over, a second control, or a value the control cannot take', () => {
    expect(read('I moved to Borealis', booking)[0]).toMatch(/^unread/);
    expect(read('brightness and thermostat to 20', rooms)[0]).toMatch(/^unread/);
    expect(read('thermostat to 40', rooms)[0]).toMatch(/^unread/);
    expect(read('meeting date soon', booking)[0]).toMatch(/^unread/);
    expect(read('delete the lights', rooms)[0]).not.toBe("Turn off the 'Lights' switch");
    expect(read('lights not off', rooms)[0]).toMatch(/^unread/);
  });
});

describe('a time given relative to the one before it', () => {
  it('becomes the time it names, written as the earlier one was', () => {
    expect(read('Start 10:15 AM, end one hour later.', booking)).toEqual([
      "Set the 'Start time' field to '10:15 AM'",
      "Set the 'End time' field to '11:15 AM'",
    ]);
    expect(read('start at 16:45 and end half an hour later', booking)).toEqual([
      "Set the 'Start time' field to '16:45'",
      "Set the 'End time' field to '17:15'",
    ]);
  });

  it('reads a bare hour for a time field after a time as the first such hour after it', () => {
    expect(read('set the start time to 9:30 and the end time to 11', booking)).toEqual([
      "Set 'start time' to '9:30'",
      "Set 'end time' to '11:00'",
    ]);
    expect(read('set the start time to 2:00 PM and the end time to 3', booking)).toEqual([
      "Set 'start time' to '2:00 PM'",
      "Set 'end time' to '3:00 PM'",
    ]);
    // Not for a field that counts something.
    expect(read('set the start time to 9:30 and the meeting date to 11', booking)).toContain(
      "Set 'meeting date' to '11'",
    );
  });
});

describe('free words as a value', () => {
  const settings: ScreenControl[] = [
    { role: 'textbox', name: 'Workspace name' },
    { role: 'textbox', name: 'Notes' },
  ];

  it('are taken when they read as one: names, codes, quotes', () => {
    expect(read('workspace name Harbor Ops', settings)).toEqual(["Set the 'Workspace name' field to 'Harbor Ops'"]);
    expect(read("notes 'call back at noon'", settings)).toEqual(["Set the 'Notes' field to 'call back at noon'"]);
  });

  it('are not taken when lower-case words around a value say more than the reading can place', () => {
    expect(read('The workspace should be called Harbor Ops from now on.', settings)[0]).toMatch(/^unread/);
    expect(read('notes about the call', settings)[0]).toMatch(/^unread/);
  });
});

describe('a request without its value, beside a statement that names the choice', () => {
  const profile: ScreenControl[] = [
    { role: 'combobox', name: 'Country', options: ['United Kingdom', 'New Zealand', 'Kenya'] },
    { role: 'combobox', name: 'Cost center', options: ['CC-210 Operations', 'CC-330 Research'] },
  ];

  it('takes the option the statement names as the value, in the place of the request', () => {
    expect(read("I moved to New Zealand; could you update my country and click 'Save'?", profile)).toEqual([
      "Set the 'Country' field to 'New Zealand'",
      "Click 'Save'",
    ]);
    expect(read('This trip should be paid by research; could you change the cost center?', profile)).toEqual([
      "Set the 'Cost center' field to 'CC-330 Research'",
    ]);
  });

  it('takes nothing from a statement that negates, or names no single option', () => {
    expect(read('I did not move to New Zealand; could you update my country?', profile)[0]).toMatch(/^unread/);
    expect(read('I lived in Kenya and New Zealand; could you update my country?', profile)[0]).toMatch(/^unread/);
  });

  const booking: ScreenControl[] = [
    { role: 'combobox', name: 'Clinic', options: ['Choose a clinic', 'Northgate', 'Riverside'] },
    { role: 'radio', name: 'In person', group: 'Visit type' },
    { role: 'radio', name: 'Phone', group: 'Visit type' },
    { role: 'spinbutton', name: 'Number of people attending', valueMin: 1, valueMax: 4 },
    { role: 'checkbox', name: 'Send me the monthly newsletter' },
    { role: 'checkbox', name: 'I agree to the terms' },
  ];

  it('takes a radio group, a number or a check box from the statement', () => {
    expect(read('I would prefer to talk on the phone; could you choose that visit type?', booking)).toEqual([
      "Choose the 'Phone' radio button for 'Visit type'",
    ]);
    expect(read('Three of us will come; could you change the number of people attending?', booking)).toEqual([
      "Set the 'Number of people attending' spinbutton to '3'",
    ]);
    expect(read("I'd rather not get the newsletter; could you uncheck that box?", booking)).toEqual([
      "Uncheck the 'Send me the monthly newsletter' checkbox",
    ]);
  });

  it('takes no number from a statement with two, and no box from one naming none or two', () => {
    expect(
      read('Three of us, maybe 4, will come; could you change the number of people attending?', booking)[0],
    ).toMatch(/^unread/);
    expect(read('I am busy; could you uncheck that box?', booking)[0]).toMatch(/^unread/);
    expect(read('The newsletter and the terms are fine; could you tick that box?', booking)[0]).toMatch(/^unread/);
  });
});

describe('a clause that is the name of something to press', () => {
  const screen = {
    fieldLabels: [],
    controls: [
      { role: 'tab', name: 'Billing' },
      { role: 'tab', name: 'Shipping' },
      { role: 'combobox', name: 'Topic', options: ['Billing', 'Shipping', 'Returns'] },
      { role: 'textbox', name: 'Company domain' },
    ],
    clickables: [
      { role: 'tab', name: 'Billing' },
      { role: 'tab', name: 'Shipping' },
      { role: 'button', name: 'Continue with SSO' },
      { role: 'button', name: 'Sign in' },
      { role: 'link', name: 'Forgot password?' },
      { role: 'menuitem', name: 'Export as CSV' },
      { role: 'button', name: 'Endorse' },
      { role: 'button', name: 'Endorse' },
      { role: 'button', name: 'Overview' },
      { role: 'link', name: 'Overview' },
    ],
  };
  const readOn = (text: string) => {
    const result = interpretInstruction(text, screen);
    if (result.unparsed.length > 0) return [`unread: ${result.unparsed.join(' | ')}`];
    return result.steps.map((step) => renderStepIntent(step.intent));
  };

  it('presses a button, link or menu item named by the whole clause, with or without its kind', () => {
    expect(readOn('Enter northwind as company domain, then Continue with SSO.')).toEqual([
      "Set 'Company domain' to 'northwind'",
      "Click the 'Continue with SSO' button",
    ]);
    expect(readOn('continue with sso')).toEqual(["Click the 'Continue with SSO' button"]);
    expect(readOn('the Forgot password link')).toEqual(["Click the 'Forgot password?' link"]);
    expect(readOn('Export as CSV menu item')).toEqual(["Click the 'Export as CSV' menu item"]);
  });

  it('counts an item named by its kind alone in the tab shown just before', () => {
    expect(readOn('Shipping tab, open the 3rd article.')).toEqual([
      "Go to the 'Shipping' tab",
      "Go to the third card in the section of 'Shipping'",
    ]);
    expect(readOn("open the 3rd article, then the 'Overview' link")).toEqual([
      'Go to the third card',
      "Click the 'Overview' link",
    ]);
  });

  it('shows a tab named with its kind, and asks when the name is also an option of a dropdown', () => {
    expect(readOn('Shipping tab, then the Billing tab')).toEqual([
      "Go to the 'Shipping' tab",
      "Go to the 'Billing' tab",
    ]);
    expect(readOn('Shipping')).toEqual(['unread: Shipping']);
  });

  it('asks when two kinds of control carry the name, or when only part of a name is given', () => {
    expect(readOn('Overview')).toEqual(['unread: Overview']);
    expect(readOn('the Overview link')).toEqual(["Click the 'Overview' link"]);
    expect(readOn('SSO')).toEqual(['unread: SSO']);
    expect(readOn('Continue with SSO settings')).toEqual(['unread: Continue with SSO settings']);
  });

  it('reads a button named in the place of a verb as that button on what the rest names', () => {
    expect(readOn('Endorse the post by @dana')).toEqual(["Click 'Endorse' in the card of '@dana'"]);
    expect(readOn('Endorse')).toEqual(["Click the 'Endorse' button"]);
    expect(readOn('Clap for the post by @dana')).toEqual(['unread: Clap for the post by @dana']);
  });

  it('reads a handle as a name, not an address', () => {
    expect(readOn('Follow @priya.n.')).toEqual(["Follow '@priya.n'"]);
  });
});

describe('an option named with its group after it', () => {
  const plans: ScreenControl[] = [
    { role: 'radio', name: 'Free', group: 'Plan' },
    { role: 'radio', name: 'Pro — $12/month', group: 'Plan' },
    { role: 'radio', name: 'Team — $30/month', group: 'Plan' },
    { role: 'radio', name: 'Team lead', group: 'Role' },
    { role: 'radio', name: 'Team member', group: 'Role' },
  ];

  it("is the group's one radio whose name begins with the rest", () => {
    expect(read('Pick the Team plan.', plans)).toEqual(["Choose the 'Team — $30/month' radio button for 'Plan'"]);
    expect(read('choose the pro plan', plans)).toEqual(["Choose the 'Pro — $12/month' radio button for 'Plan'"]);
  });

  it('is left as written when a radio has the whole name, or more than one radio fits', () => {
    expect(read('choose Free', plans)).toEqual(["Pick 'Free'"]);
    expect(read('choose the Team role', plans)).toEqual(["Pick 'Team role'"]);
  });
});

describe('a pick in a place that is a text field', () => {
  it('sets the field: there are no options in it to pick from', () => {
    expect(read("Pick 'March 14, 2026' as the 'Meeting date'.", booking)).toEqual([
      "Set 'Meeting date' to 'March 14, 2026'",
    ]);
  });

  it('stays a pick in a dropdown, or in a place no control on screen is named', () => {
    expect(read('Pick Borealis as the Room', booking)).toEqual(["Pick 'Borealis' in 'Room'"]);
    expect(read("Pick 'March 14' as the 'Review date'", booking)).toEqual(["Pick 'March 14' in 'Review date'"]);
  });
});

describe('any verb with "as the <control>"', () => {
  it('puts what comes before "as" into the control on screen named after it', () => {
    expect(read('Could you book the Borealis room as the Room?', booking)).toEqual(["Pick 'Borealis room' in 'Room'"]);
    expect(read("Reserve 'March 14, 2026' as the meeting date", booking)).toEqual([
      "Set 'Meeting date' to 'March 14, 2026'",
    ]);
  });

  it('keeps its own meaning when no control on screen is named so', () => {
    expect(read('Mark the message as read', booking)).toEqual(['Mark as read the card']);
    expect(read('Book Borealis as the venue', booking)).not.toContain("Pick 'Borealis' in 'venue'");
  });
});

describe('a place named by a word that is also a preposition', () => {
  it('reads "Lisbon for From" as the option Lisbon in the place From', () => {
    const trip: ScreenControl[] = [
      { role: 'combobox', name: 'From' },
      { role: 'combobox', name: 'To' },
    ];
    expect(read('Choose Lisbon for From and Oslo for To', trip)).toEqual([
      "Pick 'Lisbon' in 'From'",
      "Pick 'Oslo' in 'To'",
    ]);
  });
});

describe('a choice named "as" a field', () => {
  const screen = {
    fieldLabels: ['Hotel'],
    controls: [{ role: 'combobox', name: 'Hotel' }],
    clickables: [],
  };
  const readOn = (text: string) => {
    const result = interpretInstruction(text, screen);
    if (result.unparsed.length > 0) return [`unread: ${result.unparsed.join(' | ')}`];
    return result.steps.map((step) => renderStepIntent(step.intent));
  };

  it('takes the words before "as" for the option', () => {
    expect(readOn('choose Harbour View Inn as the hotel')).toEqual(["Pick 'Harbour View Inn' in 'Hotel'"]);
  });

  it('does not take a whole clause of places and people for the name of one option', () => {
    expect(
      readOn('submit a request from ana souza for porto to toronto with lakeshore suites as the hotel')[0],
    ).toMatch(/^unread/);
  });
});

describe('one thing on screen in place of another', () => {
  const digest: ScreenControl[] = [
    { role: 'switch', name: 'Daily digest' },
    { role: 'switch', name: 'Weekly report' },
    { role: 'combobox', name: 'Plan', options: ['Basic', 'Pro', 'Team'] },
    ...booking,
  ];

  it('turns the one left off and the one taken on, for two switches', () => {
    const swapped = ["Turn off the 'Daily digest' switch", "Turn on the 'Weekly report' switch"];
    expect(read('Switch from daily digest to weekly report and save', digest).slice(0, 2)).toEqual(swapped);
    expect(read('gonna want the weekly report instead of the daily digest pls', digest)).toEqual(swapped);
    expect(read('weekly report rather than daily digest', digest)).toEqual(swapped);
  });

  it('chooses the one taken among the choices of one group', () => {
    expect(read('switch from Phone to Video call', digest)).toEqual([
      "Choose the 'Video call' radio button for 'Visit type'",
    ]);
    expect(read('Pro instead of Basic', digest)).toEqual(["Set the 'Plan' field to 'Pro'"]);
    expect(read('change the plan from Basic to Team', digest)).toEqual(["Set 'plan' to 'Team'"]);
  });

  it('reads nothing for a pair of different kinds or other words between them', () => {
    expect(read('Switch from daily digest to Phone', digest)[0]).toMatch(/^unread/);
    expect(read('daily digest and later weekly report', digest)[0]).toMatch(/^unread/);
  });
});

describe('a control named with the tab it is on', () => {
  const profile: ScreenControl[] = [
    { role: 'tab', name: 'Profile' },
    { role: 'tab', name: 'Notifications' },
    { role: 'combobox', name: 'Language', options: ['English', 'Deutsch'] },
    { role: 'switch', name: 'SMS alerts' },
  ];

  it('is the control with the rest of the name when nothing has the whole', () => {
    expect(read('change the profile language to Deutsch', profile)).toEqual([
      "Set 'Language' in the tab of 'Profile' to 'Deutsch'",
    ]);
    expect(read('turn on the notifications sms alerts', profile)).toEqual([
      "Turn on 'SMS alerts' in the tab of 'Notifications'",
    ]);
  });

  it('keeps the tab, so a control every tab repeats is the one in the tab named', () => {
    const rooms: ScreenControl[] = [
      { role: 'tab', name: 'Hall' },
      { role: 'tab', name: 'Attic' },
      { role: 'switch', name: 'Lamp' },
    ];
    expect(read('turn off the attic lamp', rooms)).toEqual(["Turn off 'Lamp' in the tab of 'Attic'"]);
  });

  it('keeps a name that no tab opens, or that a control has whole', () => {
    expect(read('change the account language to Deutsch', profile)).toEqual(["Set 'account language' to 'Deutsch'"]);
  });
});
