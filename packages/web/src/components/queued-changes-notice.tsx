import type { QueuedNotice } from '../lib/queued-changes.js';

/** Changes the server holds for the run's next safe point: what they are and when the run takes them. */
export function QueuedChangesNotice({ notice }: { notice: QueuedNotice }) {
  return (
    <div
      data-testid="queued-changes"
      role="status"
      className="m-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2.5 text-[12px] text-sky-950"
    >
      <p className="font-medium" data-testid="queued-changes-headline">
        {notice.headline}
      </p>
      <ul className="mt-1 space-y-0.5">
        {notice.items.map((item, index) => (
          <li key={index} className="flex gap-1.5" data-testid="queued-change">
            <span className="text-sky-400">•</span>
            <span className="min-w-0">{item}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-[11px] text-sky-800">The plan below shows them once the run has taken them in.</p>
    </div>
  );
}
