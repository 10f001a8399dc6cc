import type { Engine } from '@sandpiper/core';
import { findProfile, type ModelClient, type ModelProfile, type ReasoningEffort } from '@sandpiper/models';
import type { ChangeEvidenceSource } from './change-evidence.js';
import type { ClickCheckMode, ClickImages } from './click-images.js';
import { RunHistory } from './history.js';
import { LookAhead } from './lookahead.js';
import { loadPrompts, type PromptLibrary } from './prompts.js';
import { modelName, type RoleCaller, type RoleModel, type RoleName } from './role-call.js';
import type { RoleParts } from './role-parts.js';
import { createModelCritic, type Critic } from './roles/critic.js';
import { createModelGrounder } from './roles/grounder.js';
import { createModelJudge } from './roles/judge.js';
import { createModelLoopJudge } from './roles/loop-judge.js';
import { createModelOperator } from './roles/operator.js';
import { createModelPlanner } from './roles/planner.js';
import { createRecoveryProposer, type RecoveryProposer } from './roles/proposal.js';
import { createModelReflector } from './roles/reflector.js';
import { ScreenImages } from './screen-context.js';

/** A model for one role: the client, and optionally its profile, temperature and reasoning effort. */
export interface RoleModelOption {
  /** Reaches the model (usually from `createModelClient`). */
  readonly client: ModelClient;
  /** Image size and coordinate space; absent: the shipped profile matching the client's provider and model. */
  readonly profile?: ModelProfile;
  /**
   * Sampling temperature; absent: 0.2 for the judge (a conservative verdict) when the profile says
   * the model takes a temperature, the vendor's default otherwise.
   */
  readonly temperature?: number;
  /**
   * Reasoning effort, for models whose profile lists reasoning; absent: `medium` for the planner
   * (plans need thought) and `low` for every other role, whose answers are short.
   */
  readonly reasoningEffort?: ReasoningEffort;
  /** Output tokens for thinking on top of each answer, on reasoning models; absent: the profile's allowance for the effort. */
  readonly reasoningTokens?: number;
}

/** Which model serves which role; every role falls back to `default`. */
export interface RoleModels {
  /** Serves every role not given its own model. */
  readonly default: RoleModelOption;
  /** Plans, criteria after edits, missing work, revisions and recovery proposals. */
  readonly planner?: RoleModelOption;
  /** The next action or short chain. */
  readonly operator?: RoleModelOption;
  /** Locates elements the operator names instead of pointing at (a grounding model such as UI-TARS). */
  readonly grounder?: RoleModelOption;
  /** Both stages of the step check. */
  readonly reflector?: RoleModelOption;
  /** The completion judge, the criteria check and the feasibility check. */
  readonly judge?: RoleModelOption;
  /** Loop breaker tier 3. */
  readonly loopJudge?: RoleModelOption;
  /** Success, retryable or blocked for a finished run. */
  readonly critic?: RoleModelOption;
}

/** Options of {@link createModelEngine}. */
export interface ModelEngineOptions {
  /** Which model serves which role. */
  readonly roles: RoleModels;
  /** Most screenshots in any one request, 1 to 10; older screens are summarized as text. Absent: 3. */
  readonly contextScreenshots?: number;
  /** Re-asks after an invalid answer, 0 to 3, before a role falls back to its safe outcome. Absent: 2. */
  readonly maxRepairs?: number;
  /** Pixel evidence for the reflector's first stage; absent: the model compares the two screenshots itself. */
  readonly changeEvidence?: ChangeEvidenceSource;
  /** Marks and crops screenshots for the check of a grounder's point; absent: no point is checked. */
  readonly clickImages?: ClickImages;
  /** Which grounders' points the judge's model checks before they are used (see {@link ClickCheckMode}). Absent: `auto`. */
  readonly checkClicks?: ClickCheckMode;
  /** The prompts; absent: the files shipped in `prompts/`, read once here. */
  readonly prompts?: PromptLibrary;
  /** Milliseconds from a fixed point, for call durations; absent: `performance.now`. */
  readonly now?: () => number;
  /**
   * Throw {@link ModelUnavailableError} from a role whose model cannot be reached, instead of
   * returning its safe outcome, so a fallback engine can answer instead. Absent: false.
   */
  readonly unavailableThrows?: boolean;
}

/** The engine contract on models, plus the two roles the core's contract does not have yet. */
export interface ModelEngine extends Engine {
  /** System-driven replanning: one recovery step for a stuck step. */
  readonly recovery: RecoveryProposer;
  /** Success, retryable or blocked, for a finished run. */
  readonly critic: Critic;
}

/** A profile for clients no shipped profile covers: pixels of a moderately sized PNG. */
const FALLBACK_PROFILE: ModelProfile = {
  id: 'fallback',
  description: 'No profile matched: pixels of the image as sent, at most 1280 pixels wide or high',
  provider: 'openai-compatible',
  modelPattern: /./,
  capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
  coordinates: { kind: 'pixels' },
  image: { maxLongEdge: 1280, format: 'png' },
};

const ROLE_OPTION: Record<RoleName, keyof RoleModels> = {
  planner: 'planner',
  operator: 'operator',
  grounder: 'grounder',
  reflector: 'reflector',
  judge: 'judge',
  'loop-judge': 'loopJudge',
  critic: 'critic',
};

function resolveModel(role: RoleName, options: RoleModels): RoleModel {
  const chosen = options[ROLE_OPTION[role]] ?? options.default;
  const client = chosen.client;
  const profile = chosen.profile ?? findProfile(client.provider, client.model) ?? FALLBACK_PROFILE;
  // A default the model would answer with HTTP 400 (GPT-5, o3, o4-mini take only their own) is no default.
  const acceptsTemperature = profile.capabilities.temperature !== false;
  const temperature = chosen.temperature ?? (role === 'judge' && acceptsTemperature ? 0.2 : undefined);
  const reasoningEffort =
    chosen.reasoningEffort ??
    (profile.capabilities.reasoning === undefined ? undefined : role === 'planner' ? 'medium' : 'low');
  return {
    client,
    profile,
    ...(temperature === undefined ? {} : { temperature }),
    ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
    ...(chosen.reasoningTokens === undefined ? {} : { reasoningTokens: chosen.reasoningTokens }),
  };
}

/** "anthropic:claude-…", with the roles on other models listed after it. */
function engineName(models: Record<RoleName, RoleModel>): string {
  const base = modelName(models.operator);
  const others = (Object.keys(models) as RoleName[])
    .filter((role) => modelName(models[role]) !== base)
    .map((role) => `${role}: ${modelName(models[role])}`);
  return others.length === 0 ? base : `${base} (${others.join(', ')})`;
}

function clampInteger(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(min, Math.min(max, Math.floor(value)));
}

/**
 * Every role of the engine contract on models. Each role may use its own model; prompts are the
 * versioned files in `prompts/`; answers are validated and repaired a bounded number of times,
 * after which each role returns its safe outcome instead of throwing; only the last
 * `contextScreenshots` screens go to a model; every call is reported through `handle.report`.
 *
 * One engine serves one run at a time: it keeps that run's recent history (by step id) to give
 * the operator context without resending old screens.
 */
export function createModelEngine(options: ModelEngineOptions): ModelEngine {
  const contextScreenshots = clampInteger(options.contextScreenshots, 3, 1, 10);
  const maxRepairs = clampInteger(options.maxRepairs, 2, 0, 3);
  const now = options.now ?? (() => performance.now());
  const models = Object.fromEntries(
    (Object.keys(ROLE_OPTION) as RoleName[]).map((role) => [role, resolveModel(role, options.roles)]),
  ) as Record<RoleName, RoleModel>;
  const callers = new Map<RoleName, RoleCaller>(
    (Object.keys(models) as RoleName[]).map((role) => [
      role,
      { role, model: models[role], maxRepairs, now, ...(options.unavailableThrows ? { unavailableThrows: true } : {}) },
    ]),
  );
  const shared: Omit<RoleParts, 'grounder'> = {
    prompts: options.prompts ?? loadPrompts(),
    images: new ScreenImages(4 * contextScreenshots + 4),
    history: new RunHistory(contextScreenshots),
    lookAhead: new LookAhead(),
    contextScreenshots,
    caller: (role) => callers.get(role)!,
    ...(options.changeEvidence === undefined ? {} : { changeEvidence: options.changeEvidence }),
    ...(options.clickImages === undefined ? {} : { clickImages: options.clickImages }),
    checkClicks: options.checkClicks ?? 'auto',
  };
  const grounder = createModelGrounder(shared);
  const parts: RoleParts = { ...shared, grounder };
  return {
    name: engineName(models),
    planner: createModelPlanner(parts),
    operator: createModelOperator(parts),
    grounder,
    reflector: createModelReflector(parts),
    judge: createModelJudge(parts),
    loopJudge: createModelLoopJudge(parts),
    recovery: createRecoveryProposer(parts),
    critic: createModelCritic(parts),
  };
}
