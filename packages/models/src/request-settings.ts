import type { ModelWarning, ReasoningEffort } from './contract.js';
import type { ModelCapabilities } from './profiles.js';

/**
 * Request settings a profile may forbid or narrow, shared by the adapters: sending a setting the
 * model rejects costs a whole call (HTTP 400), so it is dropped here with a warning instead.
 */

/** The temperature to send: none to a model that takes only its default (it would answer HTTP 400). */
export function sampling(
  model: string,
  temperature: number | undefined,
  capabilities: ModelCapabilities | undefined,
  warnings: ModelWarning[],
): number | undefined {
  if (temperature === undefined || capabilities?.temperature !== false) return temperature;
  warnings.push({
    type: 'unsupported-setting',
    message: `${model} accepts only its default temperature; ${temperature} was not sent`,
  });
  return undefined;
}

/** The effort to send: only to reasoning models, raised to the nearest effort the model offers. */
export function reasoningEffort(
  model: string,
  effort: ReasoningEffort | undefined,
  capabilities: ModelCapabilities | undefined,
  warnings: ModelWarning[],
): ReasoningEffort | undefined {
  if (effort === undefined) return undefined;
  const offered = capabilities?.reasoning?.efforts ?? [];
  if (offered.length === 0) {
    warnings.push({
      type: 'unsupported-setting',
      message: `${model} takes no reasoning effort; "${effort}" was not sent`,
    });
    return undefined;
  }
  if (offered.includes(effort)) return effort;
  const order: readonly ReasoningEffort[] = ['minimal', 'low', 'medium', 'high'];
  const raised = offered.find((each) => order.indexOf(each) >= order.indexOf(effort)) ?? offered[offered.length - 1]!;
  warnings.push({
    type: 'unsupported-setting',
    message: `${model} offers no "${effort}" reasoning effort; "${raised}" was sent`,
  });
  return raised;
}
