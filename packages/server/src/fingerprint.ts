import type { ScreenFingerprinter } from '@sandpiper/core';
import { dHash, decodePng } from '@sandpiper/vision';

/** Perceptual fingerprints for the stuck detectors: the vision package's 64-bit dHash as 16 hex digits. */
export function createDHashFingerprinter(): ScreenFingerprinter {
  return {
    async dHash(png) {
      const image = await decodePng(png);
      return dHash(image).toString(16).padStart(16, '0');
    },
  };
}
