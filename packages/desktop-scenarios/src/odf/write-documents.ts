import { escapeXml } from './xml.js';
import { writeZip } from './zip.js';

/**
 * Writers of the two OpenDocument packages the scenarios start from. They write only what a
 * person would see in the file (typed cells, column widths, a bold header, paragraph styles), so
 * a file is a few kilobytes and the same source always gives the same bytes.
 */

/** How a spreadsheet column's source text becomes a cell. */
export type ColumnType = 'text' | 'number' | 'date' | 'datetime';

/** One column of a generated sheet. */
export interface ColumnSpec {
  /** The header in row 1. */
  readonly header: string;
  readonly type: ColumnType;
  /** Column width in centimetres: wide enough that no value shows as `###`. */
  readonly widthCm: number;
}

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
].join(' ');

const SPREADSHEET_STYLES = `<office:automatic-styles>
<number:date-style style:name="N-date"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
<number:date-style style:name="N-datetime"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/><number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/></number:date-style>
<style:style style:name="ce-header" style:family="table-cell" style:parent-style-name="Default"><style:text-properties fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"/></style:style>
<style:style style:name="ce-date" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N-date"/>
<style:style style:name="ce-datetime" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N-datetime"/>
COLUMN_STYLES</office:automatic-styles>`;

function spreadsheetCell(type: ColumnType, source: string): string {
  const text = `<text:p>${escapeXml(source)}</text:p>`;
  if (source === '') return '<table:table-cell/>';
  switch (type) {
    case 'text':
      return `<table:table-cell office:value-type="string">${text}</table:table-cell>`;
    case 'number':
      return `<table:table-cell office:value-type="float" office:value="${Number(source)}">${text}</table:table-cell>`;
    case 'date':
      return `<table:table-cell table:style-name="ce-date" office:value-type="date" office:date-value="${source}">${text}</table:table-cell>`;
    case 'datetime':
      return `<table:table-cell table:style-name="ce-datetime" office:value-type="date" office:date-value="${source.replace(' ', 'T')}:00">${text}</table:table-cell>`;
  }
}

/** content.xml of a one-sheet spreadsheet: a bold header row, then `rows` typed by their column. */
export function spreadsheetContent(
  sheetName: string,
  columns: readonly ColumnSpec[],
  rows: readonly (readonly string[])[],
): string {
  const columnStyles = columns
    .map(
      (column, index) =>
        `<style:style style:name="co${index + 1}" style:family="table-column"><style:table-column-properties style:column-width="${column.widthCm}cm"/></style:style>`,
    )
    .join('\n');
  const header = columns
    .map(
      (column) =>
        `<table:table-cell table:style-name="ce-header" office:value-type="string"><text:p>${escapeXml(column.header)}</text:p></table:table-cell>`,
    )
    .join('');
  const body = rows
    .map(
      (row) =>
        `<table:table-row>${columns.map((column, index) => spreadsheetCell(column.type, row[index] ?? '')).join('')}</table:table-row>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${NAMESPACES} office:version="1.3">
${SPREADSHEET_STYLES.replace('COLUMN_STYLES', columnStyles + '\n')}
<office:body><office:spreadsheet><table:table table:name="${escapeXml(sheetName)}">
${columns.map((_, index) => `<table:table-column table:style-name="co${index + 1}" table:default-cell-style-name="Default"/>`).join('')}
<table:table-row>${header}</table:table-row>
${body}
</table:table></office:spreadsheet></office:body>
</office:document-content>
`;
}

/** A paragraph of a generated text document, with the paragraph style it uses. */
export interface TextBlock {
  /** `Title` for the document title, `Text_20_body` for ordinary paragraphs (LibreOffice's internal names). */
  readonly style: 'Title' | 'Text_20_body';
  readonly text: string;
}

/** content.xml of a text document: one paragraph per block, nothing else. */
export function textContent(blocks: readonly TextBlock[]): string {
  const paragraphs = blocks.map(
    (block) => `<text:p text:style-name="${block.style}">${escapeXml(block.text)}</text:p>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${NAMESPACES} office:version="1.3">
<office:body><office:text>
${paragraphs.join('\n')}
</office:text></office:body>
</office:document-content>
`;
}

/**
 * styles.xml of a text document. It defines the two paragraph styles the blocks use so the file
 * does not depend on LibreOffice's built-in defaults; Heading 1 and the rest come from LibreOffice
 * itself when someone applies them, as in any document.
 */
export function textStyles(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles ${NAMESPACES} office:version="1.3">
<office:styles>
<style:style style:name="Standard" style:family="paragraph" style:class="text"><style:text-properties fo:font-size="12pt"/></style:style>
<style:style style:name="Text_20_body" style:display-name="Text Body" style:family="paragraph" style:parent-style-name="Standard" style:class="text"><style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0.25cm" fo:line-height="115%"/></style:style>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard" style:next-style-name="Text_20_body" style:class="chapter"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="22pt" fo:font-weight="bold"/></style:style>
</office:styles>
</office:document-styles>
`;
}

/** The MIME types of the packages written here. */
export const ODF_MIME_TYPES = {
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
} as const;

/** A complete OpenDocument package: `mimetype` first and stored, as the format requires, then the manifest and the parts. */
export function odfPackage(mimeType: string, parts: Readonly<Record<string, string>>): Buffer {
  const names = Object.keys(parts);
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mimeType}"/>
${names.map((name) => `<manifest:file-entry manifest:full-path="${name}" manifest:media-type="text/xml"/>`).join('\n')}
</manifest:manifest>
`;
  return writeZip([
    { name: 'mimetype', data: Buffer.from(mimeType, 'ascii'), store: true },
    { name: 'META-INF/manifest.xml', data: Buffer.from(manifest, 'utf8') },
    ...names.map((name) => ({ name, data: Buffer.from(parts[name]!, 'utf8') })),
  ]);
}
