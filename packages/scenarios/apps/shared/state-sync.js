// Reports an app's state to the scenario server after every change, so a test or a benchmark can
// judge what the app really holds instead of what an agent claims.
//
// The session comes from `?session=` in the page address. It is remembered for the tab, so a page
// opened later without the parameter (an "open /path" step) still reports to the same session.
// `<html data-state-sync>` reads "pending" while a report is on its way, "synced" once the server
// holds the newest state, and "error" when the last report was refused.

// Keep in step with sessionIdPattern in src/server.ts.
const SESSION_PATTERN = /^[A-Za-z0-9._:/-]{1,128}$/;
const SESSION_KEY = 'sandpiper-session';

export function readSession() {
  const fromQuery = new URLSearchParams(window.location.search).get('session');
  if (fromQuery !== null && SESSION_PATTERN.test(fromQuery)) {
    window.sessionStorage.setItem(SESSION_KEY, fromQuery);
    return fromQuery;
  }
  const remembered = window.sessionStorage.getItem(SESSION_KEY);
  return remembered !== null && SESSION_PATTERN.test(remembered) ? remembered : 'default';
}

/** True when the page was opened with `?surprise=1`. */
export function surpriseRequested() {
  return new URLSearchParams(window.location.search).get('surprise') === '1';
}

export function createStateSync(scenario) {
  const session = readSession();
  const root = document.documentElement;
  const endpoint = `/api/state/${scenario}?session=${encodeURIComponent(session)}`;
  let seq = 0;
  let queued = null;
  let sending = false;

  // One request at a time, always carrying the newest snapshot: the server can never end up
  // holding an older state because two requests overtook each other.
  async function drain() {
    sending = true;
    let failed = false;
    while (queued !== null) {
      const body = JSON.stringify(queued);
      queued = null;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        failed = !response.ok;
        if (failed) console.error(`State report refused: ${await response.text()}`);
      } catch (error) {
        failed = true;
        console.error('State report failed', error);
      }
    }
    sending = false;
    root.dataset.stateSync = failed ? 'error' : 'synced';
  }

  return {
    session,
    report(state) {
      seq += 1;
      queued = { seq, state };
      root.dataset.stateSync = 'pending';
      root.dataset.stateSeq = String(seq);
      if (!sending) void drain();
    },
  };
}
