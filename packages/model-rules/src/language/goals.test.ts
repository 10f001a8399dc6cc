import { describe, expect, it } from 'vitest';
import { withGoalsAsRequests } from './goals.js';

describe('goals read as the imperative they stand for', () => {
  it.each([
    ['The reviewers should be Ines and Tom.', 'Set the reviewers to Ines and Tom.'],
    ['I want the currency to be EUR.', 'Set the currency to EUR.'],
    ["I'd like the font size to be 14, with the settings saved.", 'Set the font size to 14, then save the settings.'],
    ['The note must say "back at 3".', 'Set the note to "back at 3".'],
    ['The box after Street needs to contain Flat 2.', 'Set the box after Street to Flat 2.'],
    ['The table should be sorted by Price, highest first.', 'Sort the table by Price, highest first.'],
    ['Report 7 should be archived for good.', 'Archive Report 7.'],
    ['I want the porch light on.', 'Turn on the porch light.'],
    ['Old Wiki should be back in the list.', 'Restore Old Wiki.'],
    ['Chidi Obi should have the Editor role.', 'Set the role for Chidi Obi to Editor.'],
    // No value before the property: nothing to set it to.
    ['Chidi Obi should have the role.', 'Chidi Obi should have the role.'],
  ])('%s', (goal, imperative) => {
    expect(withGoalsAsRequests(goal)).toBe(imperative);
  });

  it('reads a state said of a thing as the switch on screen named by the two, and a setting used', () => {
    const labels = ['Public profile', 'Display name'];
    expect(withGoalsAsRequests("My profile shouldn't be public anymore.", labels)).toBe('Turn off Public profile.');
    expect(withGoalsAsRequests('The profile should be public and saved.', labels)).toBe(
      'Turn on Public profile, then save.',
    );
    // Without such a label the words are read as before.
    expect(withGoalsAsRequests('My profile should be public.')).toBe('Set my profile to public.');
    expect(withGoalsAsRequests('The workspace should use the Dark theme, saved.')).toBe(
      'Use the Dark theme, then save.',
    );
    // A person or a named item using something is no setting of the page's.
    expect(withGoalsAsRequests('Ana should use the Editor role.')).toBe('Ana should use the Editor role.');
  });

  it('reads switch states, undone marks and the bare saved at the end', () => {
    expect(withGoalsAsRequests('Push alerts should be off and saved, with the rest left as it is.')).toBe(
      'Turn off Push alerts, then save, with the rest left as it is.',
    );
    expect(withGoalsAsRequests('SMS and Email should both be enabled.')).toBe('Turn on SMS and Email.');
    expect(withGoalsAsRequests("Dana's photo should no longer be liked.")).toBe("Unlike Dana's photo.");
    expect(withGoalsAsRequests("The docs folder shouldn't be expanded anymore.")).toBe('Collapse the docs folder.');
    expect(withGoalsAsRequests('The porch light should not be on.')).toBe('Turn off the porch light.');
  });

  it("reads the person's own state and wish as the verb that brings it about", () => {
    expect(withGoalsAsRequests('I should be signed in as ada@example.com.')).toBe('Sign in as ada@example.com.');
    expect(withGoalsAsRequests('I should be following Mia, nobody else.')).toBe('Follow Mia, nobody else.');
    expect(withGoalsAsRequests('I need the May statement downloaded, just that one.')).toBe(
      'Download the May statement, just that one.',
    );
    expect(withGoalsAsRequests('We want the list sorted by date.')).toBe('Sort the list by date.');
  });

  it('asks for the save a subject said to be saved implies, unless the sentence says how', () => {
    expect(withGoalsAsRequests('My saved skills should be exactly Go and Rust.')).toBe(
      'Clear my skills, then set my skills to Go and Rust, then save.',
    );
    expect(withGoalsAsRequests('My saved city should be Oslo, with the profile saved.')).toBe(
      'Set my city to Oslo, then save the profile.',
    );
  });

  it('reads a value after "at", and "exactly" as the whole set', () => {
    expect(withGoalsAsRequests('The heater should be at 19.5 degrees.')).toBe('Set the heater to 19.5 degrees.');
    expect(withGoalsAsRequests('The password should be at least 8 characters.')).toBe(
      'The password should be at least 8 characters.',
    );
    expect(withGoalsAsRequests('My skills should be exactly Go and Rust.')).toBe(
      'Clear my skills, then set my skills to Go and Rust.',
    );
  });

  it('marks a list said to be the whole set, so what the field holds now is cleared first', () => {
    expect(withGoalsAsRequests('My tags should be red, green and blue, nothing else.')).toBe(
      'Clear my tags, then set my tags to red, green and blue.',
    );
    expect(withGoalsAsRequests('The owners should be Ana and Li only.')).toBe(
      'Clear the owners, then set the owners to Ana and Li.',
    );
  });

  it('names the field when the subject is a label on screen', () => {
    expect(withGoalsAsRequests('The full name should read ADA KING.', ['Full name', 'Email'])).toBe(
      'Set the full name field to ADA KING.',
    );
  });

  it('leaves alone what is no plain goal for a field', () => {
    for (const text of [
      'I should get a reminder at 6 pm.',
      'My profile should not be public anymore.',
      'The logo should no longer be blue.',
      'Only rows 2 and 5 should be ticked.',
      'The password should be at least 8 characters.',
      'The invoice should be paid by research.',
      'The project should be called Atlas.',
      'The name should be Atlas from now on.',
      'It should be blue.',
      'Nora should be a member of the team.',
      'Set the colour to red, with the change saved.',
    ])
      expect(withGoalsAsRequests(text)).toBe(text);
  });
});
