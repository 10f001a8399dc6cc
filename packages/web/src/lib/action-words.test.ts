import { describe, expect, it } from 'vitest';
import { splitStepText } from './action-words.js';

describe('step text emphasis', () => {
  it('marks action verbs and quoted targets, and keeps every character', () => {
    const text = "Type 'Dana Whitfield' into the 'Employee name' field, then click 'Next'";
    const segments = splitStepText(text);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.filter((segment) => segment.kind === 'action').map((segment) => segment.text)).toEqual([
      'Type',
      'click',
    ]);
    expect(segments.filter((segment) => segment.kind === 'quote').map((segment) => segment.text)).toEqual([
      "'Dana Whitfield'",
      "'Employee name'",
      "'Next'",
    ]);
  });

  it('does not emphasise verbs inside quotes, or read an apostrophe as a quote', () => {
    const segments = splitStepText("Select 'Type A' from the list, don't submit");
    expect(segments.filter((segment) => segment.kind === 'action').map((segment) => segment.text)).toEqual([
      'Select',
      'submit',
    ]);
    expect(segments.filter((segment) => segment.kind === 'quote').map((segment) => segment.text)).toEqual(["'Type A'"]);
  });

  it('leaves text without verbs or quotes as one plain piece', () => {
    expect(splitStepText('The total is shown')).toEqual([{ kind: 'plain', text: 'The total is shown' }]);
  });
});
