import { useEffect, useRef, type ReactNode } from 'react';
import type { ActivityItem, StepLabel } from '../lib/activity.js';
import type { Tone } from '../lib/run-phase.js';
import { HandIcon } from './icons.js';
import { Empty } from './ui.js';

const toneText: Record<Tone, string> = {
  neutral: 'text-stone-800',
  busy: 'text-stone-800',
  attention: 'text-amber-900',
  good: 'text-emerald-800',
  bad: 'text-rose-800',
};

const kindMarks: Record<ActivityItem['kind'], ReactNode> = {
  step: '▸',
  action: '·',
  check: '◦',
  manual: <HandIcon className="size-3" />,
  note: '‖',
};

/** What the agent did, in short sentences; the newest line stays in view while it runs. */
export function ActivityFeed({
  items,
  labels,
  onOpenStep,
}: {
  items: readonly ActivityItem[];
  labels: ReadonlyMap<string, StepLabel>;
  onOpenStep(stepId: string): void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Follow new lines only while the person has not scrolled up to read older ones.
  const pinned = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [items.length]);

  if (items.length === 0) return <Empty>Nothing has happened on screen yet.</Empty>;
  return (
    <div
      ref={scroller}
      className="h-full overflow-auto"
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 24;
      }}
    >
      <ol data-testid="activity-feed" className="py-1">
        {items.map((item) => {
          const step = item.stepId ? labels.get(item.stepId) : undefined;
          return (
            <li
              key={`${item.seq}-${item.kind}`}
              data-testid="activity-item"
              data-kind={item.kind}
              className={`flex gap-2 px-3 py-0.5 ${item.kind === 'step' ? 'mt-1 border-t border-stone-100 pt-1.5' : ''}`}
            >
              <span className="w-3 shrink-0 text-center text-stone-400">{kindMarks[item.kind]}</span>
              <div className="min-w-0 flex-1">
                <p className={`leading-snug ${toneText[item.tone]} ${item.kind === 'step' ? 'font-medium' : ''}`}>
                  {item.text}
                </p>
                {item.detail && (
                  <p className="truncate text-[11px] text-stone-500" title={item.detail}>
                    {item.detail}
                  </p>
                )}
              </div>
              {step && item.stepId && item.kind === 'step' && (
                <button
                  type="button"
                  className="h-5 shrink-0 rounded px-1.5 text-[11px] text-teal-700 hover:bg-teal-50"
                  onClick={() => onOpenStep(item.stepId!)}
                >
                  details
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
