import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

interface Applicant {
  name: string;
  email: string;
  password: string;
  country: string;
  plan?: string;
  newsletter: boolean;
}

async function signUp(page: Page, applicant: Applicant): Promise<void> {
  await page.getByLabel('Full name').fill(applicant.name);
  await page.getByLabel('Work email').fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(applicant.password);
  await page.getByLabel('Confirm password').fill(applicant.password);
  await page.getByLabel('Country').selectOption({ label: applicant.country });
  if (applicant.plan !== undefined) await page.getByRole('radio', { name: applicant.plan }).check();
  await page.getByRole('checkbox', { name: 'Send me the monthly newsletter' }).setChecked(applicant.newsletter);
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

export const signupSolutions: PageSolutions = {
  solve: {
    'signup/pro-account-in-kenya': (page) =>
      signUp(page, {
        name: 'Lin Okafor',
        email: 'lin.okafor@example.org',
        password: 'Tidepool-77',
        country: 'Kenya',
        plan: 'Pro',
        newsletter: true,
      }),
    'signup/free-account-no-newsletter': (page) =>
      signUp(page, {
        name: 'Tomás Rivera',
        email: 'tomas@example.net',
        password: 'Harbor2026!',
        country: 'Mexico',
        newsletter: false,
      }),
    'signup/team-plan-radio': (page) => page.getByRole('radio', { name: 'Team' }).check(),
    'signup/country-japan': (page) => page.getByLabel('Country').selectOption({ label: 'Japan' }),
    'signup/untick-newsletter': (page) =>
      page.getByRole('checkbox', { name: 'Send me the monthly newsletter' }).uncheck(),
    'signup/field-after-password': (page) => page.getByLabel('Confirm password').fill('Quay-Side-9'),
    'signup/name-in-capitals': (page) => page.getByLabel('Full name').fill('MARA JENSEN'),
    'signup/ask-paid-plan': leaveAlone,
  },
  guess: {
    'signup/ask-paid-plan': (page) => page.getByRole('radio', { name: 'Pro' }).check(),
  },
};
