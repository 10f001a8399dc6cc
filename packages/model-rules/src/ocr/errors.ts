import { EnvironmentError } from '@sandpiper/protocol';

/** Why the OCR engine cannot serve a request. */
export type OcrUnavailableReason =
  /** The `eng.traineddata` file is not in the language directory. */
  | 'missing-language-data'
  /** The Tesseract worker failed to start or to load the language data. */
  | 'worker-failed'
  /** {@link OcrEngine.terminate} was called before this request. */
  | 'terminated';

const OCR_UNAVAILABLE_MARKER = Symbol.for('sandpiper.ocr-unavailable');

/**
 * The offline OCR engine cannot run. Check with `OcrUnavailableError.isInstance`, never by message;
 * `reason` says which of the known causes it was.
 */
export class OcrUnavailableError extends EnvironmentError {
  override readonly name = 'OcrUnavailableError';
  private readonly marker = OCR_UNAVAILABLE_MARKER;

  /**
   * @param reason - Which known cause applies.
   * @param message - What happened and how to fix it, for a person.
   * @param options - `cause` keeps the underlying failure, if any.
   */
  constructor(
    readonly reason: OcrUnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** True for any `OcrUnavailableError`, even one created by another copy of this module. */
  static override isInstance(error: unknown): error is OcrUnavailableError {
    return (
      typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === OCR_UNAVAILABLE_MARKER
    );
  }
}
