import type { ChangeEvidenceSource } from './change-evidence.js';
import type { ClickCheckMode, ClickImages } from './click-images.js';
import type { RunHistory } from './history.js';
import type { LookAhead } from './lookahead.js';
import type { OperatorAnswer } from './roles/operator.js';
import type { ModelGrounder } from './roles/grounder.js';
import type { PromptLibrary } from './prompts.js';
import type { RoleCaller, RoleName } from './role-call.js';
import type { ScreenImages } from './screen-context.js';

/** What every model-backed role is built from; one set per engine, passed in explicitly. */
export interface RoleParts {
  /** The prompt files, read once. */
  readonly prompts: PromptLibrary;
  /** Screenshots resized for each role's model, shared so a screen is resized once. */
  readonly images: ScreenImages;
  /** The run's recent steps and screens, for the operator's context. */
  readonly history: RunHistory;
  /** What the step check already decided about the screen after a step, for the roles that would ask again. */
  readonly lookAhead: LookAhead<OperatorAnswer>;
  /** Most screenshots in one request. */
  readonly contextScreenshots: number;
  /** The model (and repair bound) each role calls. */
  caller(role: RoleName): RoleCaller;
  /** Finds elements the operator names instead of pointing at. */
  readonly grounder: ModelGrounder;
  /** Pixel evidence for the reflector's first stage; absent: the model compares the screenshots itself. */
  readonly changeEvidence?: ChangeEvidenceSource;
  /** Marks and crops screenshots for the check of a grounder's point; absent: points are not checked. */
  readonly clickImages?: ClickImages;
  /** Which grounders' points are checked before they are used. */
  readonly checkClicks: ClickCheckMode;
}
