import type { ServerInfo } from '@sandpiper/protocol';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ApiError } from '../api/api-types.js';
import { approvalModes } from '../lib/approval-modes.js';
import { buildCreateRequest, targetKinds, type EngineChoice, type TargetKind } from '../lib/create-request.js';
import type { PushNotice } from '../lib/notice.js';
import { Button, Panel } from './ui.js';

type Approval = 'ask' | 'auto' | 'auto-all';

const inputClass =
  'h-8 rounded-md border border-stone-300 bg-white px-2 outline-none placeholder:text-stone-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20';

/** The planner chat's first message: the task, where it runs, which engine runs it and who approves. */
export function CreateRunForm({
  api,
  push,
  onCreated,
}: {
  api: ApiClient;
  push: PushNotice;
  onCreated(runId: string): void;
}) {
  const [info, setInfo] = useState<ServerInfo>();
  const [target, setTarget] = useState<TargetKind>('scenario');
  const [scenario, setScenario] = useState('');
  const [desktopScenario, setDesktopScenario] = useState('');
  const [url, setUrl] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [targetId, setTargetId] = useState('');
  const [engine, setEngine] = useState<EngineChoice>('server');
  const [modelSpec, setModelSpec] = useState('');
  const [instruction, setInstruction] = useState('');
  const [approval, setApproval] = useState<Approval>('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();

  useEffect(() => {
    let cancelled = false;
    void api.info().then((result) => {
      if (cancelled) return;
      if (result.ok) {
        setInfo(result.value);
        setScenario((current) => current || (result.value.scenarios[0]?.name ?? ''));
        setDesktopScenario((current) => current || (result.value.desktopScenarios[0]?.name ?? ''));
      } else {
        setError(result);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [api]);

  const submit = async () => {
    const built = buildCreateRequest({
      target,
      scenario,
      desktopScenario,
      url,
      endpoint,
      targetId,
      engine,
      modelSpec,
      instruction,
      approval,
    });
    if (!built.ok) {
      setError({ ok: false, status: 0, error: built.error, issues: [{ path: built.field, message: built.error }] });
      return;
    }
    setBusy(true);
    setError(undefined);
    const result = await api.createRun(built.request);
    setBusy(false);
    if (!result.ok) {
      setError(result);
      push({ tone: 'error', title: 'The run was not started', error: result });
      return;
    }
    onCreated(result.value.id);
  };

  const chosen = info?.scenarios.find((entry) => entry.name === scenario);
  const chosenDesktop = info?.desktopScenarios.find((entry) => entry.name === desktopScenario);
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
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-stone-600">Where</legend>
          <Segmented
            testId="create-run-target"
            options={targetKinds}
            value={target}
            onChange={(value) => setTarget(value)}
          />
          {target === 'scenario' && (
            <>
              <select
                data-testid="create-run-scenario"
                aria-label="Built-in scenario"
                value={scenario}
                onChange={(event) => setScenario(event.target.value)}
                className={inputClass}
              >
                {info?.scenarios.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.title} ({entry.name})
                  </option>
                ))}
              </select>
              {chosen && <span className="text-[11px] text-stone-500">Example task: {chosen.defaultTask}</span>}
            </>
          )}
          {target === 'desktop' && (
            <>
              <select
                data-testid="create-run-desktop-scenario"
                aria-label="Desktop scenario"
                value={desktopScenario}
                onChange={(event) => setDesktopScenario(event.target.value)}
                className={inputClass}
              >
                {info?.desktopScenarios.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.title} ({entry.name})
                  </option>
                ))}
                <option value="">An empty desktop</option>
              </select>
              <span className="text-[11px] text-stone-500">
                {chosenDesktop
                  ? `A private Linux desktop with the document open in LibreOffice; it is saved in the run's directory. Example task: ${chosenDesktop.exampleTask}`
                  : 'A private Linux desktop (Xvfb with openbox) with nothing open.'}
              </span>
            </>
          )}
          {target === 'url' && (
            <input
              data-testid="create-run-url"
              aria-label="Web address"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="http://127.0.0.1:8080/form.html"
              className={inputClass}
            />
          )}
          {target === 'cdp' && (
            <>
              <input
                data-testid="create-run-cdp"
                aria-label="DevTools endpoint"
                value={endpoint}
                onChange={(event) => setEndpoint(event.target.value)}
                placeholder="http://127.0.0.1:9222"
                className={inputClass}
              />
              <input
                data-testid="create-run-cdp-target"
                aria-label="DevTools target id (optional)"
                value={targetId}
                onChange={(event) => setTargetId(event.target.value)}
                placeholder="Target id (optional: the first page when empty)"
                className={inputClass}
              />
              <span className="text-[11px] text-stone-500">
                Start your Chromium with <code>--remote-debugging-port=9222</code>; Sandpiper acts on its page and
                leaves it open afterwards.
              </span>
            </>
          )}
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-stone-600">What should the agent do?</span>
          <textarea
            data-testid="create-run-instruction"
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
            }}
            rows={6}
            placeholder="Describe the task in plain language, e.g. “type 'Ada' into the 'Employee name' field, then click 'Next'”. Leave empty for a scenario's example task."
            className="resize-y rounded-md border border-stone-300 px-2.5 py-2 leading-relaxed outline-none placeholder:text-stone-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
          />
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-stone-600">Engine</legend>
          <Segmented
            testId="create-run-engine"
            options={[
              { value: 'server', label: 'Server default' },
              { value: 'builtin', label: 'Built-in' },
              { value: 'model', label: 'Model' },
            ]}
            value={engine}
            onChange={(value) => setEngine(value)}
          />
          {engine === 'model' && (
            <input
              data-testid="create-run-model"
              aria-label="Model"
              value={modelSpec}
              onChange={(event) => setModelSpec(event.target.value)}
              placeholder="anthropic:claude-sonnet-4-5 or openai-compatible:qwen2.5-vl@http://127.0.0.1:11434/v1"
              className={inputClass}
            />
          )}
          <span className="text-[11px] text-stone-500" data-testid="create-run-engine-note">
            {engine === 'server' &&
              (info ? `This server runs tasks on: ${info.engine.label}.` : 'The engine this server was started with.')}
            {engine === 'builtin' && 'The offline rules engine: no model, no network.'}
            {engine === 'model' &&
              'The key is read from the server’s environment (ANTHROPIC_API_KEY, OPENAI_API_KEY…).'}
          </span>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-stone-600">Approvals</legend>
          <Segmented<Approval>
            testId="create-run-approval"
            options={approvalModes}
            value={approval}
            onChange={setApproval}
          />
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
          {busy ? 'Opening the environment…' : 'Plan this task'}
        </Button>
      </form>
    </Panel>
  );
}

/** A row of three mutually exclusive buttons; `aria-pressed` marks the chosen one. */
function Segmented<V extends string>({
  testId,
  options,
  value,
  onChange,
}: {
  testId: string;
  options: readonly { readonly value: V; readonly label: string }[];
  value: V;
  onChange(value: V): void;
}) {
  return (
    <div className="grid grid-cols-3 gap-1 rounded-md bg-stone-100 p-0.5" data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          data-testid={`${testId}-${option.value}`}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`h-7 rounded text-xs font-medium ${value === option.value ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-500 hover:text-stone-800'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
