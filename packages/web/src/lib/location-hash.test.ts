import { describe, expect, it } from 'vitest';
import { hashFor, loadToken, readLocationHash, saveToken } from './location-hash.js';

describe('the location hash', () => {
  it('reads the token the server prints', () => {
    expect(readLocationHash('#token=abc-DEF_123')).toEqual({ token: 'abc-DEF_123', route: { type: 'home' } });
  });

  it('reads a run route with or without a token', () => {
    expect(readLocationHash('#/runs/r20261130-0542-04fd10')).toEqual({
      route: { type: 'run', runId: 'r20261130-0542-04fd10' },
    });
    expect(readLocationHash('#token=t0k3n&run=r1')).toEqual({ token: 't0k3n', route: { type: 'run', runId: 'r1' } });
    expect(readLocationHash('#/runs/r1?token=t0k3n')).toEqual({ token: 't0k3n', route: { type: 'run', runId: 'r1' } });
  });

  it('round-trips a route through its hash, which never carries the token', () => {
    const route = { type: 'run', runId: 'r 1/2' } as const;
    expect(hashFor(route)).not.toContain('token');
    expect(readLocationHash(hashFor(route)).route).toEqual(route);
    expect(readLocationHash(hashFor({ type: 'home' })).route).toEqual({ type: 'home' });
    expect(readLocationHash('').route).toEqual({ type: 'home' });
  });

  it('keeps the token in the storage it is given', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(loadToken(storage)).toBeUndefined();
    saveToken(storage, 'secret-token');
    expect(loadToken(storage)).toBe('secret-token');
  });
});
