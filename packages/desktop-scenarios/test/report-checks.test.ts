import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDesktopTask } from '../src/index.js';
import type { TextBlock } from '../src/odf/write-documents.js';
import { reportBlocks, sessionDir, writeReport } from './variants.js';

/** The report checks on hand-made results: the right edit passes, near misses fail. */

let dir: string;
let blocks: TextBlock[];

beforeAll(async () => {
  dir = await sessionDir();
  blocks = await reportBlocks();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const BOLD_STYLE =
  '<office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>' +
  '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Text_20_body"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body>';

/** content.xml with `text` wrapped in a bold span (or its whole paragraph in a bold automatic style). */
function bolden(text: string, wholeParagraph = false): (xml: string) => string {
  return (xml) => {
    const withStyles = xml.replace('<office:body>', BOLD_STYLE);
    if (!wholeParagraph) return withStyles.replace(text, `<text:span text:style-name="T1">${text}</text:span>`);
    return withStyles.replace(
      new RegExp(`<text:p text:style-name="Text_20_body">([^<]*${text})`),
      '<text:p text:style-name="P1">$1',
    );
  };
}

/** content.xml with the paragraph `text` as a level-1 heading in the Heading 1 style. */
function heading(text: string): (xml: string) => string {
  return (xml) =>
    xml.replace(
      `<text:p text:style-name="Text_20_body">${text}</text:p>`,
      `<text:h text:style-name="Heading_20_1" text:outline-level="1">${text}</text:h>`,
    );
}

async function verdictOn(
  taskId: string,
  paragraphs: readonly TextBlock[],
  options: Parameters<typeof writeReport>[2] = {},
): Promise<boolean> {
  await writeReport(dir, paragraphs, options);
  return (await getDesktopTask(taskId).check(dir)).ok;
}

describe('site report checks', () => {
  it('heading: Quarterly review as Heading 1 passes; the other section title, or a bold line instead, fails', async () => {
    expect(await verdictOn('site-report/heading', blocks, { edit: heading('Quarterly review') })).toBe(true);
    expect(await verdictOn('site-report/heading', blocks, { edit: heading('Next steps') })).toBe(false);
    expect(await verdictOn('site-report/heading', blocks, { edit: bolden('Quarterly review', true) })).toBe(false);
  });

  it('fix spelling: every occurrence replaced passes; one left fails', async () => {
    const fixed = blocks.map((block) => ({ ...block, text: block.text.replaceAll('recieve', 'receive') }));
    expect(await verdictOn('site-report/fix-spelling', fixed)).toBe(true);
    const oneLeft = fixed.map((block, index) => (index === 3 ? blocks[3]! : block));
    expect(await verdictOn('site-report/fix-spelling', oneLeft)).toBe(false);
  });

  it('bold phrase: exactly the phrase passes; its whole paragraph, or a phrase too short, fails', async () => {
    expect(await verdictOn('site-report/bold-phrase', blocks, { edit: bolden('not yet approved') })).toBe(true);
    expect(await verdictOn('site-report/bold-phrase', blocks, { edit: bolden('not yet approved', true) })).toBe(false);
    expect(await verdictOn('site-report/bold-phrase', blocks, { edit: bolden('not yet') })).toBe(false);
  });

  it('append and delete: the exact edit passes; an empty paragraph left behind fails', async () => {
    const signOff: TextBlock = { style: 'Text_20_body', text: 'Prepared by the operations team.' };
    expect(await verdictOn('site-report/append-sign-off', [...blocks, signOff])).toBe(true);
    expect(await verdictOn('site-report/append-sign-off', [...blocks, { ...signOff, text: '' }, signOff])).toBe(false);
    const withoutNote = blocks.filter((block) => !block.text.startsWith('Note:'));
    expect(await verdictOn('site-report/delete-note', withoutNote)).toBe(true);
    const blanked = blocks.map((block) => (block.text.startsWith('Note:') ? { ...block, text: '' } : block));
    expect(await verdictOn('site-report/delete-note', blanked)).toBe(false);
  });

  it('save as: passes with both files holding the report; fails when the original was changed too', async () => {
    await writeReport(dir, blocks, { file: 'report-final.odt' });
    expect(await verdictOn('site-report/save-as-final', blocks)).toBe(true);
    const changed = blocks.map((block, index) => (index === 1 ? { ...block, text: 'Prepared for nobody.' } : block));
    expect(await verdictOn('site-report/save-as-final', changed)).toBe(false);
  });

  it('clarify tasks fail on a heading made, a paragraph edited or a frame added', async () => {
    // A frame anchored in the title: the text stays the same, only the frame is new.
    const frame = (xml: string): string =>
      xml.replace('</text:p>', '<draw:frame xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"/></text:p>');
    for (const id of ['site-report/heading-ambiguous', 'site-report/delete-missing-chart']) {
      expect(await verdictOn(id, blocks), id).toBe(true);
      expect(await verdictOn(id, blocks, { edit: heading('Next steps') }), id).toBe(false);
      expect(await verdictOn(id, blocks.slice(0, -1)), id).toBe(false);
      expect(await verdictOn(id, blocks, { edit: frame }), id).toBe(false);
    }
  });
});
