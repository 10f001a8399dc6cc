/**
 * One spelling for every cell value, whichever file it came from, so a checker can compare a CSV
 * that LibreOffice rewrote, a saved .ods and the committed source with `===`:
 * numbers as JavaScript prints them (`31.2`, `42`: "42.0" and "42" are one value), dates as
 * `YYYY-MM-DD`, date-times as `YYYY-MM-DD HH:MM` (seconds only when not zero, midnight as the bare
 * date, because LibreOffice writes a date-time at midnight as a date), anything else as its text.
 */

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** The canonical spelling of a number. */
export function canonicalNumber(value: number): string {
  // Sixteen significant digits: 0.1 + 0.2 and a cached formula result print as the value typed.
  return String(Number(value.toPrecision(15)));
}

/** The canonical spelling of an ISO date or date-time (`2026-10-03T06:30:00`), or undefined when it is not one. */
export function canonicalDate(text: string): string | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (match === null) return undefined;
  const [, date, hours, minutes, seconds] = match;
  if (hours === undefined) return date;
  if (hours === '00' && minutes === '00' && (seconds === undefined || seconds === '00')) return date;
  return seconds === undefined || seconds === '00'
    ? `${date} ${hours}:${minutes}`
    : `${date} ${hours}:${minutes}:${seconds}`;
}

/**
 * The canonical value of text whose type is unknown (a CSV field): a number or a date when it
 * reads as one, otherwise the text itself.
 */
export function canonicalText(text: string): string {
  if (NUMBER.test(text.trim())) return canonicalNumber(Number(text));
  return canonicalDate(text) ?? text;
}
