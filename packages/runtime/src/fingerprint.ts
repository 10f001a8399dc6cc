import type { ScreenFingerprinter, ScreenMasker } from '@sandpiper/core';
import { coverRegions, dHash, decodePng, encodePng } from '@sandpiper/vision';

/** Fingerprints screenshots with the vision package's 64-bit dHash, for the stuck detectors. */
export function createVisionFingerprinter(): ScreenFingerprinter {
  return {
    async dHash(png) {
      return dHash(await decodePng(png))
        .toString(16)
        .padStart(16, '0');
    },
  };
}

/** Covers regions of screenshots with the vision package's raster drawing, for secrets on screen. */
export function createVisionMasker(): ScreenMasker {
  return {
    async cover(png, boxes) {
      const image = await decodePng(png);
      coverRegions(image, boxes);
      return encodePng(image, { compressionLevel: 3 });
    },
  };
}
