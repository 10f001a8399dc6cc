import { criterionExactValue, type SuccessCriterion } from '@sandpiper/protocol';

const statusStyles: Record<SuccessCriterion['status'], { icon: string; className: string; label: string }> = {
  satisfied: { icon: '✓', className: 'bg-emerald-500 text-white', label: 'Satisfied' },
  unsatisfied: { icon: '✕', className: 'bg-rose-500 text-white', label: 'Not satisfied' },
  unknown: { icon: '?', className: 'bg-stone-200 text-stone-500', label: 'Not seen yet' },
};

/** Success criteria with their latest status and the evidence read from the screen. */
export function CriteriaList({
  criteria,
  evidence,
}: {
  criteria: readonly SuccessCriterion[];
  evidence: Readonly<Record<string, string>>;
}) {
  if (criteria.length === 0)
    return <p className="px-3 pb-2 text-[12px] text-stone-400">The planner set no criteria.</p>;
  return (
    <ul className="space-y-1 px-3 pb-2" data-testid="criteria-list">
      {criteria.map((criterion) => {
        const style = statusStyles[criterion.status];
        const seen = evidence[criterion.id];
        return (
          <li key={criterion.id} data-testid="criterion-row" data-status={criterion.status} className="flex gap-2">
            <span
              title={style.label}
              className={`mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full text-[9px] font-bold ${style.className}`}
            >
              {style.icon}
            </span>
            <div className="min-w-0 text-[12px] leading-snug">
              <p className="text-stone-800">
                {criterion.text}
                {exactValue(criterion) && (
                  <code className="ml-1 rounded bg-stone-100 px-1 font-mono text-[11px] text-stone-700">
                    {exactValue(criterion)}
                  </code>
                )}
              </p>
              {seen && <p className="text-[11px] text-stone-500">Seen: {seen}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The value a criterion needs exactly as written, shown beside it; absent for qualitative ones. */
function exactValue(criterion: SuccessCriterion): string | undefined {
  return criterionExactValue(criterion.check);
}
