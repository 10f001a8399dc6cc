import type { Handle, Screen } from '@sandpiper/core';
import type { Step, Task } from '@sandpiper/protocol';
import { z } from 'zod';
import { linesOrNone } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { planningScreen } from './planning-screen.js';

/** What the system-driven replanner is told about a stuck step. */
export interface RecoveryInput {
  /** The run's task. */
  readonly task: Task;
  /** The step that is stuck. */
  readonly step: Step;
  /** The pattern the watchdog matched, such as `REPEAT_SEQ_L3_R3`. */
  readonly pattern: string;
  /** What the watchdog saw, in one sentence. */
  readonly reason: string;
  /** The recent actions in plain lines, oldest first. */
  readonly recent: readonly string[];
  /** Recovery steps already proposed for this step; none may be proposed again. */
  readonly previous: readonly string[];
  /** The screen now; absent when none is at hand. */
  readonly screen?: Screen;
}

/** One recovery step to put in front of the stuck one, or why there is none. */
export type RecoveryResult =
  | {
      readonly type: 'proposal';
      /** One imperative step: "Press Escape". */
      readonly step: string;
      /** Why it should help, in one or two sentences. */
      readonly rationale: string;
    }
  | {
      /** The model gave no usable proposal; the loop falls back to its own rules. */
      readonly type: 'none';
      readonly reason: string;
    };

/** Proposes recovery steps for stuck steps (system-driven replanning). */
export interface RecoveryProposer {
  propose(handle: Handle, input: RecoveryInput): Promise<RecoveryResult>;
}

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
