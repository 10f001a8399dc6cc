import type { AnnotationMark, Box, Point } from '@sandpiper/protocol';

/** Multiply screen pixels by these to get the displayed image's CSS pixels. */
export interface DisplayScale {
  readonly x: number;
  readonly y: number;
}

const MARK_COLOR = '#e11d48';
const BOX_COLOR = '#0d9488';
/** Text labels are drawn at the size the bounding-box estimate assumes (16 screen px high). */
const LABEL_FONT_PX = 14;

/** Draw marks (and the one being drawn) plus the dashed bounding box of all of them. */
export function drawMarks(
  context: CanvasRenderingContext2D,
  marks: readonly AnnotationMark[],
  scale: DisplayScale,
  box: Box | undefined,
): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const mark of marks) drawMark(context, mark, scale);
  if (box) drawBox(context, box, scale);
}

function drawMark(context: CanvasRenderingContext2D, mark: AnnotationMark, scale: DisplayScale): void {
  const at = (point: Point) => ({ x: point.x * scale.x, y: point.y * scale.y });
  context.strokeStyle = MARK_COLOR;
  context.fillStyle = MARK_COLOR;
  context.lineWidth = 2.5;
  context.setLineDash([]);
  switch (mark.kind) {
    case 'stroke': {
      context.beginPath();
      mark.points.forEach((point, index) => {
        const { x, y } = at(point);
        if (index === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      });
      if (mark.points.length === 1) {
        const { x, y } = at(mark.points[0]!);
        context.arc(x, y, 1.5, 0, Math.PI * 2);
      }
      context.stroke();
      break;
    }
    case 'rect':
      context.strokeRect(
        mark.box.x * scale.x,
        mark.box.y * scale.y,
        mark.box.width * scale.x,
        mark.box.height * scale.y,
      );
      break;
    case 'arrow': {
      const from = at(mark.points[0]);
      const to = at(mark.points[1]);
      const angle = Math.atan2(to.y - from.y, to.x - from.x);
      const head = 11;
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
      context.stroke();
      context.beginPath();
      context.moveTo(to.x, to.y);
      context.lineTo(to.x - head * Math.cos(angle - Math.PI / 7), to.y - head * Math.sin(angle - Math.PI / 7));
      context.lineTo(to.x - head * Math.cos(angle + Math.PI / 7), to.y - head * Math.sin(angle + Math.PI / 7));
      context.closePath();
      context.fill();
      break;
    }
    case 'text': {
      const { x, y } = at(mark.at);
      const size = Math.max(10, LABEL_FONT_PX * scale.y);
      context.font = `600 ${size}px ui-sans-serif, system-ui, sans-serif`;
      context.textBaseline = 'top';
      const width = context.measureText(mark.text).width;
      context.fillStyle = 'rgba(255,255,255,0.9)';
      context.fillRect(x - 2, y - 2, width + 4, size + 4);
      context.fillStyle = MARK_COLOR;
      context.fillText(mark.text, x, y);
      break;
    }
  }
}

function drawBox(context: CanvasRenderingContext2D, box: Box, scale: DisplayScale): void {
  const pad = 4;
  const x = box.x * scale.x - pad;
  const y = box.y * scale.y - pad;
  context.strokeStyle = BOX_COLOR;
  context.lineWidth = 1.25;
  context.setLineDash([5, 4]);
  context.strokeRect(x, y, box.width * scale.x + pad * 2, box.height * scale.y + pad * 2);
  context.setLineDash([]);
  const label = `${Math.round(box.x)},${Math.round(box.y)} · ${Math.round(box.width)}×${Math.round(box.height)}`;
  context.font = '500 10px ui-monospace, monospace';
  context.textBaseline = 'bottom';
  const width = context.measureText(label).width + 8;
  const labelY = y > 16 ? y : y + box.height * scale.y + pad * 2 + 16;
  context.fillStyle = BOX_COLOR;
  context.fillRect(x, labelY - 15, width, 15);
  context.fillStyle = '#fff';
  context.fillText(label, x + 4, labelY - 2);
}
