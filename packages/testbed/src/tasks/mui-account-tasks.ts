import { createPageChecks } from '../check.js';
import {
  muiAccountInitialData,
  type AccountNotifications,
  type AccountProfile,
  type MuiAccountData,
  type MuiAccountView,
} from '../fixtures/mui-account.js';
import { defineTasks } from './define.js';

const on = createPageChecks<MuiAccountData, MuiAccountView>('mui-account', muiAccountInitialData);

const profileSaved = (change: Partial<AccountProfile>) =>
  on.expect((data) => {
    Object.assign(data.profile, change);
    Object.assign(data.savedProfile, change);
  });
const notificationsSaved = (change: Partial<AccountNotifications>) =>
  on.expect((data) => {
    Object.assign(data.notifications, change);
    Object.assign(data.savedNotifications, change);
  });

export const muiAccountTasks = defineTasks('mui-account', 'mui', [
  {
    name: 'language-deutsch',
    widget: 'select',
    goal: 'The profile language is Deutsch and the profile is saved.',
    say: {
      terse: 'Set Language to Deutsch, Save profile.',
      polite: 'Could you switch my language to German and save the profile?',
      lower: 'change the language to deutsch and save',
      quoted: 'Pick “Deutsch” in “Language”, then click “Save profile”.',
    },
    check: profileSaved({ language: 'de' }),
  },
  {
    name: 'country-new-zealand',
    widget: 'combobox',
    goal: 'The country is New Zealand (not New Caledonia) and the profile is saved.',
    say: {
      terse: 'Country: New Zealand. Save.',
      polite: 'I moved to New Zealand; could you update my country and save?',
      lower: 'type new in country, choose new zealand and save the profile',
    },
    check: profileSaved({ country: 'New Zealand' }),
  },
  {
    name: 'three-interests',
    widget: 'combobox',
    goal: 'The interests are exactly Chess, Hiking and Pottery, saved.',
    say: {
      terse: 'Add interests Hiking, Chess and Pottery; save the profile.',
      polite: 'Please add hiking, chess and pottery to my interests and save.',
      quoted: "Select 'Hiking', 'Chess' and 'Pottery' under 'Interests', then 'Save profile'.",
      goal: 'My profile should list hiking, chess and pottery as interests.',
    },
    check: profileSaved({ interests: ['Chess', 'Hiking', 'Pottery'] }),
  },
  {
    name: 'birthday',
    widget: 'date',
    library: 'mui-x-date-pickers',
    goal: 'The birthday is 1990-06-22 and the profile is saved.',
    say: {
      terse: 'Birthday June 22, 1990; save profile.',
      polite: 'Could you set my birthday to the 22nd of June 1990 and save?',
      goal: 'My profile should show my birthday, 22/06/1990 (day first).',
      quoted: 'Enter “06/22/1990” in “Birthday” and press “Save profile”.',
    },
    check: profileSaved({ birthday: '1990-06-22' }),
  },
  {
    name: 'sms-alerts-on',
    widget: 'switch',
    goal: 'SMS alerts are on and the notification settings are saved.',
    say: {
      terse: 'Notifications: turn on SMS alerts, save.',
      polite: 'Could you enable SMS alerts in the notification settings and save them?',
      lower: 'switch on sms alerts and save notifications',
    },
    check: notificationsSaved({ smsAlerts: true }),
  },
  {
    name: 'volume-35',
    widget: 'slider',
    goal: 'The notification volume is 35 and saved.',
    say: {
      terse: 'Notification volume 35, save.',
      polite: 'Please lower the notification volume to 35 and save.',
      lower: 'set the notification volume slider to 35 then save notifications',
    },
    check: notificationsSaved({ volume: 35 }),
  },
  {
    name: 'weekly-instead-of-daily',
    widget: 'checkbox',
    goal: 'Weekly report is ticked, Daily digest unticked, and the notification settings saved.',
    say: {
      terse: 'Tick Weekly report, untick Daily digest, save.',
      polite: 'I would rather get a weekly report than a daily digest. Could you change that and save?',
      quoted: 'Check “Weekly report”, uncheck “Daily digest” and click “Save notifications”.',
    },
    check: notificationsSaved({ weeklyReport: true, dailyDigest: false }),
  },
  {
    name: 'delete-account',
    widget: 'dialog',
    goal: 'The account was deleted by confirming in the dialog.',
    say: {
      terse: 'Privacy → Delete account, confirm.',
      polite: 'Please delete my account. It is under Privacy, and you will need to confirm.',
      lower: 'delete my account and confirm it',
    },
    check: on.expect((data) => {
      data.accountDeleted = true;
    }),
  },
  {
    name: 'download-my-data',
    widget: 'menu',
    goal: "'Download my data' was chosen from the More menu, and nothing else.",
    say: {
      terse: 'More → Download my data.',
      polite: 'Could you request a download of my data? It is in the More menu on the Privacy tab.',
      quoted: "On 'Privacy', open 'More' and choose 'Download my data'.",
    },
    check: on.expect((data) => {
      data.menuActions = ['download-data'];
    }),
  },
  {
    name: 'retention-six-months',
    widget: 'slider',
    goal: 'Data retention is 6 months.',
    say: {
      terse: 'Set data retention to 6 months.',
      polite: 'Could you keep my data for six months only?',
      lower: 'data retention six months',
    },
    check: on.expect((data) => {
      data.privacy.retentionMonths = 6;
    }),
  },
  {
    name: 'private-profile',
    widget: 'switch',
    goal: 'The profile is no longer public.',
    say: {
      terse: 'Turn off Public profile.',
      polite: 'Please make my profile private.',
      goal: 'Strangers should not be able to see my profile.',
    },
    check: on.expect((data) => {
      data.privacy.publicProfile = false;
    }),
  },
  {
    name: 'infeasible-italian',
    widget: 'select',
    expected: 'infeasible',
    goal: 'Nothing changes: Italiano is not one of the languages offered.',
    say: {
      terse: 'Set the language to Italiano and save.',
      polite: 'Could you switch the language to Italian and save?',
      lower: 'change language to italiano',
    },
    check: on.untouched(),
  },
]);
