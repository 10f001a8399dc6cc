import { criterionIdentity, type PlanChange, type PlanVersion } from '@sandpiper/protocol';
import { sameStep } from './same-step.js';

const QUOTE_LIMIT = 40;

/**
 * One line a person reads to know what a revision does, e.g.
 * `Adds 2 steps, removes 1, rewrites step 3 ("Type 'Ada' into the Name field"), moves 1.`
 * Step numbers count over the whole plan from 1, as the plan is shown. A pending step that left
 * the list because it ran is reported as completed, not removed.
 */
export function summarizePlanDiff(from: PlanVersion, to: PlanVersion, changes: readonly PlanChange[]): string {
  const completedIds = new Set(to.completed.map((step) => step.id));
  const again = sameStepsWrittenAgain(changes, completedIds);
  const rewrittenAgain = again.size / 2;
  if (rewrittenAgain > 0) changes = changes.filter((change) => !again.has(change));
  const completed: Extract<PlanChange, { type: 'removed' }>[] = [];
  const counts = { added: 0, removed: 0, moved: 0 };
  const rewritten: Extract<PlanChange, { type: 'changed' }>[] = [];
  const restatused: Extract<PlanChange, { type: 'changed' }>[] = [];
  for (const change of changes) {
    if (change.type === 'removed' && completedIds.has(change.step.id)) completed.push(change);
    else if (change.type === 'changed') {
      const reworded = !sameStep({ ...change.before, status: change.after.status }, change.after);
      (reworded ? rewritten : restatused).push(change);
    } else counts[change.type] += 1;
  }

  const phrases: string[] = [];
  let nounShown = false;
  // The first count names its noun ("adds 2 steps"); later ones lean on it ("removes 1").
  const count = (verb: string, amount: number): string => {
    const noun = nounShown ? '' : amount === 1 ? ' step' : ' steps';
    nounShown = true;
    return `${verb} ${amount}${noun}`;
  };
  const fromNumber = (index: number) => from.completed.length + index + 1;
  const toNumber = (index: number) => to.completed.length + index + 1;

  const [onlyCompleted] = completed;
  if (completed.length === 1 && onlyCompleted !== undefined) {
    phrases.push(`completes step ${fromNumber(onlyCompleted.index)} (${quote(onlyCompleted.step.text)})`);
  } else if (completed.length > 1) phrases.push(count('completes', completed.length));
  if (counts.added > 0) phrases.push(count('adds', counts.added));
  if (counts.removed > 0) phrases.push(count('removes', counts.removed));
  const [onlyRewritten] = rewritten;
  if (rewritten.length === 1 && onlyRewritten !== undefined) {
    phrases.push(`rewrites step ${toNumber(onlyRewritten.index)} (${quote(onlyRewritten.after.text)})`);
  } else if (rewritten.length > 1) phrases.push(count('rewrites', rewritten.length));
  const [onlyRestatused] = restatused;
  if (restatused.length === 1 && onlyRestatused !== undefined) {
    phrases.push(`marks step ${toNumber(onlyRestatused.index)} as ${onlyRestatused.after.status}`);
  } else if (restatused.length > 1) phrases.push(`changes the status of ${restatused.length} steps`);
  if (counts.moved > 0) phrases.push(count('moves', counts.moved));
  if (!sameCriteria(from, to)) phrases.push('updates the success criteria');
  if (!sameList(from.constraints, to.constraints)) phrases.push('updates the constraints');

  if (rewrittenAgain > 0) {
    const same = `the same ${rewrittenAgain} step${rewrittenAgain === 1 ? '' : 's'} as before`;
    if (phrases.length === 0) return `Identical to the version it replaces: ${same}.`;
    phrases.unshift(`keeps ${same}`);
  }
  if (phrases.length === 0) return 'No changes.';
  const line = `${phrases.join(', ')}.`;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function quote(text: string): string {
  return `"${text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT - 3)}...` : text}"`;
}

/**
 * The additions and removals that are one step written again word for word at the same position
 * under a fresh id (as a regenerated plan writes its steps): both changes of each such pair. A
 * step that left the list because it ran is no twin: the same words added again are a step to
 * do once more.
 */
function sameStepsWrittenAgain(changes: readonly PlanChange[], completedIds: ReadonlySet<string>): Set<PlanChange> {
  const pairs = new Set<PlanChange>();
  const removed = changes.filter(
    (change): change is Extract<PlanChange, { type: 'removed' }> =>
      change.type === 'removed' && !completedIds.has(change.step.id),
  );
  for (const addition of changes) {
    if (addition.type !== 'added') continue;
    const twin = removed.find(
      (removal) =>
        !pairs.has(removal) &&
        removal.index === addition.index &&
        sameStep({ ...removal.step, id: addition.step.id }, addition.step),
    );
    if (twin) {
      pairs.add(addition);
      pairs.add(twin);
    }
  }
  return pairs;
}

function sameCriteria(from: PlanVersion, to: PlanVersion): boolean {
  return sameList(from.successCriteria.map(criterionIdentity), to.successCriteria.map(criterionIdentity));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
