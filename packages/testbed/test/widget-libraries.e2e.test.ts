import { describeTaskSuite } from './task-suite.js';
import { bootstrapWorkspaceSolutions } from './solutions/bootstrap-workspace.js';
import { muiAccountSolutions } from './solutions/mui-account.js';
import { muiProjectsSolutions } from './solutions/mui-projects.js';

describeTaskSuite({
  'bootstrap-workspace': bootstrapWorkspaceSolutions,
  'mui-account': muiAccountSolutions,
  'mui-projects': muiProjectsSolutions,
});
