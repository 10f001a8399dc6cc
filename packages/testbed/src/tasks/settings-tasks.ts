import { createPageChecks } from '../check.js';
import {
  settingsInitialData,
  type SettingsData,
  type SettingsValues,
  type SettingsView,
} from '../fixtures/settings.js';
import { defineTasks } from './define.js';

const on = createPageChecks<SettingsData, SettingsView>('settings', settingsInitialData);

/** The check for "change these values and save": the draft and the saved copy both carry them. */
const savedWith = (values: Partial<SettingsValues>) =>
  on.expect((data) => {
    Object.assign(data.draft, values);
    Object.assign(data.saved, values);
  });

export const settingsTasks = defineTasks('settings', 'html', [
  {
    name: 'push-off-and-save',
    widget: 'switch',
    goal: 'Push notifications are switched off and saved; every other setting is unchanged.',
    say: {
      terse: 'Turn off Push notifications, then Save changes.',
      polite: 'Could you switch push notifications off and save the settings?',
      lower: 'disable push notifications and save',
      goal: 'I do not want push notifications any more; make it stick.',
    },
    check: savedWith({ pushNotifications: false }),
  },
  {
    name: 'two-factor-in-collapsed-section',
    widget: 'switch',
    goal: "'Require two-factor authentication' (in the collapsed Security section) is on and saved.",
    say: {
      terse: 'Enable Require two-factor authentication and save.',
      polite: 'Please turn on mandatory two-factor authentication; it is in the Security section. Then save.',
      quoted: 'Expand “Security”, switch on “Require two-factor authentication” and click “Save changes”.',
    },
    check: savedWith({ twoFactor: true }),
  },
  {
    name: 'session-timeout-45',
    widget: 'spinbutton',
    goal: 'The session timeout is 45 minutes and saved.',
    say: {
      terse: 'Set Session timeout to 45 minutes; save.',
      polite: 'Could you change the session timeout to forty-five minutes and save?',
      lower: 'set the session timeout to 45 and save changes',
      goal: 'People should be signed out after 45 idle minutes.',
    },
    check: savedWith({ sessionTimeout: 45 }),
  },
  {
    name: 'dark-theme',
    widget: 'radio',
    goal: 'The Dark theme is chosen and saved.',
    say: {
      terse: 'Choose the Dark theme and save.',
      polite: 'Would you switch the theme to dark and save it?',
      lower: 'pick dark under theme then save',
      quoted: "Select 'Dark' and press 'Save changes'.",
    },
    check: savedWith({ theme: 'dark' }),
  },
  {
    name: 'rename-workspace',
    widget: 'textbox',
    goal: "The workspace is renamed to 'Harbor Ops' and saved.",
    say: {
      terse: "Rename the workspace to 'Harbor Ops', save.",
      polite: 'Please change the workspace name to Harbor Ops and save.',
      goal: 'The workspace should be called Harbor Ops from now on.',
      quoted: 'Replace the “Workspace name” with “Harbor Ops” and hit “Save changes”.',
    },
    check: savedWith({ workspaceName: 'Harbor Ops' }),
  },
  {
    name: 'weekly-summary-on',
    widget: 'switch',
    goal: 'The weekly summary email is switched on and saved.',
    say: {
      terse: 'Switch on Weekly summary email, save.',
      polite: 'Could you turn on the weekly summary email and save?',
      lower: 'turn on the weekly summary and save it',
    },
    check: savedWith({ weeklySummary: true }),
  },
  {
    name: 'german-and-berlin',
    widget: 'select',
    goal: 'Language Deutsch and time zone Berlin are chosen and saved.',
    say: {
      terse: 'Set language to Deutsch and time zone to Berlin; save.',
      polite: 'Please set the language to German and the time zone to Berlin, then save.',
      goal: 'Our workspace moved to Berlin: German language, Berlin time.',
      quoted: 'Choose “Deutsch” under “Language” and “(UTC+01:00) Berlin” under “Time zone”, then “Save changes”.',
    },
    check: savedWith({ language: 'de', timeZone: 'Europe/Berlin' }),
  },
  {
    name: 'email-and-mentions-off',
    widget: 'switch',
    goal: 'Email digests and Mention alerts are off, Push notifications still on, all saved.',
    say: {
      terse: 'Switch off Email digests and Mention alerts. Save.',
      polite: 'Could you turn off both the email digests and the mention alerts, keep push on, and save?',
      lower: 'turn off email digests and mention alerts and then save',
    },
    check: savedWith({ emailDigests: false, mentionAlerts: false }),
  },
  {
    name: 'delete-workspace',
    widget: 'dialog',
    goal: "The workspace was deleted through the confirm dialog, by typing 'Tidewater Logistics'.",
    say: {
      terse: 'Delete the workspace (confirm by typing its name).',
      polite:
        'We are closing down this workspace. Could you delete it? The dialog will ask you to type the name, Tidewater Logistics.',
      quoted:
        'Open “Danger zone”, click “Delete workspace”, type “Tidewater Logistics” and confirm with “Delete workspace”.',
    },
    check: on.expect((data) => {
      data.workspaceDeleted = true;
    }),
  },
  {
    name: 'ask-which-time-zone',
    widget: 'select',
    expected: 'ask',
    goal: 'Nothing changes: the instruction gives no time zone to change to.',
    say: {
      terse: 'Change the time zone and save.',
      polite: 'Could you change our time zone and save it, please?',
      lower: 'update the time zone and save',
    },
    check: on.untouched(),
  },
]);
