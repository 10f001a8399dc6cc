import type { Handle, Screen } from '@sandpiper/core';
import { findFieldNear } from '../ocr/index.js';
import { findTextMatches } from '../ocr/index.js';
import { ocrFallbackVariants, type ScreenReader } from '../screen/screen-reader.js';
import type { TargetCandidate } from './candidates.js';
import { isFieldHint } from './roles.js';

/** Score factor for a field outline found next to its label. */
const FIELD_FACTOR = 0.95;
/** Score factor when no outline was found and the label itself is the target (clicking a label focuses its field). */
const LABEL_ONLY_FACTOR = 0.7;
/** How many label matches are tried when looking for a field. */
const LABELS_TRIED = 3;

/**
 * Candidates read from the screenshot with OCR. A whole-line match (a button or a label) scores
 * above the same words inside running text. For field hints the outline of the field next to the
 * matched label is the target.
 */
export async function ocrCandidates(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  query: { text: string; role?: string },
): Promise<TargetCandidate[] | undefined> {
  const lines = await reader.ocrLines(handle, screen);
  if (lines === undefined) return undefined;
  let matches = findTextMatches(lines, query.text);
  for (const variant of ocrFallbackVariants) {
    if (matches.length > 0) break;
    matches = findTextMatches((await reader.ocrLines(handle, screen, variant)) ?? [], query.text);
  }
  if (!isFieldHint(query.role)) {
    return matches.map((match) => ({
      label: match.text,
      box: match.box,
      score: match.score * (0.85 + 0.15 * match.coverage),
      rank: 2,
      inViewport: true,
      disabled: false,
      via: 'name',
    }));
  }
  const pixels = await reader.pixels(screen);
  return matches.slice(0, LABELS_TRIED).map((match) => {
    const field = findFieldNear(pixels, match.box);
    // A label is usually a line of its own; the same words inside a heading or a sentence are not it.
    const asLabel = match.score * (0.85 + 0.15 * match.coverage);
    return {
      label: match.text,
      box: field ?? match.box,
      score: asLabel * (field === undefined ? LABEL_ONLY_FACTOR : FIELD_FACTOR),
      rank: field === undefined ? 1 : 3,
      inViewport: true,
      disabled: false,
      via: 'label',
    };
  });
}
