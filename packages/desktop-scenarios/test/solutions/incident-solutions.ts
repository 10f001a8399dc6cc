import type { PreparedDesktopScenario } from '../../src/index.js';
import type { Office } from './office.js';

/** A scripted way to do one task by hand: the keys and clicks, then saving. Closing is the caller's. */
export type Solution = (office: Office, prepared: PreparedDesktopScenario) => Promise<void>;

/**
 * Data > Sort (Alt+D, S) on the table around the cursor. The dialog's focus order is: the tab
 * strip, key 1's Ascending radio, key 1's column list, key 2's radio, key 2's column list; Down
 * on a focused column list picks the next column, and Down on a focused radio picks Descending.
 */
async function openSortDialog(office: Office): Promise<void> {
  await office.goTo('A1');
  await office.menu('d', 's', 'Sort');
}

export const incidentSolutions: Readonly<Record<string, Solution>> = {
  'sort-by-severity': async (office, prepared) => {
    await openSortDialog(office);
    // Key 1: ID → Date → Site → Severity, then Descending; Enter is OK.
    await office.keys(['Tab'], ['Tab'], ['Down'], ['Down'], ['Down'], ['Shift', 'Tab'], ['Down'], ['Enter']);
    await office.windowGone('Sort');
    await office.save(prepared.document, false);
  },

  'sort-by-site-then-date': async (office, prepared) => {
    await openSortDialog(office);
    // Key 1: ID → Date → Site, ascending. Key 2: "- undefined -" → ID → Date, then Descending.
    await office.keys(['Tab'], ['Tab'], ['Down'], ['Down']);
    await office.keys(['Tab'], ['Tab'], ['Down'], ['Down'], ['Shift', 'Tab'], ['Down'], ['Enter']);
    await office.windowGone('Sort');
    await office.save(prepared.document, false);
  },

  'add-incident': async (office, prepared) => {
    await office.goTo('A27');
    // Tab moves right along the row; the date, owner and minutes were not given, so stay empty.
    await office.type('INC-2031');
    await office.keys(['Tab']);
    await office.at('B27');
    await office.keys(['Tab']);
    await office.at('C27');
    await office.type('Depot 4');
    await office.keys(['Tab']);
    await office.at('D27');
    await office.type('2');
    await office.keys(['Tab']);
    await office.at('E27');
    await office.type('Open');
    await office.keys(['Enter']);
    await office.save(prepared.document, false);
  },

  'close-before-october': async (office, prepared) => {
    // The rows are in date order, so the incidents before October are rows 2 to 12 (INC-2012 is
    // dated 2026-10-01 itself). Alt+Enter puts what was typed into every selected cell.
    await office.goTo('E2:E12');
    await office.type('Closed');
    await office.keys(['Alt', 'Enter']);
    await office.save(prepared.document, false);
  },

  'set-g5-bold': async (office, prepared) => {
    await office.goTo('G5');
    await office.type('42');
    await office.keys(['Enter']);
    await office.goTo('G5');
    await office.keys(['Control', 'b']);
    await office.save(prepared.document, false);
  },

  'total-minutes': async (office, prepared) => {
    await office.goTo('G27');
    await office.type('=SUM(G2:G26)');
    await office.keys(['Enter']);
    await office.save(prepared.document, false);
  },

  'delete-incident': async (office, prepared) => {
    // INC-2014 is on row 15. Shift+Space selects the row, Control+minus deletes what is selected.
    await office.goTo('A15');
    await office.keys(['Shift', 'Space'], ['Control', '-']);
    await office.save(prepared.document, false);
  },

  'rename-owner': async (office, prepared) => {
    await office.replaceAll('M. Okafor', 'M. Okafor-Reyes', prepared.windowTitle);
    await office.save(prepared.document, false);
  },

  'close-incident-csv': async (office, prepared) => {
    // INC-2017 is on row 18; its status is column E.
    await office.goTo('E18');
    await office.type('Closed');
    await office.keys(['Enter']);
    await office.save(prepared.document, true);
  },
};
