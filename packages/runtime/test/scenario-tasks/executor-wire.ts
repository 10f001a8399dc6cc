/**
 * The `SANDPIPER_EXECUTOR_LOOPBACK` value a scenario suite's runtime gets: '1' sends every
 * observation and action over the executor's WebSocket, as with a remote machine. A suite chooses
 * its default; the variable set to 1 or 0 in the test's environment overrides it, so
 * `npm run test:remote` runs every suite over the wire and `SANDPIPER_EXECUTOR_LOOPBACK=0` none.
 */
export function executorWire(byDefault: boolean): '1' | undefined {
  const forced = process.env['SANDPIPER_EXECUTOR_LOOPBACK'];
  if (forced === '1') return '1';
  if (forced === '0') return undefined;
  return byDefault ? '1' : undefined;
}
