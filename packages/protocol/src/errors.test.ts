import { describe, expect, it } from 'vitest';
import { BudgetError, EnvironmentError, errorKindOf, errorOutcomes, SandpiperError, UsageError } from './errors.js';
import { ContractError } from './validation.js';

describe('the error hierarchy', () => {
  it('tells errors apart by kind, not by class, and anything foreign is a bug', () => {
    expect(errorKindOf(new UsageError('bad flag'))).toBe('usage');
    expect(errorKindOf(new EnvironmentError('no chromium'))).toBe('environment');
    expect(errorKindOf(new ContractError('task', [{ path: 'x', message: 'y' }], 'invariant'))).toBe('invariant');
    expect(errorKindOf(new Error('oops'))).toBe('invariant');
    expect(errorKindOf('a string')).toBe('invariant');
  });

  it("answers isInstance for a kind's class only for errors of that kind", () => {
    const budget = new BudgetError('out of time');
    expect(BudgetError.isInstance(budget)).toBe(true);
    expect(BudgetError.isInstance(new SandpiperError('cancelled', 'stopped'))).toBe(false);
    expect(UsageError.isInstance(new SandpiperError('usage', 'any class of that kind'))).toBe(true);
    expect(EnvironmentError.isInstance(new UsageError('x'))).toBe(false);
    expect(ContractError.isInstance(new UsageError('x'))).toBe(false);
    expect(SandpiperError.isInstance(budget)).toBe(true);
  });

  it('maps every kind to an exit code and an HTTP status in one table', () => {
    expect(errorOutcomes.usage).toEqual({ exitCode: 2, httpStatus: 400 });
    expect(errorOutcomes.environment.exitCode).toBe(3);
    expect(errorOutcomes.invariant.httpStatus).toBe(500);
  });
});
