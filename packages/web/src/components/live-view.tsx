import type { ActionInput, Observation, RunPhase } from '@sandpiper/protocol';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type WheelEvent } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { RunCommands } from '../hooks/use-run-commands.js';
import type { LiveView as LiveFrames } from '../hooks/use-live-view.js';
import { containRect, toScreenPoint } from '../lib/annotation-geometry.js';
import { inputAction, keyPressInput } from '../lib/takeover-input.js';
import { EyeIcon, HandIcon, ReturnIcon } from './icons.js';
import { Badge, Button } from './ui.js';

/** Typed characters are sent together once the person pauses this long. */
const TYPE_BATCH_MS = 350;
const SCROLL_BATCH_MS = 120;

/**
 * The environment's screen: live frames while the server streams them, else the latest
 * screenshot. During a takeover, clicks, keys and the wheel on it go to the browser.
 */
export function LiveView({
  api,
  live,
  observation,
  phase,
  active,
  commands,
  collapsed,
  onExpand,
}: {
  api: ApiClient;
  live: LiveFrames;
  observation: Observation | undefined;
  phase: RunPhase;
  active: boolean;
  commands: RunCommands;
  /** Show only the header, leaving the column to the annotation canvas. */
  collapsed: boolean;
  onExpand(): void;
}) {
  const takenOver = phase === 'taken-over' && active;
  const canTakeOver = active && (phase === 'executing' || phase === 'paused');
  const screen = observation?.screenshot;
  const src = live.frameUrl ?? (screen ? api.blobUrl(screen.hash) : undefined);
  const surface = useRef<HTMLDivElement>(null);
  const typed = useRef('');
  const typeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scrolled = useRef({ deltaY: 0, at: { x: 0, y: 0 } });
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [lastInput, setLastInput] = useState<string>();

  const send = (action: ActionInput, label: string) => {
    setLastInput(label);
    void commands.send('input', { action });
  };
  const flushTyping = () => {
    clearTimeout(typeTimer.current);
    if (typed.current === '') return;
    const text = typed.current;
    typed.current = '';
    send({ type: 'type', text }, `typed “${text}”`);
  };

  useEffect(() => {
    if (takenOver) surface.current?.focus();
  }, [takenOver]);

  /** The screen point under the pointer, or undefined over the bars beside a letterboxed image. */
  const screenPoint = (event: MouseEvent | WheelEvent) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const size = { width: screen?.width ?? rect.width, height: screen?.height ?? rect.height };
    const shown = containRect(rect, size);
    const x = event.clientX - rect.left - shown.x;
    const y = event.clientY - rect.top - shown.y;
    if (x < 0 || y < 0 || x > shown.width || y > shown.height) return undefined;
    return toScreenPoint({ x, y }, shown, size);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!takenOver) return;
    flushTyping();
    const at = screenPoint(event);
    if (at) send({ type: 'click', at }, `click at (${at.x}, ${at.y})`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!takenOver) return;
    const input = keyPressInput(event);
    if (!input) return;
    event.preventDefault();
    if (input.kind === 'text') {
      typed.current += input.text;
      clearTimeout(typeTimer.current);
      typeTimer.current = setTimeout(flushTyping, TYPE_BATCH_MS);
      return;
    }
    flushTyping();
    send(inputAction(input), input.keys.join('+'));
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (!takenOver) return;
    const at = screenPoint(event);
    if (!at) return;
    scrolled.current = { deltaY: scrolled.current.deltaY + event.deltaY, at };
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const { deltaY, at } = scrolled.current;
      scrolled.current = { deltaY: 0, at };
      if (Math.round(deltaY) !== 0)
        send({ type: 'scroll', at, deltaY: Math.round(deltaY) }, `scroll ${Math.round(deltaY)} px`);
    }, SCROLL_BATCH_MS);
  };

  return (
    <section
      className={`flex min-h-0 shrink flex-col overflow-hidden rounded-lg border bg-white shadow-xs ${takenOver ? 'border-amber-400 ring-2 ring-amber-300' : 'border-stone-200'}`}
    >
      <header className="flex h-9 shrink-0 items-center justify-between gap-2 border-b border-stone-200 px-3">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="text-[11px] font-semibold tracking-wide whitespace-nowrap text-stone-500 uppercase">
            Live view
          </h2>
          {live.status === 'live' ? (
            <Badge tone="good" dot testId="live-fps">
              {live.fps.toFixed(1)} fps
            </Badge>
          ) : (
            <Badge
              tone="neutral"
              testId="live-fps"
              title="The server sends no live frames; showing the latest screenshot"
            >
              {screen ? 'last screenshot' : 'no screen yet'}
            </Badge>
          )}
          {observation?.title && <span className="truncate text-[11px] text-stone-400">{observation.title}</span>}
        </div>
        <div className="flex items-center gap-1.5">
          {collapsed && (
            <Button size="sm" variant="ghost" data-testid="live-view-show" onClick={onExpand}>
              <EyeIcon /> Show
            </Button>
          )}
          {takenOver ? (
            <Button
              variant="primary"
              size="sm"
              data-testid="handback-button"
              disabled={commands.busy !== undefined}
              onClick={() => {
                flushTyping();
                void commands.send('handback', undefined);
              }}
            >
              <ReturnIcon /> Hand back
            </Button>
          ) : (
            active && (
              <Button
                size="sm"
                data-testid="takeover-button"
                disabled={!canTakeOver || commands.busy !== undefined}
                title={
                  canTakeOver
                    ? 'Control the browser yourself; the run holds meanwhile'
                    : 'Takeover is possible while the run executes or is paused'
                }
                onClick={() => void commands.send('takeover', undefined)}
              >
                <HandIcon /> Take over
              </Button>
            )
          )}
        </div>
      </header>
      <div
        ref={surface}
        hidden={collapsed}
        data-testid="live-view"
        data-source={live.frameUrl ? 'live' : 'screenshot'}
        data-taken-over={takenOver ? 'true' : 'false'}
        tabIndex={takenOver ? 0 : -1}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onWheel={onWheel}
        onBlur={flushTyping}
        className={`relative min-h-0 w-full shrink bg-stone-900 outline-none ${takenOver ? 'cursor-crosshair' : ''}`}
        style={{ aspectRatio: screen ? `${screen.width} / ${screen.height}` : '16 / 10' }}
      >
        {src ? (
          <img
            src={src}
            alt="The environment's screen"
            draggable={false}
            className="absolute inset-0 size-full object-contain select-none"
          />
        ) : (
          <p className="absolute inset-0 flex items-center justify-center text-[12px] text-stone-400">
            Waiting for the first screen…
          </p>
        )}
        {takenOver && (
          <p className="pointer-events-none absolute bottom-2 left-1/2 max-w-[90%] -translate-x-1/2 truncate rounded-full bg-amber-400/90 px-3 py-0.5 text-[11px] font-semibold text-amber-950 shadow">
            You are in control: clicks, keys and scrolling go to the browser
            {lastInput && <span className="font-normal"> · last: {lastInput}</span>}
          </p>
        )}
      </div>
    </section>
  );
}
