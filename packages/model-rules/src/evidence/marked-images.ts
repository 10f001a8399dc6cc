import { drawActionMarker, drawChangeMarks, encodePng } from '@sandpiper/vision';
import type { ExecutedActions } from './executed-action.js';
import { pointedActions } from './executed-action.js';
import type { PixelPair } from './extract-evidence.js';
import type { LabelledRegion } from './labelled-region.js';

/** Fast zlib effort: evidence images are written once per step and read rarely. */
const COMPRESSION_LEVEL = 2;

/** The marked screenshots: where the actions happened on the screen before, numbered regions on the screen after. */
export interface MarkedImages {
  /** Absent when no executed action has a place on screen, or the screen before cannot be read. */
  readonly markedBefore?: Uint8Array;
  /**
   * Absent when the screen after cannot be read. With no region to mark it is the screenshot's own
   * bytes, which a content-addressed store keeps only once.
   */
  readonly markedAfter?: Uint8Array;
}

export async function drawMarkedImages(
  original: Uint8Array,
  pixels: PixelPair,
  executed: ExecutedActions,
  regions: readonly LabelledRegion[],
): Promise<MarkedImages> {
  const pointed = pointedActions(executed);
  const before =
    pixels.before === undefined || pointed.length === 0
      ? undefined
      : pointed.reduce((image, action) => drawActionMarker(image, action), pixels.before);
  const after =
    pixels.after === undefined || regions.length === 0
      ? undefined
      : drawChangeMarks(
          pixels.after,
          regions.map((region) => ({ box: region.box, label: region.id })),
        );
  const [markedBefore, markedAfter] = await Promise.all([
    before === undefined ? undefined : encodePng(before, { compressionLevel: COMPRESSION_LEVEL }),
    after === undefined
      ? pixels.after === undefined
        ? undefined
        : original
      : encodePng(after, { compressionLevel: COMPRESSION_LEVEL }),
  ]);
  return {
    ...(markedBefore === undefined ? {} : { markedBefore }),
    ...(markedAfter === undefined ? {} : { markedAfter }),
  };
}
