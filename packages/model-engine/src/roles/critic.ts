import type { Handle, Screen } from '@sandpiper/core';
import type { PlanVersion, Task } from '@sandpiper/protocol';
import { z } from 'zod';
import { linesOrNone, stepList } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { planningScreen } from './planning-screen.js';

/** What the critic reads about a finished run. */
export interface CriticInput {
  /** The run's task. */
  readonly task: Task;
  /** The plan as it stood at the end. */
  readonly plan: PlanVersion;
  /** The last things that happened, one plain line each, oldest first. */
  readonly recent: readonly string[];
  /** The final screen; absent when none is at hand. */
  readonly screen?: Screen;
}

/** How a run went, for deciding whether its plan is worth remembering. */
export interface CriticVerdict {
  /** `success`: goal visibly reached. `retryable`: not reached, but nothing shows it cannot be. `blocked`: something outside the agent stands in the way. */
  readonly verdict: 'success' | 'retryable' | 'blocked';
  /** The evidence, in one or two sentences. */
  readonly reason: string;
}

/** Classifies finished runs as success, retryable or blocked. */
export interface Critic {
  review(handle: Handle, input: CriticInput): Promise<CriticVerdict>;
}

/** The critic's answer as the model writes it. */
export const criticAnswerSchema = z.object({
  verdict: z.enum(['success', 'retryable', 'blocked']),
  reason: z.string().trim().min(1).max(1000),
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
