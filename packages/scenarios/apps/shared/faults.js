// Planted faults for the false-completion benchmark, asked for with `?fault=<name>`. Each one
// makes an app misbehave the way real apps sometimes do, so that following a plan step by step
// looks finished while the person's goal is not met. Without the parameter the apps behave
// normally. Keep the names in step with scenarioFaults in src/faults.ts.
const FAULTS = ['stuck-save', 'extra-confirm', 'field-reset', 'value-rounding'];

/** The fault the page was opened with, or null when none (or an unknown one) was asked for. */
export function requestedFault() {
  const name = new URLSearchParams(window.location.search).get('fault');
  return FAULTS.includes(name) ? name : null;
}

/**
 * A trigger that fires on its first use only: the field-reset fault wipes a field once, so the
 * person (or an agent) who enters the value again sees it stick.
 */
export function once(action) {
  let fired = false;
  return (...args) => {
    if (fired) return false;
    fired = true;
    action(...args);
    return true;
  };
}
