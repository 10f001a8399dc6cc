import { createPageChecks } from '../check.js';
import { inboxInitialData, type InboxData, type InboxView } from '../fixtures/inbox.js';
import { defineTasks } from './define.js';

const on = createPageChecks<InboxData, InboxView>('inbox', inboxInitialData);

export const inboxTasks = defineTasks('inbox', 'html', [
  {
    name: 'reply-to-marco',
    widget: 'button',
    goal: "A reply to Marco Ruiz's 'Dock schedule for Friday' was sent saying 'Friday at 7:30 works for us.'",
    say: {
      terse: "Reply to Marco's dock schedule email: 'Friday at 7:30 works for us.'",
      polite:
        'Could you answer Marco Ruiz about the dock schedule? Just write "Friday at 7:30 works for us." and send it.',
      goal: 'Marco should hear back from me that Friday at 7:30 works for us.',
      quoted: 'Open “Dock schedule for Friday”, press “Reply”, type “Friday at 7:30 works for us.” and hit “Send”.',
    },
    check: on.expect((data) => {
      data.sent = [
        {
          kind: 'reply',
          to: ['marco.ruiz@example.com'],
          subject: 'Re: Dock schedule for Friday',
          body: 'Friday at 7:30 works for us.',
          about: 'm1',
        },
      ];
    }),
  },
  {
    name: 'forward-invoice',
    widget: 'form',
    goal: "Invoice INV-2291 was forwarded to accounts@tidewater.example with the note 'Please pay by the 30th.'",
    say: {
      terse: "Forward Invoice INV-2291 to accounts@tidewater.example, message 'Please pay by the 30th.'",
      polite:
        'Would you forward the INV-2291 invoice email to accounts@tidewater.example and add the note "Please pay by the 30th."?',
      goal: 'Our accounts team (accounts@tidewater.example) needs the INV-2291 invoice, with a note saying Please pay by the 30th.',
    },
    check: on.expect((data) => {
      data.sent = [
        {
          kind: 'forward',
          to: ['accounts@tidewater.example'],
          subject: 'Fwd: Invoice INV-2291',
          body: 'Please pay by the 30th.',
          about: 'm5',
        },
      ];
    }),
  },
  {
    name: 'archive-lena',
    widget: 'button',
    goal: "Lena Fischer's message is archived and nothing else changed.",
    say: {
      terse: "Archive Lena Fischer's email.",
      polite: 'Please archive the message from Lena Fischer.',
      lower: 'archive the email from lena fischer',
      quoted: "Open the message from 'Lena Fischer' and click 'Archive'.",
    },
    check: on.expect((data) => {
      data.archived = ['m4'];
    }),
  },
  {
    name: 'delete-second-message',
    widget: 'button',
    goal: 'The second message in the list (Q3 budget draft) is deleted, and only that one.',
    say: {
      terse: 'Delete the 2nd message.',
      polite: 'Could you delete the second email in my inbox?',
      lower: 'open the second message in the list and delete it',
    },
    check: on.expect((data) => {
      data.deleted = ['m2'];
    }),
  },
  {
    name: 'star-offsite',
    widget: 'button',
    goal: 'The message about the team offsite is starred, and nothing else.',
    say: {
      terse: 'Star the team offsite email.',
      polite: 'Please put a star on the message about the team offsite so I remember it.',
      lower: 'star the message about the offsite in june',
      quoted: 'Click the ‘Star’ button on “Team offsite in June”.',
    },
    check: on.expect((data) => {
      data.starred = ['m4'];
    }),
  },
  {
    name: 'compose-to-hr',
    widget: 'form',
    goal: "A new message to hr@tidewater.example with subject 'Parental leave dates' and the body given was sent.",
    say: {
      terse:
        "Compose to hr@tidewater.example, subject 'Parental leave dates', body 'I plan to be on leave from 1 July to 30 September.', send.",
      polite:
        'Could you write a new email to hr@tidewater.example? Subject: Parental leave dates. Text: I plan to be on leave from 1 July to 30 September.',
      quoted:
        'Click "Compose"; To: "hr@tidewater.example"; Subject: "Parental leave dates"; Message: "I plan to be on leave from 1 July to 30 September."; then "Send".',
    },
    check: on.expect((data) => {
      data.sent = [
        {
          kind: 'new',
          to: ['hr@tidewater.example'],
          subject: 'Parental leave dates',
          body: 'I plan to be on leave from 1 July to 30 September.',
          about: null,
        },
      ];
    }),
  },
  {
    name: 'archive-newsletter-delete-permits',
    widget: 'button',
    goal: 'The Harbor Weekly newsletter is archived and the parking permits message deleted; nothing else changed.',
    say: {
      terse: 'Archive the Harbor Weekly newsletter and delete the parking permits email.',
      polite: 'Please tidy up: archive the Harbor Weekly newsletter, then delete the message about parking permits.',
      lower: 'archive harbor weekly and delete the parking permits message',
      quoted: "Archive 'This week: new cranes at Pier 4' and delete 'Parking permits for 2026'.",
    },
    check: on.expect((data) => {
      data.archived = ['m3'];
      data.deleted = ['m7'];
    }),
  },
  {
    name: 'reply-to-last',
    widget: 'button',
    goal: "A reply saying 'Thanks, noted.' was sent to the last message in the list (Sofia Marin's).",
    say: {
      terse: "Reply 'Thanks, noted.' to the last message.",
      polite: 'Could you open the last email in the list and reply with "Thanks, noted."?',
      goal: 'Whoever sent the oldest message in my inbox should get a short "Thanks, noted." back.',
    },
    check: on.expect((data) => {
      data.sent = [
        {
          kind: 'reply',
          to: ['sofia.marin@example.com'],
          subject: 'Re: Welcome lunch for new starters',
          body: 'Thanks, noted.',
          about: 'm10',
        },
      ];
    }),
  },
  {
    name: 'star-owen-and-sofia',
    widget: 'button',
    goal: 'The messages from Owen Blake and Sofia Marin are starred, and no others.',
    say: {
      terse: 'Star the emails from Owen Blake and Sofia Marin.',
      polite: 'Would you star both the message from Owen Blake and the one from Sofia Marin?',
      lower: 'star owen blake and sofia marin',
    },
    check: on.expect((data) => {
      data.starred = ['m10', 'm8'];
    }),
  },
  {
    name: 'ask-which-priya',
    widget: 'button',
    expected: 'ask',
    goal: "Nothing was sent: Priya Nair wrote two messages ('Q3 budget draft' and 'Budget: final numbers').",
    say: {
      terse: "Reply to Priya's email: 'Looks good.'",
      polite: 'Could you reply to Priya and tell her it looks good?',
      lower: 'answer priya with looks good',
    },
    check: on.untouched(),
  },
]);
