import { createPageChecks, readPageState } from '../check.js';
import type { TestbedCheckResult } from '../task.js';
import { signupInitialData, type SignupData, type SignupView } from '../fixtures/signup.js';
import { defineTasks } from './define.js';

const on = createPageChecks<SignupData, SignupView>('signup', signupInitialData);

/**
 * A check on an account whose goal names no password: whatever password the person chose counts,
 * as long as the page took it (both fields equal, long enough), so the check compares `password`.
 */
function anyPassword(
  password: string,
  check: (state: unknown) => TestbedCheckResult,
): (state: unknown) => TestbedCheckResult {
  return (state) => {
    const read = readPageState(state, 'signup');
    if (typeof read === 'string') return check(state);
    const data = read.data as SignupData;
    const chosen = data.password.length >= 8 && data.confirmPassword === data.password;
    return check(chosen ? { ...read, data: { ...data, password, confirmPassword: password } } : state);
  };
}

export const signupTasks = defineTasks('signup', 'html', [
  {
    name: 'pro-account-in-kenya',
    widget: 'form',
    goal: 'An account exists for Lin Okafor (lin.okafor@example.org, Kenya) on the Pro plan, newsletter left on.',
    say: {
      terse:
        "Sign up: name 'Lin Okafor', email 'lin.okafor@example.org', password 'Tidepool-77' (twice), country Kenya, Pro plan, accept the terms.",
      polite:
        'Could you create an account for Lin Okafor, please? Email lin.okafor@example.org, password Tidepool-77, based in Kenya, on the Pro plan. You will need to agree to the terms.',
      goal: 'I need a Pro account for Lin Okafor in Kenya, email lin.okafor@example.org, password Tidepool-77.',
      quoted:
        'Fill in “Full name” = “Lin Okafor”, “Work email” = “lin.okafor@example.org”, both password fields = “Tidepool-77”, “Country” = “Kenya”, choose “Pro — $12/month”, tick the terms and click “Create account”.',
    },
    check: anyPassword(
      'Tidepool-77',
      on.expect((data) => {
        Object.assign(data, {
          name: 'Lin Okafor',
          email: 'lin.okafor@example.org',
          password: 'Tidepool-77',
          confirmPassword: 'Tidepool-77',
          country: 'KE',
          plan: 'pro',
          terms: true,
        });
        data.account = {
          name: 'Lin Okafor',
          email: 'lin.okafor@example.org',
          country: 'KE',
          plan: 'pro',
          newsletter: true,
        };
      }),
    ),
  },
  {
    name: 'free-account-no-newsletter',
    widget: 'form',
    goal: 'An account exists for Tomás Rivera (tomas@example.net, Mexico) on the Free plan without the newsletter.',
    say: {
      terse:
        'Create account: Tomás Rivera, tomas@example.net, password Harbor2026! in both fields, Mexico, no newsletter, agree to terms.',
      polite:
        'Please register Tomás Rivera (tomas@example.net) from Mexico on the free plan. Use Harbor2026! as the password, and untick the newsletter; he does not want it.',
      goal: 'Tomás Rivera from Mexico should have a free account under tomas@example.net, password Harbor2026!, and get no newsletter.',
    },
    check: anyPassword(
      'Harbor2026!',
      on.expect((data) => {
        Object.assign(data, {
          name: 'Tomás Rivera',
          email: 'tomas@example.net',
          password: 'Harbor2026!',
          confirmPassword: 'Harbor2026!',
          country: 'MX',
          newsletter: false,
          terms: true,
        });
        data.account = {
          name: 'Tomás Rivera',
          email: 'tomas@example.net',
          country: 'MX',
          plan: 'free',
          newsletter: false,
        };
      }),
    ),
  },
  {
    name: 'team-plan-radio',
    widget: 'radio',
    goal: 'The Team plan is chosen and nothing else changed; no account was created.',
    say: {
      terse: 'Pick the Team plan.',
      polite: 'Would you select the Team plan option for me? Nothing else yet.',
      lower: 'choose the team plan',
      quoted: "Select the radio button 'Team — $30/month'.",
    },
    check: on.expect((data) => {
      data.plan = 'team';
    }),
  },
  {
    name: 'country-japan',
    widget: 'select',
    goal: 'Japan is selected as the country and nothing else changed.',
    say: {
      terse: 'Set Country to Japan.',
      polite: 'Could you choose Japan in the country list, please?',
      lower: 'select japan as the country',
      quoted: 'Choose "Japan" from the "Country" dropdown.',
    },
    check: on.expect((data) => {
      data.country = 'JP';
    }),
  },
  {
    name: 'untick-newsletter',
    widget: 'checkbox',
    goal: 'The newsletter box is unticked and nothing else changed.',
    say: {
      terse: 'Untick the newsletter box.',
      polite: "I'd rather not get the newsletter; could you uncheck that box?",
      lower: 'uncheck send me the monthly newsletter',
      quoted: 'Clear the checkbox ‘Send me the monthly newsletter’.',
    },
    check: on.expect((data) => {
      data.newsletter = false;
    }),
  },
  {
    name: 'field-after-password',
    widget: 'textbox',
    goal: "The field right after 'Password' (Confirm password) holds 'Quay-Side-9' and nothing else changed.",
    say: {
      terse: "Type Quay-Side-9 into the field just below 'Password'.",
      polite: 'Could you put Quay-Side-9 in the field that comes right after the Password field?',
      quoted: 'Enter “Quay-Side-9” into the box under “Password”.',
    },
    check: on.expect((data) => {
      data.confirmPassword = 'Quay-Side-9';
    }),
  },
  {
    name: 'name-in-capitals',
    widget: 'textbox',
    goal: "The Full name field holds 'MARA JENSEN' and nothing else changed.",
    say: {
      terse: 'Enter the full name mara jensen in upper case.',
      polite: 'Please type the name Mara Jensen into Full name, all in capital letters.',
      lower: 'put mara jensen in capitals into the full name field',
      goal: 'The full name should read MARA JENSEN, all caps.',
    },
    check: on.expect((data) => {
      data.name = 'MARA JENSEN';
    }),
  },
  {
    name: 'ask-paid-plan',
    widget: 'radio',
    expected: 'ask',
    goal: 'Nothing changes: there are two paid plans (Pro and Team), so the agent should ask which.',
    say: {
      terse: 'Pick the paid plan.',
      polite: 'Could you switch me to the paid plan, please?',
      lower: 'choose the paid plan',
    },
    check: on.untouched(),
  },
]);
