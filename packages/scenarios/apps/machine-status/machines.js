// The fleet shown by the dashboard. Fixed data, so every run of a task starts from the same screen.
// Columns: name, location, status, temperature in degrees Celsius, last update (local time).
const rows = [
  ['Boiler-01', 'Plant A, Utilities', 'Running', 88.4, '2026-03-14 09:28'],
  ['Boiler-02', 'Plant B, Utilities', 'Error', 104.7, '2026-03-14 07:51'],
  ['Compressor-03', 'Plant A, Utilities', 'Running', 61.2, '2026-03-14 09:27'],
  ['Compressor-04', 'Plant B, Utilities', 'Maintenance', 24.5, '2026-03-13 16:05'],
  ['Conveyor-05', 'Plant A, Line 1', 'Running', 38.9, '2026-03-14 09:29'],
  ['Conveyor-06', 'Plant A, Line 2', 'Idle', 27.3, '2026-03-14 08:40'],
  ['Conveyor-07', 'Plant B, Line 3', 'Running', 41.0, '2026-03-14 09:26'],
  ['Mill-08', 'Plant A, Line 1', 'Running', 55.6, '2026-03-14 09:29'],
  ['Mill-09', 'Plant A, Line 2', 'Error', 97.2, '2026-03-14 08:12'],
  ['Mill-10', 'Plant B, Line 3', 'Running', 57.8, '2026-03-14 09:25'],
  ['Lathe-11', 'Plant A, Line 1', 'Idle', 29.9, '2026-03-14 08:55'],
  ['Lathe-12', 'Plant A, Line 2', 'Running', 49.3, '2026-03-14 09:28'],
  ['Lathe-13', 'Plant B, Line 4', 'Maintenance', 22.1, '2026-03-12 11:30'],
  ['Press-14', 'Plant A, Line 1', 'Running', 66.0, '2026-03-14 09:30'],
  ['Press-15', 'Plant A, Line 2', 'Running', 71.4, '2026-03-14 09:27'],
  ['Press-16', 'Plant B, Line 3', 'Error', 93.5, '2026-03-14 06:47'],
  ['Press-17', 'Plant B, Line 4', 'Idle', 31.8, '2026-03-14 09:02'],
  ['Packager-18', 'Plant A, Packing', 'Running', 35.2, '2026-03-14 09:29'],
  ['Packager-19', 'Plant B, Packing', 'Running', 36.7, '2026-03-14 09:24'],
  ['Packager-20', 'Plant B, Packing', 'Idle', 26.4, '2026-03-14 08:33'],
  ['Robot-21', 'Plant A, Line 1', 'Running', 44.1, '2026-03-14 09:30'],
  ['Robot-22', 'Plant A, Line 2', 'Maintenance', 23.0, '2026-03-13 14:20'],
  ['Robot-23', 'Plant B, Line 3', 'Running', 46.9, '2026-03-14 09:26'],
  ['Robot-24', 'Plant B, Line 4', 'Running', 45.5, '2026-03-14 09:28'],
  ['Welder-25', 'Plant A, Line 1', 'Running', 78.3, '2026-03-14 09:29'],
  ['Welder-26', 'Plant A, Line 2', 'Error', 112.6, '2026-03-14 08:03'],
  ['Welder-27', 'Plant B, Line 3', 'Running', 80.1, '2026-03-14 09:27'],
  ['Welder-28', 'Plant B, Line 4', 'Idle', 30.2, '2026-03-14 08:48'],
  ['Chiller-29', 'Plant A, Utilities', 'Running', 12.4, '2026-03-14 09:25'],
  ['Chiller-30', 'Plant B, Utilities', 'Maintenance', 18.8, '2026-03-13 10:15'],
];

const models = {
  Boiler: 'Vulcan HX-400',
  Compressor: 'AirMax C75',
  Conveyor: 'FlexBelt 1200',
  Mill: 'Haldor VM-5',
  Lathe: 'Turnmaster T2',
  Press: 'Kraftwerk P-250',
  Packager: 'WrapLine 60',
  Robot: 'Axis R6 arm',
  Welder: 'ArcPro 350',
  Chiller: 'Polar CH-20',
};

const eventsByStatus = {
  Running: ['Cycle count within target', 'Shift handover check passed'],
  Idle: ['Waiting for material', 'Operator paused the job'],
  Error: ['Over-temperature alarm raised', 'Automatic stop after fault code E-214'],
  Maintenance: ['Planned service in progress', 'Parts ordered from supplier'],
};

export function createFleet() {
  return rows.map(([name, location, status, temperature, lastUpdate], index) => {
    const kind = name.split('-')[0];
    return {
      name,
      location,
      status,
      temperature,
      lastUpdate,
      model: models[kind],
      serial: `SN-${String(48213 + index * 137).padStart(6, '0')}`,
      installed: `${2016 + (index % 8)}-0${1 + (index % 9)}-15`,
      events: eventsByStatus[status],
    };
  });
}
