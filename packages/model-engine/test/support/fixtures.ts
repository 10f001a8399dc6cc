import type { PriceTable } from '@sandpiper/models';

/** A price for the scripted model, so calls carry a cost. */
export const scriptedPrices: PriceTable = {
  version: 1,
  models: [{ match: 'openai-compatible:scripted-vl', inputPerMillionUsd: 1, outputPerMillionUsd: 4 }],
};

export const danaFields = [
  { field: 'Employee name', value: 'Dana Whitfield' },
  { field: 'Email', value: 'dana.whitfield@example.com' },
] as const;

export const danaInstruction =
  "Type 'Dana Whitfield' into the 'Employee name' field and 'dana.whitfield@example.com' into the 'Email' field";

/** Words that start a present-progressive summary: "Clicking", "Typing". */
export const PRESENT_PROGRESSIVE = /^[A-Z][a-z-]*ing\b/;
