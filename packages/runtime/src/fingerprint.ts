import type { ScreenFingerprinter } from '@sandpiper/core';
import { dHash, decodePng } from '@sandpiper/vision';

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
