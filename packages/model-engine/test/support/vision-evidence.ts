import { decodePng, diffRegions, drawActionMarker, drawChangeMarks, encodePng } from '@sandpiper/vision';
import type { ChangeEvidenceSource } from '../../src/index.js';

/** Pixel evidence from the vision package, as the CLI would wire it: regions, numbered boxes, action markers. */
export function visionChangeEvidence(): ChangeEvidenceSource {
  return {
    async collect(_handle, { before, after, performed }) {
      const [first, second] = await Promise.all([decodePng(before.capture.png), decodePng(after.capture.png)]);
      const regions = diffRegions(first, second).map((region, index) => ({
        id: index + 1,
        box: region.box,
        changedPixels: region.changedPixels,
      }));
      let marked = first;
      for (const entry of performed) marked = drawActionMarker(marked, entry.action);
      return {
        regions,
        markedBefore: await encodePng(marked),
        ...(regions.length > 0
          ? {
              markedAfter: await encodePng(
                drawChangeMarks(
                  second,
                  regions.map((region) => ({ box: region.box, label: region.id })),
                ),
              ),
            }
          : {}),
      };
    },
  };
}
