import { createPageChecks } from '../check.js';
import {
  maintenanceInitialData,
  type Machine,
  type MaintenanceData,
  type MaintenanceView,
} from '../fixtures/maintenance-table.js';
import { defineTasks } from './define.js';

const on = createPageChecks<MaintenanceData, MaintenanceView>('maintenance-table', maintenanceInitialData);

const without =
  (...names: string[]) =>
  (data: MaintenanceData) => {
    data.machines = data.machines.filter((entry) => !names.includes(entry.name));
  };
const edited = (name: string, change: Partial<Machine>) => (data: MaintenanceData) => {
  const entry = data.machines.find((candidate) => candidate.name === name);
  if (entry === undefined) throw new Error(`No machine ${name}`);
  Object.assign(entry, change);
};

export const maintenanceTableTasks = defineTasks('maintenance-table', 'html', [
  {
    name: 'delete-boiler-02',
    widget: 'table',
    goal: 'The row Boiler-02 is deleted (confirmed), and every other machine is still there.',
    say: {
      terse: "Click the Delete button of the row with 'Boiler-02' and confirm.",
      polite: 'Could you delete Boiler-02 from the schedule, please? Confirm when it asks.',
      lower: 'delete boiler-02',
      goal: 'Boiler-02 has been scrapped, so it should no longer be on the schedule.',
    },
    check: on.expect(without('Boiler-02')),
  },
  {
    name: 'delete-last-row-of-first-page',
    widget: 'table',
    goal: 'The last row of the first page (Crane-2) is deleted, and nothing else.',
    say: {
      terse: 'Delete the last row on page 1.',
      polite: 'Please delete the machine in the last row of the first page of the table.',
      lower: 'remove the bottom row of the first page',
    },
    check: on.expect(without('Crane-2')),
  },
  {
    name: 'reassign-chiller-01',
    widget: 'dialog',
    goal: "Chiller-01's technician is Rosa Diaz; its date and status unchanged.",
    say: {
      terse: "Edit Chiller-01: technician 'Rosa Diaz'. Save.",
      polite: 'Could you hand Chiller-01 over to Rosa Diaz? Edit the row and save.',
      goal: 'Rosa Diaz should be the technician looking after Chiller-01.',
      quoted: 'Press “Edit” in the “Chiller-01” row, set “Technician” to “Rosa Diaz” and click “Save”.',
    },
    check: on.expect(edited('Chiller-01', { technician: 'Rosa Diaz' })),
  },
  {
    name: 'delete-on-page-three',
    widget: 'pagination',
    goal: 'Pump-07 (on page 3) is deleted, and nothing else.',
    say: {
      terse: 'Delete Pump-07.',
      polite: 'Please remove Pump-07 from the schedule; I think it is on the last page.',
      quoted: "Go to page 3 and delete 'Pump-07'.",
    },
    check: on.expect(without('Pump-07')),
  },
  {
    name: 'sort-next-service-descending',
    widget: 'table',
    goal: 'The table is sorted by Next service, latest first; no row changed.',
    say: {
      terse: 'Sort by Next service, descending.',
      polite: 'Could you sort the table so the machines serviced furthest in the future come first?',
      lower: 'sort by next service with the latest date on top',
    },
    check: on.expect(() => undefined, { sort: { column: 'nextService', direction: 'descending' } }),
  },
  {
    name: 'compressor-b-out-of-service',
    widget: 'select',
    goal: "Compressor-B's status is 'Out of service'; nothing else changed.",
    say: {
      terse: 'Set Compressor-B status to Out of service.',
      polite: 'Compressor-B broke down this morning. Could you mark it as out of service?',
      quoted: 'Edit "Compressor-B", choose "Out of service" under "Status" and save.',
      lower: 'mark compressor-b as out of service',
    },
    check: on.expect(edited('Compressor-B', { status: 'Out of service' })),
  },
  {
    name: 'pump-03-next-service',
    widget: 'date',
    goal: "Pump-03's next service is 2026-05-04; nothing else changed.",
    say: {
      terse: 'Move the next service of Pump-03 to May 4th, 2026.',
      polite: 'Could you reschedule the Pump-03 service to the 4th of May 2026?',
      goal: 'Pump-03 should next be serviced on 4 May 2026.',
    },
    check: on.expect(edited('Pump-03', { nextService: '2026-05-04' })),
  },
  {
    name: 'delete-mixer-and-saw',
    widget: 'button',
    goal: 'Mixer-04 and Saw-06 are deleted, and no other machine.',
    say: {
      terse: 'Delete Mixer-04 and Saw-06.',
      polite: 'Both Mixer-04 and Saw-06 were sold; please delete the two of them.',
      lower: 'delete mixer-04 and saw-06 from the table',
    },
    check: on.expect(without('Mixer-04', 'Saw-06')),
  },
  {
    name: 'ask-which-boiler',
    widget: 'table',
    expected: 'ask',
    goal: 'Nothing is deleted: there are two boilers (Boiler-01 and Boiler-02).',
    say: {
      terse: 'Delete the boiler.',
      polite: 'Could you remove the boiler from the schedule?',
      lower: 'delete the boiler row',
    },
    check: on.untouched(),
  },
]);
