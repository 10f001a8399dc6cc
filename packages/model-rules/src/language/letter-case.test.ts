import { describe, expect, it } from 'vitest';
import { withLetterCaseApplied } from './letter-case.js';

describe('withLetterCaseApplied', () => {
  it('applies a bracketed case request to the value before it and takes the request out', () => {
    expect(withLetterCaseApplied('Sign in as Ada@Example.com (type it lowercase), password P-1')).toBe(
      'Sign in as ada@example.com, password P-1',
    );
    expect(withLetterCaseApplied("Set code to 'ab12' (uppercase)")).toBe("Set code to 'AB12'");
    // A capitalised name goes together, but not the sentence's first word.
    expect(withLetterCaseApplied('Add Ada Lovelace (all capitals) to the list')).toBe('Add ADA LOVELACE to the list');
  });

  it('reads a participle of typing after a value', () => {
    expect(withLetterCaseApplied('log in with ADA@example.com typed all in lowercase, password P-1')).toBe(
      'log in with ada@example.com, password P-1',
    );
  });

  it('finds the value a separate request names by its kind', () => {
    expect(
      withLetterCaseApplied('Sign in as Ada@Example.com, password P-1. Please type the email in lower case.'),
    ).toBe('Sign in as ada@example.com, password P-1.');
    expect(withLetterCaseApplied('log in with username AdaL, password P-1, and type the username in lowercase')).toBe(
      'log in with username adal, password P-1',
    );
    expect(withLetterCaseApplied('log in as KAI@Example.com pw P-1, but type the email in lowercase')).toBe(
      'log in as kai@example.com pw P-1',
    );
    // The value said after the noun first; an address only for "the email" said nowhere else.
    expect(withLetterCaseApplied('use username AdaL and email Ada@X.io; type the username in lowercase')).toBe(
      'use username adal and email Ada@X.io;',
    );
  });

  it('leaves requests it cannot tie to one value, and those inside a typing clause, alone', () => {
    for (const text of [
      "type 'ada' in upper case",
      "make sure it's typed in lowercase",
      // Two addresses: which one is meant is for the person to say.
      'invite a@x.io and B@Y.IO. Type the email in lowercase.',
      'Open the report (quarterly) and print it',
    ])
      expect(withLetterCaseApplied(text)).toBe(text);
  });
});
