import { SandpiperError } from '@sandpiper/protocol';

const ERROR_MARKER = Symbol.for('sandpiper.vision.error');

type VisionFailure = 'invalid-image' | 'image-decode';

/**
 * Base of every error this package throws. Check with `VisionError.isInstance` (or a subclass's
 * `isInstance`), which also works across duplicated copies of the module where `instanceof` does not.
 */
export class VisionError extends SandpiperError {
  override readonly name: string = 'VisionError';
  private readonly marker = ERROR_MARKER;
  /** Which failure this is; each subclass sets its own. */
  readonly failure: VisionFailure;

  constructor(failure: VisionFailure, message: string, options?: { cause?: unknown }) {
    // An image that breaks its own size is the caller's bug; bytes that do not decode came from outside.
    super(failure === 'invalid-image' ? 'invariant' : 'environment', message, options);
    this.failure = failure;
  }

  static override isInstance(error: unknown): error is VisionError {
    return typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === ERROR_MARKER;
  }
}

/**
 * An in-memory image does not hold what its size promises: the dimensions are not whole
 * non-negative numbers, the pixels are not a `Uint8Array`, or the buffer is not exactly
 * `width * height * 4` bytes long. A programming error on the caller's side, never retryable.
 */
export class InvalidImageError extends VisionError {
  override readonly name = 'InvalidImageError';
  constructor(
    /** Which argument was wrong: "before", "after", "image". */
    readonly argument: string,
    detail: string,
  ) {
    super('invalid-image', `Invalid image "${argument}": ${detail}`);
  }

  static override isInstance(error: unknown): error is InvalidImageError {
    return VisionError.isInstance(error) && error.failure === 'invalid-image';
  }
}

/**
 * Encoded bytes could not be turned into pixels: empty input, a truncated or corrupt file, a
 * format the decoder does not know, or an image larger than the decoder accepts.
 */
export class ImageDecodeError extends VisionError {
  override readonly name = 'ImageDecodeError';
  constructor(
    /** Length of the input that failed, in bytes; -1 when the input was not a byte array at all. */
    readonly byteLength: number,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super('image-decode', `Cannot decode image (${byteLength} bytes): ${detail}`, options);
  }

  static override isInstance(error: unknown): error is ImageDecodeError {
    return VisionError.isInstance(error) && error.failure === 'image-decode';
  }
}
