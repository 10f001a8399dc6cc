import type { Handle, Screen } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';
import { containsText } from '../grounding/text-score.js';
import { findTextMatches } from '../ocr/index.js';
import { isInViewport, ocrFallbackVariants, type ScreenReader } from './screen-reader.js';

/** OCR must read text this faithfully (0 to 1) for it to count as seen. */
const OCR_SEEN_SCORE = 0.9;

/** Where some text was seen. */
export type TextSighting =
  | {
      /** On screen: inside the viewport. */
      readonly place: 'on-screen';
      /** Where the text (or the node holding it) is, in screen space. */
      readonly box: Box;
      /** Whether accessibility data or OCR saw it. */
      readonly source: 'accessibility' | 'ocr';
      /** The node name, value or OCR line that contains the text. */
      readonly seen: string;
    }
  | {
      /** In the page's accessibility tree but scrolled out of view. */
      readonly place: 'off-screen';
      /** Where the node is, outside the viewport. */
      readonly box: Box;
      /** Only accessibility data knows about text out of view. */
      readonly source: 'accessibility';
      /** The node name or value that contains the text. */
      readonly seen: string;
    };

/**
 * Look for `text` on a screen: in accessibility names and values first, then, when
 * `ocrFallback` is set or the screen has no accessibility data, in OCR lines. Whole words,
 * case and punctuation aside. Undefined when it is nowhere to be seen.
 */
export async function findVisibleText(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  text: string,
  options: { readonly ocrFallback: boolean },
): Promise<TextSighting | undefined> {
  const nodes = reader.nodes(screen);
  let offScreen: TextSighting | undefined;
  for (const node of nodes ?? []) {
    const seen = [node.name, node.value ?? ''].find((candidate) => containsText(candidate, text));
    if (seen === undefined) continue;
    if (isInViewport(node.box, screen) || overlapsViewport(node.box, screen)) {
      return { place: 'on-screen', box: node.box, source: 'accessibility', seen };
    }
    offScreen ??= { place: 'off-screen', box: node.box, source: 'accessibility', seen };
  }
  if (offScreen !== undefined) return offScreen;
  if (nodes !== undefined && !options.ocrFallback) return undefined;
  for (const variant of ['normal', ...ocrFallbackVariants] as const) {
    const lines = await reader.ocrLines(handle, screen, variant);
    if (lines === undefined) return undefined;
    const match = findTextMatches(lines, text, { minScore: OCR_SEEN_SCORE })[0];
    if (match !== undefined) return { place: 'on-screen', box: match.box, source: 'ocr', seen: match.line.text };
  }
  return undefined;
}

function overlapsViewport(box: Box, screen: Screen): boolean {
  return (
    box.x < screen.capture.width &&
    box.y < screen.capture.height &&
    box.x + box.width > 0 &&
    box.y + box.height > 0 &&
    box.height <= screen.capture.height * 2
  );
}
