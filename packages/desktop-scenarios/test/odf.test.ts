import { describe, expect, it } from 'vitest';
import { DocumentFormatError } from '../src/index.js';
import { formatCsv, parseCsv } from '../src/odf/csv.js';
import { parseRangeAddress, readCsvText, readOdsBytes } from '../src/odf/read-spreadsheet.js';
import { readOdtBytes } from '../src/odf/read-text.js';
import { canonicalDate, canonicalNumber, canonicalText } from '../src/odf/values.js';
import { ODF_MIME_TYPES, odfPackage, textContent, textStyles } from '../src/odf/write-documents.js';
import { parseXml } from '../src/odf/xml.js';
import { readZip, writeZip } from '../src/odf/zip.js';

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';

function ods(body: string, styles = ''): Buffer {
  return odfPackage(ODF_MIME_TYPES.ods, {
    'content.xml': `<?xml version="1.0"?><office:document-content ${NS}><office:automatic-styles>${styles}</office:automatic-styles><office:body><office:spreadsheet>${body}</office:spreadsheet></office:body></office:document-content>`,
  });
}

describe('the OpenDocument plumbing', () => {
  it('parses XML with entities, CDATA, comments and self-closing tags, and names a malformed file', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><a x="1 &amp; 2"><b/>t&lt;&#65;&#x42;<![CDATA[<raw>]]></a>',
      'test',
    );
    expect(root).toEqual({
      name: 'a',
      attributes: { x: '1 & 2' },
      children: [{ name: 'b', attributes: {}, children: [] }, 't<AB', '<raw>'],
    });
    expect(() => parseXml('<a><b></a>', 'broken.xml')).toThrow(DocumentFormatError);
    expect(() => parseXml('<a><b></a>', 'broken.xml')).toThrow(/broken\.xml: <\/a> where <\/b> was expected/);
    expect(() => parseXml('<a>&nbsp;</a>', 'x')).toThrow(/unknown XML entity/);
  });

  it('writes zip archives that it reads back, stored and deflated, and rejects anything else', () => {
    const archive = writeZip([
      { name: 'mimetype', data: Buffer.from('text/plain'), store: true },
      { name: 'dir/é.xml', data: Buffer.from('<x>'.repeat(1000)) },
    ]);
    const entries = readZip(archive, 'test.zip');
    expect([...entries.keys()]).toEqual(['mimetype', 'dir/é.xml']);
    expect(entries.get('dir/é.xml')!.toString()).toBe('<x>'.repeat(1000));
    expect(archive.subarray(30, 38).toString()).toBe('mimetype');
    expect(() => readZip(Buffer.alloc(100), 'zeros.ods')).toThrow(/zeros\.ods is not a readable zip package/);
  });

  it('reads and writes CSV with quotes, commas, CRLF and a byte-order mark', () => {
    const rows = [
      ['a', 'b, c', 'say "hi"'],
      ['', 'x\ny', ''],
    ];
    expect(parseCsv(formatCsv(rows), 't')).toEqual(rows);
    expect(parseCsv('\ufeffa,b\r\n1,2\r\n\r\n', 't')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(() => parseCsv('"open', 'bad.csv')).toThrow(/bad\.csv: a quoted field is never closed/);
  });

  it('spells values one way whichever file they came from', () => {
    expect(canonicalNumber(0.1 + 0.2)).toBe('0.3');
    expect(canonicalText('42.0')).toBe('42');
    expect(canonicalText('2026-10-03 06:30:00')).toBe('2026-10-03 06:30');
    expect(canonicalDate('2026-10-03T00:00:00')).toBe('2026-10-03');
    expect(canonicalDate('2026-10-03 06:30:15')).toBe('2026-10-03 06:30:15');
    expect(canonicalText('INC-2001')).toBe('INC-2001');
    expect(readCsvText('x,1.50,2026-01-02 00:00\n', 'a.csv').sheets[0]!.rows[0]!.map((cell) => cell.value)).toEqual([
      'x',
      '1.5',
      '2026-01-02',
    ]);
  });

  it('reads chart range addresses in the spellings LibreOffice writes', () => {
    expect(parseRangeAddress('Readings.$C$2:.$C$41')).toEqual([
      { sheet: 'Readings', startColumn: 2, startRow: 1, endColumn: 2, endRow: 40 },
    ]);
    expect(parseRangeAddress("'My Sheet'.A1:'My Sheet'.AB5 Other.D7")).toEqual([
      { sheet: 'My Sheet', startColumn: 0, startRow: 0, endColumn: 27, endRow: 4 },
      { sheet: 'Other', startColumn: 3, startRow: 6, endColumn: 3, endRow: 6 },
    ]);
  });

  it('reads repeated rows and cells, typed values, formulas and boldness from styles', () => {
    const bold =
      '<style:style style:name="ce1" style:family="table-cell"><style:text-properties fo:font-weight="700"/></style:style>';
    const content = readOdsBytes(
      ods(
        '<table:table table:name="S"><table:table-column table:number-columns-repeated="3"/>' +
          '<table:table-row><table:table-cell table:style-name="ce1" office:value-type="string" table:number-columns-repeated="2"><text:p>h</text:p></table:table-cell></table:table-row>' +
          '<table:table-row table:number-rows-repeated="2"><table:table-cell/></table:table-row>' +
          '<table:table-row><table:table-cell office:value-type="float" office:value="33.5" table:formula="of:=MAX([.C2:.C41])"><text:p>33.5</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="date" office:date-value="2026-10-03T06:30:00"><text:p>x</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="string"><text:p>a<text:s text:c="2"/>b</text:p></table:table-cell></table:table-row>' +
          '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>',
        bold,
      ),
      'test.ods',
    );
    const rows = content.sheets[0]!.rows;
    expect(rows.map((row) => row.map((cell) => cell.value))).toEqual([
      ['h', 'h'],
      [],
      [],
      ['33.5', '2026-10-03 06:30', 'a  b'],
    ]);
    expect(rows[0]!.map((cell) => cell.bold)).toEqual([true, true]);
    expect(rows[3]![0]).toMatchObject({ bold: false, formula: 'of:=MAX([.C2:.C41])' });
  });

  it('reads a text document: headings, named styles under automatic ones, bold spans', () => {
    const content = textContent([
      { style: 'Title', text: 'T' },
      { style: 'Text_20_body', text: 'plain words' },
    ])
      .replace(
        '<office:body>',
        '<office:automatic-styles><style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_1"/>' +
          '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body>',
      )
      .replace(
        '<text:p text:style-name="Title">T</text:p>',
        '<text:h text:style-name="P1" text:outline-level="1">T</text:h>',
      )
      .replace('plain words', 'plain <text:span text:style-name="T1">words</text:span>');
    const read = readOdtBytes(
      odfPackage(ODF_MIME_TYPES.odt, { 'content.xml': content, 'styles.xml': textStyles() }),
      't.odt',
    );
    expect(read.paragraphs[0]).toMatchObject({
      kind: 'h',
      text: 'T',
      style: 'Heading_20_1',
      outlineLevel: 1,
      styles: ['P1', 'Heading_20_1'],
    });
    expect(read.paragraphs[1]!.bold.map(Number).join('')).toBe('00000011111');
    // The Title style is bold by definition; that is not text someone made bold.
    expect(
      readOdtBytes(
        odfPackage(ODF_MIME_TYPES.odt, {
          'content.xml': textContent([{ style: 'Title', text: 'T' }]),
          'styles.xml': textStyles(),
        }),
        'x',
      ).paragraphs[0]!.bold,
    ).toEqual([false]);
  });
});
