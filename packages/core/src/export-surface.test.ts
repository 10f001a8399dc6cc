import { describe, expect, it } from 'vitest';
import * as core from './index.js';

describe('the public surface of @sandpiper/core', () => {
  it('exports exactly these values; changing them is a deliberate API change', () => {
    expect(Object.keys(core).sort()).toEqual([
      'CancelledError',
      'MAX_PATCH_COUNT',
      'PlanInvariantError',
      'advancePlan',
      'applyPlanDiff',
      'applyRunEvent',
      'checkPrefixPreserved',
      'createHandle',
      'createPlanVersion',
      'createQueueChannel',
      'diffPlans',
      'emptyRunState',
      'lineage',
      'planEditListSchema',
      'planEditSchema',
      'planGraph',
      'plannedStepSchema',
      'projectRun',
      'resumeRun',
      'revisePlan',
      'sensitiveReason',
      'startRun',
      'throwIfCancelled',
    ]);
  });
});
