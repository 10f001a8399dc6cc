import { describeCanonicalAction, type LoopJudge } from '@sandpiper/core';
import { z } from 'zod';
import { linesOrNone } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';

/** The loop judge's answer: progress and repetition first, then the verdict. */
export const loopAnswerSchema = z.object({
  progress: z.string().trim().min(1).max(1000),
  repeating: z.boolean(),
  reason: z.string().trim().min(1).max(1000),
  verdict: z.enum(['keep', 'switch']),
});

/**
 * Loop breaker tier 3 on a model. It reads the trajectory as text only: the lines already say
 * which actions changed the screen, and text keeps the call cheap enough to ask every few actions.
 * An unreadable answer keeps the course; tiers 1 and 2 still watch.
 */
export function createModelLoopJudge(parts: RoleParts): LoopJudge {
  return {
    async judge(handle, input) {
      const lines =
        input.lines.length > 0
          ? input.lines
          : input.trajectory.map(
              (entry) =>
                `${describeCanonicalAction(entry.action)}: ${entry.changed ? 'screen changed' : 'no visible change'}`,
            );
      const prompt = parts.prompts.render('loop-judge', {
        step: input.stepText,
        trajectory: linesOrNone(lines.slice(-12)),
      });
      const result = await callRole(parts.caller('loop-judge'), handle, {
        prompt,
        schema: loopAnswerSchema,
        outputName: 'loop_verdict',
        maxOutputTokens: 500,
      });
      if (!result.ok)
        return { verdict: 'keep', reason: `The loop judge's answer could not be read (${result.reason}).` };
      return { verdict: result.value.verdict, reason: result.value.reason };
    },
  };
}
