import type { Engine } from '@sandpiper/core';
import { ModelUnavailableError } from '@sandpiper/model-engine';

/**
 * An engine on a primary model with a fallback model behind it: every role asks the primary
 * until one of its calls finds the model unreachable (a bad key, a rate limit, an overload, a
 * server error, a timeout, a body that is no answer), and from then on, for the rest of the run,
 * every role asks the fallback, starting with the call that failed. The primary must be built to
 * throw {@link ModelUnavailableError} in that case (`unavailableThrows`); its failed call is still
 * a `model-call` event with its error, and each later call names the fallback model, so the log
 * shows when and why the run switched.
 *
 * A model that answered, however badly, is not replaced: repairs and safe outcomes stay the
 * primary's, so the fallback cannot hide a model that reads the screen wrongly.
 */
export function createFallbackEngine(primary: Engine, fallback: Engine): Engine {
  let switched = false;
  function pick<R extends object>(primaryRole: R, fallbackRole: R): R {
    const wrapped: Record<string, unknown> = {};
    for (const key of Object.keys(primaryRole) as (keyof R & string)[]) {
      const own = primaryRole[key];
      if (typeof own !== 'function') continue;
      wrapped[key] = async (...args: unknown[]) => {
        const backup = fallbackRole[key];
        const callBackup = () => (backup as (...args: unknown[]) => Promise<unknown>).apply(fallbackRole, args);
        if (typeof backup !== 'function')
          return (own as (...args: unknown[]) => Promise<unknown>).apply(primaryRole, args);
        if (switched) return callBackup();
        try {
          return await (own as (...args: unknown[]) => Promise<unknown>).apply(primaryRole, args);
        } catch (error: unknown) {
          if (!ModelUnavailableError.isInstance(error)) throw error;
          switched = true;
          return callBackup();
        }
      };
    }
    return wrapped as R;
  }
  const optional = <R extends object>(first: R | undefined, second: R | undefined): R | undefined =>
    first === undefined || second === undefined ? (first ?? second) : pick(first, second);
  const loopJudge = optional(primary.loopJudge, fallback.loopJudge);
  const recovery = optional(primary.recovery, fallback.recovery);
  const critic = optional(primary.critic, fallback.critic);
  return {
    name: `${primary.name}, falling back to ${fallback.name}`,
    planner: pick(primary.planner, fallback.planner),
    operator: pick(primary.operator, fallback.operator),
    grounder: pick(primary.grounder, fallback.grounder),
    reflector: pick(primary.reflector, fallback.reflector),
    judge: pick(primary.judge, fallback.judge),
    ...(loopJudge === undefined ? {} : { loopJudge }),
    ...(recovery === undefined ? {} : { recovery }),
    ...(critic === undefined ? {} : { critic }),
    async close() {
      await Promise.all([primary.close?.(), fallback.close?.()]);
    },
  };
}
