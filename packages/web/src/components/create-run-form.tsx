import { useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ApiError } from '../api/api-types.js';
import { approvalModes, builtInScenarios } from '../lib/scenarios.js';
import type { PushNotice } from '../lib/notice.js';
import { Button, Panel } from './ui.js';

/** The planner chat's first message: the task, where it runs and who approves. */
export function CreateRunForm({
  api,
  push,
  onCreated,
}: {
  api: ApiClient;
  push: PushNotice;
  onCreated(runId: string): void;
}) {
  const [scenario, setScenario] = useState<string>(builtInScenarios[0].name);
  const [instruction, setInstruction] = useState('');
  const [approval, setApproval] = useState<'ask' | 'auto' | 'auto-all'>('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const result = await api.createRun({
      scenario,
      approval,
      ...(instruction.trim() ? { instruction: instruction.trim() } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result);
      push({ tone: 'error', title: 'The run was not started', error: result });
      return;
    }
    onCreated(result.value.id);
  };

  const chosen = builtInScenarios.find((entry) => entry.name === scenario);
  return (
    <Panel title="New task" bodyClassName="p-4" className="self-start">
      <form
        data-testid="create-run-form"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-stone-600">Environment</span>
          <select
            data-testid="create-run-scenario"
            value={scenario}
            onChange={(event) => setScenario(event.target.value)}
            className="h-8 rounded-md border border-stone-300 bg-white px-2 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
          >
            {builtInScenarios.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.title} ({entry.name})
              </option>
            ))}
          </select>
          {chosen && <span className="text-[11px] text-stone-500">{chosen.description}</span>}
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-stone-600">What should the agent do?</span>
          <textarea
            data-testid="create-run-instruction"
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
            }}
            rows={7}
            placeholder="Describe the task in plain language, e.g. “type 'Ada' into the 'Employee name' field, then click 'Next'”. Leave empty for the scenario's default task."
            className="resize-y rounded-md border border-stone-300 px-2.5 py-2 leading-relaxed outline-none placeholder:text-stone-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
          />
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-stone-600">Approvals</legend>
          <div className="grid grid-cols-3 gap-1 rounded-md bg-stone-100 p-0.5" data-testid="create-run-approval">
            {approvalModes.map((mode) => (
              <button
                key={mode.value}
                type="button"
                data-testid={`create-run-approval-${mode.value}`}
                aria-pressed={approval === mode.value}
                onClick={() => setApproval(mode.value)}
                className={`h-7 rounded text-xs font-medium ${approval === mode.value ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-500 hover:text-stone-800'}`}
              >
                {mode.label}
              </button>
            ))}
          </div>
          <span className="text-[11px] text-stone-500">
            {approvalModes.find((mode) => mode.value === approval)?.description}
          </span>
        </fieldset>
        {error && (
          <p className="rounded-md bg-rose-50 px-2.5 py-2 text-[12px] text-rose-800" data-testid="create-run-error">
            {error.error}
            {error.issues?.map((issue) => (
              <span key={issue.path} className="block font-mono text-[11px]">
                {issue.path}: {issue.message}
              </span>
            ))}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy} data-testid="create-run-submit" className="h-8">
          {busy ? 'Starting the browser…' : 'Plan this task'}
        </Button>
      </form>
    </Panel>
  );
}
