// Fixed sales figures for 2025, computed from a few tables so that every run shows the same numbers.

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const SERIES = ['Hardware', 'Software', 'Services', 'Support'];
export const REGIONS = ['North', 'South', 'East', 'West'];
export const FIRST_DAY = '2025-01-01';
export const LAST_DAY = '2025-12-31';

const baseUnits = { Hardware: 420, Software: 980, Services: 150, Support: 310 };
const unitPrice = { Hardware: 240, Software: 85, Services: 410, Support: 60 };
const margin = { Hardware: 0.22, Software: 0.71, Services: 0.35, Support: 0.48 };
const regionFactor = { North: 1.15, South: 0.85, East: 1.0, West: 1.25 };
const season = [0.82, 0.86, 0.97, 1.0, 1.04, 1.08, 0.94, 0.9, 1.06, 1.12, 1.2, 1.31];

function figures(region, series, month) {
  const wobble = 1 + (((REGIONS.indexOf(region) * 7 + SERIES.indexOf(series) * 3 + month * 5) % 9) - 4) / 100;
  const units = Math.round(baseUnits[series] * regionFactor[region] * season[month] * wobble);
  const revenue = units * unitPrice[series];
  return { Units: units, Revenue: revenue, Profit: Math.round(revenue * margin[series]) };
}

function monthBounds(month) {
  const mm = String(month + 1).padStart(2, '0');
  const lastDay = new Date(Date.UTC(2025, month + 1, 0)).getUTCDate();
  return { first: `2025-${mm}-01`, last: `2025-${mm}-${String(lastDay).padStart(2, '0')}` };
}

/** Months (0-11) that overlap the range; empty bounds mean the first or last day with data. */
export function monthsInRange(from, to) {
  const start = from || FIRST_DAY;
  const end = to || LAST_DAY;
  return MONTHS.map((_, month) => month).filter((month) => {
    const { first, last } = monthBounds(month);
    return first <= end && last >= start;
  });
}

/** Totals of one metric for a view: per month and series, per series, and overall. */
export function aggregate(view) {
  const regions = view.region === 'All regions' ? REGIONS : [view.region];
  const months = monthsInRange(view.from, view.to);
  const byMonth = months.map((month) => {
    const values = {};
    for (const series of view.series) {
      values[series] = regions.reduce((sum, region) => sum + figures(region, series, month)[view.metric], 0);
    }
    return { month, values, total: view.series.reduce((sum, series) => sum + values[series], 0) };
  });
  const bySeries = {};
  for (const series of view.series) bySeries[series] = byMonth.reduce((sum, row) => sum + row.values[series], 0);
  const total = byMonth.reduce((sum, row) => sum + row.total, 0);
  return { months, byMonth, bySeries, total };
}

export function formatNumber(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** Short axis labels: 950, 1.5K, 12K, 4.5M; one decimal below 10 so that close ticks stay distinct. */
export function formatCompact(value) {
  const scaled = (divisor, suffix) => {
    const amount = value / divisor;
    return `${amount >= 10 ? Math.round(amount) : amount.toFixed(1).replace(/\.0$/, '')}${suffix}`;
  };
  if (value >= 1_000_000) return scaled(1_000_000, 'M');
  if (value >= 1_000) return scaled(1_000, 'K');
  return String(Math.round(value));
}
