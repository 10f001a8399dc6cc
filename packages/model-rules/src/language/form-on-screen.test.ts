import { renderStepIntent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { interpretInstruction } from './interpret.js';
import type { ScreenControl } from './screen-reading.js';

/** Steps an instruction reads as on a screen with these controls, or the clauses not read. */
function read(text: string, controls: readonly ScreenControl[]): string[] {
  const fieldLabels = controls.filter((control) => control.role !== 'radio').map((control) => control.name);
  const result = interpretInstruction(text, { fieldLabels, controls });
  if (result.unparsed.length > 0) return result.unparsed.map((clause) => `UNREAD ${clause}`);
  return result.steps.map((step) => renderStepIntent(step.intent));
}

const signup: ScreenControl[] = [
  { role: 'textbox', name: 'Full name' },
  { role: 'textbox', name: 'Work email', inputType: 'email' },
  { role: 'textbox', name: 'Password', inputType: 'password' },
  { role: 'textbox', name: 'Confirm password', inputType: 'password' },
  { role: 'combobox', name: 'Country', options: ['Choose…', 'Kenya', 'Mexico', 'New Zealand'] },
  { role: 'radio', name: 'Free', group: 'Plan' },
  { role: 'radio', name: 'Pro — $12/month', group: 'Plan' },
  { role: 'radio', name: 'Team — $30/month', group: 'Plan' },
  { role: 'checkbox', name: 'Send me the monthly newsletter' },
  { role: 'checkbox', name: 'I agree to the Terms of Service' },
];

const booking: ScreenControl[] = [
  { role: 'textbox', name: 'Guest name' },
  { role: 'textbox', name: 'Arrival date', inputType: 'date' },
  { role: 'textbox', name: 'Arrival time', inputType: 'time' },
  { role: 'combobox', name: 'Room type', options: ['Single', 'Double', 'Family suite'] },
];

const contact: ScreenControl[] = [
  { role: 'combobox', name: 'Topic', options: ['Choose a topic', 'Billing', 'Shipping'] },
  { role: 'textbox', name: 'Your email', inputType: 'email' },
  { role: 'textbox', name: 'Message' },
];

const visit: ScreenControl[] = [
  { role: 'textbox', name: 'Patient name' },
  { role: 'textbox', name: 'Date of birth', inputType: 'date' },
  { role: 'textbox', name: 'Appointment date', inputType: 'date' },
  { role: 'textbox', name: 'Preferred time', inputType: 'time' },
  { role: 'combobox', name: 'Clinic', options: ['Choose a clinic', 'Northgate Health Centre', 'Riverside Clinic'] },
  { role: 'radio', name: 'In person', group: 'Visit type' },
  { role: 'radio', name: 'Video call', group: 'Visit type' },
];

const trip: ScreenControl[] = [
  { role: 'combobox', name: 'From' },
  { role: 'combobox', name: 'To' },
  { role: 'textbox', name: 'Guest name' },
];

describe('values listed for a form on screen', () => {
  it('puts each value where the screen says it goes, confirms the password and sends the form', () => {
    expect(read('Sign up Lin Okafor, lin.okafor@example.org, Kenya, Pro plan, password okafor2024x', signup)).toEqual([
      "Set the 'Full name' field to 'Lin Okafor'",
      "Set the 'Work email' field to 'lin.okafor@example.org'",
      "Set the 'Country' field to 'Kenya'",
      "Choose the 'Pro — $12/month' radio button for 'Plan'",
      "Set the 'Password' field to 'okafor2024x'",
      "Set the 'Confirm password' field to 'okafor2024x'",
      'Sign up',
    ]);
  });

  it('reads the thing made, boxes, and values joined by prepositions', () => {
    expect(
      read(
        'create an account for lin okafor with lin.okafor@example.org in kenya on the pro plan, password okafor2024x, keep the newsletter on and accept the terms',
        signup,
      ),
    ).toEqual([
      "Set the 'Full name' field to 'Lin Okafor'",
      "Set the 'Work email' field to 'lin.okafor@example.org'",
      "Set the 'Country' field to 'Kenya'",
      "Choose the 'Pro — $12/month' radio button for 'Plan'",
      "Set the 'Password' field to 'okafor2024x'",
      "Set the 'Confirm password' field to 'okafor2024x'",
      // Ticked after the list, still before the form is sent. (The name was written without
      // capitals, like everything else: it is typed as names are written.)
      "Check the 'Send me the monthly newsletter' checkbox",
      "Check the 'I agree to the Terms of Service' checkbox",
      "Create 'account'",
    ]);
    expect(read('Create a free account for Tomás Rivera, tomas@example.net, no newsletter', signup)).toEqual([
      "Choose the 'Free' radio button for 'Plan'",
      "Set the 'Full name' field to 'Tomás Rivera'",
      "Set the 'Work email' field to 'tomas@example.net'",
      "Uncheck the 'Send me the monthly newsletter' checkbox",
      "Create 'account'",
    ]);
    expect(read('Book a family suite for Ana Souza, 3/14/2026 9:30', booking)).toEqual([
      "Set the 'Room type' field to 'Family suite'",
      "Set the 'Guest name' field to 'Ana Souza'",
      "Set the 'Arrival date' field to '3/14/2026'",
      "Set the 'Arrival time' field to '9:30'",
      'Book',
    ]);
  });

  it('puts the text of a message, commas and all, in the message field', () => {
    expect(read('send a Billing message from kofi@example.com saying Hi, my invoice is wrong.', contact)).toEqual([
      "Set the 'Topic' field to 'Billing'",
      "Set the 'Your email' field to 'kofi@example.com'",
      "Set the 'Message' field to 'Hi, my invoice is wrong.'",
      "Send 'message'",
    ]);
    // A colon after "saying" only introduces the text; a fragment ends before the instruction's full stop.
    expect(read('send a Billing message from kofi@example.com saying: Call me back.', contact)).toContain(
      "Set the 'Message' field to 'Call me back.'",
    );
    expect(read('send a Billing message from kofi@example.com saying running late today.', contact)).toContain(
      "Set the 'Message' field to 'running late today'",
    );
  });

  it('reads values joined by prepositions, never a birth date from a bare date, and a route', () => {
    expect(read('book a video call for noor haddad on march 14th 2026 at 9:30 am at northgate', visit)).toEqual([
      "Choose the 'Video call' radio button for 'Visit type'",
      "Set the 'Patient name' field to 'Noor Haddad'",
      "Set the 'Appointment date' field to 'march 14th 2026'",
      "Set the 'Preferred time' field to '9:30 am'",
      "Set the 'Clinic' field to 'Northgate Health Centre'",
      'Book',
    ]);
    expect(read('Book Ana Souza, Porto to Toronto', trip)).toEqual([
      "Set the 'Guest name' field to 'Ana Souza'",
      "Set the 'From' field to 'Porto'",
      "Set the 'To' field to 'Toronto'",
      'Book',
    ]);
  });

  it('asks rather than guess where a value goes', () => {
    // A date and words that are not a date are not one date.
    expect(read('book a video call for noor haddad born 1 june 1980', visit)[0]).toMatch(/^UNREAD/);
    // Two date fields: the screen does not say which one a bare date is for.
    const twoDates: ScreenControl[] = [...booking, { role: 'textbox', name: 'Departure date', inputType: 'date' }];
    expect(read('Book Ana Souza, 3/14/2026, Double', twoDates)[0]).toMatch(/^UNREAD/);
    // A part that fits nowhere.
    expect(read('Sign up Lin Okafor, lin@example.org, Atlantis', signup)[0]).toMatch(/^UNREAD/);
    // Lower-case words in a cased request are no name.
    expect(read('Sign up lin okafor, lin@example.org, Kenya', signup)[0]).toMatch(/^UNREAD/);
    // Two values for one field are never both set.
    expect(read('Sign up Lin Okafor, lin@example.org, Kenya, Mexico', signup).join(' ')).not.toContain(
      "Set the 'Country' field to 'Mexico'",
    );
  });
});
