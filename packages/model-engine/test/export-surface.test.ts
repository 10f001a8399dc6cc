import { describe, expect, it } from 'vitest';
import * as modelEngine from '../src/index.js';

describe('the public API of @sandpiper/model-engine', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(modelEngine).sort()).toEqual([
      'MAX_CHAIN',
      'MAX_LISTED_ELEMENTS',
      'ModelUnavailableError',
      'PROMPT_DIRECTORY',
      'PROMPT_PLACEHOLDERS',
      'PROMPT_VERSIONS',
      'PromptError',
      'assessAnswerSchema',
      'changeAnswerSchema',
      'conservativeJudgement',
      'createModelEngine',
      'criticAnswerSchema',
      'feasibilityAnswerSchema',
      'groundingAnswerSchema',
      'judgeAnswerSchema',
      'loadPrompts',
      'loopAnswerSchema',
      'missingWorkAnswerSchema',
      'modelActionSchema',
      'operatorAnswerSchema',
      'placeholdersIn',
      'plannerAnswerSchema',
      'refreshAnswerSchema',
      'revisionAnswerSchema',
      'stepVerdictSchema',
    ]);
  });
});
