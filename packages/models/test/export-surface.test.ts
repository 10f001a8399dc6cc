import { describe, expect, it } from 'vitest';
import * as models from '../src/index.js';

describe('the public surface of @sandpiper/models', () => {
  it('exports exactly these values; changing them is a deliberate API change', () => {
    expect(Object.keys(models).sort()).toEqual([
      'API_KEY_VARIABLES',
      'COMPUTER_TOOL_NAME',
      'DEFAULT_PRICE_TABLE',
      'DEFAULT_PROFILES',
      'MODEL_CONTRACT_VERSION',
      'ModelError',
      'checkModelSpec',
      'completeStructured',
      'costOf',
      'createAnthropicClient',
      'createModelClient',
      'createOpenAIClient',
      'createOpenAICompatibleClient',
      'createRetryingClient',
      'endpointOf',
      'extractJsonCandidates',
      'findPrice',
      'findProfile',
      'fitImageSize',
      'formatModelSpec',
      'isRetryableReason',
      'loadPriceTable',
      'mergePriceTables',
      'modelSpecSchema',
      'parseModelSpec',
      'parsePriceTable',
      'parseStructuredText',
      'prepareScreenshot',
      'priceEntrySchema',
      'priceTableSchema',
      'probeModel',
      'retryDelayMs',
      'toEnvironmentPoint',
      'toModelPoint',
      'toObjectJsonSchema',
      'toStrictJsonSchema',
      'validateTolerantly',
      'withRetries',
    ]);
  });

  it('declares the contract version clients carry', () => {
    expect(models.MODEL_CONTRACT_VERSION).toBe('2.0');
  });
});
