import type { Step } from '@sandpiper/protocol';

/** Content equality: text, expected outcome, marked area and status (a status change is shown as a change too). */
export function sameStep(a: Step, b: Step): boolean {
  return (
    a.text === b.text &&
    a.expectedOutcome === b.expectedOutcome &&
    a.status === b.status &&
    sameRegion(a.region, b.region)
  );
}

function sameRegion(a: Step['region'], b: Step['region']): boolean {
  if (a === undefined || b === undefined) return a === b;
  const [p, q] = [a.box, b.box];
  return a.label === b.label && p.x === q.x && p.y === q.y && p.width === q.width && p.height === q.height;
}
