import { createPageChecks } from '../check.js';
import { workspaceInitialData, type WorkspaceData, type WorkspaceView } from '../fixtures/bootstrap-workspace.js';
import { defineTasks } from './define.js';

const on = createPageChecks<WorkspaceData, WorkspaceView>('bootstrap-workspace', workspaceInitialData);

export const bootstrapWorkspaceTasks = defineTasks('bootstrap-workspace', 'bootstrap', [
  {
    name: 'members-tab',
    widget: 'tabs',
    goal: 'The Members tab is active and nothing changed.',
    say: {
      terse: 'Switch to the Members tab.',
      polite: 'Could you show me the list of members?',
      lower: 'go to members',
      quoted: "Click the tab 'Members'.",
    },
    check: on.expect(() => undefined, { tab: 'members' }),
  },
  {
    name: 'invite-editor',
    widget: 'dialog',
    goal: 'An invitation went to noor@example.com with the Editor role, and nothing else changed.',
    say: {
      terse: 'Invite noor@example.com as Editor.',
      polite: 'Would you invite Noor (noor@example.com) to the workspace as an editor?',
      goal: 'noor@example.com should be invited with editing rights.',
      quoted: 'On “Members”, press “Invite member”, enter “noor@example.com”, choose “Editor” and click “Send invite”.',
    },
    check: on.expect((data) => {
      data.invites = [{ email: 'noor@example.com', role: 'Editor' }];
    }),
  },
  {
    name: 'remove-jonas',
    widget: 'table',
    goal: 'Jonas Berg was removed from the members (confirmed); the other four remain.',
    say: {
      terse: 'Remove Jonas Berg and confirm.',
      polite: 'Jonas Berg left the team. Could you remove him from the workspace?',
      lower: 'remove jonas berg from the members',
      quoted: 'Click “Remove” in the row of “Jonas Berg”, then “Remove” in the dialog.',
    },
    check: on.expect((data) => {
      data.members = data.members.filter((member) => member.name !== 'Jonas Berg');
    }),
  },
  {
    name: 'archive-by-tooltip',
    widget: 'tooltip',
    goal: "The project was archived with the icon button whose tooltip reads 'Archive project'.",
    say: {
      terse: 'Click the Archive project button.',
      polite: 'Could you archive this project? It is one of the icon buttons next to the title.',
      goal: 'Harbor Redesign is finished; archive it.',
      quoted: 'Press the icon button with the tooltip “Archive project”.',
    },
    check: on.expect((data) => {
      data.projectArchived = true;
    }),
  },
  {
    name: 'dismiss-trial-toast',
    widget: 'toast',
    goal: 'The trial toast is dismissed; no toast shows and nothing changed.',
    say: {
      terse: 'Dismiss the trial notification.',
      polite: 'Please close the little notice about the trial in the corner.',
      lower: 'close the trial toast',
    },
    check: on.expect(() => undefined, { toasts: [] }),
  },
  {
    name: 'download-march-2024',
    widget: 'accordion',
    goal: 'The March 2024 invoice was downloaded, and no other.',
    say: {
      terse: 'Billing: expand 2024, download Invoice March 2024.',
      polite: 'I need last year’s March invoice. Could you download Invoice March 2024 from Billing?',
      goal: 'Get me the invoice for March 2024.',
    },
    check: on.expect((data) => {
      data.downloads = ['inv-2024-03'];
    }),
  },
  {
    name: 'sign-out-from-menu',
    widget: 'menu',
    goal: 'Signed out through the Account dropdown and the confirm dialog.',
    say: {
      terse: 'Account menu → Sign out, confirm.',
      polite: 'Could you sign me out? It is in the Account menu at the top right.',
      lower: 'open account and sign out',
      quoted: "Open 'Account', choose 'Sign out' and confirm with 'Sign out'.",
    },
    check: on.expect((data) => {
      data.signedOut = true;
    }),
  },
  {
    name: 'change-billing-email',
    widget: 'form',
    goal: 'The billing email is billing@tidewater.example.',
    say: {
      terse: 'Change the billing email to billing@tidewater.example.',
      polite: 'Could you send our invoices to billing@tidewater.example from now on?',
      quoted: 'Under “Billing”, click “Change billing email”, type “billing@tidewater.example” and press “Save email”.',
    },
    check: on.expect((data) => {
      data.billingEmail = 'billing@tidewater.example';
    }),
  },
  {
    name: 'chidi-becomes-editor',
    widget: 'select',
    goal: "Chidi Obi's role is Editor; no other member changed.",
    say: {
      terse: 'Make Chidi Obi an Editor.',
      polite: 'Could you give Chidi Obi editor rights?',
      lower: 'change the role of chidi obi to editor',
    },
    check: on.expect((data) => {
      const chidi = data.members.find((member) => member.name === 'Chidi Obi');
      if (chidi !== undefined) chidi.role = 'Editor';
    }),
  },
  {
    name: 'ask-which-admin',
    widget: 'table',
    expected: 'ask',
    goal: 'Nobody is removed: two members (Ana Souza and Mei Lin) are admins.',
    say: {
      terse: 'Remove the admin.',
      polite: 'Could you remove the admin from the workspace?',
      lower: 'remove the admin member',
    },
    check: on.untouched(),
  },
]);
