import { describe, expect, it } from 'vitest';
import * as vision from './index.js';

describe('public API', () => {
  it('exports exactly these runtime values', () => {
    expect(Object.keys(vision).sort()).toEqual([
      'DEFAULT_DIFF_THRESHOLD',
      'DEFAULT_MAX_REGIONS',
      'DEFAULT_MERGE_DISTANCE',
      'DEFAULT_MIN_PIXELS',
      'ImageDecodeError',
      'InvalidImageError',
      'MARK_COLORS',
      'MAX_DECODED_PIXELS',
      'MAX_MEAN_SQUARED_ERROR',
      'SSIM_TARGET_SHORT_SIDE',
      'VisionError',
      'actionPoints',
      'changeMask',
      'changedPixelCount',
      'changedPixelsWithin',
      'compareImages',
      'copyImage',
      'coverRegions',
      'createImage',
      'cropImage',
      'dHash',
      'decodePng',
      'defaultDownsampleFactor',
      'diffImages',
      'diffRegions',
      'drawActionMarker',
      'drawChangeMarks',
      'encodeJpeg',
      'encodePng',
      'hammingDistance',
      'layoutChangeMarks',
      'markerPixel',
      'meanSquaredError',
      'overlapSize',
      'sizesDiffer',
      'structuralSimilarity',
    ]);
  });
});
