import { DocumentFormatError } from '../errors.js';

/** An element of a parsed XML document; text between elements is kept as strings, in order. */
export interface XmlElement {
  /** The qualified name as written (`table:table-cell`); OpenDocument's prefixes are fixed by convention. */
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}

export type XmlNode = XmlElement | string;

/** A start tag at `lastIndex` (sticky, so a large file is never copied tag by tag). */
const START_TAG = /<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string, source: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const named = NAMED_ENTITIES[entity];
    if (named === undefined) throw new DocumentFormatError(`${source}: unknown XML entity ${whole}.`);
    return named;
  });
}

/**
 * Parse the XML that LibreOffice writes (content.xml, styles.xml, a flat document). It is not a
 * validating parser: no DTDs, no namespace resolution, which OpenDocument files do not need because
 * every producer uses the prefixes the specification names. A malformed file is a
 * {@link DocumentFormatError} naming `source`, so a checker reports a broken save instead of crashing.
 */
export function parseXml(xml: string, source: string): XmlElement {
  const root: { name: string; attributes: Record<string, string>; children: XmlNode[] } = {
    name: '#document',
    attributes: {},
    children: [],
  };
  const stack = [root];
  let position = 0;
  const fail = (what: string): never => {
    throw new DocumentFormatError(`${source}: ${what} at character ${position}.`);
  };
  while (position < xml.length) {
    const open = xml.indexOf('<', position);
    const textEnd = open === -1 ? xml.length : open;
    if (textEnd > position) {
      const text = xml.slice(position, textEnd);
      if (stack.length > 1) stack.at(-1)!.children.push(decodeEntities(text, source));
      else if (text.trim() !== '') fail('text outside the root element');
    }
    if (open === -1) break;
    position = open;
    if (xml.startsWith('<?', position)) {
      const end = xml.indexOf('?>', position);
      if (end === -1) fail('an unclosed processing instruction');
      position = end + 2;
    } else if (xml.startsWith('<!--', position)) {
      const end = xml.indexOf('-->', position);
      if (end === -1) fail('an unclosed comment');
      position = end + 3;
    } else if (xml.startsWith('<![CDATA[', position)) {
      const end = xml.indexOf(']]>', position);
      if (end === -1) fail('an unclosed CDATA section');
      stack.at(-1)!.children.push(xml.slice(position + 9, end));
      position = end + 3;
    } else if (xml.startsWith('<!', position)) {
      const end = xml.indexOf('>', position);
      if (end === -1) fail('an unclosed declaration');
      position = end + 1;
    } else if (xml.startsWith('</', position)) {
      const end = xml.indexOf('>', position);
      if (end === -1) fail('an unclosed end tag');
      const name = xml.slice(position + 2, end).trim();
      const current = stack.pop()!;
      if (current.name !== name || stack.length === 0) fail(`</${name}> where </${current.name}> was expected`);
      position = end + 1;
    } else {
      START_TAG.lastIndex = position;
      const tag = START_TAG.exec(xml);
      if (tag === null) fail('a malformed start tag');
      const [whole, name, attributeText, selfClosing] = tag!;
      const attributes: Record<string, string> = {};
      for (const match of attributeText!.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? '', source);
      }
      const element = { name: name!, attributes, children: [] as XmlNode[] };
      stack.at(-1)!.children.push(element);
      if (selfClosing !== '/') stack.push(element);
      position += whole.length;
    }
  }
  if (stack.length !== 1) fail(`<${stack.at(-1)!.name}> is never closed`);
  const elements = root.children.filter((child): child is XmlElement => typeof child !== 'string');
  if (elements.length !== 1) fail('not exactly one root element');
  return elements[0]!;
}

/** The child elements of `element`, optionally only those named `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );
}

/** Every descendant element named `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement): void => {
    for (const child of childElements(node)) {
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** The first descendant named `name`, or undefined. */
export function firstDescendant(element: XmlElement, name: string): XmlElement | undefined {
  return descendants(element, name)[0];
}

/** Escape text for an XML attribute value or character data. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
