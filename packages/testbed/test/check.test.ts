import { describe, expect, it } from 'vitest';
import { createPageChecks, firstDifference, testbedTasks } from '../src/index.js';
import { signupInitialData } from '../src/fixtures/signup.js';

describe('firstDifference', () => {
  it('is undefined for equal JSON and names the first differing path otherwise', () => {
    expect(firstDifference({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }, 'data')).toBeUndefined();
    expect(firstDifference({ a: [1, { b: 'y' }] }, { a: [1, { b: 'x' }] }, 'data')).toBe(
      'data.a[1].b: expected "x", saw "y"',
    );
    expect(firstDifference({ a: [1, 2] }, { a: [1] }, 'data')).toMatch(/^data\.a: expected 1 item/);
    expect(firstDifference({ a: 1, extra: true }, { a: 1 }, 'data')).toBe('data.extra: not expected, saw true');
  });
});

describe('createPageChecks', () => {
  const on = createPageChecks<{ rows: string[]; note: string }, { tab: string }>('login', {
    rows: ['a', 'b'],
    note: '',
  });
  const state = (data: unknown, view: unknown = { tab: 'one' }) => ({ page: 'login', data, view });

  it('passes the intended change and fails a near miss with one extra effect', () => {
    const check = on.expect((data) => {
      data.rows = ['a'];
    });
    expect(check(state({ rows: ['a'], note: '' })).ok).toBe(true);
    expect(check(state({ rows: [], note: '' })).ok).toBe(false);
    expect(check(state({ rows: ['a'], note: 'typed' })).ok).toBe(false);
  });

  it('checks only the view entries it names', () => {
    const check = on.expect(() => undefined, { tab: 'two' });
    expect(check(state({ rows: ['a', 'b'], note: '' }, { tab: 'two', other: 1 })).ok).toBe(true);
    expect(check(state({ rows: ['a', 'b'], note: '' }, { tab: 'one' })).ok).toBe(false);
  });

  it('refuses a done check that expects nothing to change', () => {
    expect(() => on.expect(() => undefined)).toThrow(/untouched/);
  });

  it('passes untouched only while the data equals the initial data', () => {
    const check = on.untouched();
    expect(check(state({ rows: ['a', 'b'], note: '' }, { tab: 'anything' })).ok).toBe(true);
    expect(check(state({ rows: ['b', 'a'], note: '' })).ok).toBe(false);
  });
});

describe('a sign-up whose goal names no password', () => {
  const task = testbedTasks.find((candidate) => candidate.id === 'signup/pro-account-in-kenya')!;
  const account = { name: 'Lin Okafor', email: 'lin.okafor@example.org', country: 'KE', plan: 'pro' as const };
  const state = (password: string, confirmPassword: string) => ({
    page: 'signup',
    view: { errors: [] },
    data: {
      ...signupInitialData,
      ...account,
      password,
      confirmPassword,
      terms: true,
      account: { ...account, newsletter: true },
    },
  });

  it('passes with any password the page took, and fails two that differ', () => {
    expect(task.check(state('Tidepool-77', 'Tidepool-77')).ok).toBe(true);
    expect(task.check(state('Savanna-Port-24', 'Savanna-Port-24')).ok).toBe(true);
    expect(task.check(state('Savanna-Port-24', 'Savanna-Port-25')).ok).toBe(false);
    expect(task.check(state('short', 'short')).ok).toBe(false);
  });
});
