import { leaveAlone, type PageSolutions } from './solution.js';

export const helpCenterSolutions: PageSolutions = {
  solve: {
    'help-center/expand-change-address': (page) =>
      page.getByRole('button', { name: 'Can I change my delivery address?' }).click(),
    'help-center/collapse-payment-methods': (page) =>
      page.getByRole('button', { name: 'What payment methods do you accept?' }).click(),
    'help-center/return-label-article': async (page) => {
      await page.getByRole('tab', { name: 'Returns' }).click();
      await page.getByRole('link', { name: 'Printing a return label' }).click();
    },
    'help-center/user-guide-pdf': (page) => page.getByRole('link', { name: 'Download the user guide (PDF)' }).click(),
    'help-center/contact-billing': async (page) => {
      await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Billing' });
      await page.getByLabel('Your email').fill('kofi@example.com');
      await page.getByLabel('Message', { exact: true }).fill('My invoice shows the wrong VAT number.');
      await page.getByRole('button', { name: 'Send message' }).click();
    },
    'help-center/factory-reset-article': async (page) => {
      await page.getByRole('button', { name: 'Show advanced troubleshooting' }).click();
      await page.getByRole('link', { name: 'Resetting the tracker to factory settings' }).click();
    },
    'help-center/refund-was-helpful': async (page) => {
      await page.getByRole('button', { name: 'How long does a refund take?' }).click();
      await page
        .getByRole('region', { name: 'How long does a refund take?' })
        .getByRole('button', { name: 'Yes' })
        .click();
    },
    'help-center/third-shipping-article': async (page) => {
      await page.getByRole('tab', { name: 'Shipping' }).click();
      await page.getByRole('tabpanel', { name: 'Shipping' }).getByRole('link').nth(2).click();
    },
    'help-center/ask-which-label-article': leaveAlone,
  },
  guess: {
    'help-center/ask-which-label-article': async (page) => {
      await page.getByRole('tab', { name: 'Shipping' }).click();
      await page.getByRole('link', { name: 'Shipping label errors' }).click();
    },
  },
};
