import { readFile } from 'node:fs/promises';
import { DocumentFormatError } from '../errors.js';
import { StyleSheet } from './styles.js';
import { childElements, descendants, parseXml, type XmlElement } from './xml.js';
import { readZip } from './zip.js';

/** One paragraph or heading of a text document, as saved. */
export interface TextParagraph {
  /** `h` for a heading element (`text:h`), `p` for an ordinary paragraph. */
  readonly kind: 'h' | 'p';
  readonly text: string;
  /**
   * The paragraph style and its parents, innermost first: `['P3', 'Heading_20_1', 'Heading']`.
   * LibreOffice's internal names (`Heading_20_1` is "Heading 1", `Text_20_body` "Text Body").
   */
  readonly styles: readonly string[];
  /** The named paragraph style under any automatic one (`Heading_20_1`), as people choose it. */
  readonly style: string;
  /** `text:outline-level` of a heading. */
  readonly outlineLevel?: number;
  /**
   * Per character of `text`, whether it was made bold by direct formatting or a character style
   * (not by the paragraph's own named style, so the bold Title does not count).
   */
  readonly bold: readonly boolean[];
}

/** What a text document holds, read from its saved bytes. */
export interface TextContent {
  readonly paragraphs: readonly TextParagraph[];
  /** Frames (images, charts, text boxes) anchored anywhere in the body. */
  readonly frames: number;
}

interface Run {
  readonly text: string;
  readonly bold: boolean;
}

function runs(element: XmlElement, styles: StyleSheet, inherited: boolean): Run[] {
  const found: Run[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') found.push({ text: child, bold: inherited });
    else if (child.name === 'text:s') {
      found.push({ text: ' '.repeat(Number(child.attributes['text:c'] ?? '1')), bold: inherited });
    } else if (child.name === 'text:tab') found.push({ text: '\t', bold: inherited });
    else if (child.name === 'text:line-break') found.push({ text: '\n', bold: inherited });
    else if (child.name === 'text:span') {
      const bold = styles.bold('text', child.attributes['text:style-name']) ?? inherited;
      found.push(...runs(child, styles, bold));
    } else if (['office:annotation', 'text:note', 'draw:frame', 'text:tracked-changes'].includes(child.name)) continue;
    else found.push(...runs(child, styles, inherited));
  }
  return found;
}

function readParagraph(element: XmlElement, styles: StyleSheet): TextParagraph {
  const style = element.attributes['text:style-name'];
  const pieces = runs(element, styles, styles.bold('paragraph', style, true) ?? false);
  const text = pieces.map((piece) => piece.text).join('');
  const level = element.attributes['text:outline-level'];
  return {
    kind: element.name === 'text:h' ? 'h' : 'p',
    text,
    styles: styles.chain('paragraph', style),
    style: styles.named('paragraph', style) ?? 'Standard',
    ...(level === undefined ? {} : { outlineLevel: Number(level) }),
    bold: pieces.flatMap((piece) => [...piece.text].map(() => piece.bold)),
  };
}

/** Paragraphs in reading order, through lists, sections and tables. */
function bodyParagraphs(element: XmlElement, styles: StyleSheet): TextParagraph[] {
  const paragraphs: TextParagraph[] = [];
  for (const child of childElements(element)) {
    if (child.name === 'text:p' || child.name === 'text:h') paragraphs.push(readParagraph(child, styles));
    else if (child.name === 'text:tracked-changes' || child.name.endsWith('-decls')) continue;
    else paragraphs.push(...bodyParagraphs(child, styles));
  }
  return paragraphs;
}

/** Read an .odt package's body: every paragraph with its style chain and bold characters. */
export function readOdtBytes(data: Buffer, source: string): TextContent {
  const entries = readZip(data, source);
  const part = (name: string): XmlElement | undefined => {
    const bytes = entries.get(name);
    return bytes === undefined ? undefined : parseXml(bytes.toString('utf8'), `${source}:${name}`);
  };
  const content = part('content.xml');
  if (content === undefined) throw new DocumentFormatError(`${source} has no content.xml: not an OpenDocument file.`);
  const body = descendants(content, 'office:text')[0];
  if (body === undefined) throw new DocumentFormatError(`${source} is not a text document (no office:text).`);
  const styles = new StyleSheet([part('styles.xml'), content]);
  return { paragraphs: bodyParagraphs(body, styles), frames: descendants(body, 'draw:frame').length };
}

/** Read the text document saved at `file` (an .odt package). */
export async function readTextDocument(file: string): Promise<TextContent> {
  return readOdtBytes(await readFile(file), file);
}
