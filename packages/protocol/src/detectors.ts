import { z } from 'zod';

/**
 * The stuck detectors and loop-breaker tiers a `detector-fire` event can name: the detectors by
 * what they watch, the tiers by what they make the next decision do.
 */
export const detectorNameSchema = z.enum([
  'repeated-subsequence',
  'visual-non-progress',
  'same-action-no-change',
  'same-screen-no-progress',
  /** System replanning: repetition and a still screen together halt the step. */
  'system-replan-trigger',
  /** Loop breaker tier 1: use another modality (keyboard instead of mouse). */
  'switch-modality',
  /** Loop breaker tier 2: change strategy. */
  'change-strategy',
  /** Loop breaker tier 3: a judge said switch; the repeated actions are blacklisted. */
  'blacklist-action',
]);
export type DetectorName = z.infer<typeof detectorNameSchema>;

/**
 * The pattern families a detector reports, each with its numbers: `REPEAT_SEQ_L<length>_R<repeats>`,
 * `SAME_ACTION_NO_CHANGE_N<count>`, `SAME_SCREEN_N<count>`, `VISUAL_STABLE_W<window>[_S<stride>]`
 * and `JUDGE_SWITCH`.
 */
export const detectorPatternSchema = z
  .string()
  .regex(
    /^(?:REPEAT_SEQ_L\d+_R\d+|SAME_ACTION_NO_CHANGE_N\d+|SAME_SCREEN_N\d+|VISUAL_STABLE_W\d+(?:_S\d+)?|JUDGE_SWITCH)$/,
    'expected a detector pattern such as REPEAT_SEQ_L3_R3',
  );
export type DetectorPattern = z.infer<typeof detectorPatternSchema>;

/** Builders of the detector patterns, so no detector spells one by hand. */
export const detectorPatterns = {
  repeatedSequence: (length: number, repeats: number) => `REPEAT_SEQ_L${length}_R${repeats}`,
  sameActionNoChange: (count: number) => `SAME_ACTION_NO_CHANGE_N${count}`,
  sameScreen: (count: number) => `SAME_SCREEN_N${count}`,
  visualStable: (window: number, stride: number) =>
    stride === 1 ? `VISUAL_STABLE_W${window}` : `VISUAL_STABLE_W${window}_S${stride}`,
  judgeSwitch: () => 'JUDGE_SWITCH',
} as const;

/** The roles whose model calls a run logs. */
export const modelRoleSchema = z.enum([
  'planner',
  'operator',
  'grounder',
  'reflector',
  'judge',
  'loop-judge',
  'searcher',
  'coder',
  'critic',
]);
export type ModelRole = z.infer<typeof modelRoleSchema>;
