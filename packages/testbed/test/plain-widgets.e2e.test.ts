import { describeTaskSuite } from './task-suite.js';
import { appointmentSolutions } from './solutions/appointment.js';
import { fileTreeSolutions } from './solutions/file-tree.js';
import { helpCenterSolutions } from './solutions/help-center.js';
import { maintenanceTableSolutions } from './solutions/maintenance-table.js';
import { settingsSolutions } from './solutions/settings.js';
import { smartHomeSolutions } from './solutions/smart-home.js';

describeTaskSuite({
  settings: settingsSolutions,
  'maintenance-table': maintenanceTableSolutions,
  'file-tree': fileTreeSolutions,
  'smart-home': smartHomeSolutions,
  appointment: appointmentSolutions,
  'help-center': helpCenterSolutions,
});
