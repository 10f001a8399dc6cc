import type { RunState } from '@sandpiper/core/projection';
import type { PlanEdit } from '@sandpiper/protocol';
import { useCallback, useState } from 'react';
import type { RunControl } from '../api/api-types.js';
import type { RunCommands } from '../hooks/use-run-commands.js';
import { useStepDraft } from '../hooks/use-step-draft.js';
import { queuedNotice } from '../lib/queued-changes.js';
import { candidateVersion, causeLabel, comparisonBase, workingPlan } from '../lib/run-phase.js';
import { CriteriaList } from './criteria-list.js';
import { PlanDecision } from './plan-decision.js';
import { ProposalView } from './proposal-view.js';
import { QueuedChangesNotice } from './queued-changes-notice.js';
import { StepList } from './step-list.js';
import { StepText } from './step-text.js';
import { Badge, Button, Empty, Panel } from './ui.js';

/**
 * The plan as the run works with it: the proposal awaiting approval beside the current plan, or
 * the steps with inline editing, the derived constraints and the success criteria. Changes the
 * server holds for the run's next safe point are shown above the steps until the run takes them.
 */
export function StepsPanel({
  state,
  control,
  readOnly,
  commands,
  onOpenStep,
}: {
  state: RunState;
  control: RunControl | undefined;
  readOnly: boolean;
  commands: RunCommands;
  onOpenStep(stepId: string): void;
}) {
  const [editingProposal, setEditingProposal] = useState<string>();
  const candidate = candidateVersion(state);
  const plan = workingPlan(state);
  const { send } = commands;
  const draft = useStepDraft(
    plan,
    useCallback((edits: PlanEdit[]) => send('edit', { edits }), [send]),
  );
  const queued = readOnly ? undefined : queuedNotice(control?.queuedChanges ?? [], state, control?.waitingFor);
  const requestId = state.pendingApproval?.requestId;
  const base = candidate ? comparisonBase(state, candidate) : undefined;
  const comparing = candidate !== undefined && base !== undefined && editingProposal !== candidate.id;
  const action = state.pendingApproval?.subject.type === 'action' ? state.pendingApproval.subject : undefined;
  const result = state.pendingApproval?.subject.type === 'result' ? state.pendingApproval.subject : undefined;
  const editable = !readOnly && plan !== undefined && state.phase !== 'ended' && state.phase !== 'planning';
  const criteria = (candidate ?? state.plan ?? plan)?.successCriteria ?? [];

  const title = plan ? (
    <span className="flex items-center gap-1.5 normal-case">
      <span className="tracking-wide uppercase">Plan</span>
      <span className="font-mono text-stone-400">v{plan.number}</span>
      <Badge
        tone={
          plan.state === 'locked'
            ? 'good'
            : plan.state === 'draft' || plan.state === 'proposal'
              ? 'attention'
              : 'neutral'
        }
      >
        {plan.state}
      </Badge>
      <span className="font-normal text-stone-400">{causeLabel(plan.cause)}</span>
    </span>
  ) : (
    'Plan'
  );

  return (
    <Panel
      title={title}
      testId="steps-panel"
      actions={
        candidate &&
        base && (
          <Button
            size="sm"
            variant="ghost"
            data-testid={comparing ? 'proposal-edit' : 'proposal-compare'}
            onClick={() => setEditingProposal(comparing ? candidate.id : undefined)}
          >
            {comparing ? '✎ Edit proposal' : '⇄ Compare'}
          </Button>
        )
      }
    >
      {action && (
        <div data-testid="action-approval" className="m-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5">
          <p className="text-[10px] font-semibold tracking-wide text-amber-700 uppercase">Approval needed</p>
          <p className="mt-0.5 font-medium text-stone-900">
            <StepText text={action.summary} />
          </p>
          <p className="mt-0.5 text-[12px] text-amber-900">{action.reason}</p>
          {!readOnly && (
            <div className="mt-2 flex justify-end">
              <PlanDecision
                key={requestId}
                commands={commands}
                subject="action"
                canRegenerate={false}
                requestId={requestId}
              />
            </div>
          )}
        </div>
      )}
      {result && (
        <div
          data-testid="result-confirmation"
          className="m-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5"
        >
          <p className="text-[10px] font-semibold tracking-wide text-amber-700 uppercase">Is the task done?</p>
          <p className="mt-0.5 font-medium text-stone-900">{result.summary}</p>
          <p className="mt-0.5 text-[12px] text-amber-900">
            But {result.reason}. Look at the screen and say whether it is done.
          </p>
          {!readOnly && (
            <div className="mt-2 flex justify-end">
              <PlanDecision
                key={requestId}
                commands={commands}
                subject="result"
                canRegenerate={false}
                requestId={requestId}
              />
            </div>
          )}
        </div>
      )}
      {queued && <QueuedChangesNotice notice={queued} />}
      {!plan && (
        <Empty>
          {state.phase === 'planning' || state.phase === 'created' ? 'The planner is writing the steps…' : 'No plan.'}
        </Empty>
      )}
      {candidate && !readOnly && (
        <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 bg-white/95 px-3 py-2 backdrop-blur">
          <p className="text-[12px] text-stone-600">
            {candidate.state === 'draft'
              ? 'Review the draft, edit it or regenerate, then approve.'
              : 'Approve to put this version in force.'}
          </p>
          <PlanDecision
            key={requestId}
            commands={commands}
            subject="plan"
            canRegenerate={!state.plan}
            requestId={requestId}
            draft={draft}
          />
        </div>
      )}
      {comparing && candidate && base && <ProposalView base={base} candidate={candidate} />}
      {plan && !comparing && (
        <>
          {plan.analysis && (
            <p
              className="border-b border-stone-100 px-3 py-2 text-[12px] leading-snug text-stone-500"
              title="The planner's reading of the task"
            >
              {plan.analysis}
            </p>
          )}
          <StepList
            plan={plan}
            editable={editable}
            haltedLabel={
              state.phase === 'ended'
                ? 'Stopped here'
                : state.phase === 'paused' || state.phase === 'taken-over'
                  ? 'Paused here'
                  : undefined
            }
            draft={draft}
            onOpenStep={onOpenStep}
          />
        </>
      )}
      {plan && (
        <div className="border-t border-stone-200">
          <details className="group" open={plan.constraints.length <= 4}>
            <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">
              <span className="transition-transform group-open:rotate-90">▸</span> Derived constraints ·{' '}
              {plan.constraints.length}
            </summary>
            <ul className="space-y-0.5 px-3 pb-2 text-[12px] text-stone-700" data-testid="constraints-list">
              {plan.constraints.map((constraint) => (
                <li key={constraint} className="flex gap-1.5">
                  <span className="text-stone-400">•</span>
                  {constraint}
                </li>
              ))}
            </ul>
          </details>
          <p className="px-3 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">
            Success criteria · {criteria.filter((criterion) => criterion.status === 'satisfied').length}/
            {criteria.length}
          </p>
          <CriteriaList criteria={criteria} evidence={state.criteriaEvidence} />
        </div>
      )}
    </Panel>
  );
}
