import type { Engine } from '@sandpiper/core';
import { createRulesGrounder } from './grounding/grounder.js';
import { createRulesJudge } from './judge/judge.js';
import { createRulesLoopJudge } from './loop-judge/rules-loop-judge.js';
import { createOcrEngine, type OcrEngine } from './ocr/index.js';
import { createRulesOperator } from './operator/operator.js';
import { createRulesPlanner } from './planner/planner.js';
import { createEvidenceReflector, createOneShotReflector } from './evidence/index.js';
import { createScreenReader, type OcrProvider } from './screen/screen-reader.js';

/** Options of {@link createRulesEngine}. */
export interface RulesEngineOptions {
  /**
   * The OCR engine to read screens without accessibility data. Absent: one is started on first
   * need and stopped by `close()`. `'off'`: never use OCR (targets are found by accessibility
   * only). A given engine, or a function that gives one when first needed (a worker several
   * engines share), is used as is and left running by `close()`; its owner stops it.
   */
  readonly ocr?: OcrEngine | (() => Promise<OcrEngine>) | 'off';
  /**
   * How a step's effect is checked. `evidence-first` (the default): the changed regions are found
   * and labelled from the executed action before the step is judged from them. `one-shot`: one
   * judgment from both whole screens, the conventional baseline it is compared against.
   */
  readonly reflector?: ReflectorMethod;
}

/** The reflection methods the built-in engine offers. */
export const reflectorMethods = ['evidence-first', 'one-shot'] as const;
export type ReflectorMethod = (typeof reflectorMethods)[number];

/** The built-in offline engine, plus a way to release what it started. */
export interface RulesEngine extends Engine {
  /** Stop the OCR worker the engine started itself, if any. Idempotent. */
  close(): Promise<void>;
}

/**
 * The built-in offline engine: every role implemented with rules, no network and no model
 * weights. Plans come from the instruction grammar; targets are found by accessibility names, or
 * by OCR when the screen has no accessibility data.
 */
export function createRulesEngine(options: RulesEngineOptions = {}): RulesEngine {
  let started: Promise<OcrEngine> | undefined;
  let provider: OcrProvider | undefined;
  if (options.ocr === undefined) {
    provider = () => (started ??= createOcrEngine());
  } else if (typeof options.ocr === 'function') {
    provider = options.ocr;
  } else if (options.ocr !== 'off') {
    const given = options.ocr;
    provider = () => Promise.resolve(given);
  }
  const reader = createScreenReader(provider);
  return {
    name: 'built-in rules',
    planner: createRulesPlanner(reader),
    operator: createRulesOperator(reader),
    grounder: createRulesGrounder(reader),
    reflector:
      options.reflector === 'one-shot' ? createOneShotReflector({ reader }) : createEvidenceReflector({ reader }),
    judge: createRulesJudge(reader),
    loopJudge: createRulesLoopJudge(),
    async close() {
      const pending = started;
      if (pending === undefined) return;
      const engine = await pending.catch(() => undefined);
      await engine?.terminate();
    },
  };
}
