import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

async function signIn(page: Page, email: string, password: string, remember: boolean): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const loginSolutions: PageSolutions = {
  solve: {
    'login/remember-and-sign-in': (page) => signIn(page, 'ada@example.com', 'Sunflower!42', true),
    'login/sign-in-without-remembering': (page) => signIn(page, 'grace@example.com', 'Compiler#1952', false),
    'login/lower-case-email': (page) => signIn(page, 'ada@example.com', 'Sunflower!42', false),
    'login/show-password': (page) => page.getByRole('checkbox', { name: 'Show password' }).check(),
    'login/request-reset': async (page) => {
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('textbox', { name: 'Account email' }).fill('ada@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
    },
    'login/sso-domain': async (page) => {
      await page.getByRole('textbox', { name: 'Company domain' }).fill('northwind');
      await page.getByRole('button', { name: 'Continue with SSO' }).click();
    },
    'login/third-text-box': (page) => page.getByRole('textbox').nth(2).fill('contoso'),
    'login/ask-missing-password': leaveAlone,
    'login/infeasible-google': leaveAlone,
  },
  guess: {
    'login/ask-missing-password': (page) => page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com'),
    'login/infeasible-google': (page) =>
      page
        .getByRole('button', { name: 'Continue with SSO' })
        .click()
        .then(async () => {
          await page.getByRole('textbox', { name: 'Company domain' }).fill('google');
        }),
  },
};
