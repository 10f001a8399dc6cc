/**
 * The built-in offline engine: an instruction grammar and rules for every role of the engine
 * contract, so Sandpiper runs real tasks with no API key, no network and no model weights.
 */
export { createRulesEngine, reflectorMethods } from './engine.js';
export type { ReflectorMethod, RulesEngine, RulesEngineOptions } from './engine.js';

export {
  clickRoles,
  describeTarget,
  parseInstruction,
  parseKeys,
  parseStep,
  quote,
  renderDirective,
  understoodForms,
} from './grammar/index.js';
export type {
  ChooseDirective,
  ClearDirective,
  ClickRole,
  Directive,
  DirectiveKind,
  InstructionParse,
  OpenDirective,
  ParsedClause,
  PointerDirective,
  PressDirective,
  ScrollDirective,
  ScrollToDirective,
  SelectDirective,
  SetCheckedDirective,
  TypeDirective,
  WaitDirective,
  WaitForDirective,
} from './grammar/index.js';

export { clarificationQuestion, createRulesPlanner, planInstruction, refreshPlan } from './planner/planner.js';
export { allStepsConfirmedCriterion } from './planner/outcomes.js';
export { createRulesGrounder, locateTarget } from './grounding/grounder.js';
export type { LocateQuery } from './grounding/grounder.js';
export type { TargetCandidate, TargetMatch } from './grounding/candidates.js';
export { AMBIGUITY_MARGIN, toGrounding } from './grounding/candidates.js';
export { scoreText } from './grounding/text-score.js';
export type { MatchTier, TextScore } from './grounding/text-score.js';
export { createRulesOperator } from './operator/operator.js';
export { createEvidenceReflector, createOneShotReflector } from './evidence/index.js';
export type { EvidenceReflectorOptions, OneShotReflectorOptions } from './evidence/index.js';
export { createRulesLoopJudge } from './loop-judge/rules-loop-judge.js';
export type { RulesLoopJudgeOptions } from './loop-judge/rules-loop-judge.js';
export { createRulesJudge } from './judge/judge.js';
export { createScreenReader } from './screen/screen-reader.js';
export type { OcrProvider, ScreenReader } from './screen/screen-reader.js';

export {
  createOcrEngine,
  createOcrSecretLocator,
  findFieldNear,
  findTextMatches,
  OcrUnavailableError,
} from './ocr/index.js';
export type { OcrEngine, OcrLine, OcrMatch, OcrResult, OcrWord, RgbaImage } from './ocr/index.js';
