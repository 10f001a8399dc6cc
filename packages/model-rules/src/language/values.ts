/**
 * Values as people write them (dates, times, numbers, case) and as widgets take them. Pure.
 */
import { numberOf, numberWords, ordinalAt } from './lexicon.js';

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface ClockTime {
  /** 0–23. */
  readonly hour: number;
  readonly minute: number;
}

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return undefined;
  const index = monthNames.findIndex(
    (name) =>
      name === lower ||
      (lower.length >= 3 &&
        name.startsWith(lower) &&
        lower.length <= name.length &&
        (lower.length === 3 || lower === 'sept')),
  );
  return index === -1 ? undefined : index + 1;
}

function dayOf(word: string): number | undefined {
  const cleaned = word.toLowerCase().replace(/,$/, '');
  const ordinal = ordinalAt([cleaned]);
  const value =
    ordinal !== undefined && ordinal.ordinal > 0
      ? ordinal.ordinal
      : /^\d{1,2}$/.test(cleaned)
        ? Number(cleaned)
        : undefined;
  return value !== undefined && value >= 1 && value <= 31 ? value : undefined;
}

const weekdays = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\.?,?$/i;

function valid(date: CalendarDate): CalendarDate | undefined {
  const { year, month, day } = date;
  if (month < 1 || month > 12 || day < 1) return undefined;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days ? date : undefined;
}

/**
 * Read a date in any common written form: "June 22, 1990", "22 June 1990", "the 22nd of June
 * 1990", "jan 5 2027", "1990-06-22", "06/22/1990" (month first unless the day cannot be a month,
 * or `dayFirst`), "22.06.1990". Words around it ("on Monday") are ignored. Undefined when no full
 * date (with a year) is there.
 */
export function parseDate(text: string, options: { readonly dayFirst?: boolean } = {}): CalendarDate | undefined {
  const dayFirst = options.dayFirst ?? /\bday[- ]first\b|\bdd\/mm\b|\bday\/month\/year\b|\bd\/m\/y\b/i.test(text);
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (iso) return valid({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) });
  const numeric = /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(text);
  if (numeric) {
    const first = Number(numeric[1]);
    const second = Number(numeric[3]);
    const year = normalYear(Number(numeric[4]), numeric[4]!.length);
    const dotted = numeric[2] === '.';
    const dayLeads = dayFirst || dotted || first > 12;
    return valid(dayLeads ? { year, month: second, day: first } : { year, month: first, day: second });
  }
  const words = text
    .replace(/[(),]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !weekdays.test(word) && !/^(?:the|of|on)$/i.test(word));
  for (let index = 0; index < words.length; index += 1) {
    const month = monthOf(words[index]!);
    if (month === undefined) continue;
    const after = words[index + 1];
    const afterAfter = words[index + 2];
    const before = words[index - 1];
    // "June 22 1990", "June 22nd, 1990"
    const dayAfter = after === undefined ? undefined : dayOf(after);
    if (dayAfter !== undefined && afterAfter !== undefined && /^\d{4}$/.test(afterAfter))
      return valid({ year: Number(afterAfter), month, day: dayAfter });
    // "22 June 1990", "22nd of June 1990"
    const dayBefore = before === undefined ? undefined : dayOf(before);
    if (dayBefore !== undefined && after !== undefined && /^\d{4}$/.test(after))
      return valid({ year: Number(after), month, day: dayBefore });
    // "first of July 2026" (ordinal words)
  }
  return undefined;
}

function normalYear(value: number, digits: number): number {
  if (digits === 4) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

/** Every date in a text, in order ("4 May 2026 to 8 May 2026", "May 4 – 8, 2026"). */
export function parseDateRange(text: string): readonly [CalendarDate, CalendarDate] | undefined {
  const parts = text
    .trim()
    .replace(/^(?:from|between)\s+/i, '')
    .split(/\s+(?:to|until|till|through|thru|and|-|–|—)\s+|\s*[–—]\s*|(?<=[a-z]+\s+\d{1,2})-(?=\d)/i);
  if (parts.length === 2) {
    let end = parseDate(parts[1]!);
    // "May 4–8, 2026": the end is a day and a year, in the start's month.
    const dayAndYear = /^(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(parts[1]!.trim());
    if (end === undefined && dayAndYear) {
      const opening = parseDate(`${parts[0]!.trim()}, ${dayAndYear[2]}`);
      if (opening !== undefined) end = valid({ ...opening, day: Number(dayAndYear[1]) });
    }
    // "Monday 4 May to Friday 8 May 2026": the start takes the end's year.
    let start = parseDate(parts[0]!) ?? (end === undefined ? undefined : parseDate(`${parts[0]!.trim()} ${end.year}`));
    if (end !== undefined && start === undefined) {
      // "4–8 May 2026", "May 4 – 8, 2026", "Monday 4 May to Friday 8 May 2026"
      const day = /(\d{1,2})(?:st|nd|rd|th)?\s*$/.exec(parts[0]!.trim());
      const month = parts[0]!
        .split(/\s+/)
        .map(monthOf)
        .find((value) => value !== undefined);
      if (day) start = valid({ year: end.year, month: month ?? end.month, day: Number(day[1]) });
    }
    if (start !== undefined && end !== undefined) return [start, end];
  }
  return undefined;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * A date in a field's format, read from the field's placeholder or current value ("MM/DD/YYYY",
 * "dd.mm.yyyy", "2024-01-31", "Jan 31, 2024"); month-first slashes when nothing says.
 */
export function formatDate(date: CalendarDate, hint: string | undefined): string {
  const pattern = hint?.trim() ?? '';
  const { year, month, day } = date;
  const lower = pattern.toLowerCase();
  if (/^y{2,4}[-/.]m{1,2}[-/.]d{1,2}$/.test(lower) || /^\d{4}-\d{2}-\d{2}$/.test(pattern))
    return `${year}-${pad(month)}-${pad(day)}`;
  const dayFirst = /^d{1,2}[-/.]m{1,2}[-/.]y{2,4}$/.test(lower);
  if (dayFirst) {
    const separator = /[-/.]/.exec(lower)?.[0] ?? '/';
    return `${pad(day)}${separator}${pad(month)}${separator}${year}`;
  }
  const monthWord = /^[a-z]{3,9}\.? \d{1,2}, \d{4}$/i.test(pattern);
  if (monthWord) {
    const name = monthNames[month - 1] ?? '';
    const written = /^[a-z]{3}\.? /i.test(pattern) ? name.slice(0, 3) : name;
    return `${written.charAt(0).toUpperCase()}${written.slice(1)} ${day}, ${year}`;
  }
  const separator = /^m{1,2}([-/.])/.exec(lower)?.[1] ?? '/';
  return `${pad(month)}${separator}${pad(day)}${separator}${year}`;
}

/**
 * Ways a text field may take a date, the field's own hint first, then spellings that cannot be
 * misread (a month name, ISO), then month-first and day-first numbers. No duplicates.
 */
export function dateSpellings(date: CalendarDate, hint: string | undefined): string[] {
  const name = monthNames[date.month - 1] ?? '';
  const month = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const spellings = [
    ...(hint === undefined ? [] : [formatDate(date, hint)]),
    `${month} ${date.day}, ${date.year}`,
    `${date.year}-${pad(date.month)}-${pad(date.day)}`,
    `${date.day} ${month} ${date.year}`,
    formatDate(date, 'MM/DD/YYYY'),
    formatDate(date, 'DD/MM/YYYY'),
  ];
  return [...new Set(spellings)];
}

/** Ways a text field may take a time of day: the field's own hint first, then 24-hour and 12-hour clocks. */
export function timeSpellings(time: ClockTime, hint: string | undefined): string[] {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const half = time.hour < 12 ? 'AM' : 'PM';
  const spellings = [
    ...(hint === undefined ? [] : [formatTime(time, hint)]),
    `${pad(time.hour)}:${pad(time.minute)}`,
    `${pad(hour12)}:${pad(time.minute)} ${half}`,
    `${hour12}:${pad(time.minute)} ${half}`,
  ];
  return [...new Set(spellings)];
}

/** Words for an hour of the clock: the number words one to twelve, and the named times of day. */
const hourWords: Readonly<Record<string, number>> = {
  ...Object.fromEntries(Object.entries(numberWords).filter(([, value]) => value >= 1 && value <= 12)),
  noon: 12,
  midday: 12,
  midnight: 0,
};

/**
 * Read a time: "9:30", "9:30 AM", "16:45", "2 pm", "half past nine", "a quarter to five in the
 * afternoon", "eleven in the morning", "noon". `afternoon` says what a bare hour means when the
 * text does not ("from two until half past three in the afternoon").
 */
export function parseTime(text: string, context: { readonly afternoon?: boolean } = {}): ClockTime | undefined {
  const lower = text.toLowerCase();
  const afternoon =
    /\b(?:pm|p\.m\.|afternoon|evening|tonight)\b/.test(lower) ||
    (context.afternoon === true && !/\b(?:am|a\.m\.|morning)\b/.test(lower));
  const morning = /\b(?:am|a\.m\.|morning)\b/.test(lower);
  const adjust = (hour: number): number => {
    if (afternoon && hour < 12) return hour + 12;
    if (morning && hour === 12) return 0;
    return hour;
  };
  const clock = /\b(\d{1,2})(?::|\.|h)(\d{2})\b/.exec(lower);
  if (clock) {
    const hour = Number(clock[1]);
    const minute = Number(clock[2]);
    if (hour > 23 || minute > 59) return undefined;
    return { hour: hour > 12 ? hour : adjust(hour), minute };
  }
  const bare = /\b(\d{1,2})\s*(?:am|pm|a\.m\.|p\.m\.|o'clock|oclock)/.exec(lower);
  if (bare) {
    const hour = Number(bare[1]);
    return hour <= 12 ? { hour: adjust(hour), minute: 0 } : undefined;
  }
  const words = lower
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const hourAt = (index: number): number | undefined => {
    const word = words[index];
    if (word === undefined) return undefined;
    return hourWords[word] ?? (/^\d{1,2}$/.test(word) ? Number(word) : undefined);
  };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index];
    if (word === 'half' && words[index + 1] === 'past') {
      const hour = hourAt(index + 2);
      if (hour !== undefined) return { hour: adjust(hour), minute: 30 };
    }
    if (word === 'quarter' && (words[index + 1] === 'past' || words[index + 1] === 'to')) {
      const hour = hourAt(index + 2);
      if (hour !== undefined) {
        if (words[index + 1] === 'past') return { hour: adjust(hour), minute: 15 };
        return { hour: adjust(hour === 1 ? 12 : hour - 1) % 24, minute: 45 };
      }
    }
    if (word === 'noon' || word === 'midday') return { hour: 12, minute: 0 };
    if (word === 'midnight') return { hour: 0, minute: 0 };
  }
  for (let index = 0; index < words.length; index += 1) {
    const hour = hourWords[words[index]!];
    if (hour !== undefined && (afternoon || morning || words[index + 1] === "o'clock" || words[index + 1] === 'oclock'))
      return { hour: adjust(hour), minute: 0 };
  }
  return undefined;
}

/**
 * A time written relative to the one before it: "an hour later", "one hour after that", "half an
 * hour after it", "90 minutes later". The minutes to add; undefined for anything else.
 */
export function relativeMinutes(text: string): number | undefined {
  const match =
    /^(?:(half an?)|(an?|\d{1,3}|[a-z]+(?:-[a-z]+)?)(?: and a half)?)\s+(hours?|hrs?|minutes?|mins?)(?:\s+(?:later|after(?:\s+(?:that|it|the start|this))?|on))?$/i.exec(
      text.trim(),
    );
  if (match === null) return undefined;
  const unit = /^h/i.test(match[3]!) ? 60 : 1;
  if (match[1] !== undefined) return unit === 60 ? 30 : undefined;
  const count = /^an?$/i.test(match[2]!) ? 1 : numberOf(match[2]!);
  if (count === undefined || count <= 0) return undefined;
  const half = /and a half/i.test(text) ? 0.5 : 0;
  const minutes = (count + half) * unit;
  return minutes > 0 && minutes < 24 * 60 && Number.isInteger(minutes) ? minutes : undefined;
}

/** A time some minutes later, on a 24-hour clock. */
export function addMinutes(time: ClockTime, minutes: number): ClockTime {
  const total = (time.hour * 60 + time.minute + minutes) % (24 * 60);
  return { hour: Math.floor(total / 60), minute: total % 60 };
}

/** A time in a field's format: 24-hour unless the hint shows AM/PM ("hh:mm AM", "9:00 AM"). */
export function formatTime(time: ClockTime, hint: string | undefined): string {
  // An hour written with one digit ("9:30", "2:00 PM") is written so again.
  const hour = (value: number) => (hint !== undefined && /(?:^|\D)\d:\d\d/.test(hint) ? String(value) : pad(value));
  if (hint !== undefined && /\b(?:am|pm|a)\b/i.test(hint)) {
    const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
    return `${hour(hour12)}:${pad(time.minute)} ${time.hour < 12 ? 'AM' : 'PM'}`;
  }
  return `${hour(time.hour)}:${pad(time.minute)}`;
}

/** What to type into a native time input in Chromium (its segments take digits then AM/PM). */
export function nativeTimeKeys(time: ClockTime): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${pad(hour12)}${pad(time.minute)}${time.hour < 12 ? 'AM' : 'PM'}`;
}

/** A whole text that is an email address: "noor@example.com". */
export const emailAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A number from a value as written ("35", "35%", "$120", "six", "1,250.5"); undefined when none. */
export function parseNumber(text: string): number | undefined {
  const trimmed = text
    .trim()
    .replace(/^[$€£]/, '')
    .replace(/\s*(?:%|percent|per cent)$/i, '')
    .replace(
      /\s*(?:months?|days?|weeks?|years?|hours?|hrs?|minutes?|mins?|seconds?|secs?|items?|units?|pieces?|px|points?|pts?|stars?|°[cf]?|degrees?)$/i,
      '',
    );
  return numberOf(trimmed.replace(/,/g, ''));
}

/**
 * The number a value for a slider or a number field means: the value read as a number, else the
 * one number among its comma-separated parts ("full brightness, 100%" → 100). Undefined when
 * there is none or more than one.
 */
export function numberMeant(text: string): number | undefined {
  const whole = parseNumber(text);
  if (whole !== undefined) return whole;
  const numbers = text
    .split(/\s*[,;(]\s*|\)/)
    .map((part) => parseNumber(part))
    .filter((number) => number !== undefined);
  return numbers.length === 1 ? numbers[0] : undefined;
}

/** Case a value as asked: upper, lower, title. */
export type CaseTransform = 'upper' | 'lower' | 'title';

export function applyCase(text: string, transform: CaseTransform | undefined): string {
  switch (transform) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text.replace(/\p{L}[\p{L}'’]*/gu, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
    case undefined:
      return text;
  }
}

/** Phrases asking for a case: "in upper case", "in capitals", "all caps", "lowercase", "title case". */
export function caseTransformIn(text: string): CaseTransform | undefined {
  const lower = text.toLowerCase();
  if (
    /\b(?:upper[- ]?case|uppercased|all caps|all capitals|capital letters|in capitals|in caps|block letters)\b/.test(
      lower,
    )
  )
    return 'upper';
  if (/\b(?:lower[- ]?case|lowercased|small letters|no capitals)\b/.test(lower)) return 'lower';
  if (/\b(?:title[- ]?case|capitali[sz]ed)\b/.test(lower)) return 'title';
  return undefined;
}
