/**
 * Every engine role on a model: prompts as versioned files, tolerant parsing with bounded repair,
 * bounded context, and a usage report per call.
 */
export {
  createModelEngine,
  type ModelEngine,
  type ModelEngineOptions,
  type RoleModelOption,
  type RoleModels,
} from './engine.js';
export type { ChangeEvidence, ChangeEvidenceSource, ChangedRegion } from './change-evidence.js';
export type { ClickCheckMode, ClickImages } from './click-images.js';
export {
  loadPrompts,
  placeholdersIn,
  PROMPT_DIRECTORY,
  PROMPT_PLACEHOLDERS,
  PROMPT_VERSIONS,
  PromptError,
  type PromptLibrary,
  type PromptName,
  type PromptValues,
  type RenderedPrompt,
} from './prompts.js';
export { ModelUnavailableError, type RoleName } from './role-call.js';
export { MAX_CHAIN, modelActionSchema, type ModelAction } from './model-actions.js';
export { operatorAnswerSchema } from './roles/operator.js';
export { plannerAnswerSchema, refreshAnswerSchema, missingWorkAnswerSchema } from './roles/planner.js';
export { revisionAnswerSchema } from './roles/planner-revise.js';
export { groundingAnswerSchema, type LocateInput, type ModelGrounder } from './roles/grounder.js';
export { changeAnswerSchema, stepVerdictSchema } from './roles/reflector.js';
export {
  assessAnswerSchema,
  conservativeJudgement,
  feasibilityAnswerSchema,
  judgeAnswerSchema,
} from './roles/judge.js';
export { loopAnswerSchema } from './roles/loop-judge.js';
export { criticAnswerSchema, type Critic, type CriticInput, type CriticVerdict } from './roles/critic.js';
export { type RecoveryInput, type RecoveryProposer, type RecoveryResult } from './roles/proposal.js';
export { MAX_LISTED_ELEMENTS } from './screen-context.js';
