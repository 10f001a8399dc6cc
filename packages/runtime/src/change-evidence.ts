import type { ChangeEvidenceSource, ClickImages } from '@sandpiper/model-engine';
import { cropImage, decodePng, diffRegions, drawActionMarker, drawChangeMarks, encodePng } from '@sandpiper/vision';

/**
 * Pixel evidence for the model reflector's first stage, computed locally with the vision package:
 * the regions that changed, the screen before with each action's point marked, and the screen
 * after with every region boxed and numbered, so the model reads the numbers instead of hunting
 * for differences itself.
 */
export function createVisionChangeEvidence(): ChangeEvidenceSource {
  return {
    async collect(_handle, { before, after, performed }) {
      const [beforeImage, afterImage] = await Promise.all([
        decodePng(before.capture.png),
        decodePng(after.capture.png),
      ]);
      const regions = diffRegions(beforeImage, afterImage).map((region, index) => ({
        id: index + 1,
        box: region.box,
        changedPixels: region.changedPixels,
      }));
      const markedBefore = performed.reduce((image, entry) => drawActionMarker(image, entry.action), beforeImage);
      if (regions.length === 0) return { regions, markedBefore: await encodePng(markedBefore) };
      const markedAfter = drawChangeMarks(
        afterImage,
        regions.map((region) => ({ box: region.box, label: region.id })),
      );
      return { regions, markedBefore: await encodePng(markedBefore), markedAfter: await encodePng(markedAfter) };
    },
  };
}

/**
 * The pictures for checking a grounder's point, drawn with the vision package: the screen with the
 * same target a performed click is marked with, and a crop of it to look at again, magnified.
 */
export function createVisionClickImages(): ClickImages {
  return {
    async mark(_handle, png, point) {
      const image = await decodePng(png);
      return encodePng(drawActionMarker(image, { type: 'click', at: point, button: 'left', count: 1, modifiers: [] }));
    },
    async crop(_handle, png, box) {
      const image = cropImage(await decodePng(png), box);
      return { png: await encodePng(image), width: image.width, height: image.height };
    },
  };
}
