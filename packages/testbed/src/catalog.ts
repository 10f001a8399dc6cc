/**
 * The libraries the pages are built with, and the npm package (pinned in package.json) that each
 * one comes from. `html` is plain markup with our own script, following the WAI-ARIA patterns.
 */
export const libraries = {
  bootstrap: { npm: 'bootstrap', version: '5.3.9' },
  mui: { npm: '@mui/material', version: '9.5.0' },
  'mui-x-date-pickers': { npm: '@mui/x-date-pickers', version: '9.17.0' },
  'react-select': { npm: 'react-select', version: '5.10.2' },
  flatpickr: { npm: 'flatpickr', version: '4.6.13' },
  'ag-grid': { npm: 'ag-grid-community', version: '36.2.0' },
  'tom-select': { npm: 'tom-select', version: '2.6.2' },
  nouislider: { npm: 'nouislider', version: '15.8.1' },
  html: { npm: undefined, version: undefined },
} as const satisfies Record<string, { npm: string | undefined; version: string | undefined }>;

export type LibraryName = keyof typeof libraries;

/** What a person sees on one page of the test bed. */
export interface TestbedPageInfo {
  /** Also the path: the page lives at `/<name>/`. */
  readonly name: TestbedPageName;
  readonly title: string;
  /** The libraries its widgets come from. */
  readonly libraries: readonly LibraryName[];
  /** One line on what the page holds. */
  readonly description: string;
}

export const testbedPageNames = [
  'bootstrap-workspace',
  'mui-account',
  'mui-projects',
  'react-select-trip',
  'flatpickr-booking',
  'ag-grid-assets',
  'tom-select-jobs',
  'login',
  'signup',
  'search',
  'inbox',
  'feed',
  'settings',
  'maintenance-table',
  'file-tree',
  'smart-home',
  'appointment',
  'help-center',
] as const;

export type TestbedPageName = (typeof testbedPageNames)[number];

export function isTestbedPageName(name: string): name is TestbedPageName {
  return (testbedPageNames as readonly string[]).includes(name);
}

export const testbedPages: readonly TestbedPageInfo[] = [
  {
    name: 'bootstrap-workspace',
    title: 'Team workspace',
    libraries: ['bootstrap'],
    description:
      'Navbar account dropdown, Overview/Members/Billing tabs, member table with Remove and a confirm modal, invite modal, FAQ accordion, toasts, icon buttons with tooltips',
  },
  {
    name: 'mui-account',
    title: 'Account preferences',
    libraries: ['mui', 'mui-x-date-pickers'],
    description:
      'Profile/Notifications/Privacy tabs with Select, Autocomplete (single and multiple), DatePicker, Switches, Checkboxes, Sliders and a Save button',
  },
  {
    name: 'mui-projects',
    title: 'Projects board',
    libraries: ['mui'],
    description:
      'Project cards, each with a "More actions" Menu; rename and delete Dialogs; a New project Dialog with a Select',
  },
  {
    name: 'react-select-trip',
    title: 'Trip request',
    libraries: ['react-select'],
    description: 'Travel request form: single, multi, clearable and async (filter as you type) selects, plus a Submit',
  },
  {
    name: 'flatpickr-booking',
    title: 'Meeting room booking',
    libraries: ['flatpickr'],
    description: 'Date, time and date-range pickers (with a human-readable alt input), room select and Book button',
  },
  {
    name: 'ag-grid-assets',
    title: 'Asset inventory',
    libraries: ['ag-grid'],
    description:
      '36 assets in an AG Grid: sortable and filterable columns, 10 rows a page, checkbox selection, Edit/Delete row actions, Delete selected',
  },
  {
    name: 'tom-select-jobs',
    title: 'Job search filters',
    libraries: ['tom-select', 'nouislider'],
    description: 'Tom Select for skills (multi, create) and city; noUiSlider for a salary range and remote days; Apply',
  },
  {
    name: 'login',
    title: 'Sign in',
    libraries: ['html'],
    description: 'Email and password, Remember me, Show password, Forgot password link, and a separate SSO sign-in',
  },
  {
    name: 'signup',
    title: 'Create an account',
    libraries: ['html'],
    description:
      'Name, email, two password fields, country select, plan radios, newsletter and terms checkboxes, validation',
  },
  {
    name: 'search',
    title: 'Library catalogue search',
    libraries: ['html'],
    description: 'ARIA combobox with suggestions, 24 book results paged 8 at a time, a format filter, result links',
  },
  {
    name: 'inbox',
    title: 'Inbox',
    libraries: ['html'],
    description: 'Message list, reading pane, Reply / Forward / Archive / Delete, a composer with To and body, Send',
  },
  {
    name: 'feed',
    title: 'Community feed',
    libraries: ['html'],
    description:
      'Posts by several authors with Like, Comment and Follow buttons; more posts below the fold behind "Show more"',
  },
  {
    name: 'settings',
    title: 'Workspace settings',
    libraries: ['html'],
    description:
      'Switches (role=switch and checkbox-based), collapsed sections, theme radios, a number field, Save changes and Reset',
  },
  {
    name: 'maintenance-table',
    title: 'Maintenance schedule',
    libraries: ['html'],
    description: 'Table of 18 machines over 3 pages with Edit and Delete per row, a confirm dialog and an edit dialog',
  },
  {
    name: 'file-tree',
    title: 'Project files',
    libraries: ['html'],
    description: 'ARIA tree of folders and files (aria-expanded), a details pane and an Actions menu button',
  },
  {
    name: 'smart-home',
    title: 'Smart home',
    libraries: ['html'],
    description: 'Room tabs, ARIA sliders and spinbuttons, switches, a scenes menu button and a confirm dialog',
  },
  {
    name: 'appointment',
    title: 'Clinic appointment',
    libraries: ['html'],
    description: 'Native date, time, datetime-local and number inputs, a select, radios, a textarea and Book',
  },
  {
    name: 'help-center',
    title: 'Help center',
    libraries: ['html'],
    description:
      'Long page: FAQ accordion, topic tabs, collapsed sections, a contact form and links far below the fold',
  },
];
