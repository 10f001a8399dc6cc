import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import * as publicApi from './index.js';
import { createRulesEngine } from './engine.js';
import { OcrUnavailableError } from './ocr/index.js';
import { screenOf, testTask } from './test-support/screens.js';

describe('the built-in rules engine', () => {
  it('serves every role under one name', async () => {
    const engine = createRulesEngine({ ocr: 'off' });
    expect(engine.name).toBe('built-in rules');
    const plan = await engine.planner.plan(createHandle(), { task: { ...testTask, instruction: "click 'Next'" } });
    expect(plan).toMatchObject({ type: 'plan', steps: [{ text: "Click 'Next'" }] });
    await engine.close();
  });

  it('with OCR off, reports a target on a screen without accessibility data as not found', async () => {
    const engine = createRulesEngine({ ocr: 'off' });
    const grounding = await engine.grounder.ground(createHandle(), { query: { text: 'Next' }, screen: screenOf() });
    expect(grounding).toMatchObject({ method: 'none', ambiguous: false, alternatives: [] });
    expect(grounding.box).toBeUndefined();
  });

  it('starts OCR on first need and stops it on close', async () => {
    const engine = createRulesEngine();
    const png = new Uint8Array(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const screen = screenOf({ png, width: 1, height: 1 });
    await expect(engine.grounder.ground(createHandle(), { query: { text: 'Next' }, screen })).resolves.toMatchObject({
      method: 'none',
    });
    await engine.close();
    const fresh = screenOf({ png: png.slice(), width: 1, height: 1 });
    const again = engine.grounder.ground(createHandle(), { query: { text: 'Next' }, screen: fresh });
    await expect(again).rejects.toSatisfy((error: unknown) => OcrUnavailableError.isInstance(error));
  });

  it('pins its public runtime exports', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'AMBIGUITY_MARGIN',
      'OcrUnavailableError',
      'allStepsConfirmedCriterion',
      'clarificationQuestion',
      'clickRoles',
      'createEvidenceReflector',
      'createOcrEngine',
      'createOcrSecretLocator',
      'createOneShotReflector',
      'createRulesEngine',
      'createRulesGrounder',
      'createRulesJudge',
      'createRulesLoopJudge',
      'createRulesOperator',
      'createRulesPlanner',
      'createScreenReader',
      'describeTarget',
      'findFieldNear',
      'findTextMatches',
      'locateTarget',
      'parseInstruction',
      'parseKeys',
      'parseStep',
      'planInstruction',
      'quote',
      'reflectorMethods',
      'refreshPlan',
      'renderDirective',
      'scoreText',
      'toGrounding',
      'understoodForms',
    ]);
  });
});
