import type { SweepPage } from './pages.js';
import type { SecretBinding, SecretKind } from './secrets.js';

/** One secret a scenario plants. */
export interface Plant {
  readonly name: string;
  readonly kind: SecretKind;
  readonly binding: SecretBinding;
}

/** One task a person might give Sandpiper with a secret in it. */
export interface SweepScenario {
  readonly id: string;
  readonly engine: 'builtin' | 'model';
  /** `login` is the test bed's sign-in page; the others are served by ./pages.ts. */
  readonly page: 'login' | SweepPage;
  readonly plants: readonly Plant[];
  /**
   * The task. `slot(name)` is how the task names a planted value: `{{name}}` when it is bound,
   * the value itself when it is written in the task.
   */
  readonly task: (slot: (name: string) => string) => string;
  /**
   * A control plants an ordinary value that the run is meant to record, to show that the sweep
   * finds what is there; it is not counted among the leaks.
   */
  readonly control?: boolean;
  /** What the person should expect and why, for the table's notes. */
  readonly note?: string;
}

const password = (binding: SecretBinding): Plant => ({ name: 'password', kind: 'password', binding });
const token = (binding: SecretBinding): Plant => ({ name: 'api_token', kind: 'api-token', binding });

export const sweepScenarios: readonly SweepScenario[] = [
  {
    id: 'password-bound',
    engine: 'builtin',
    page: 'login',
    plants: [password('bound')],
    task: (slot) => `type 'ada@example.com' into Email, type ${slot('password')} into Password, then click Sign in`,
  },
  {
    id: 'password-literal',
    engine: 'builtin',
    page: 'login',
    plants: [password('literal')],
    task: (slot) => `type 'ada@example.com' into Email, type '${slot('password')}' into Password, then click Sign in`,
  },
  {
    id: 'password-shown',
    engine: 'builtin',
    page: 'login',
    plants: [password('bound')],
    task: (slot) => `type ${slot('password')} into Password, then check 'Show password'`,
    note: 'the page shows the password in clear once "Show password" is ticked',
  },
  {
    id: 'token-bound',
    engine: 'builtin',
    page: 'developer',
    plants: [token('bound')],
    task: (slot) => `type ${slot('api_token')} into the 'API token' field, then click 'Save token'`,
    note: 'a visible field, and the page repeats the token once saved',
  },
  {
    id: 'token-literal',
    engine: 'builtin',
    page: 'developer',
    plants: [token('literal')],
    task: (slot) => `type '${slot('api_token')}' into the 'API token' field, then click 'Save token'`,
    note: 'a visible field, and the page repeats the token once saved',
  },
  {
    id: 'card-literal',
    engine: 'builtin',
    page: 'checkout',
    plants: [{ name: 'card_number', kind: 'card-number', binding: 'literal' }],
    task: (slot) =>
      `type '${slot('card_number')}' into 'Card number', type '12/29' into 'Expiry date', then click 'Pay now'`,
  },
  {
    id: 'cvc-bound',
    engine: 'builtin',
    page: 'checkout',
    plants: [{ name: 'cvc', kind: 'cvc', binding: 'bound' }],
    task: (slot) => `type '12/29' into 'Expiry date', type ${slot('cvc')} into CVC, then click 'Pay now'`,
  },
  {
    id: 'otp-literal',
    engine: 'builtin',
    page: 'verify',
    plants: [{ name: 'otp', kind: 'one-time-code', binding: 'literal' }],
    task: (slot) => `type '${slot('otp')}' into the 'One-time code' field, then click Verify`,
  },
  {
    id: 'phrase-bound-notes',
    engine: 'builtin',
    page: 'profile',
    plants: [{ name: 'recovery_phrase', kind: 'recovery-phrase', binding: 'bound' }],
    task: (slot) => `type ${slot('recovery_phrase')} into Notes, then click Save`,
    note: 'a bound secret typed into an ordinary field',
  },
  {
    id: 'model-password-bound',
    engine: 'model',
    page: 'login',
    plants: [password('bound')],
    task: (slot) =>
      `Type 'ada@example.com' into the 'Email' field and type '${slot('password')}' into the 'Password' field`,
  },
  {
    id: 'model-token-bound',
    engine: 'model',
    page: 'developer',
    plants: [token('bound')],
    task: (slot) => `Type '${slot('api_token')}' into the 'API token' field, then click the 'Save token' button`,
  },
  {
    id: 'model-token-literal',
    engine: 'model',
    page: 'developer',
    plants: [token('literal')],
    task: (slot) => `Type '${slot('api_token')}' into the 'API token' field, then click the 'Save token' button`,
  },
  {
    id: 'model-card-literal',
    engine: 'model',
    page: 'checkout',
    plants: [
      { name: 'card_number', kind: 'card-number', binding: 'literal' },
      { name: 'cvc', kind: 'cvc', binding: 'literal' },
    ],
    task: (slot) =>
      `Type '${slot('card_number')}' into the 'Card number' field and type '${slot('cvc')}' into the 'CVC' field`,
  },
  {
    id: 'model-otp-bound',
    engine: 'model',
    page: 'verify',
    plants: [{ name: 'otp', kind: 'one-time-code', binding: 'bound' }],
    task: (slot) => `Type '${slot('otp')}' into the 'One-time code' field, then click the 'Verify' button`,
  },
  {
    id: 'control-builtin',
    engine: 'builtin',
    page: 'profile',
    plants: [{ name: 'display_name', kind: 'control', binding: 'literal' }],
    task: (slot) => `type '${slot('display_name')}' into 'Display name', then click Save`,
    control: true,
  },
  {
    id: 'control-model',
    engine: 'model',
    page: 'profile',
    plants: [{ name: 'display_name', kind: 'control', binding: 'literal' }],
    task: (slot) => `Type '${slot('display_name')}' into the 'Display name' field, then click the 'Save' button`,
    control: true,
  },
];
