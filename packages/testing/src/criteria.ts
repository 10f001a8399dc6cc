import { checkOfLegacyCriterion, type CriterionDraft } from '@sandpiper/protocol';

/**
 * A criterion draft from a sentence in the built-in planner's wording, with the check that
 * sentence meant ("The 'Email' field shows 'a@b.c'" checks the field's value), so fixtures can
 * be written as people read criteria.
 */
export function legacyCriterion(text: string, exactValue?: string): CriterionDraft & { readonly text: string } {
  return { text, check: checkOfLegacyCriterion(text, exactValue) };
}

/** A criterion whose only requirement is that `text` is visible exactly as written. */
export function criterion(text: string): CriterionDraft & { readonly text: string } {
  return { text: `'${text}' is visible`, check: { kind: 'text-visible', text, exact: true } };
}
