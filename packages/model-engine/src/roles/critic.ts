import type { Critic, CriticInput, CriticVerdict } from '@sandpiper/core';
import { z } from 'zod';
import { linesOrNone, stepList } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { planningScreen } from './planning-screen.js';

// The critic's contract is the core's; the types are re-exported here for this package's users.
export type { Critic, CriticInput, CriticVerdict };

/** The critic's answer as the model writes it. */
export const criticAnswerSchema = z.object({
  reason: z.string().trim().min(1).max(1000),
  verdict: z.enum(['success', 'retryable', 'blocked']),
});

/** The critic on its own model; an unreadable answer never counts as success. */
export function createModelCritic(parts: RoleParts): Critic {
  return {
    async review(handle, input) {
      const caller = parts.caller('critic');
      const screen = await planningScreen(parts.images, caller.model.profile, input.screen, 'The final screen');
      const prompt = parts.prompts.render('critic', {
        instruction: input.task.instruction,
        steps: stepList(input.plan),
        recent: linesOrNone(input.recent.slice(-12)),
        screen: screen.text,
      });
      const result = await callRole(caller, handle, {
        prompt,
        images: screen.images,
        schema: criticAnswerSchema,
        outputName: 'critic_verdict',
        maxOutputTokens: 400,
      });
      if (!result.ok)
        return { verdict: 'retryable', reason: `The critic's answer could not be read (${result.reason}).` };
      return result.value;
    },
  };
}
