import { createPageChecks } from '../check.js';
import { loginInitialData, type LoginData, type LoginView } from '../fixtures/login.js';
import { defineTasks } from './define.js';

const on = createPageChecks<LoginData, LoginView>('login', loginInitialData);

export const loginTasks = defineTasks('login', 'html', [
  {
    name: 'remember-and-sign-in',
    widget: 'checkbox',
    goal: "The 'Remember me' box is checked and the form is submitted with user ada@example.com.",
    say: {
      terse: 'Enter ada@example.com and Sunflower!42, check Remember me, then Sign in',
      polite:
        "Could you please sign in with the email ada@example.com and the password Sunflower!42, and tick the 'Remember me' box first?",
      goal: 'I want to be signed in as ada@example.com (password Sunflower!42) and stay remembered on this device.',
      quoted:
        'Fill in “Email” with “ada@example.com” and “Password” with “Sunflower!42”, tick “Remember me” and press “Sign in”.',
    },
    check: on.expect((data) => {
      Object.assign(data, { email: 'ada@example.com', password: 'Sunflower!42', remember: true });
      data.session = { email: 'ada@example.com', remember: true };
    }),
  },
  {
    name: 'sign-in-without-remembering',
    widget: 'form',
    goal: 'Signed in as grace@example.com with Remember me left unchecked.',
    say: {
      terse: "Log in: username 'grace@example.com', password 'Compiler#1952'.",
      polite: 'Please log me in as grace@example.com; the password is Compiler#1952. Don’t tick Remember me.',
      quoted: "Sign in with email 'grace@example.com' and password 'Compiler#1952', leaving 'Remember me' unticked.",
      goal: 'Grace (grace@example.com, password Compiler#1952) should end up signed in on this shared computer, not remembered.',
    },
    check: on.expect((data) => {
      Object.assign(data, { email: 'grace@example.com', password: 'Compiler#1952' });
      data.session = { email: 'grace@example.com', remember: false };
    }),
  },
  {
    name: 'lower-case-email',
    widget: 'textbox',
    goal: 'Signed in as ada@example.com, the email typed in lower case.',
    say: {
      terse: 'Sign in as ADA@EXAMPLE.COM (type it in lower case), password Sunflower!42.',
      polite:
        'The email on my card reads ADA@EXAMPLE.COM; could you enter it in lower case, with password Sunflower!42, and sign in?',
      goal: 'I should be signed in as ADA@EXAMPLE.COM, written in lower case as the site expects; my password is Sunflower!42.',
    },
    check: on.expect((data) => {
      Object.assign(data, { email: 'ada@example.com', password: 'Sunflower!42' });
      data.session = { email: 'ada@example.com', remember: false };
    }),
  },
  {
    name: 'show-password',
    widget: 'checkbox',
    goal: "The 'Show password' box is ticked and nothing else changed.",
    say: {
      terse: 'Tick Show password.',
      polite: 'Would you mind ticking the box that shows the password?',
      quoted: "Check the 'Show password' option.",
      lower: 'click on show password',
    },
    check: on.expect(() => undefined, { passwordShown: true }),
  },
  {
    name: 'request-reset',
    widget: 'link',
    goal: 'A password reset link was requested for ada@example.com through the Forgot password link.',
    say: {
      terse: 'Click Forgot password?, enter ada@example.com, Send reset link.',
      polite: 'I forgot my password. Could you request a reset link for ada@example.com?',
      goal: 'A password reset email should be on its way to ada@example.com.',
      quoted:
        'Follow "Forgot password?", put "ada@example.com" in the account email field and press "Send reset link".',
    },
    check: on.expect((data) => {
      data.resetRequestedFor = 'ada@example.com';
    }),
  },
  {
    name: 'sso-domain',
    widget: 'button',
    goal: "Single sign-on was started with the company domain 'northwind'.",
    say: {
      terse: 'Enter northwind as company domain, then Continue with SSO.',
      polite: 'Could you sign me in through our company SSO? Our domain is northwind.',
      lower: 'type northwind in the company domain field and press continue with sso',
      quoted: 'Type ‘northwind’ into ‘Company domain’ and hit ‘Continue with SSO’.',
    },
    check: on.expect((data) => {
      data.ssoDomain = 'northwind';
      data.ssoSubmitted = 'northwind';
    }),
  },
  {
    name: 'third-text-box',
    widget: 'textbox',
    goal: "The third text box on the page (Company domain, after Email and Password) holds 'contoso' and nothing was submitted.",
    say: {
      terse: "Type 'contoso' into the third text box. Don't submit anything.",
      polite: 'Please put contoso in the third text field on the page, without pressing any button.',
      lower: 'fill in the 3rd text box with contoso and leave it there',
    },
    check: on.expect((data) => {
      data.ssoDomain = 'contoso';
    }),
  },
  {
    name: 'ask-missing-password',
    widget: 'form',
    expected: 'ask',
    goal: 'Nothing is entered: the password for ada@example.com was never given, so the agent should ask for it.',
    say: {
      terse: 'Log in as ada@example.com.',
      polite: 'Could you sign in to my account, ada@example.com, please?',
      lower: 'sign in as ada@example.com',
    },
    check: on.untouched(),
  },
  {
    name: 'infeasible-google',
    widget: 'button',
    expected: 'infeasible',
    goal: 'Nothing changes: the page has no Google sign-in.',
    say: {
      terse: 'Click Sign in with Google.',
      polite: 'Could you use the "Sign in with Google" button for me?',
      lower: 'sign in with google',
    },
    check: on.untouched(),
  },
]);
