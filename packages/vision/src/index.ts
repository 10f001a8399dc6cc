export type { RgbaImage, ImageSize } from './image.js';
export { createImage, copyImage, cropImage, sizesDiffer, overlapSize } from './image.js';
export { VisionError, InvalidImageError, ImageDecodeError } from './errors.js';
export { dHash, hammingDistance } from './dhash.js';
export {
  meanSquaredError,
  structuralSimilarity,
  defaultDownsampleFactor,
  MAX_MEAN_SQUARED_ERROR,
  SSIM_TARGET_SHORT_SIDE,
  type StructuralSimilarityOptions,
} from './similarity.js';
export { compareImages, type ImageComparison } from './compare.js';
export {
  changeMask,
  changedPixelsWithin,
  DEFAULT_DIFF_THRESHOLD,
  type ChangeMask,
  type PixelDiffOptions,
} from './diff-mask.js';
export {
  diffImages,
  diffRegions,
  changedPixelCount,
  DEFAULT_MERGE_DISTANCE,
  DEFAULT_MIN_PIXELS,
  DEFAULT_MAX_REGIONS,
  type ChangeRegion,
  type DiffRegionsOptions,
  type ImageDiff,
} from './regions.js';
export { MARK_COLORS } from './mark-colors.js';
export type { Color, PixelRect } from './raster.js';
export { drawChangeMarks, layoutChangeMarks, type ChangeMarkInput, type ChangeMarkLayout } from './change-marks.js';
export { drawActionMarker, markerPixel } from './action-marker.js';
// Where an action was executed is a fact of the action itself; it lives in protocol.
export { actionPoints } from '@sandpiper/protocol';
export { coverRegions } from './cover-regions.js';
export {
  decodePng,
  encodePng,
  encodeJpeg,
  MAX_DECODED_PIXELS,
  type EncodePngOptions,
  type EncodeJpegOptions,
} from './codec.js';
