import { createPageChecks } from '../check.js';
import { helpCenterInitialData, type HelpCenterData, type HelpCenterView } from '../fixtures/help-center.js';
import { defineTasks } from './define.js';

const on = createPageChecks<HelpCenterData, HelpCenterView>('help-center', helpCenterInitialData);
const opened = (...ids: string[]) =>
  on.expect((data) => {
    data.opened = ids;
  });

export const helpCenterTasks = defineTasks('help-center', 'html', [
  {
    name: 'expand-change-address',
    widget: 'accordion',
    goal: "The FAQ 'Can I change my delivery address?' is expanded, besides the one open at load.",
    say: {
      terse: 'Expand "Can I change my delivery address?".',
      polite: 'Could you open the FAQ about changing the delivery address?',
      lower: 'expand the question about changing my delivery address',
    },
    check: on.expect(() => undefined, { expandedFaqs: ['change-address', 'payment-methods'] }),
  },
  {
    name: 'collapse-payment-methods',
    widget: 'accordion',
    goal: 'The payment methods FAQ, open at load, is collapsed, so no answer shows.',
    say: {
      terse: 'Collapse the payment methods question.',
      polite: 'Please fold away the answer about payment methods.',
      quoted: 'Collapse “What payment methods do you accept?”.',
    },
    check: on.expect(() => undefined, { expandedFaqs: [] }),
  },
  {
    name: 'return-label-article',
    widget: 'tabs',
    goal: "The article 'Printing a return label' (under the Returns tab) was opened, and nothing else.",
    say: {
      terse: "Go to the Returns tab and open 'Printing a return label'.",
      polite: 'I need to print a return label. Could you open the help article for that? It is under Returns.',
      lower: 'switch to returns and click printing a return label',
    },
    check: opened('return-label'),
  },
  {
    name: 'user-guide-pdf',
    widget: 'link',
    goal: "The footer link 'Download the user guide (PDF)' was followed.",
    say: {
      terse: 'Click Download the user guide (PDF) at the bottom of the page.',
      polite: 'Could you find the link to download the user guide as a PDF? It is at the very bottom.',
      goal: 'I want the PDF user guide.',
      quoted: 'Scroll down and click ‘Download the user guide (PDF)’.',
    },
    check: opened('user-guide-pdf'),
  },
  {
    name: 'contact-billing',
    widget: 'form',
    goal: "A Billing message was sent from kofi@example.com saying 'My invoice shows the wrong VAT number.'",
    say: {
      terse:
        "Contact form: topic Billing, email kofi@example.com, message 'My invoice shows the wrong VAT number.' Send.",
      polite:
        'Could you send a message to support about billing from kofi@example.com? Write: My invoice shows the wrong VAT number.',
      quoted:
        'In “Still need help?”, choose “Billing”, enter “kofi@example.com” and the message “My invoice shows the wrong VAT number.”, then press “Send message”.',
    },
    check: on.expect((data) => {
      data.contact = { topic: 'billing', email: 'kofi@example.com', message: 'My invoice shows the wrong VAT number.' };
    }),
  },
  {
    name: 'factory-reset-article',
    widget: 'accordion',
    goal: "The hidden article 'Resetting the tracker to factory settings' was opened.",
    say: {
      terse: 'Show advanced troubleshooting, then open the factory reset article.',
      polite:
        'My tracker is stuck. Could you open the article on resetting it to factory settings? It is under the advanced troubleshooting.',
      goal: 'Find and click the link about resetting the tracker to factory settings.',
    },
    check: opened('factory-reset'),
  },
  {
    name: 'refund-was-helpful',
    widget: 'button',
    goal: "'Yes' was answered to 'Was this helpful?' under 'How long does a refund take?', and no other vote.",
    say: {
      terse: 'Under "How long does a refund take?", answer Yes to Was this helpful.',
      polite: 'The refund answer helped me; could you expand it and press Yes under "Was this helpful?"?',
      lower: 'open the refund question and click yes under was this helpful',
    },
    check: on.expect((data) => {
      data.votes = { 'refund-time': 'yes' };
    }),
  },
  {
    name: 'third-shipping-article',
    widget: 'tabs',
    goal: 'The third article of the Shipping tab (Customs forms) was opened.',
    say: {
      terse: 'Shipping tab, open the 3rd article.',
      polite: 'Could you switch to Shipping and open the third article listed there?',
      lower: 'go to the shipping tab and open the third link',
    },
    check: opened('customs-forms'),
  },
  {
    name: 'ask-which-label-article',
    widget: 'link',
    expected: 'ask',
    goal: 'Nothing is opened: two articles are about labels (return labels and shipping label errors).',
    say: {
      terse: 'Open the article about labels.',
      polite: 'Could you open the help article about labels?',
      lower: 'open the labels article',
    },
    check: on.untouched(),
  },
]);
