import { createPageChecks } from '../check.js';
import { appointmentInitialData, type AppointmentData, type AppointmentView } from '../fixtures/appointment.js';
import { defineTasks } from './define.js';

const on = createPageChecks<AppointmentData, AppointmentView>('appointment', appointmentInitialData);

export const appointmentTasks = defineTasks('appointment', 'html', [
  {
    name: 'book-video-call',
    widget: 'form',
    goal: 'An appointment is booked for Noor Haddad on 2026-03-14 at 09:30 at Northgate, as a video call.',
    say: {
      terse: 'Book Noor Haddad on March 14, 2026 at 9:30 AM, Northgate, video call.',
      polite:
        'Could you book an appointment for Noor Haddad at the Northgate Health Centre on 14 March 2026 at half past nine in the morning? A video call, please.',
      goal: 'Noor Haddad needs a video consultation with Northgate on 14/03/2026 at 09:30.',
      quoted:
        'Fill in “Patient name” with “Noor Haddad”, “Appointment date” 03/14/2026, “Preferred time” 09:30 AM, “Clinic” “Northgate Health Centre”, choose “Video call” and click “Book appointment”.',
    },
    check: on.expect((data) => {
      Object.assign(data.fields, {
        patientName: 'Noor Haddad',
        date: '2026-03-14',
        time: '09:30',
        clinic: 'northgate',
        visitType: 'video',
      });
      data.booking = { ...data.fields };
    }),
  },
  {
    name: 'date-of-birth',
    widget: 'date',
    goal: 'The date of birth is 1988-08-07; nothing else changed.',
    say: {
      terse: 'Date of birth: 7 August 1988.',
      polite: 'Please enter the date of birth, the seventh of August 1988.',
      lower: 'set the date of birth to august 7 1988',
      quoted: "Put '1988-08-07' into 'Date of birth'.",
    },
    check: on.expect((data) => {
      data.fields.dateOfBirth = '1988-08-07';
    }),
  },
  {
    name: 'quarter-past-two',
    widget: 'time',
    goal: 'The preferred time is 14:15.',
    say: {
      terse: 'Preferred time 2:15 PM.',
      polite: 'Could you set the preferred time to a quarter past two in the afternoon?',
      lower: 'make the preferred time quarter past two pm',
      goal: 'I would like to come in at 14:15.',
    },
    check: on.expect((data) => {
      data.fields.time = '14:15';
    }),
  },
  {
    name: 'three-attendees',
    widget: 'spinbutton',
    goal: 'The number of people attending is 3.',
    say: {
      terse: 'Set Number of people attending to 3.',
      polite: 'Three of us will come; could you change the number of people attending?',
      lower: 'three people attending',
    },
    check: on.expect((data) => {
      data.fields.attendees = 3;
    }),
  },
  {
    name: 'reminder-evening-before',
    widget: 'date',
    goal: 'A reminder is set for 2026-03-13 at 18:00.',
    say: {
      terse: 'Reminder: 13 March 2026, 6 PM.',
      polite: 'Please set the reminder for the evening of 13 March 2026, at six o’clock.',
      quoted: 'Set “Send me a reminder at” to “03/13/2026 06:00 PM”.',
    },
    check: on.expect((data) => {
      data.fields.reminder = '2026-03-13T18:00';
    }),
  },
  {
    name: 'riverside-clinic',
    widget: 'select',
    goal: 'Riverside Medical is the chosen clinic.',
    say: {
      terse: 'Choose the Riverside clinic.',
      polite: 'Could you pick Riverside Medical as the clinic?',
      lower: 'select riverside medical',
    },
    check: on.expect((data) => {
      data.fields.clinic = 'riverside';
    }),
  },
  {
    name: 'phone-visit',
    widget: 'radio',
    goal: 'The visit type is Phone.',
    say: {
      terse: 'Visit type: Phone.',
      polite: 'I would prefer to talk on the phone; could you choose that visit type?',
      quoted: "Select the 'Phone' radio button.",
      lower: 'make it a phone appointment',
    },
    check: on.expect((data) => {
      data.fields.visitType = 'phone';
    }),
  },
  {
    name: 'reason-for-visit',
    widget: 'textbox',
    goal: "The reason for visit reads 'Follow-up on blood test results'.",
    say: {
      terse: "Reason for visit: 'Follow-up on blood test results'.",
      polite: 'Could you write "Follow-up on blood test results" as the reason for the visit?',
      goal: 'The clinic should know I am coming for a follow-up on blood test results (use exactly that wording).',
    },
    check: on.expect((data) => {
      data.fields.reason = 'Follow-up on blood test results';
    }),
  },
  {
    name: 'ask-missing-date-and-time',
    widget: 'form',
    expected: 'ask',
    goal: 'Nothing is booked or typed: no date, time or clinic was given.',
    say: {
      terse: 'Book an appointment for Noor Haddad.',
      polite: 'Could you book Noor Haddad in, please?',
      lower: 'book noor haddad an appointment',
    },
    check: on.untouched(),
  },
]);
