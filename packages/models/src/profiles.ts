import type { ProviderName, ReasoningEffort } from './contract.js';
import {
  HOLO_GROUNDING,
  PYAUTOGUI_GROUNDING,
  QWEN_VL_GROUNDING,
  UI_TARS_GROUNDING,
  type GroundingFormat,
} from './grounding-formats.js';

/**
 * The space a model's point answers are expressed in.
 * - `pixels`: pixels of the image exactly as it was sent (after {@link prepareScreenshot} resized it);
 * - `normalized`: 0 to `range` on each axis, whatever the image size (`range` 1000 for
 *   UI-TARS-style models, 1 for models that answer in fractions).
 */
export type ModelCoordinateSpace =
  | { readonly kind: 'pixels' }
  | {
      readonly kind: 'normalized';
      /** The value meaning the right or bottom edge; 0 is the left or top edge. */
      readonly range: number;
    };

/** The image a model wants. Limits combine: the image is scaled down until it meets every one. */
export interface ImageLimits {
  /** Largest width or height, in pixels; absent for no limit. */
  readonly maxLongEdge?: number;
  /** Largest value of the shorter side, in pixels; absent for no limit. */
  readonly maxShortEdge?: number;
  /** Largest width × height, in pixels; absent for no limit. */
  readonly maxPixels?: number;
  /**
   * Width and height are rounded down to a multiple of this: the patch size the model's vision
   * encoder merges (28 for Qwen2-VL, Qwen2.5-VL and their fine-tunes, 32 for Qwen3-VL). Their
   * servers "smart-resize" any other size to such multiples before the model sees it, so a model
   * answering in pixels would answer in pixels of an image we never measured; an image that is
   * already aligned (and within `maxPixels`) passes through unchanged. Absent for no rounding.
   */
  readonly multipleOf?: number;
  /** Encoding to send: PNG keeps text crisp; JPEG is smaller for photographic screens. */
  readonly format: 'png' | 'jpeg';
}

/** What a model can do, as far as the agent cares. */
export interface ModelCapabilities {
  /** Whether it reads images in user turns. */
  readonly images: boolean;
  /** Whether it calls tools (function calling) reliably. */
  readonly tools: boolean;
  /**
   * `native`: the vendor constrains the answer to the schema (strict JSON schema, or a forced tool);
   * `prompted`: the schema goes in the prompt and the answer is parsed tolerantly and repaired.
   */
  readonly structuredOutput: 'native' | 'prompted';
  /**
   * Whether the model takes a `temperature` other than its default. Absent means it does.
   * OpenAI's reasoning models (GPT-5, o3, o4-mini) answer HTTP 400 to any other value, so a
   * temperature is neither defaulted for them nor sent.
   */
  readonly temperature?: boolean;
  /** Present for reasoning models: what `reasoning_effort` they take and what it costs. */
  readonly reasoning?: ReasoningCapability;
  /**
   * Present for models trained on the vendor's own computer-use tool: which version of it to
   * offer. The operator then acts through that tool instead of Sandpiper's action schema.
   */
  readonly computerUse?: ComputerUseCapability;
  /**
   * True for models served by OpenAI's Responses API alone (`computer-use-preview`): every request
   * goes there, not to Chat Completions. Absent: only requests offering the computer tool do.
   */
  readonly responsesOnly?: boolean;
}

/** Which version of a vendor's computer-use tool a model takes. */
export interface ComputerUseCapability {
  /** The tool's type as the vendor names it (`computer_20250124`, `computer`, `computer_use_preview`). */
  readonly tool: string;
  /** The beta flag the requests must carry (Anthropic's `anthropic-beta` header), if any. */
  readonly beta?: string;
}

/** How a reasoning model's thinking is set and budgeted. */
export interface ReasoningCapability {
  /** The efforts the model accepts, lowest first. */
  readonly efforts: readonly ReasoningEffort[];
  /**
   * Output tokens to add to an answer's own budget for the thinking at each effort: the output
   * limit (`max_completion_tokens`) counts reasoning tokens too, and a limit sized for the answer
   * alone is spent before the answer starts.
   */
  readonly budget: Readonly<Record<ReasoningEffort, number>>;
}

/** What we know about a family of models. */
export interface ModelProfile {
  /** Short stable name, shown in `sandpiper models check`: `claude`, `gpt-4o`, `ui-tars-1.5`… */
  readonly id: string;
  /** One line for people. */
  readonly description: string;
  /** The provider the profile applies to. */
  readonly provider: ProviderName;
  /** Model ids the profile covers (tested against the id as given in the spec). */
  readonly modelPattern: RegExp;
  /** What the model can do. */
  readonly capabilities: ModelCapabilities;
  /** The space its point answers come in. */
  readonly coordinates: ModelCoordinateSpace;
  /** The image it wants. */
  readonly image: ImageLimits;
  /**
   * The model's own grounding prompt and answer syntax, used by the grounder instead of
   * Sandpiper's JSON prompt; absent for models that follow instructions in general.
   */
  readonly grounding?: GroundingFormat;
  /**
   * Why no adapter here can drive the model (`sandpiper models check` refuses it with this
   * sentence); absent when it can be used.
   */
  readonly unusable?: string;
}

// The API itself shrinks images beyond these limits; shrinking first keeps the image the model
// sees identical to the one whose size we convert its answers with.
const CLAUDE_IMAGE: ImageLimits = { maxLongEdge: 1568, maxPixels: 1_150_000, format: 'png' };

const OPENAI_IMAGE: ImageLimits = { maxLongEdge: 2048, maxShortEdge: 768, format: 'png' };

/** Thinking room at each effort; the answers the roles ask for are short, so low effort is the norm. */
const REASONING_BUDGET: Readonly<Record<ReasoningEffort, number>> = {
  minimal: 1024,
  low: 4096,
  medium: 12_288,
  high: 24_576,
};

/** OpenAI's reasoning models: their default temperature only, a reasoning effort and its budget. */
const OPENAI_REASONING: ModelCapabilities = {
  images: true,
  tools: true,
  structuredOutput: 'native',
  temperature: false,
  reasoning: { efforts: ['low', 'medium', 'high'], budget: REASONING_BUDGET },
};

/**
 * The profiles that ship with Sandpiper, most specific first; {@link findProfile} takes the first
 * match, so users can put their own in front.
 */
export const DEFAULT_PROFILES: readonly ModelProfile[] = [
  // Computer-use tool versions by model, from Anthropic's computer-use tool documentation
  // (platform.claude.com, "Computer use tool"): the newest tool for Opus 4.5 and later and
  // Sonnet 4.6, the January 2025 one for the Claude 4 models before them.
  {
    id: 'claude-computer-use-2025-11',
    description: "Anthropic Claude Opus 4.5+ / Sonnet 4.6: Anthropic's computer tool (computer_20251124)",
    provider: 'anthropic',
    modelPattern: /^claude-(opus-4-[5-9]|sonnet-4-[6-9])/,
    capabilities: {
      images: true,
      tools: true,
      structuredOutput: 'native',
      computerUse: { tool: 'computer_20251124', beta: 'computer-use-2025-11-24' },
    },
    coordinates: { kind: 'pixels' },
    image: CLAUDE_IMAGE,
  },
  {
    id: 'claude-computer-use-2025-01',
    description:
      "Anthropic Claude 4 (Sonnet 4/4.5, Haiku 4.5, Opus 4/4.1): Anthropic's computer tool (computer_20250124)",
    provider: 'anthropic',
    modelPattern: /^claude-(sonnet-4|haiku-4-5|opus-4)/,
    capabilities: {
      images: true,
      tools: true,
      structuredOutput: 'native',
      computerUse: { tool: 'computer_20250124', beta: 'computer-use-2025-01-24' },
    },
    coordinates: { kind: 'pixels' },
    image: CLAUDE_IMAGE,
  },
  {
    id: 'claude',
    description: 'Anthropic Claude: answers in pixels of the image as sent',
    provider: 'anthropic',
    modelPattern: /^claude-/,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    image: CLAUDE_IMAGE,
  },
  {
    id: 'openai-computer-use-preview',
    description: 'OpenAI computer-use-preview: Responses API only, acts through its computer_use_preview tool',
    provider: 'openai',
    modelPattern: /^computer-use-preview/,
    capabilities: {
      images: true,
      tools: true,
      // The model is documented for the computer loop alone; other roles get their JSON by prompt.
      structuredOutput: 'prompted',
      temperature: false,
      responsesOnly: true,
      computerUse: { tool: 'computer_use_preview' },
    },
    coordinates: { kind: 'pixels' },
    image: OPENAI_IMAGE,
  },
  {
    id: 'openai-computer-use',
    description: "OpenAI GPT-5.4 and later: reasoning, and the Responses API's computer tool for the operator",
    provider: 'openai',
    // The full models and their dated snapshots; mini, nano and chat variants match the next profiles.
    modelPattern: /^gpt-5\.([4-9]|\d{2,})(-\d{4}-\d{2}-\d{2})?$/,
    capabilities: { ...OPENAI_REASONING, computerUse: { tool: 'computer' } },
    coordinates: { kind: 'pixels' },
    image: OPENAI_IMAGE,
  },
  {
    id: 'openai-reasoning',
    description: 'OpenAI reasoning models (GPT-5, o1, o3, o4-mini): default temperature only, reasoning effort',
    provider: 'openai',
    // The GPT-5 chat snapshots take no reasoning effort; they match the next profile.
    modelPattern: /^(gpt-5(?!(\.\d+)?-chat)|o1|o3|o4)/,
    capabilities: OPENAI_REASONING,
    coordinates: { kind: 'pixels' },
    image: OPENAI_IMAGE,
  },
  {
    id: 'gpt-5-chat',
    description: 'OpenAI GPT-5 chat snapshots: default temperature only, no reasoning effort',
    provider: 'openai',
    modelPattern: /^gpt-5/,
    capabilities: { images: true, tools: true, structuredOutput: 'native', temperature: false },
    coordinates: { kind: 'pixels' },
    image: OPENAI_IMAGE,
  },
  {
    id: 'gpt-4o',
    description: 'OpenAI GPT-4o / GPT-4.1 class: pixels of the image as sent',
    provider: 'openai',
    modelPattern: /^(gpt-4o|chatgpt-4o|gpt-4\.1)/,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    // High-detail images are fitted into 2048 × 2048 and then to a 768-pixel short side.
    image: OPENAI_IMAGE,
  },
  {
    id: 'openai-default',
    description: 'Any other OpenAI model: treated like GPT-4o',
    provider: 'openai',
    modelPattern: /./,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    image: OPENAI_IMAGE,
  },
  {
    id: 'ui-tars-1.5',
    description: 'UI-TARS-1.5: pixels of the smart-resized image, its own click(start_box=…) syntax',
    provider: 'openai-compatible',
    modelPattern: /ui-?tars-?1\.5/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    // 1350 patches of 28 × 28: well below the model's own 16 384-patch limit, so its server keeps
    // the image as sent, at a third of the tokens of a full-size screen.
    image: { maxPixels: 1_058_400, multipleOf: 28, format: 'png' },
    grounding: UI_TARS_GROUNDING,
  },
  {
    id: 'ui-tars',
    description: 'UI-TARS v1 (7B/72B SFT and DPO) and Qwen2-VL: points on a 0–1000 grid',
    provider: 'openai-compatible',
    modelPattern: /ui-?tars|qwen2-vl/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'normalized', range: 1000 },
    image: { maxPixels: 1_058_400, multipleOf: 28, format: 'png' },
    grounding: UI_TARS_GROUNDING,
  },
  {
    id: 'holo1.5',
    description: 'Holo1 / Holo1.5 (Qwen2.5-VL based): pixels of the smart-resized image, click JSON',
    provider: 'openai-compatible',
    modelPattern: /holo-?1/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    image: { maxPixels: 1_003_520, multipleOf: 28, format: 'png' },
    grounding: HOLO_GROUNDING,
  },
  {
    id: 'opencua',
    description: 'OpenCUA-7B / 32B (Qwen2.5-VL based): pixels of the smart-resized image, pyautogui calls',
    provider: 'openai-compatible',
    modelPattern: /opencua/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    image: { maxPixels: 1_003_520, multipleOf: 28, format: 'png' },
    grounding: PYAUTOGUI_GROUNDING,
  },
  {
    id: 'qwen3-vl',
    description: 'Qwen3-VL: points on a 0–1000 grid, images in multiples of 32',
    provider: 'openai-compatible',
    modelPattern: /qwen3-?vl/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'normalized', range: 1000 },
    // Qwen3-VL merges 2 × 2 patches of 16 pixels; the grid answer does not depend on the size.
    image: { maxPixels: 1_048_576, multipleOf: 32, format: 'png' },
    grounding: QWEN_VL_GROUNDING,
  },
  {
    id: 'qwen2.5-vl',
    description: 'Qwen2.5-VL: pixels of the image as sent, sides in multiples of 28',
    provider: 'openai-compatible',
    modelPattern: /qwen2\.?5-?vl/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    image: { maxPixels: 1_003_520, multipleOf: 28, format: 'png' },
    grounding: QWEN_VL_GROUNDING,
  },
  {
    id: 'openai-compatible-default',
    description: 'Any model on an OpenAI-compatible server: pixels, JSON asked for in the prompt',
    provider: 'openai-compatible',
    modelPattern: /./,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    image: { maxLongEdge: 1280, format: 'png' },
  },
];

/**
 * The first profile in `profiles` for this provider whose pattern matches the model id, or
 * undefined when none does (the shipped list always has a catch-all for the OpenAI providers).
 * Models on Ollama match the `openai-compatible` profiles: the same weights answer the same way
 * whichever local server runs them.
 */
export function findProfile(
  provider: ProviderName,
  model: string,
  profiles: readonly ModelProfile[] = DEFAULT_PROFILES,
): ModelProfile | undefined {
  const family = provider === 'ollama' ? 'openai-compatible' : provider;
  return profiles.find(
    (profile) => (profile.provider === provider || profile.provider === family) && profile.modelPattern.test(model),
  );
}
