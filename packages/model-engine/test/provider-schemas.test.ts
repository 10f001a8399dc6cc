import { toObjectJsonSchema, toStrictJsonSchema } from '@sandpiper/models';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  assessAnswerSchema,
  changeAnswerSchema,
  criticAnswerSchema,
  feasibilityAnswerSchema,
  groundingAnswerSchema,
  judgeAnswerSchema,
  loopAnswerSchema,
  missingWorkAnswerSchema,
  operatorAnswerSchema,
  plannerAnswerSchema,
  refreshAnswerSchema,
  revisionAnswerSchema,
  stepVerdictSchema,
} from '../src/index.js';
import { providerSchema } from '../src/role-call.js';

const answers: Record<string, z.ZodType> = {
  operator: operatorAnswerSchema,
  planner: plannerAnswerSchema,
  refresh: refreshAnswerSchema,
  missingWork: missingWorkAnswerSchema,
  revision: revisionAnswerSchema,
  grounding: groundingAnswerSchema,
  change: changeAnswerSchema,
  stepVerdict: stepVerdictSchema,
  assess: assessAnswerSchema,
  feasibility: feasibilityAnswerSchema,
  judge: judgeAnswerSchema,
  loop: loopAnswerSchema,
  critic: criticAnswerSchema,
};

describe('what providers are sent', () => {
  it.each(Object.entries(answers))('the %s answer is an object schema a provider accepts', (_name, schema) => {
    const sent = toObjectJsonSchema(providerSchema(schema), 'answer');
    expect(sent.type).toBe('object');
    expect(toStrictJsonSchema(sent).schema.type).toBe('object');
  });

  it('reads a union answer wrapped or bare, and the role sees it unwrapped either way', () => {
    const schema = providerSchema(operatorAnswerSchema);
    const bare = {
      decision: 'fail',
      thought: 'The page has no Export button.',
      reason: 'The Export button is not on this screen.',
    };
    expect(schema.safeParse(bare).success).toBe(true);
    expect(schema.safeParse({ answer: bare }).success).toBe(true);
    expect(schema.safeParse({ answer: { decision: 'teleport' } }).success).toBe(false);
  });
});
