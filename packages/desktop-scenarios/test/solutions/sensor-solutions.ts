import type { Solution } from './incident-solutions.js';
import { eventually } from './office.js';

/** Where the readings of the spare sensor T-03 are, bottom first so that deleting one keeps the others in place. */
const SPARE_SENSOR_ROWS = [36, 28, 19, 11];

export const sensorSolutions: Readonly<Record<string, Solution>> = {
  'highest-temperature': async (office, prepared) => {
    await office.goTo('F2');
    await office.type('=MAX(C2:C41)');
    await office.keys(['Enter']);
    await office.save(prepared.document, false);
  },

  'mark-high': async (office, prepared) => {
    // One formula for the whole column: Alt+Enter fills the selection, each row testing its own C.
    await office.goTo('E2:E41');
    await office.type('=IF(C2>30,"HIGH","")');
    await office.keys(['Alt', 'Enter']);
    await office.save(prepared.document, false);
  },

  'temperature-chart': async (office, prepared) => {
    // Insert > Chart (Alt+I, C) on the temperatures; the wizard's first page has the type list
    // focused (Column, Bar, Pie, Area, Line), Alt+N goes to the data range, where the timestamps
    // are added as a second range and the first column becomes the x axis labels.
    await office.goTo('C1:C41');
    await office.menu('i', 'c', 'Chart Type');
    await office.keys(['Down'], ['Down'], ['Down'], ['Down'], ['Alt', 'n']);
    await office.window('Data Range');
    // Focus order from the range field: its picker button, the series radios, "First row as
    // label", "First column as label".
    await office.keys(['Tab'], ['Tab'], ['Tab'], ['Tab'], ['space']);
    await office.keys(['Shift', 'Tab'], ['Shift', 'Tab'], ['Shift', 'Tab'], ['Shift', 'Tab'], ['Control', 'a']);
    await office.type('$Readings.$A$1:$A$41,$Readings.$C$1:$C$41');
    // Enter in the range field is Finish; the chart is then open for editing.
    await office.keys(['Enter']);
    await office.windowGone('Data Range');
    await office.window(prepared.windowTitle);
    // Escape leaves the chart's edit mode, one or two presses depending on what in the chart is
    // selected; the sheet is back when its Data menu is and the grid has the keyboard.
    await eventually('the sheet to have the keyboard again', async () => {
      const nodes = await office.nodes();
      const sheet = nodes.some((node) => node.role === 'menuitem' && node.name === 'Data');
      if (sheet && nodes.some((node) => node.role === 'grid' && node.focused === true)) return true;
      await office.keys(['Escape']);
      return undefined;
    });
    await office.save(prepared.document, false);
  },

  'delete-spare-sensor': async (office, prepared) => {
    for (const row of SPARE_SENSOR_ROWS) {
      await office.goTo(`A${row}`);
      await office.keys(['Shift', 'Space'], ['Control', '-']);
    }
    await office.save(prepared.document, false);
  },

  'average-humidity': async (office, prepared) => {
    await office.goTo('G2');
    await office.type('=AVERAGE(D2:D41)');
    await office.keys(['Enter']);
    await office.save(prepared.document, false);
  },

  'drop-humidity-csv': async (office, prepared) => {
    // Control+Space selects the column, Control+minus deletes it.
    await office.goTo('D1');
    await office.keys(['Control', 'Space'], ['Control', '-']);
    await office.save(prepared.document, true);
  },
};
