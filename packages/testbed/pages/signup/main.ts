import '../shared/base.css';
import {
  signupCountries,
  signupInitialData,
  type SignupData,
  type SignupPlan,
  type SignupView,
} from '../../src/fixtures/signup.js';
import { byId } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const data: SignupData = structuredClone(signupInitialData);
const view: SignupView = { errors: [] };

const country = byId<HTMLSelectElement>('country');
for (const option of signupCountries) country.add(new Option(option.label, option.code));

const textFields = { name: 'name', email: 'email', password: 'password', confirmPassword: 'confirm' } as const;
for (const [key, id] of Object.entries(textFields) as [keyof typeof textFields, string][]) {
  const input = byId<HTMLInputElement>(id);
  input.addEventListener('input', () => (data[key] = input.value));
}
country.addEventListener('change', () => (data.country = country.value));
for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="plan"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked) data.plan = radio.value as SignupPlan;
  });
}
const newsletter = byId<HTMLInputElement>('newsletter');
const terms = byId<HTMLInputElement>('terms');
newsletter.addEventListener('change', () => (data.newsletter = newsletter.checked));
terms.addEventListener('change', () => (data.terms = terms.checked));

function validate(): string[] {
  const errors: string[] = [];
  if (data.name.trim() === '') errors.push('Enter your full name.');
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(data.email)) errors.push('Enter a valid work email.');
  if (data.password.length < 8) errors.push('The password needs at least 8 characters.');
  if (data.confirmPassword !== data.password) errors.push('The two passwords do not match.');
  if (data.country === '') errors.push('Choose a country.');
  if (!data.terms) errors.push('Agree to the Terms of Service to continue.');
  return errors;
}

byId('signup').addEventListener('submit', (event) => {
  event.preventDefault();
  view.errors = validate();
  const list = byId('errors');
  list.replaceChildren(...view.errors.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
  if (view.errors.length > 0) return;
  const { name, email, plan } = data;
  data.account = { name, email, country: data.country, plan, newsletter: data.newsletter };
  byId('signup').hidden = true;
  byId('done').hidden = false;
  byId('done').textContent = `Welcome aboard, ${name}! We sent a confirmation to ${email}.`;
});

exposeState('signup', () => ({ data, view }));
