import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OcrUnavailableError, createOcrEngine } from './index.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repositoryRoot = join(packageRoot, '..', '..');

async function unavailableReason(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return 'resolved';
  } catch (error: unknown) {
    return OcrUnavailableError.isInstance(error) ? { reason: error.reason, message: error.message } : error;
  }
}

describe('engine availability', () => {
  it('reports missing data with how to install it', async () => {
    const outcome = await unavailableReason(createOcrEngine({ langPath: '/nonexistent/tessdata' }));
    expect(outcome).toMatchObject({ reason: 'missing-language-data' });
    const message = (outcome as { message: string }).message;
    expect(message).toContain('/nonexistent/tessdata/eng.traineddata');
    expect(message).toContain('apt-get install tesseract-ocr-eng');
    expect(message).toContain('npm run setup');
  });

  it('never treats a URL as a place to download data from', async () => {
    const outcome = await unavailableReason(createOcrEngine({ langPath: 'https://example.invalid/tessdata' }));
    expect(outcome).toMatchObject({ reason: 'missing-language-data' });
  });

  it('leaves no copy of the language data in the working directory or the repository', async () => {
    const engine = await createOcrEngine();
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await engine.recognize(new Uint8Array(png));
    await engine.terminate();
    for (const directory of new Set([process.cwd(), repositoryRoot, packageRoot])) {
      expect(existsSync(join(directory, 'eng.traineddata')), directory).toBe(false);
    }
  });

  it('refuses work after terminate', async () => {
    const engine = await createOcrEngine();
    await engine.terminate();
    await engine.terminate();
    const outcome = await unavailableReason(engine.recognize(new Uint8Array([1, 2, 3])));
    expect(outcome).toMatchObject({ reason: 'terminated' });
  });

  it('rejects a reading in flight when terminated instead of leaving it pending', async () => {
    const engine = await createOcrEngine();
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const reading = unavailableReason(engine.recognize(new Uint8Array(png)));
    await engine.terminate();
    expect(await reading).toMatchObject({ reason: 'terminated' });
  });
});
