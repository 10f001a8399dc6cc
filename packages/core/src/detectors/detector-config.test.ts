import { describe, expect, it } from 'vitest';
import { defaultDetectorConfig, detectorConfigSchema } from './detector-config.js';

describe('detectorConfigSchema', () => {
  it('fills every default, from the papers where they give one', () => {
    expect(defaultDetectorConfig).toMatchObject({
      maxSubsequenceLength: 3,
      minRepeats: 3,
      visualWindow: 3,
      sameActionRepeats: 2,
      sameScreenRepeats: 3,
    });
    expect(detectorConfigSchema.parse({ minRepeats: 4 })).toEqual({ ...defaultDetectorConfig, minRepeats: 4 });
  });

  it('rejects an out-of-range threshold and an unknown key, naming the field', () => {
    const outOfRange = detectorConfigSchema.safeParse({ stableMaxDistance: 65 });
    expect(outOfRange.success).toBe(false);
    expect(outOfRange.error?.issues[0]?.path).toEqual(['stableMaxDistance']);
    expect(detectorConfigSchema.safeParse({ minRepeat: 3 }).success).toBe(false);
  });
});
