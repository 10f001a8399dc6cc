export {
  COMPUTER_TOOL_NAME,
  MODEL_CONTRACT_VERSION,
  type ComputerAction,
  type ComputerToolRequest,
  type ContentPart,
  type DisplayPoint,
  type ImageMimeType,
  type ImagePart,
  type ModelClient,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
  type ModelTool,
  type ModelWarning,
  type PastToolCall,
  type ProviderName,
  type ReasoningEffort,
  type StopReason,
  type TextPart,
  type ToolCall,
  type ToolResult,
  type Usage,
} from './contract.js';
export { ModelError, isRetryableReason, type ModelErrorDetails, type ModelErrorReason } from './errors.js';
export { createRetryingClient, retryDelayMs, withRetries, type RetryOptions } from './retry.js';
export type { AdapterSettings } from './adapter-support.js';
export { createAnthropicClient } from './anthropic-adapter.js';
export { createOpenAIClient, createOpenAICompatibleClient } from './openai-adapter.js';
export { extractJsonCandidates, type JsonCandidate } from './json-extract.js';
export { parseStructuredText, validateTolerantly, type StructuredParse } from './structured-output.js';
export { toObjectJsonSchema, toStrictJsonSchema, type JsonSchema } from './json-schema.js';
export { completeStructured, type StructuredOptions, type StructuredResponse } from './complete-structured.js';
export {
  DEFAULT_PROFILES,
  findProfile,
  type ImageLimits,
  type ModelCapabilities,
  type ModelCoordinateSpace,
  type ModelProfile,
  type ReasoningCapability,
} from './profiles.js';
export type { GroundingFormat, ModelTarget } from './grounding-formats.js';
export {
  toEnvironmentPoint,
  toModelPoint,
  type CoordinateFrame,
  type PixelSize,
  type PointConversion,
} from './coordinates.js';
export { fitImageSize, prepareScreenshot, type PreparedScreenshot } from './screenshot.js';
export {
  DEFAULT_PRICE_TABLE,
  costOf,
  findPrice,
  loadPriceTable,
  mergePriceTables,
  parsePriceTable,
  priceEntrySchema,
  priceTableSchema,
  type PriceEntry,
  type PriceTable,
  type PriceTableResult,
} from './prices.js';
export {
  formatModelSpec,
  modelSpecSchema,
  parseModelSpec,
  type ModelSpec,
  type ModelSpecResult,
} from './model-spec.js';
export {
  API_KEY_VARIABLES,
  checkModelSpec,
  createModelClient,
  endpointOf,
  type ModelCheck,
  type ModelClientOptions,
  type ModelEnvironment,
} from './create-client.js';
export { probeModel, type ProbeCheck, type ProbeOptions, type ProbeProblem, type ProbeResult } from './probe.js';
