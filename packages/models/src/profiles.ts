import type { ProviderName } from './contract.js';

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
   * Width and height are rounded down to a multiple of this (Qwen-VL-family servers resize to
   * multiples of 28 otherwise, which would shift every pixel answer); absent for no rounding.
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
}

/** What we know about a family of models. */
export interface ModelProfile {
  /** Short stable name, shown in `sandpiper models check`: `claude`, `gpt-4o`, `ui-tars`… */
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
}

/**
 * The profiles that ship with Sandpiper, most specific first; {@link findProfile} takes the first
 * match, so users can put their own in front.
 */
export const DEFAULT_PROFILES: readonly ModelProfile[] = [
  {
    id: 'claude',
    description: 'Anthropic Claude: answers in pixels of the image as sent',
    provider: 'anthropic',
    modelPattern: /^claude-/,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    // The API itself shrinks images beyond these limits; shrinking first keeps the image the
    // model sees identical to the one whose size we convert its answers with.
    image: { maxLongEdge: 1568, maxPixels: 1_150_000, format: 'png' },
  },
  {
    id: 'gpt-4o',
    description: 'OpenAI GPT-4o / GPT-4.1 class: pixels of the image as sent',
    provider: 'openai',
    modelPattern: /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-5|o3|o4)/,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    // High-detail images are fitted into 2048 × 2048 and then to a 768-pixel short side.
    image: { maxLongEdge: 2048, maxShortEdge: 768, format: 'png' },
  },
  {
    id: 'openai-default',
    description: 'Any other OpenAI model: treated like GPT-4o',
    provider: 'openai',
    modelPattern: /./,
    capabilities: { images: true, tools: true, structuredOutput: 'native' },
    coordinates: { kind: 'pixels' },
    image: { maxLongEdge: 2048, maxShortEdge: 768, format: 'png' },
  },
  {
    id: 'ui-tars',
    description: 'UI-TARS and Qwen2-VL style grounding models: points on a 0–1000 grid',
    provider: 'openai-compatible',
    modelPattern: /ui-tars|qwen2-vl/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'normalized', range: 1000 },
    image: { maxPixels: 1_058_400, multipleOf: 28, format: 'png' },
  },
  {
    id: 'qwen2.5-vl',
    description: 'Qwen2.5-VL: pixels of the image as sent, sides in multiples of 28',
    provider: 'openai-compatible',
    modelPattern: /qwen2\.?5-?vl/i,
    capabilities: { images: true, tools: false, structuredOutput: 'prompted' },
    coordinates: { kind: 'pixels' },
    image: { maxPixels: 1_003_520, multipleOf: 28, format: 'png' },
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
 */
export function findProfile(
  provider: ProviderName,
  model: string,
  profiles: readonly ModelProfile[] = DEFAULT_PROFILES,
): ModelProfile | undefined {
  return profiles.find((profile) => profile.provider === provider && profile.modelPattern.test(model));
}
