import type { Handle, Screen } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import { isStructural, type AccessibilityNode, type Box } from '@sandpiper/protocol';
import sharp from 'sharp';
import type { OcrEngine, OcrLine, RgbaImage } from '../ocr/index.js';

/**
 * Gives the roles what a screen shows: its accessibility nodes, its OCR lines and its decoded
 * pixels. OCR and decoding are done once per screenshot (keyed by the PNG bytes object), because
 * the operator, the reflector and the judge often look at the same screen.
 */
export interface ScreenReader {
  /**
   * Accessibility nodes of the screen a person acts on or reads (structural holders left out);
   * undefined when the environment gave none.
   */
  nodes(screen: Screen): readonly AccessibilityNode[] | undefined;
  /** Every node of the snapshot, holders included, for resolving "in the row of …" through `parent`. */
  tree(screen: Screen): readonly AccessibilityNode[] | undefined;
  /**
   * OCR lines of the whole screenshot; undefined when OCR is off or unavailable. The variant
   * chooses the image read (see {@link OcrVariant}); each is read at most once per screenshot.
   */
  ocrLines(handle: Handle, screen: Screen, variant?: OcrVariant): Promise<readonly OcrLine[] | undefined>;
  /** The screenshot decoded to RGBA. */
  pixels(screen: Screen): Promise<RgbaImage>;
  /** Whether OCR can be asked at all (it may still turn out unavailable). */
  readonly ocrEnabled: boolean;
}

/**
 * Which image OCR reads: the screenshot as it is; `enlarged`, twice the size, which reads small or
 * low-contrast text (a button label in dark blue on light blue) about twice as slowly; or
 * `inverted`, the negative, where light text on dark buttons and banners becomes legible.
 */
export type OcrVariant = 'normal' | 'enlarged' | 'inverted';

/** The variants worth a second look when the normal reading misses something, cheapest first. */
export const ocrFallbackVariants: readonly OcrVariant[] = ['enlarged', 'inverted'];

/** Supplies the OCR engine on first use; resolves undefined when OCR cannot run. */
export type OcrProvider = () => Promise<OcrEngine | undefined>;

export function createScreenReader(ocr: OcrProvider | undefined): ScreenReader {
  const lines: Record<OcrVariant, WeakMap<Uint8Array, Promise<readonly OcrLine[] | undefined>>> = {
    normal: new WeakMap(),
    enlarged: new WeakMap(),
    inverted: new WeakMap(),
  };
  const decoded = new WeakMap<Uint8Array, Promise<RgbaImage>>();
  const content = new WeakMap<readonly AccessibilityNode[], readonly AccessibilityNode[]>();
  const placed = new WeakMap<readonly AccessibilityNode[], readonly AccessibilityNode[]>();
  const tree = (screen: Screen): readonly AccessibilityNode[] | undefined => {
    const snapshot = screen.capture.accessibility ?? screen.observation.accessibility;
    if (snapshot === undefined) return undefined;
    let shown = placed.get(snapshot);
    if (shown === undefined) {
      shown = withHiddenInputsPlaced(snapshot);
      placed.set(snapshot, shown);
    }
    return shown;
  };
  return {
    ocrEnabled: ocr !== undefined,
    tree,
    nodes(screen) {
      const all = tree(screen);
      if (all === undefined) return undefined;
      let kept = content.get(all);
      if (kept === undefined) {
        kept = all.some(isStructural) ? all.filter((node) => !isStructural(node)) : all;
        content.set(all, kept);
      }
      return kept;
    },
    ocrLines(handle, screen, variant = 'normal') {
      throwIfCancelled(handle);
      if (ocr === undefined) return Promise.resolve(undefined);
      const png = screen.capture.png;
      let pending = lines[variant].get(png);
      if (pending === undefined) {
        pending = ocr().then(async (engine) => {
          if (engine === undefined) return undefined;
          if (variant === 'enlarged') return (await engine.recognize(png, { scale: 2 })).lines;
          const image = variant === 'inverted' ? await negative(png) : png;
          return (await engine.recognize(image)).lines;
        });
        lines[variant].set(png, pending);
      }
      return pending;
    },
    pixels(screen) {
      const png = screen.capture.png;
      let pending = decoded.get(png);
      if (pending === undefined) {
        pending = decodeRgba(png);
        decoded.set(png, pending);
      }
      return pending;
    },
  };
}

/** Roles of the inputs pages hide off the page behind a control of their own. */
const hiddenInputRoles = new Set(['combobox', 'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'listbox']);

/** How far left of the page a box must end to be hidden there rather than scrolled aside, in pixels. */
const FAR_OFF_PAGE = 1000;

/**
 * The snapshot with each input that is placed far off the left of the page (`left: -10000px`, the
 * usual way to hide a native input behind a custom control) given the box of its nearest holder
 * on the page: that box is what a person sees and clicks, and it can never be scrolled to.
 * The same array when no input is hidden so. Pure; exported for tests.
 */
export function withHiddenInputsPlaced(nodes: readonly AccessibilityNode[]): readonly AccessibilityNode[] {
  const hidden = (node: AccessibilityNode) =>
    hiddenInputRoles.has(node.role) && node.box.x + node.box.width < -FAR_OFF_PAGE;
  if (!nodes.some(hidden)) return nodes;
  const byRef = new Map(nodes.map((node) => [node.ref, node]));
  const holderBox = (node: AccessibilityNode): Box | undefined => {
    for (let parent = byRef.get(node.parent ?? ''); parent !== undefined; parent = byRef.get(parent.parent ?? '')) {
      if (parent.box.x + parent.box.width > 0 && parent.box.width > 0 && parent.box.height > 0) return parent.box;
    }
    return undefined;
  };
  return nodes.map((node) => {
    const box = hidden(node) ? holderBox(node) : undefined;
    return box === undefined ? node : { ...node, box };
  });
}

async function negative(png: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).negate({ alpha: false }).png().toBuffer());
}

export async function decodeRgba(png: Uint8Array): Promise<RgbaImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** Whether most of a box lies on the screen (its centre is inside the viewport). */
export function isInViewport(box: Box, screen: Screen): boolean {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return x >= 0 && y >= 0 && x < screen.capture.width && y < screen.capture.height;
}
