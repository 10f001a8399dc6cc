import { describe, expect, it } from 'vitest';
import { sameValue } from '../evidence/judgment.js';
import {
  addMinutes,
  dateSpellings,
  parseDate,
  parseDateRange,
  numberMeant,
  parseNumber,
  relativeMinutes,
  timeSpellings,
} from './values.js';

describe('reading dates', () => {
  it('reads a day-first note however it is written', () => {
    expect(parseDate('05/11/2026')).toEqual({ year: 2026, month: 5, day: 11 });
    expect(parseDate('05/11/2026 (day/month/year)')).toEqual({ year: 2026, month: 11, day: 5 });
    expect(parseDate('05/11/2026, day first')).toEqual({ year: 2026, month: 11, day: 5 });
  });

  it('counts two spellings of one range as the same value', () => {
    expect(sameValue('May 4, 2026 to May 8, 2026', '4–8 May 2026', undefined)).toBe(true);
    expect(sameValue('May 4, 2026 to May 9, 2026', '4–8 May 2026', undefined)).toBe(false);
  });

  it("counts a dropdown's option as the value it stands for, and no other option", () => {
    const zones = {
      ref: 'z',
      role: 'combobox',
      name: 'Time zone',
      box: { x: 0, y: 0, width: 200, height: 30 },
      options: ['(UTC+00:00) London', '(UTC+01:00) Berlin'],
    };
    expect(sameValue('(UTC+01:00) Berlin', 'Berlin', zones)).toBe(true);
    expect(sameValue('(UTC+00:00) London', 'Berlin', zones)).toBe(false);
    // A language picker lists languages as their speakers write them.
    const languages = { ...zones, name: 'Language', options: ['English', 'Deutsch', 'Français'] };
    expect(sameValue('Deutsch', 'German', languages)).toBe(true);
    expect(sameValue('Français', 'German', languages)).toBe(false);
  });
});

describe('reading spans of dates', () => {
  it.each([
    'May 4–8, 2026',
    'May 4-8, 2026',
    '4–8 May 2026',
    'from Monday 4 May to Friday 8 May 2026',
    'may 4 to may 8 2026',
  ])('%s', (text) =>
    expect(parseDateRange(text)).toEqual([
      { year: 2026, month: 5, day: 4 },
      { year: 2026, month: 5, day: 8 },
    ]),
  );

  it('reads one date as no span', () => {
    expect(parseDateRange('May 4, 2026')).toBeUndefined();
  });
});

describe('spellings to try in a picker field', () => {
  it("puts the field's own format first, then unambiguous ones, without repeats", () => {
    const date = { year: 2026, month: 3, day: 14 };
    expect(dateSpellings(date, 'YYYY-MM-DD')[0]).toBe('2026-03-14');
    const spellings = dateSpellings(date, undefined);
    expect(spellings.slice(0, 2)).toEqual(['March 14, 2026', '2026-03-14']);
    expect(new Set(spellings).size).toBe(spellings.length);
    expect(spellings).toContain('03/14/2026');
  });

  it('offers a 24-hour and a 12-hour clock', () => {
    expect(timeSpellings({ hour: 16, minute: 45 }, undefined)).toEqual(['16:45', '04:45 PM', '4:45 PM']);
  });
});

describe('times written relative to the one before', () => {
  it('reads hours and minutes later, and nothing else', () => {
    expect(relativeMinutes('an hour later')).toBe(60);
    expect(relativeMinutes('one hour after that')).toBe(60);
    expect(relativeMinutes('half an hour after it')).toBe(30);
    expect(relativeMinutes('90 minutes later')).toBe(90);
    expect(relativeMinutes('two and a half hours later')).toBe(150);
    expect(relativeMinutes('11:15')).toBeUndefined();
    expect(relativeMinutes('an hour before')).toBeUndefined();
    expect(addMinutes({ hour: 23, minute: 30 }, 45)).toEqual({ hour: 0, minute: 15 });
  });
});

describe('reading numbers', () => {
  it('reads a percentage however it is written', () => {
    for (const written of ['30%', '30 percent', 'thirty percent', 'thirty per cent'])
      expect(parseNumber(written), written).toBe(30);
    expect(sameValue('30', 'thirty percent', undefined)).toBe(true);
    expect(sameValue('31', 'thirty percent', undefined)).toBe(false);
  });

  it('reads a number with a unit of time as the number a field of that unit shows', () => {
    for (const written of ['45 minutes', '45 mins', '45'])
      expect(sameValue('45', written, undefined), written).toBe(true);
    expect(parseNumber('2 hours')).toBe(2);
    expect(sameValue('40', '45 minutes', undefined)).toBe(false);
  });

  it('reads numbers written in words with halves and points, and the one number in a worded value', () => {
    expect(parseNumber('twenty-one and a half degrees')).toBe(21.5);
    expect(parseNumber('nineteen point five')).toBe(19.5);
    expect(parseNumber('a hundred percent')).toBe(100);
    expect(numberMeant('full brightness, 100%')).toBe(100);
    expect(numberMeant('between 20 and 30')).toBeUndefined();
    expect(numberMeant('warm, 22 or 23')).toBeUndefined();
  });
});
