import { createPageChecks } from '../check.js';
import {
  flatpickrBookingInitialData,
  type BookingFields,
  type FlatpickrBookingData,
  type FlatpickrBookingView,
} from '../fixtures/flatpickr-booking.js';
import { defineTasks } from './define.js';

const on = createPageChecks<FlatpickrBookingData, FlatpickrBookingView>(
  'flatpickr-booking',
  flatpickrBookingInitialData,
);
const fieldsAre = (change: Partial<BookingFields>) =>
  on.expect((data) => {
    Object.assign(data.fields, change);
  });

export const flatpickrBookingTasks = defineTasks('flatpickr-booking', 'flatpickr', [
  {
    name: 'meeting-date',
    widget: 'date',
    goal: 'The meeting date is 2026-03-14; nothing else set.',
    say: {
      terse: 'Meeting date: 14 March 2026.',
      polite: 'Could you set the meeting date to the 14th of March 2026?',
      lower: 'set the meeting date to march 14 2026',
      quoted: "Pick 'March 14, 2026' as the 'Meeting date'.",
    },
    check: fieldsAre({ date: '2026-03-14' }),
  },
  {
    name: 'start-and-end',
    widget: 'time',
    goal: 'The meeting runs from 09:30 to 11:00.',
    say: {
      terse: 'Start 9:30 AM, end 11:00 AM.',
      polite: 'Please set the meeting to start at half past nine and end at eleven in the morning.',
      goal: 'The room is needed from 9:30 until 11:00 in the morning.',
    },
    check: fieldsAre({ start: '09:30', end: '11:00' }),
  },
  {
    name: 'offsite-range',
    widget: 'date',
    goal: 'The offsite range is 2026-05-04 to 2026-05-08.',
    say: {
      terse: 'Offsite dates: 4–8 May 2026.',
      polite: 'Could you enter the team offsite from Monday 4 May to Friday 8 May 2026?',
      quoted: 'Set “Offsite dates” to “May 4, 2026 to May 8, 2026”.',
    },
    check: fieldsAre({ offsite: ['2026-05-04', '2026-05-08'] }),
  },
  {
    name: 'book-borealis',
    widget: 'form',
    goal: 'Borealis is booked on 2026-04-02 from 14:00 to 15:30.',
    say: {
      terse: 'Book Borealis on 2 April 2026, 2:00–3:30 PM.',
      polite: 'Please book the Borealis room on April 2nd, 2026, from two until half past three in the afternoon.',
      goal: 'I need Borealis on 02/04/2026 (day first) between 14:00 and 15:30.',
      quoted: 'Choose “Borealis — 12 seats”, date “April 2, 2026”, start “02:00 PM”, end “03:30 PM”, then “Book room”.',
    },
    check: on.expect((data) => {
      Object.assign(data.fields, { room: 'borealis', date: '2026-04-02', start: '14:00', end: '15:30' });
      data.booking = { ...data.fields, offsite: [] };
    }),
  },
  {
    name: 'start-at-16-45',
    widget: 'time',
    goal: 'The start time is 16:45.',
    say: {
      terse: 'Start time 16:45.',
      polite: 'Could you set the start time to 16:45?',
      lower: 'start at a quarter to five in the afternoon',
    },
    check: fieldsAre({ start: '16:45' }),
  },
  {
    name: 'iso-date',
    widget: 'date',
    goal: 'The meeting date is 2026-07-01.',
    say: {
      terse: 'Meeting date 2026-07-01.',
      polite: 'Please set the meeting date to 2026-07-01.',
      goal: 'The meeting is on the first of July 2026.',
    },
    check: fieldsAre({ date: '2026-07-01' }),
  },
  {
    name: 'day-first-date',
    widget: 'date',
    goal: 'The meeting date is 2026-11-05 (5 November).',
    say: {
      terse: 'Meeting date 05/11/2026 (day/month/year).',
      polite: 'We write dates day first here: could you set the meeting to 05/11/2026?',
      goal: 'The meeting is on Guy Fawkes Night 2026, the fifth of November.',
    },
    check: fieldsAre({ date: '2026-11-05' }),
  },
  {
    name: 'one-hour-from-10-15',
    widget: 'time',
    goal: 'The meeting starts at 10:15 and ends one hour later, at 11:15.',
    say: {
      terse: 'Start 10:15 AM, end one hour later.',
      polite: 'The meeting starts at a quarter past ten and lasts an hour; could you set both times?',
      lower: 'start at 10:15 am and end an hour after that',
    },
    check: fieldsAre({ start: '10:15', end: '11:15' }),
  },
  {
    name: 'ask-which-12-seat-room',
    widget: 'select',
    expected: 'ask',
    goal: 'Nothing is chosen or booked: two rooms have 12 seats.',
    say: {
      terse: 'Choose the 12-seat room.',
      polite: 'Could you select the room with twelve seats?',
      lower: 'pick the 12 seat room',
    },
    check: on.untouched(),
  },
]);
