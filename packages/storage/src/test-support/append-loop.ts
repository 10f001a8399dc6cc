// Child process used by the durability tests: appends warnings to one run and prints each stored
// sequence number on its own line once `append` has resolved (that is, after the commit).
// Arguments: <dataDir> <runId> <label> <count | forever> [--padding=<bytes>] [--wait-for-go] [--claim]
// With --wait-for-go it prints "ready" after opening the store and starts on the first stdin line,
// so that several writers can be released at the same moment. With --claim it claims the run first
// (and prints "claimed"), as a process that drives the run does.
import { openStore } from '../store.js';

const [dataDir, runId, label, countArgument, ...flags] = process.argv.slice(2);
if (dataDir === undefined || runId === undefined || label === undefined || countArgument === undefined) {
  process.stderr.write(
    'usage: append-loop <dataDir> <runId> <label> <count | forever> [--padding=N] [--wait-for-go] [--claim]\n',
  );
  process.exit(2);
}
const count = countArgument === 'forever' ? Number.POSITIVE_INFINITY : Number(countArgument);
const paddingFlag = flags.find((flag) => flag.startsWith('--padding='));
const padding = 'x'.repeat(Number(paddingFlag?.slice('--padding='.length) ?? '0'));

const store = openStore({ dataDir });
if (flags.includes('--claim')) {
  store.claimRun(runId);
  process.stdout.write('claimed\n');
}
if (flags.includes('--wait-for-go')) {
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
}
for (let index = 1; index <= count; index += 1) {
  const event = await store.append(runId, {
    source: 'agent',
    payload: { type: 'warning', message: `${label} ${index} ${padding}`.trim() },
  });
  process.stdout.write(`${event.seq}\n`);
}
// Exit without close() on purpose: a writer that simply ends must not lose anything either.
process.exit(0);
