import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { formRefusal } from './form-refusal.js';
import { click } from './test-pairs.js';

const form = (extra: ReturnType<typeof node>[] = [], invalid = false) => [
  node('heading', 'Shipping details', [40, 20, 400, 30]),
  node('text', 'Fields marked * are required', [40, 60, 400, 20]),
  node('textbox', 'Street *', [40, 100, 300, 30], { value: '', ...(invalid ? { invalid: true } : {}) }),
  node('textbox', 'City *', [40, 140, 300, 30], { value: '', ...(invalid ? { invalid: true } : {}) }),
  node('button', 'Next', [40, 200, 100, 36]),
  ...extra,
];

describe('formRefusal', () => {
  it('reads fields newly marked invalid and a new error message as a refusal', () => {
    const before = screenOf({ nodes: form(), url: 'http://app.test/checkout' });
    const after = screenOf({
      nodes: form([node('alert', 'Fix 2 fields to continue.', [40, 250, 300, 20])], true),
      url: 'http://app.test/checkout',
    });
    expect(formRefusal(before, after)).toBe("it says 'Fix 2 fields to continue.' and 2 fields are now marked invalid");
  });

  it.each([
    ['Email is required.'],
    ['Please enter a valid phone number'],
    ['Passwords do not match'],
    ['Invalid email address'],
    ['This field cannot be empty'],
  ])('reads "%s" appearing as a refusal', (message) => {
    const before = screenOf({ nodes: form() });
    const after = screenOf({ nodes: form([node('text', message, [40, 250, 300, 20])]) });
    expect(formRefusal(before, after)).toBe(`it says '${message}'`);
  });

  it('leaves standing hints, other pages and ordinary news alone', () => {
    const before = screenOf({ nodes: form(), url: 'http://app.test/step-1' });
    // The hint was there before; the next page has hints of its own.
    expect(formRefusal(before, screenOf({ nodes: form(), url: 'http://app.test/step-1' }))).toBeUndefined();
    const next = screenOf({
      nodes: [node('text', 'Card number is required', [40, 60, 400, 20])],
      url: 'http://app.test/step-2',
    });
    expect(formRefusal(before, next)).toBeUndefined();
    const saved = screenOf({ nodes: form([node('status', 'Saved. 0 errors found.', [40, 250, 300, 20])]) });
    expect(formRefusal(before, saved)).toBeUndefined();
  });

  it('reads an alert as a refusal only when it reports an error, not good news', () => {
    const before = screenOf({ nodes: form() });
    const news = screenOf({ nodes: form([node('alert', 'Crew Portal archived.', [40, 250, 300, 20])]) });
    expect(formRefusal(before, news)).toBeUndefined();
    const failed = screenOf({ nodes: form([node('alert', 'Payment failed. Try another card.', [40, 250, 300, 20])]) });
    expect(formRefusal(before, failed)).toBe("it says 'Payment failed. Try another card.'");
  });
});

describe('a click answered by a validation error', () => {
  it('does not count as the effect of "Click Next"', async () => {
    const before = screenOf({ nodes: form() });
    const after = screenOf({ nodes: form([node('alert', 'Fix 2 fields to continue.', [40, 250, 300, 20])], true) });
    const check = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Click the 'Next' button"),
      performed: performedOf(click(90, 218)),
      before,
      after,
    });
    expect(check.passed).toBe(false);
    expect(check.evidence).toContain("the page refused it: it says 'Fix 2 fields to continue.'");
    // Marked as the page's refusal, so the run asks what should change instead of clicking again.
    expect(check.refused).toMatch(
      /^it says 'Fix 2 fields to continue\.' and \d+ fields are now marked invalid$|^it says 'Fix 2 fields to continue\.'/,
    );
  });
});
