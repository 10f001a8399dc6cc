import { dHash, hammingDistance } from './dhash.js';
import { overlapSize, sizesDiffer, type ImageSize, type RgbaImage } from './image.js';
import { meanSquaredError, structuralSimilarity, type StructuralSimilarityOptions } from './similarity.js';

/** How alike two screenshots are, by three measures. */
export interface ImageComparison {
  /** True when the images have different sizes; the pixel measures then cover only `comparedSize`. */
  readonly sizeMismatch: boolean;
  /** The area both images cover with their top-left corners aligned, in pixels; 0 × 0 when one is empty. */
  readonly comparedSize: ImageSize;
  /** See {@link meanSquaredError}: 0 for identical pixels, up to 65 025. */
  readonly meanSquaredError: number;
  /** See {@link structuralSimilarity}: 1 for identical images. */
  readonly structuralSimilarity: number;
  /** {@link hammingDistance} of the two {@link dHash} values, 0 to 64; computed on the whole images whatever their sizes. */
  readonly hashDistance: number;
}

/**
 * Compare two screenshots by mean squared error, structural similarity and difference-hash
 * distance at once, and say whether their sizes matched.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function compareImages(
  first: RgbaImage,
  second: RgbaImage,
  options: StructuralSimilarityOptions = {},
): ImageComparison {
  return {
    meanSquaredError: meanSquaredError(first, second),
    structuralSimilarity: structuralSimilarity(first, second, options),
    hashDistance: hammingDistance(dHash(first), dHash(second)),
    sizeMismatch: sizesDiffer(first, second),
    comparedSize: overlapSize(first, second),
  };
}
