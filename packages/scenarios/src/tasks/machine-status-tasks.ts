import { machineStatusStateSchema, type MachineStatusState } from '../state-schemas.js';
import { defineTasks, equals, sameMembers, taskNamed, type Fact } from './facts.js';

/** The machines the app starts with in the Error status (see apps/machine-status/machines.js). */
export const machinesInError = ['Boiler-02', 'Mill-09', 'Press-16', 'Welder-26'] as const;
/** The machines the app starts with in the Maintenance status. */
export const machinesInMaintenance = ['Compressor-04', 'Lathe-13', 'Robot-22', 'Chiller-30'] as const;

function nothingRestarted(state: MachineStatusState): Fact[] {
  return [equals('the machines restarted', state.restarted, [])];
}

/** The table is as it loads: no filter, no search, no selection, no restart. */
function untouched(state: MachineStatusState): Fact[] {
  return [
    ...nothingRestarted(state),
    equals('the status filter', state.statusFilter, 'All'),
    equals('the search text', state.search, ''),
    equals('the selected machines', state.selected, []),
  ];
}

export function restartedExactly(state: MachineStatusState, names: readonly string[]): Fact[] {
  return [
    sameMembers('the machines restarted', state.restarted, names),
    equals('the number of restarts sent', state.restarted.length, names.length),
    ...names.map((name) => equals(`the status of ${name}`, state.statuses[name], 'Running')),
    equals('whether the confirmation dialog is open', state.confirmOpen, false),
  ];
}

export const machineStatusTasks = defineTasks('machine-status', machineStatusStateSchema, [
  {
    name: 'filter-errors',
    instruction: "select 'Error' from the 'Status' dropdown",
    facts: (state) => [
      equals('the status filter', state.statusFilter, 'Error'),
      sameMembers('the machines listed', state.visible, machinesInError),
    ],
  },
  {
    name: 'search-welders',
    instruction: "type 'Welder' into the 'Search machines' field",
    facts: (state) => [
      equals('the search text', state.search, 'Welder'),
      sameMembers('the machines listed', state.visible, ['Welder-25', 'Welder-26', 'Welder-27', 'Welder-28']),
    ],
  },
  {
    name: 'search-location',
    instruction: "type 'Plant B, Line 3' into the 'Search machines' field and press Enter",
    facts: (state) => [
      equals('the search text', state.search, 'Plant B, Line 3'),
      sameMembers('the machines listed', state.visible, [
        'Conveyor-07',
        'Mill-10',
        'Press-16',
        'Robot-23',
        'Welder-27',
      ]),
    ],
  },
  {
    name: 'filter-and-search',
    instruction: "select 'Idle' from the 'Status' dropdown, then type 'Plant B' in the Search machines field",
    facts: (state) => [
      equals('the status filter', state.statusFilter, 'Idle'),
      sameMembers('the machines listed', state.visible, ['Packager-20', 'Press-17', 'Welder-28']),
    ],
  },
  {
    name: 'sort-temperature-descending',
    instruction: "click the 'Temperature' column header, then click the 'Temperature' column header",
    facts: (state) => [
      equals('the sort', state.sort, { column: 'temperature', direction: 'descending' }),
      equals('the first machine listed', state.visible[0], 'Welder-26'),
      equals('the number of machines listed', state.visible.length, 30),
    ],
  },
  {
    name: 'sort-name-descending',
    instruction: "click on the 'Name' header",
    facts: (state) => [
      equals('the sort', state.sort, { column: 'name', direction: 'descending' }),
      equals('the first machine listed', state.visible[0], 'Welder-28'),
    ],
  },
  {
    name: 'open-details',
    instruction: "click 'Press-16'",
    facts: (state) => [
      equals('the machine in the details panel', state.details, 'Press-16'),
      ...nothingRestarted(state),
    ],
  },
  {
    name: 'details-below-the-fold',
    instruction: "scroll to the bottom, then click 'Welder-28'",
    facts: (state) => [equals('the machine in the details panel', state.details, 'Welder-28')],
  },
  {
    name: 'restart-one',
    instruction: "check the 'Select Boiler-02' checkbox, click 'Restart selected', then click 'Confirm'",
    facts: (state) => restartedExactly(state, ['Boiler-02']),
  },
  {
    name: 'restart-all-errors',
    instruction:
      "select 'Error' from the 'Status' dropdown, check the 'Select all' checkbox, click 'Restart selected' " +
      "and click 'Confirm'",
    facts: (state) => restartedExactly(state, machinesInError),
  },
  {
    name: 'cancel-restart',
    instruction:
      "check the 'Select Mill-09' checkbox, check the 'Select Press-16' checkbox, click the Restart selected button, " +
      "then click 'Cancel'",
    facts: (state) => [
      ...nothingRestarted(state),
      sameMembers('the selected machines', state.selected, ['Mill-09', 'Press-16']),
      equals('whether the confirmation dialog is open', state.confirmOpen, false),
      equals('the number of cancelled confirmations', state.cancelledConfirmations, 1),
    ],
  },
  {
    name: 'dismiss-surprise',
    surprise: true,
    instruction: "click 'Dismiss', then select 'Maintenance' from the 'Status' dropdown",
    facts: (state) => [
      equals('whether the surprise notice is open', state.surpriseOpen, false),
      equals('the status filter', state.statusFilter, 'Maintenance'),
      sameMembers('the machines listed', state.visible, machinesInMaintenance),
    ],
  },
  {
    name: 'clarify-fix-broken',
    expect: 'clarify',
    instruction: 'fix the broken machines',
    facts: untouched,
  },
  {
    name: 'clarify-restart-overheated',
    expect: 'clarify',
    instruction: "select 'Error' from the 'Status' dropdown, then restart whichever ones seem overheated",
    facts: untouched,
  },
]);

/** The quickstart task for this scenario: restart every machine in the Error status. */
export const machineStatusDefaultTask = taskNamed(machineStatusTasks, 'restart-all-errors');
