import type { TestbedTask } from '../task.js';
import { agGridAssetsTasks } from './ag-grid-assets-tasks.js';
import { appointmentTasks } from './appointment-tasks.js';
import { bootstrapWorkspaceTasks } from './bootstrap-workspace-tasks.js';
import { feedTasks } from './feed-tasks.js';
import { fileTreeTasks } from './file-tree-tasks.js';
import { flatpickrBookingTasks } from './flatpickr-booking-tasks.js';
import { helpCenterTasks } from './help-center-tasks.js';
import { inboxTasks } from './inbox-tasks.js';
import { loginTasks } from './login-tasks.js';
import { maintenanceTableTasks } from './maintenance-table-tasks.js';
import { muiAccountTasks } from './mui-account-tasks.js';
import { muiProjectsTasks } from './mui-projects-tasks.js';
import { reactSelectTripTasks } from './react-select-trip-tasks.js';
import { searchTasks } from './search-tasks.js';
import { settingsTasks } from './settings-tasks.js';
import { signupTasks } from './signup-tasks.js';
import { smartHomeTasks } from './smart-home-tasks.js';
import { tomSelectJobsTasks } from './tom-select-jobs-tasks.js';

/** Every task of the test bed, grouped by page in catalog order. */
export const testbedTasks: readonly TestbedTask[] = [
  ...bootstrapWorkspaceTasks,
  ...muiAccountTasks,
  ...muiProjectsTasks,
  ...reactSelectTripTasks,
  ...flatpickrBookingTasks,
  ...agGridAssetsTasks,
  ...tomSelectJobsTasks,
  ...loginTasks,
  ...signupTasks,
  ...searchTasks,
  ...inboxTasks,
  ...feedTasks,
  ...settingsTasks,
  ...maintenanceTableTasks,
  ...fileTreeTasks,
  ...smartHomeTasks,
  ...appointmentTasks,
  ...helpCenterTasks,
];
