import type { AnnotationMark, Observation, Point, ScreenshotRef } from '@sandpiper/protocol';
import { marksBoundingBox } from '@sandpiper/protocol';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { ApiClient, RunCommandBodies } from '../api/api-client.js';
import {
  boxFromCorners,
  extendStroke,
  isMeaningfulMark,
  toDisplayPoint,
  toScreenPoint,
  type Size,
} from '../lib/annotation-geometry.js';
import { drawMarks } from '../lib/draw-marks.js';
import { Button, Empty } from './ui.js';

type Tool = 'stroke' | 'rect' | 'arrow' | 'text';

const tools: readonly { id: Tool; label: string; icon: string }[] = [
  { id: 'rect', label: 'Rectangle', icon: '▭' },
  { id: 'stroke', label: 'Freehand', icon: '✎' },
  { id: 'arrow', label: 'Arrow', icon: '↗' },
  { id: 'text', label: 'Text label', icon: 'T' },
];

/**
 * Draw on the current screenshot and send the marks, with an optional sentence, to the planner.
 * Marks are kept in screenshot pixels whatever size the image is shown at. Once a mark exists the
 * screenshot is held, so newer screenshots do not pull the drawing away from what it points at.
 */
export function AnnotationCanvas({
  api,
  observation,
  readOnly,
  busy,
  onSend,
}: {
  api: ApiClient;
  observation: Observation | undefined;
  readOnly: boolean;
  busy: boolean;
  onSend(annotation: RunCommandBodies['annotation']): Promise<boolean>;
}) {
  const latest = observation?.screenshot;
  const [held, setHeld] = useState<ScreenshotRef>();
  const shot = held ?? latest;
  const [marks, setMarks] = useState<AnnotationMark[]>([]);
  const [drawing, setDrawing] = useState<AnnotationMark>();
  const [tool, setTool] = useState<Tool>('rect');
  const [label, setLabel] = useState<{ at: Point; text: string }>();
  const [sentence, setSentence] = useState('');
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const start = useRef<Point>(undefined);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shot?.hash]);

  const box = marks.length > 0 ? marksBoundingBox(marks) : undefined;
  useEffect(() => {
    const element = canvas.current;
    if (!element || !shot || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    drawMarks(
      context,
      drawing ? [...marks, drawing] : marks,
      { x: size.width / shot.width, y: size.height / shot.height },
      box,
    );
  }, [marks, drawing, size, shot, box]);

  if (!shot) return <Empty>No screenshot yet: the first one is taken when the run starts.</Empty>;

  const toScreen = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return toScreenPoint({ x: event.clientX - rect.left, y: event.clientY - rect.top }, rect, shot);
  };
  const addMark = (mark: AnnotationMark) => {
    setHeld(shot);
    setMarks((previous) => [...previous, mark]);
  };
  const clear = () => {
    setMarks([]);
    setHeld(undefined);
    setLabel(undefined);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (readOnly || event.button !== 0) return;
    const point = toScreen(event);
    if (tool === 'text') {
      // The label's input opens on release: a press would move focus away from it at once.
      event.preventDefault();
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = point;
    setDrawing(
      tool === 'stroke'
        ? { kind: 'stroke', points: [point] }
        : tool === 'rect'
          ? { kind: 'rect', box: boxFromCorners(point, point) }
          : { kind: 'arrow', points: [point, point] },
    );
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing || !start.current) return;
    const point = toScreen(event);
    if (drawing.kind === 'stroke') setDrawing({ kind: 'stroke', points: extendStroke(drawing.points, point) });
    else if (drawing.kind === 'rect') setDrawing({ kind: 'rect', box: boxFromCorners(start.current, point) });
    else if (drawing.kind === 'arrow') setDrawing({ kind: 'arrow', points: [start.current, point] });
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (tool === 'text' && !readOnly) {
      commitLabel();
      setLabel({ at: toScreen(event), text: '' });
      return;
    }
    if (drawing && isMeaningfulMark(drawing)) addMark(drawing);
    setDrawing(undefined);
    start.current = undefined;
  };
  const commitLabel = () => {
    if (label && label.text.trim()) addMark({ kind: 'text', text: label.text.trim().slice(0, 200), at: label.at });
    setLabel(undefined);
  };
  const send = async () => {
    const sent = await onSend({
      screenshotHash: shot.hash,
      marks,
      ...(sentence.trim() ? { sentence: sentence.trim() } : {}),
    });
    if (sent) {
      clear();
      setSentence('');
    }
  };

  const labelPosition = label ? toDisplayPoint(label.at, size, shot) : undefined;
  return (
    <div className="flex h-full flex-col overflow-auto" data-testid="annotation-panel">
      <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-stone-100 px-2 py-1.5">
        <div className="flex rounded-md bg-stone-100 p-0.5" role="toolbar" aria-label="Drawing tools">
          {tools.map((entry) => (
            <button
              key={entry.id}
              type="button"
              title={entry.label}
              aria-pressed={tool === entry.id}
              data-testid={`annotation-tool-${entry.id}`}
              disabled={readOnly}
              onClick={() => setTool(entry.id)}
              className={`flex h-6 items-center gap-1 rounded px-2 text-[12px] ${tool === entry.id ? 'bg-white font-medium text-stone-900 shadow-sm' : 'text-stone-500 hover:text-stone-800'}`}
            >
              <span aria-hidden>{entry.icon}</span>
              {entry.label}
            </button>
          ))}
        </div>
        <Button
          size="sm"
          variant="ghost"
          data-testid="annotation-undo"
          disabled={marks.length === 0}
          onClick={() => {
            const next = marks.slice(0, -1);
            setMarks(next);
            if (next.length === 0) setHeld(undefined);
          }}
        >
          ↶ Undo
        </Button>
        <Button size="sm" variant="ghost" data-testid="annotation-clear" disabled={marks.length === 0} onClick={clear}>
          Clear
        </Button>
        <span className="ml-auto text-[11px] text-stone-400 tabular-nums">
          {shot.width}×{shot.height} · {marks.length} mark{marks.length === 1 ? '' : 's'}
        </span>
      </div>
      {held && latest && held.hash !== latest.hash && (
        <p className="flex items-center justify-between gap-2 bg-amber-50 px-3 py-1 text-[11px] text-amber-900">
          A newer screenshot exists; your marks stay on this one.
          <button type="button" className="font-medium underline" onClick={clear}>
            Use the newest (clears marks)
          </button>
        </p>
      )}
      <div className="p-2">
        <div
          ref={wrapper}
          className="relative w-full overflow-hidden rounded border border-stone-200 bg-stone-900"
          style={{ aspectRatio: `${shot.width} / ${shot.height}` }}
        >
          <img
            src={api.blobUrl(shot.hash)}
            alt="Screenshot to annotate"
            data-testid="annotation-image"
            draggable={false}
            className="absolute inset-0 size-full select-none"
          />
          <canvas
            ref={canvas}
            data-testid="annotation-canvas"
            data-screenshot-hash={shot.hash}
            className={`absolute inset-0 size-full touch-none ${readOnly ? '' : tool === 'text' ? 'cursor-text' : 'cursor-crosshair'}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
          {label && labelPosition && (
            <input
              data-testid="annotation-text-input"
              autoFocus
              value={label.text}
              maxLength={200}
              onChange={(event) => setLabel({ at: label.at, text: event.target.value })}
              placeholder="Label, then Enter"
              className="absolute w-44 rounded border border-rose-400 bg-white/95 px-1 py-0.5 text-[12px] text-rose-700 shadow outline-none"
              style={{ left: Math.min(labelPosition.x, Math.max(0, size.width - 180)), top: labelPosition.y }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitLabel();
                else if (event.key === 'Escape') setLabel(undefined);
              }}
              onBlur={commitLabel}
            />
          )}
        </div>
      </div>
      <div className="mt-auto flex shrink-0 flex-col gap-1.5 border-t border-stone-100 px-2 py-2">
        <p
          className="text-[11px] text-stone-500"
          data-testid="annotation-bbox"
          data-box={box ? JSON.stringify(box) : ''}
        >
          {box
            ? `Marked region: (${Math.round(box.x)}, ${Math.round(box.y)}), ${Math.round(box.width)}×${Math.round(box.height)} px — sent with the screenshot.`
            : readOnly
              ? 'This run takes no annotations.'
              : 'Draw on the screenshot to point at what the agent should act on.'}
        </p>
        <div className="flex gap-1.5">
          <input
            data-testid="annotation-sentence"
            value={sentence}
            disabled={readOnly}
            onChange={(event) => setSentence(event.target.value)}
            placeholder="Optional: what should happen here? “Select this row, not the first one”"
            className="h-7 min-w-0 flex-1 rounded-md border border-stone-300 px-2 text-[12px] outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20 disabled:bg-stone-50"
          />
          <Button
            variant="primary"
            data-testid="annotation-send"
            disabled={readOnly || busy || marks.length === 0}
            onClick={() => void send()}
          >
            {busy ? 'Sending…' : 'Send to planner'}
          </Button>
        </div>
      </div>
    </div>
  );
}
