import type { Judge, JudgeVerdict } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { ScreenReader } from '../screen/screen-reader.js';
import { checkCriterion } from './criteria.js';

/**
 * The rules judge: accepts only when every success criterion is positively seen on the final
 * screen (accessibility names and values, or OCR text). Anything it cannot see is a rejection.
 */
export function createRulesJudge(reader: ScreenReader): Judge {
  return {
    async judge(handle, input): Promise<JudgeVerdict> {
      throwIfCancelled(handle);
      const criteria = input.plan.successCriteria;
      if (criteria.length === 0) {
        return { verdict: 'reject', reason: 'The plan has no success criteria to check.', satisfied: [] };
      }
      const context = { handle, reader, screen: input.screen, plan: input.plan };
      const satisfied: string[] = [];
      const missing: string[] = [];
      const found: string[] = [];
      for (const criterion of criteria) {
        const check = await checkCriterion(context, criterion);
        if (check.satisfied) {
          satisfied.push(criterion.id);
          found.push(check.detail);
        } else {
          missing.push(`"${criterion.text}" (${check.detail.replace(/\.$/, '')})`);
        }
      }
      if (missing.length > 0) {
        return { verdict: 'reject', reason: `Not seen on the final screen: ${missing.join('; ')}.`, satisfied };
      }
      return { verdict: 'accept', reason: found.join(' '), satisfied };
    },
  };
}
