/** Every APG task and every page-state reader, in one place. */
import type { PageState } from '../state.js';
import type { ApgTask } from '../task.js';
import { accordionPages, accordionTasks } from './accordion.js';
import { alertPages, alertTasks } from './alert.js';
import { buttonPages, buttonTasks } from './button.js';
import { carouselPages, carouselTasks } from './carousel.js';
import { checkboxPages, checkboxTasks } from './checkbox.js';
import { comboboxPages, comboboxTasks } from './combobox.js';
import { datepickerPages, datepickerTasks } from './datepicker.js';
import { dialogPages, dialogTasks } from './dialog.js';
import { disclosurePages, disclosureTasks } from './disclosure.js';
import { feedPages, feedTasks } from './feed.js';
import { gridPages, gridTasks } from './grid.js';
import { landmarkPages, landmarkTasks } from './landmarks.js';
import { linkTasks } from './links.js';
import { listboxPages, listboxTasks } from './listbox.js';
import { menuPages, menuTasks } from './menu.js';
import { meterRadioPages, meterRadioTasks } from './meter-radio.js';
import { sliderPages, sliderTasks } from './slider.js';
import { spinbuttonPages, spinbuttonTasks } from './spinbutton.js';
import { switchPages, switchTasks } from './switch.js';
import { tablePages, tableTasks } from './table.js';
import { tabsPages, tabsTasks } from './tabs.js';
import { toolbarPages, toolbarTasks } from './toolbar.js';
import { treePages, treeTasks } from './tree.js';

/** All tasks of the set, grouped by pattern. */
export const apgTasks: readonly ApgTask[] = [
  ...accordionTasks,
  ...alertTasks,
  ...linkTasks,
  ...buttonTasks,
  ...carouselTasks,
  ...checkboxTasks,
  ...comboboxTasks,
  ...datepickerTasks,
  ...dialogTasks,
  ...disclosureTasks,
  ...feedTasks,
  ...gridTasks,
  ...landmarkTasks,
  ...listboxTasks,
  ...menuTasks,
  ...meterRadioTasks,
  ...sliderTasks,
  ...spinbuttonTasks,
  ...switchTasks,
  ...tableTasks,
  ...tabsTasks,
  ...toolbarTasks,
  ...treeTasks,
];

/** The state readers of all pages with state checks (validated against a fresh page). */
export const apgPageStates: readonly PageState[] = [
  ...accordionPages,
  ...alertPages,
  ...buttonPages,
  ...carouselPages,
  ...checkboxPages,
  ...comboboxPages,
  ...datepickerPages,
  ...dialogPages,
  ...disclosurePages,
  ...feedPages,
  ...gridPages,
  ...landmarkPages,
  ...listboxPages,
  ...menuPages,
  ...meterRadioPages,
  ...sliderPages,
  ...spinbuttonPages,
  ...switchPages,
  ...tablePages,
  ...tabsPages,
  ...toolbarPages,
  ...treePages,
];
