import {
  controlStateSchema,
  criterionExactValue,
  type CriterionCheck,
  type CriterionDraft,
  type PlanVersion,
} from '@sandpiper/protocol';
import { z } from 'zod';

/**
 * A success criterion as a model writes it: one flat object with a `kind` and the fields that
 * kind reads, so strict structured output (where every field is present, unused ones null) can
 * carry it. {@link toCriterionDraft} turns it into the typed check the other roles read.
 */
export const modelCriterionSchema = z.object({
  kind: z.enum([
    'field-value',
    'control-state',
    'text-visible',
    'element-visible',
    'element-gone',
    'count',
    'address',
    'described',
  ]),
  /** The condition in plain words, as people read it. */
  text: z.string().trim().min(1).max(1000),
  target: z.string().trim().min(1).max(300).optional(),
  targetRole: z.string().trim().min(1).max(40).optional(),
  value: z.string().max(1000).optional(),
  exact: z.boolean().optional(),
  state: controlStateSchema.optional(),
  count: z.number().int().nonnegative().max(100_000).optional(),
  comparison: z.enum(['exactly', 'at-least', 'at-most']).optional(),
});
export type ModelCriterion = z.infer<typeof modelCriterionSchema>;

/**
 * The typed criterion for a model's answer. A kind whose fields are missing (a `field-value`
 * without a target) becomes `described`, keeping the model's words and any value as a text that
 * must show, so a sloppy answer loses precision but never its meaning.
 */
export function toCriterionDraft(criterion: ModelCriterion): CriterionDraft {
  const target =
    criterion.target === undefined
      ? undefined
      : { name: criterion.target, ...(criterion.targetRole ? { role: criterion.targetRole } : {}) };
  const value = criterion.value;
  const exact = criterion.exact ?? false;
  const check = ((): CriterionCheck | undefined => {
    switch (criterion.kind) {
      case 'field-value':
        return target && value !== undefined ? { kind: 'field-value', target, value, exact } : undefined;
      case 'control-state':
        return target && criterion.state ? { kind: 'control-state', target, state: criterion.state } : undefined;
      case 'text-visible':
        return value ? { kind: 'text-visible', text: value, exact } : undefined;
      case 'element-visible':
      case 'element-gone':
        return target ? { kind: criterion.kind, target } : undefined;
      case 'count':
        return target && criterion.count !== undefined
          ? { kind: 'count', target, count: criterion.count, comparison: criterion.comparison ?? 'exactly' }
          : undefined;
      case 'address':
        return value ? { kind: 'address', value, exact } : undefined;
      case 'described':
        return undefined;
    }
  })();
  return {
    text: criterion.text,
    check: check ?? { kind: 'described', mustShow: value && value.trim() !== '' ? [value] : [] },
  };
}

/** A plan's criteria in the model's shape, for a fallback that keeps them as they were. */
export function criteriaAsDrafts(version: PlanVersion): CriterionDraft[] {
  return version.successCriteria.map(({ text, check }) => ({ text, check }));
}

/** The value a criterion needs quoted from the screen, for prompts and the judge's checks. */
export const exactValueOf = (criterion: { readonly check: CriterionCheck }) => criterionExactValue(criterion.check);
