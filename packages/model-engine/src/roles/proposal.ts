import type { RecoveryInput, RecoveryProposer, RecoveryResult } from '@sandpiper/core';
import { z } from 'zod';
import { linesOrNone } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { planningScreen } from './planning-screen.js';

// The recovery role's contract is the core's; the types are re-exported here for this package's users.
export type { RecoveryInput, RecoveryProposer, RecoveryResult };

const FIRST_PERSON = /^(i|i'll|i will|let's|let us|we|we'll|we will)\b/i;

/** The proposal answer, checked against the earlier proposals of the same step. */
function proposalSchemaFor(previous: readonly string[]) {
  const seen = new Set(previous.map((text) => text.trim().toLowerCase()));
  return z
    .object({ step: z.string().trim().min(3).max(300), rationale: z.string().trim().min(1).max(600) })
    .superRefine((answer, context) => {
      if (FIRST_PERSON.test(answer.step)) {
        context.addIssue({
          code: 'custom',
          path: ['step'],
          message: 'write the step as an imperative instruction, not about yourself',
        });
      }
      if (seen.has(answer.step.toLowerCase())) {
        context.addIssue({
          code: 'custom',
          path: ['step'],
          message: 'this step was already proposed; propose a different one',
        });
      }
    });
}

/** The recovery proposer on the planner's model. */
export function createRecoveryProposer(parts: RoleParts): RecoveryProposer {
  return {
    async propose(handle, input) {
      const caller = parts.caller('planner');
      const screen = await planningScreen(parts.images, caller.model.profile, input.screen);
      const prompt = parts.prompts.render('proposal', {
        instruction: input.task.instruction,
        step: input.step.text,
        failure: `${input.pattern}: ${input.reason}`,
        recent: linesOrNone(input.recent.slice(-12)),
        previous: linesOrNone(input.previous.slice(-10)),
        screen: screen.text,
      });
      const result = await callRole(caller, handle, {
        prompt,
        images: screen.images,
        schema: proposalSchemaFor(input.previous),
        outputName: 'recovery_proposal',
        maxOutputTokens: 400,
      });
      if (!result.ok) return { type: 'none', reason: `The proposal could not be read (${result.reason}).` };
      return { type: 'proposal', step: result.value.step, rationale: result.value.rationale };
    },
  };
}
