import type { Engine } from '../engine.js';
import type { SecretBook } from './secrets.js';

/**
 * The engine as a run hands it work: every role's input passes through the run's secret book
 * first, so no role (and no model prompt) reads a secret learnt after the state it works from was
 * recorded. The plan made from an instruction that spelled a password out reads
 * `{{typed-secret-1}}` once the password is typed, and a retry that types that placeholder gets
 * the value back at the environment.
 */
export function redactingEngine(engine: Engine, book: SecretBook): Engine {
  const roles = ['planner', 'operator', 'grounder', 'reflector', 'judge', 'loopJudge', 'recovery', 'critic'] as const;
  const wrapped: Record<string, unknown> = {};
  for (const name of roles) {
    const role = engine[name];
    if (role !== undefined) wrapped[name] = redactingRole(role, book);
  }
  return new Proxy(engine, {
    get: (target, key, receiver) =>
      typeof key === 'string' && key in wrapped ? wrapped[key] : (Reflect.get(target, key, receiver) as unknown),
  });
}

/** A role whose methods get their input (the argument after the handle) redacted. */
function redactingRole<T extends object>(role: T, book: SecretBook): T {
  return new Proxy(role, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (handle: unknown, input: unknown, ...rest: unknown[]) =>
        (value as (...args: unknown[]) => unknown).call(target, handle, book.redact(input), ...rest);
    },
  });
}
