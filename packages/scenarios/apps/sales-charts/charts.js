// Bar and line charts drawn as plain SVG. Each chart is an image with a <title> and <desc>, so a
// screen reader (and an accessibility snapshot) can say what it shows.

import { formatCompact } from './data.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 565;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 60 };

export const SERIES_COLORS = {
  Hardware: '#1f4fbf',
  Software: '#13683a',
  Services: '#a14f00',
  Support: '#6b2fa0',
};

function element(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

function text(content, attributes) {
  const node = element('text', attributes);
  node.textContent = content;
  return node;
}

/** A round upper bound for the axis, split into 4 steps of a round size. */
function niceMax(value) {
  if (value <= 0) return 4;
  const step = value / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const factor = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((candidate) => candidate * power >= step) ?? 10;
  return factor * power * 4;
}

function frame(id, title, description, max) {
  const titleId = `${id}-title`;
  const descriptionId = `${id}-desc`;
  const svg = element('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-labelledby': `${titleId} ${descriptionId}`,
  });
  const titleNode = element('title', { id: titleId });
  titleNode.textContent = title;
  const descriptionNode = element('desc', { id: descriptionId });
  descriptionNode.textContent = description;
  svg.append(titleNode, descriptionNode);

  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const grid = element('g', { class: 'grid axis' });
  for (let tick = 0; tick <= 4; tick += 1) {
    const value = (max / 4) * tick;
    const y = MARGIN.top + plotHeight - (plotHeight * tick) / 4;
    grid.append(
      element('line', { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y, y2: y }),
      text(formatCompact(value), { x: MARGIN.left - 8, y: y + 5, 'text-anchor': 'end' }),
    );
  }
  svg.append(grid);
  return svg;
}

function legend(series) {
  const list = document.createElement('ul');
  list.className = 'legend';
  list.setAttribute('aria-hidden', 'true');
  for (const name of series) {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = SERIES_COLORS[name];
    item.append(swatch, name);
    list.append(item);
  }
  return list;
}

/** One bar per series: `values` maps series name to its total. */
export function drawBarChart(container, { id, title, description, values }) {
  const entries = Object.entries(values);
  const max = niceMax(Math.max(0, ...entries.map(([, value]) => value)));
  const svg = frame(id, title, description, max);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(entries.length, 1);
  const barWidth = Math.min(80, slot * 0.6);
  entries.forEach(([name, value], index) => {
    const height = (plotHeight * value) / max;
    const x = MARGIN.left + slot * index + (slot - barWidth) / 2;
    const y = MARGIN.top + plotHeight - height;
    svg.append(
      element('rect', { x, y, width: barWidth, height, fill: SERIES_COLORS[name], rx: 2 }),
      text(formatCompact(value), { x: x + barWidth / 2, y: y - 6, 'text-anchor': 'middle' }),
      text(name, { x: x + barWidth / 2, y: HEIGHT - 12, 'text-anchor': 'middle' }),
    );
  });
  container.replaceChildren(svg);
}

/** One line per series over the months: `series` maps name to values in month order. */
export function drawLineChart(container, { id, title, description, labels, series }) {
  const all = Object.values(series).flat();
  const max = niceMax(Math.max(0, ...all));
  const svg = frame(id, title, description, max);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const step = labels.length > 1 ? plotWidth / (labels.length - 1) : 0;
  const xAt = (index) => MARGIN.left + (labels.length > 1 ? step * index : plotWidth / 2);
  const yAt = (value) => MARGIN.top + plotHeight - (plotHeight * value) / max;
  labels.forEach((label, index) => {
    svg.append(text(label, { x: xAt(index), y: HEIGHT - 12, 'text-anchor': 'middle' }));
  });
  for (const [name, values] of Object.entries(series)) {
    const points = values.map((value, index) => `${xAt(index).toFixed(1)},${yAt(value).toFixed(1)}`);
    svg.append(
      element('polyline', { points: points.join(' '), fill: 'none', stroke: SERIES_COLORS[name], 'stroke-width': 2.5 }),
      ...values.map((value, index) =>
        element('circle', { cx: xAt(index), cy: yAt(value), r: 3.5, fill: SERIES_COLORS[name] }),
      ),
    );
  }
  container.replaceChildren(svg, legend(Object.keys(series)));
}
