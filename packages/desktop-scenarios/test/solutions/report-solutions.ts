import { join } from 'node:path';
import type { AccessibilityNode } from '@sandpiper/protocol';
import type { Solution } from './incident-solutions.js';
import { eventually, type Office } from './office.js';

const PHRASE = 'not yet approved';
const SIGN_OFF = 'Prepared by the operations team.';

/**
 * Put the caret at the start of the paragraph whose text begins with `start`, by clicking at its
 * left edge, and wait until AT-SPI reports that paragraph focused.
 */
async function clickParagraph(office: Office, start: string): Promise<void> {
  const matches = (node: AccessibilityNode): boolean => node.role !== 'textbox' && (node.value ?? '').startsWith(start);
  const paragraph = await office.find(`the paragraph '${start}…'`, matches);
  await office.act({
    type: 'click',
    at: { x: paragraph.box.x + 2, y: paragraph.box.y + Math.round(paragraph.box.height / 2) },
  });
  await office.find(`the paragraph '${start}…' to have the caret`, (node) => matches(node) && node.focused === true);
}

/** The paragraph style box on the Formatting toolbar shows `style` for the paragraph at the caret. */
async function styleShown(office: Office, style: string): Promise<void> {
  await office.find(
    `the paragraph style box to show ${style}`,
    (node) => node.role === 'textbox' && node.value === style,
  );
}

export const reportSolutions: Readonly<Record<string, Solution>> = {
  heading: async (office, prepared) => {
    await clickParagraph(office, 'Quarterly review');
    await styleShown(office, 'Text Body');
    // Control+1 is Writer's shortcut for the Heading 1 paragraph style.
    await office.keys(['Control', '1']);
    await styleShown(office, 'Heading 1');
    await office.save(prepared.document, false);
  },

  'fix-spelling': async (office, prepared) => {
    await office.replaceAll('recieve', 'receive', prepared.windowTitle);
    await office.save(prepared.document, false);
  },

  'save-as-final': async (office, prepared) => {
    // File > Save As (Control+Shift+S) opens GTK's file chooser with the name selected; a full
    // path typed there saves beside the original whatever folder the chooser shows.
    await office.keys(['Control', 'Shift', 's']);
    await office.window('Save');
    await office.find(
      'the file name field to take the focus',
      (node) => node.role === 'textbox' && node.focused === true,
    );
    await office.type(join(prepared.document, '..', 'report-final.odt'));
    await office.keys(['Enter']);
    await office.window('report-final.odt - LibreOffice Writer');
  },

  'bold-phrase': async (office, prepared) => {
    // Enter in Find & Replace's search field is Find Next, which selects the phrase in the text;
    // closing the dialog with its Close button (Escape right after Enter can overtake the search)
    // gives the document back the keyboard with the selection, whose paragraph reports the focus.
    await office.keys(['Control', 'h']);
    await office.window('Find and Replace');
    await office.find('the Find field to take the focus', (node) => node.role === 'textbox' && node.focused === true);
    await office.keys(['Control', 'a']);
    await office.type(PHRASE);
    // Enter before the field holds the whole phrase would search for part of it.
    await office.find(
      'the Find field to hold the phrase',
      (node) => node.role === 'textbox' && node.focused === true && node.value === PHRASE,
    );
    await office.keys(['Enter']);
    // The dialog's Close can be drawn before it takes clicks: press it (or Escape) again every
    // half second until the dialog is gone.
    await eventually('the Find and Replace dialog to close', async () => {
      if (await office.isClosed('Find and Replace')) return true;
      const close = (await office.nodes()).find((node) => node.role === 'button' && node.name === 'Close');
      if (close === undefined) await office.keys(['Escape']);
      else await office.click(close);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    });
    await office.window(prepared.windowTitle);
    await office.find(
      'the paragraph with the phrase to have the selection',
      (node) => node.role === 'paragraph' && node.focused === true && (node.value ?? '').includes(PHRASE),
    );
    await office.keys(['Control', 'b']);
    await office.save(prepared.document, false);
  },

  'append-sign-off': async (office, prepared) => {
    // Control+End runs as a command, after keys typed straight into the text: Enter is pressed
    // only once the caret is seen in the last paragraph, and typing only once the new paragraph is.
    await office.keys(['Control', 'End']);
    await office.find(
      'the caret in the last paragraph',
      (node) => node.role === 'paragraph' && node.focused === true && (node.value ?? '').startsWith('From January'),
    );
    await office.keys(['Enter']);
    await office.find(
      'the caret in a new empty paragraph',
      (node) => node.role === 'paragraph' && node.focused === true && (node.value ?? '') === '',
    );
    await office.type(SIGN_OFF);
    await office.find(
      'the new paragraph to hold the text',
      (node) => node.role === 'paragraph' && node.value === SIGN_OFF,
    );
    await office.save(prepared.document, false);
  },

  'delete-note': async (office, prepared) => {
    // From the start of the one-line paragraph, Shift+Down selects it with its paragraph break;
    // cutting that leaves no empty line behind. The paragraph is gone once AT-SPI no longer lists it.
    await clickParagraph(office, 'Note:');
    await office.keys(['Home'], ['Shift', 'Down'], ['Control', 'x']);
    await eventually('the Note paragraph to be gone', async () =>
      (await office.nodes()).every((node) => !(node.value ?? '').startsWith('Note:')),
    );
    await office.save(prepared.document, false);
  },
};
