import '../shared/base.css';
import { loginAccounts, loginInitialData, type LoginData, type LoginView } from '../../src/fixtures/login.js';
import { byId } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const data: LoginData = structuredClone(loginInitialData);
const view: LoginView = { passwordShown: false, panel: 'sign-in', error: null };

const email = byId<HTMLInputElement>('email');
const password = byId<HTMLInputElement>('password');
const remember = byId<HTMLInputElement>('remember');
const showPassword = byId<HTMLInputElement>('show-password');
const ssoDomain = byId<HTMLInputElement>('sso-domain');
const signInError = byId('sign-in-error');

email.addEventListener('input', () => (data.email = email.value));
password.addEventListener('input', () => (data.password = password.value));
remember.addEventListener('change', () => (data.remember = remember.checked));
ssoDomain.addEventListener('input', () => (data.ssoDomain = ssoDomain.value));
showPassword.addEventListener('change', () => {
  view.passwordShown = showPassword.checked;
  password.type = showPassword.checked ? 'text' : 'password';
});

byId('sign-in-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const known = loginAccounts[data.email];
  if (data.email === '' || data.password === '') view.error = 'Enter your email and password.';
  else if (known === undefined || known !== data.password) view.error = 'Incorrect email or password.';
  else view.error = null;
  signInError.textContent = view.error ?? '';
  signInError.hidden = view.error === null;
  if (view.error !== null) return;
  data.session = { email: data.email, remember: data.remember };
  byId('sign-in-form').hidden = true;
  byId('welcome').hidden = false;
  byId('welcome-text').textContent =
    `Signed in as ${data.email}.${data.remember ? ' This device will remember you.' : ''}`;
});

byId('sign-out').addEventListener('click', () => {
  data.session = null;
  byId('sign-in-form').hidden = false;
  byId('welcome').hidden = true;
});

function showPanel(panel: LoginView['panel']): void {
  view.panel = panel;
  byId('sign-in-card').hidden = panel !== 'sign-in';
  byId('reset-card').hidden = panel !== 'reset';
}
byId('forgot-link').addEventListener('click', (event) => {
  event.preventDefault();
  showPanel('reset');
  byId('reset-email').focus();
});
byId('back-link').addEventListener('click', (event) => {
  event.preventDefault();
  showPanel('sign-in');
});

byId('reset-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const address = byId<HTMLInputElement>('reset-email').value.trim();
  const error = byId('reset-error');
  error.hidden = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(address);
  error.textContent = 'Enter the email address of your account.';
  if (!error.hidden) return;
  data.resetRequestedFor = address;
  byId('reset-sent').hidden = false;
  byId('reset-sent').textContent = `If ${address} has an account, a reset link is on its way.`;
});

byId('sso-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (data.ssoDomain.trim() === '') return;
  data.ssoSubmitted = data.ssoDomain.trim();
  byId('sso-sent').hidden = false;
  byId('sso-sent').textContent = `Redirecting to the ${data.ssoSubmitted} identity provider…`;
});

exposeState('login', () => ({ data, view }));
