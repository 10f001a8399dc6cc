import { leaveAlone, type PageSolutions } from './solution.js';

export const appointmentSolutions: PageSolutions = {
  solve: {
    'appointment/book-video-call': async (page) => {
      await page.getByLabel('Patient name').fill('Noor Haddad');
      await page.getByLabel('Appointment date').fill('2026-03-14');
      await page.getByLabel('Preferred time').fill('09:30');
      await page.getByLabel('Clinic').selectOption({ label: 'Northgate Health Centre' });
      await page.getByRole('radio', { name: 'Video call' }).check();
      await page.getByRole('button', { name: 'Book appointment' }).click();
    },
    'appointment/date-of-birth': (page) => page.getByLabel('Date of birth').fill('1988-08-07'),
    'appointment/quarter-past-two': (page) => page.getByLabel('Preferred time').fill('14:15'),
    'appointment/three-attendees': (page) =>
      page.getByRole('spinbutton', { name: 'Number of people attending' }).fill('3'),
    'appointment/reminder-evening-before': (page) => page.getByLabel('Send me a reminder at').fill('2026-03-13T18:00'),
    'appointment/riverside-clinic': (page) => page.getByLabel('Clinic').selectOption({ label: 'Riverside Medical' }),
    'appointment/phone-visit': (page) => page.getByRole('radio', { name: 'Phone' }).check(),
    'appointment/reason-for-visit': (page) =>
      page.getByLabel('Reason for visit').fill('Follow-up on blood test results'),
    'appointment/ask-missing-date-and-time': leaveAlone,
  },
  guess: {
    'appointment/ask-missing-date-and-time': async (page) => {
      await page.getByLabel('Patient name').fill('Noor Haddad');
      await page.getByRole('button', { name: 'Book appointment' }).click();
    },
  },
};
