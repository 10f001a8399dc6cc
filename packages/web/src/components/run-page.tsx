import { useMemo, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import { useLiveView } from '../hooks/use-live-view.js';
import { useNow } from '../hooks/use-now.js';
import { useRunCommands } from '../hooks/use-run-commands.js';
import { useRunStream } from '../hooks/use-run-stream.js';
import { useRunView } from '../hooks/use-run-view.js';
import { stepLabels } from '../lib/activity.js';
import { chatEntries } from '../lib/chat-entries.js';
import { describeEnvironment, truncate } from '../lib/format.js';
import { effectivePhase, workingPlan } from '../lib/run-phase.js';
import { ExecutionPanel, type ExecutionTab } from './execution-panel.js';
import { InterruptedBar } from './interrupted-bar.js';
import { LiveView } from './live-view.js';
import type { PushNotice } from '../lib/notice.js';
import { PlannerChat } from './planner-chat.js';
import { RunControls } from './run-controls.js';
import { RunTimeline } from './run-timeline.js';
import { StatusBar } from './status-bar.js';
import { StepDrawer } from './step-drawer.js';
import { StepsPanel } from './steps-panel.js';
import { Brand } from './token-gate.js';
import { Badge, Button } from './ui.js';

/** One run: review, steer and repair it while it runs, or read it afterwards. */
export function RunPage({
  api,
  runId,
  push,
  onHome,
}: {
  api: ApiClient;
  runId: string;
  push: PushNotice;
  onHome(): void;
}) {
  const stream = useRunStream(api, runId);
  const { events } = stream;
  const view = useRunView(api, runId, stream.state.lastSeq);
  const phase = effectivePhase(stream.state.phase, view.control?.waitingFor);
  const state = useMemo(() => ({ ...stream.state, phase }), [stream.state, phase]);
  const commands = useRunCommands(api, runId, push, view.refresh);
  const ended = state.phase === 'ended';
  const active = (view.control?.active ?? false) && !ended;
  const live = useLiveView(api, runId, active);
  // Stopped before it ended, with nothing driving it: it can be resumed here.
  const interrupted = !active && view.summary?.status === 'interrupted';
  const ticking = useNow(!ended && !interrupted && stream.caughtUp);
  // An ended or interrupted run's clock stops at its last event, whenever the page is opened.
  const now = ended || interrupted ? (state.lastEventAt ?? ticking) : ticking;
  const [openStep, setOpenStep] = useState<string>();
  const [tab, setTab] = useState<ExecutionTab>('activity');

  const labels = useMemo(() => stepLabels(state.versions, state.plan), [state.versions, state.plan]);
  const entries = useMemo(() => chatEntries(events), [events]);
  const plan = workingPlan(state);

  if (view.error && !view.summary && view.error.status === 404) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-stone-600">
        <p data-testid="run-missing">{view.error.error}</p>
        <Button onClick={onHome}>Back to runs</Button>
      </div>
    );
  }

  const instruction = state.task?.instruction ?? view.summary?.instruction ?? '';
  return (
    <div className="flex h-full min-h-0 flex-col bg-stone-100/70" data-testid="run-page" data-run-id={runId}>
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-stone-200 bg-white px-4">
        <button
          type="button"
          onClick={onHome}
          className="flex items-center gap-2"
          data-testid="nav-runs"
          title="All runs"
        >
          <Brand />
        </button>
        <span className="text-stone-300">/</span>
        <span className="font-mono text-[11px] text-stone-500">{runId}</span>
        <p className="min-w-0 flex-1 truncate text-stone-600" title={instruction}>
          {truncate(instruction, 200)}
        </p>
        {view.control && !active && !interrupted && (
          <Badge
            tone="neutral"
            testId="read-only-badge"
            title="This run is not driven by this server: it takes no commands."
          >
            Read-only
          </Badge>
        )}
        <a
          href={api.reportUrl(runId)}
          target="_blank"
          rel="noreferrer"
          data-testid="run-report-link"
          className="text-[12px] font-medium text-teal-700 hover:underline"
          title="The run's HTML report: every plan version, step, check and screenshot"
        >
          Report
        </a>
        {active && <RunControls state={state} control={view.control} commands={commands} />}
      </header>
      {interrupted && <InterruptedBar api={api} runId={runId} state={state} push={push} onResumed={view.refresh} />}
      <StatusBar
        interrupted={interrupted}
        state={state}
        events={events}
        control={view.control}
        streamStatus={stream.status}
        streamProblem={stream.problem}
        live={live}
        now={now}
        plan={plan}
      />
      <main className="grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)] grid-cols-[minmax(280px,340px)_minmax(380px,1fr)_minmax(420px,1.15fr)] gap-3 p-3">
        <PlannerChat
          instruction={instruction}
          where={describeEnvironment(state.task?.environment)}
          approval={state.task?.approval}
          entries={entries}
          caughtUp={stream.caughtUp}
          canSend={active}
          question={view.control?.waitingFor?.type === 'question' ? view.control.waitingFor.question : undefined}
          busy={commands.busy === 'guidance'}
          onSend={(text) => commands.send('guidance', { text })}
          onRetry={() => commands.send('approve', {})}
        />
        <StepsPanel
          state={state}
          control={view.control}
          readOnly={!active}
          commands={commands}
          onOpenStep={setOpenStep}
        />
        <div className="flex min-h-0 flex-col gap-3">
          <LiveView
            api={api}
            live={live}
            observation={state.lastObservation}
            phase={state.phase}
            active={active}
            commands={commands}
            collapsed={tab === 'annotate' && state.phase !== 'taken-over'}
            onExpand={() => setTab('activity')}
          />
          <ExecutionPanel
            api={api}
            state={state}
            events={events}
            labels={labels}
            readOnly={!active}
            commands={commands}
            onOpenStep={setOpenStep}
            push={push}
            tab={tab}
            onTab={setTab}
          />
        </div>
      </main>
      <RunTimeline state={state} events={events} plan={plan} now={now} onOpenStep={setOpenStep} />
      {openStep && (
        <StepDrawer
          api={api}
          stepId={openStep}
          events={events}
          labels={labels}
          plan={plan}
          onClose={() => setOpenStep(undefined)}
        />
      )}
    </div>
  );
}
