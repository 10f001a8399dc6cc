import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatEntry } from '../lib/chat-entries.js';
import { approvalModeLabel } from '../lib/approval-modes.js';
import { ChatIcon, HandIcon, PenIcon } from './icons.js';
import { Kbd, Panel } from './ui.js';

const bannerTones: Record<ChatEntry['tone'], string> = {
  info: 'border-sky-200 bg-sky-50/70 text-sky-950',
  user: 'border-teal-200 bg-teal-50 text-teal-950',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
  danger: 'border-rose-200 bg-rose-50 text-rose-950',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  neutral: 'border-stone-200 bg-stone-50 text-stone-700',
};

const kindIcons: Record<ChatEntry['kind'], ReactNode> = {
  guidance: <ChatIcon className="size-3" />,
  annotation: <PenIcon className="size-3" />,
  plan: '☰',
  proposal: '⇄',
  decision: '✓',
  approval: '⚑',
  takeover: <HandIcon className="size-3" />,
  warning: '⚠',
  detector: '⟲',
  completion: '⊘',
  clarification: '?',
  control: '•',
  end: '■',
};

/** The task, the person's guidance and every intervention update, as a chat with banners. */
export function PlannerChat({
  instruction,
  where,
  approval,
  entries,
  caughtUp,
  canSend,
  question,
  busy,
  onSend,
  onRetry,
}: {
  instruction: string;
  /** Where the run acts, in a few words: a scenario's name, a web address, an attached browser. */
  where: string | undefined;
  approval: string | undefined;
  entries: readonly ChatEntry[];
  caughtUp: boolean;
  canSend: boolean;
  /** The question the run waits on; the box then takes the answer. */
  question?: string | undefined;
  busy: boolean;
  onSend(text: string): Promise<boolean>;
  /** "Try again as it is": for a question the person settled on the screen themselves. */
  onRetry?: () => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [taskOpen, setTaskOpen] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [entries.length]);

  const send = async () => {
    if (!text.trim() || busy) return;
    if (await onSend(text.trim())) setText('');
  };

  return (
    <Panel title="Planner chat" testId="planner-chat" bodyClassName="flex flex-col">
      <div className="flex-1 space-y-2 overflow-auto p-3" data-testid="chat-entries">
        <div
          className="ml-6 rounded-lg rounded-tr-sm bg-teal-700 px-3 py-2 text-white shadow-xs"
          data-testid="chat-task"
        >
          <p className="text-[10px] font-semibold tracking-wide text-teal-100 uppercase">
            Task{where ? ` · ${where}` : ''}
            {approval ? ` · ${approvalModeLabel(approval)}` : ''}
          </p>
          <p className={`mt-0.5 leading-relaxed whitespace-pre-wrap ${taskOpen ? '' : 'line-clamp-5'}`}>
            {instruction || '…'}
          </p>
          {instruction.length > 220 && (
            <button
              type="button"
              data-testid="chat-task-toggle"
              onClick={() => setTaskOpen((value) => !value)}
              className="mt-1 text-[11px] font-medium text-teal-100 underline-offset-2 hover:underline"
            >
              {taskOpen ? 'Show less' : 'Show the whole task'}
            </button>
          )}
        </div>
        {entries.map((entry) =>
          entry.side === 'user' ? (
            <div
              key={entry.seq}
              data-testid="chat-entry"
              data-kind={entry.kind}
              className="ml-6 rounded-lg rounded-tr-sm border border-teal-200 bg-teal-50 px-3 py-2"
            >
              <p className="text-[10px] font-semibold tracking-wide text-teal-700 uppercase">
                {kindIcons[entry.kind]} You · {entry.kind}
              </p>
              <p className="mt-0.5 whitespace-pre-wrap text-teal-950">{entry.title}</p>
              {entry.body && <p className="mt-0.5 text-[11px] text-teal-800/80">{entry.body}</p>}
            </div>
          ) : (
            <div
              key={entry.seq}
              data-testid="chat-banner"
              data-kind={entry.kind}
              className={`flex gap-2 rounded-md border px-2.5 py-1.5 ${bannerTones[entry.tone]}`}
            >
              <span aria-hidden className="w-4 shrink-0 text-center leading-5 opacity-70">
                {kindIcons[entry.kind]}
              </span>
              <div className="min-w-0 flex-1">
                <p className="leading-5 font-medium">
                  {entry.title}
                  {entry.tag && (
                    <code className="ml-1.5 rounded bg-white/70 px-1 py-px font-mono text-[10px] font-normal ring-1 ring-black/10">
                      {entry.tag}
                    </code>
                  )}
                </p>
                {entry.body && (
                  <p
                    className={`mt-0.5 text-[12px] leading-snug opacity-80 ${entry.kind === 'plan' ? 'line-clamp-2' : ''}`}
                    title={entry.kind === 'plan' ? entry.body : undefined}
                  >
                    {entry.body}
                  </p>
                )}
              </div>
            </div>
          ),
        )}
        {!caughtUp && <p className="text-center text-[11px] text-stone-400">Loading the run…</p>}
        <div ref={bottom} />
      </div>
      <form
        className="border-t border-stone-200 p-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea
          data-testid="guidance-input"
          value={text}
          disabled={!canSend}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          rows={2}
          placeholder={
            !canSend
              ? 'This run takes no guidance.'
              : question !== undefined
                ? 'Answer the question above: the run goes on with it…'
                : 'Guide the agent: “use the second option instead”…'
          }
          className="block w-full resize-none rounded-md border border-stone-300 px-2.5 py-1.5 outline-none placeholder:text-stone-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20 disabled:bg-stone-50"
        />
        <div className="mt-1.5 flex items-center justify-between">
          <span className="text-[11px] text-stone-400">
            <Kbd>Enter</Kbd> sends ·{' '}
            {question !== undefined ? 'the run waits for your answer' : 'the planner answers with a proposal'}
          </span>
          {question !== undefined && onRetry !== undefined && (
            <button
              type="button"
              data-testid="question-retry"
              disabled={busy}
              onClick={() => void onRetry()}
              title="You put it right on the screen: the run tries the step again as it is"
              className="mr-1.5 ml-auto h-6 shrink-0 rounded-md border whitespace-nowrap border-stone-300 px-2.5 text-xs font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-40"
            >
              Try again
            </button>
          )}
          <button
            type="submit"
            data-testid="guidance-send"
            disabled={!canSend || busy || !text.trim()}
            className="h-6 rounded-md bg-teal-700 px-2.5 text-xs font-medium text-white hover:bg-teal-800 disabled:opacity-40"
          >
            {busy ? 'Sending…' : question !== undefined ? 'Answer' : 'Send'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
