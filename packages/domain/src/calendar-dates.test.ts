import { describe, expect, it } from 'vitest';
import {
  stopClockTime,
  addDays,
  addMonths,
  dayOfWeek,
  isIsoDate,
  isoDateInZone,
  lastDays,
  lastMonths,
  weekContaining,
  zonedFormats,
} from './calendar-dates';

describe('calendar dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('adds months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -3)).toBe('2025-10-15');
    expect(lastMonths('2026-03-11', 3)).toEqual(['2025-12-11', '2026-03-11']);
  });

  it('runs weeks Sunday to Saturday', () => {
    expect(dayOfWeek('2026-03-08')).toBe(0);
    expect(weekContaining('2026-03-08')).toEqual(['2026-03-08', '2026-03-14']);
    expect(weekContaining('2026-03-14')).toEqual(['2026-03-08', '2026-03-14']);
  });

  it('counts the last N days back from today', () => {
    expect(lastDays('2026-03-11', 60)).toEqual(['2026-01-10', '2026-03-11']);
  });

  it('validates dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-28')).toBe(false);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });

  it('reads the calendar date of an instant in a zone', () => {
    const instant = new Date('2026-03-11T03:00:00Z');
    expect(isoDateInZone(instant, 'America/Los_Angeles')).toBe('2026-03-10');
    expect(isoDateInZone(instant, 'UTC')).toBe('2026-03-11');
  });
});

describe('zoned formats', () => {
  it('builds one format per time zone and reuses it, each on its own zone’s clock', () => {
    const day = zonedFormats('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(day('America/Chicago')).toBe(day('America/Chicago'));
    expect(day('America/Chicago')).not.toBe(day('Asia/Tokyo'));
    expect(day('America/Chicago').format(instant)).toBe('2026-02-28');
    expect(day('Asia/Tokyo').format(instant)).toBe('2026-03-01');
    expect(isoDateInZone(instant, 'America/Chicago')).toBe('2026-02-28');
  });
});

describe('a stop’s clock', () => {
  it('shows an instant in the stop’s zone, the zone named for that date', () => {
    expect(stopClockTime('2026-11-25T14:00:00Z', 'America/Chicago')).toBe(
      '11/25/2026, 8:00 AM CST',
    );
    expect(stopClockTime(new Date('2026-07-04T21:30:00Z'), 'America/New_York')).toBe(
      '07/04/2026, 5:30 PM EDT',
    );
  });
});
