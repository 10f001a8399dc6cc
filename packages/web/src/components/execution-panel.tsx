import type { RunState } from '@sandpiper/core/projection';
import type { RunEvent } from '@sandpiper/protocol';
import { useMemo } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { RunCommands } from '../hooks/use-run-commands.js';
import { activityItems, type StepLabel } from '../lib/activity.js';
import { workingPlan } from '../lib/run-phase.js';
import { ActivityFeed } from './activity-feed.js';
import { AnnotationCanvas } from './annotation-canvas.js';
import type { PushNotice } from '../lib/notice.js';
import { StepDot } from './step-list.js';

export type ExecutionTab = 'activity' | 'annotate';

/** The step timeline, the activity feed and the annotation canvas on the current screenshot. */
export function ExecutionPanel({
  api,
  state,
  events,
  labels,
  readOnly,
  commands,
  onOpenStep,
  push,
  tab,
  onTab,
}: {
  api: ApiClient;
  state: RunState;
  events: readonly RunEvent[];
  labels: ReadonlyMap<string, StepLabel>;
  readOnly: boolean;
  commands: RunCommands;
  onOpenStep(stepId: string): void;
  push: PushNotice;
  tab: ExecutionTab;
  onTab(tab: ExecutionTab): void;
}) {
  const items = useMemo(() => activityItems(events, labels), [events, labels]);
  const plan = workingPlan(state);
  const steps = plan ? [...plan.completed, ...plan.pending] : [];

  return (
    <section
      className="flex min-h-[240px] flex-1 flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xs"
      data-testid="execution-panel"
    >
      <header className="flex h-9 shrink-0 items-center gap-1 border-b border-stone-200 px-1.5">
        {(['activity', 'annotate'] as const).map((name) => (
          <button
            key={name}
            type="button"
            data-testid={`tab-${name}`}
            aria-selected={tab === name}
            role="tab"
            onClick={() => onTab(name)}
            className={`h-7 rounded-md px-2.5 text-[12px] font-medium ${tab === name ? 'bg-stone-100 text-stone-900' : 'text-stone-500 hover:text-stone-800'}`}
          >
            {name === 'activity' ? `Activity · ${items.length}` : '✎ Annotate screenshot'}
          </button>
        ))}
      </header>
      {steps.length > 0 && (
        <div
          className="flex shrink-0 items-center gap-1 overflow-x-auto border-b border-stone-100 px-3 py-1.5"
          data-testid="step-timeline"
        >
          {steps.map((step, index) => (
            <button
              key={step.id}
              type="button"
              data-testid="step-timeline-item"
              data-status={step.status}
              title={`${index + 1}. ${step.text}`}
              onClick={() => onOpenStep(step.id)}
              className={`flex shrink-0 items-center rounded-full p-px hover:ring-2 hover:ring-teal-200 ${state.currentStep?.stepId === step.id ? 'ring-2 ring-sky-300' : ''}`}
            >
              <StepDot number={index + 1} status={step.status} />
            </button>
          ))}
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-hidden">
        {tab === 'activity' ? (
          <ActivityFeed items={items} labels={labels} onOpenStep={onOpenStep} />
        ) : (
          <AnnotationCanvas
            api={api}
            observation={state.lastObservation}
            readOnly={readOnly}
            busy={commands.busy === 'annotation'}
            onSend={async (annotation) => {
              const sent = await commands.send('annotation', annotation);
              if (sent) push({ tone: 'info', title: 'Annotation sent: the planner will propose a repair.' });
              return sent;
            }}
          />
        )}
      </div>
    </section>
  );
}
