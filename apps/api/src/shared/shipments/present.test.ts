import { describe, expect, it } from 'vitest';
import { iso, isoString } from './present';

describe('isoString', () => {
  it('writes what Date#toISOString writes, for dates of every field and edge', () => {
    const dates = [
      new Date(0),
      new Date('2026-01-01T00:00:00.000Z'),
      new Date('2026-12-31T23:59:59.999Z'),
      new Date('2024-02-29T12:05:09.007Z'),
      new Date('1000-01-01T00:00:00.000Z'),
      new Date('9999-12-31T23:59:59.999Z'),
      new Date('0999-12-31T23:59:59.999Z'),
      new Date('+010000-01-01T00:00:00.000Z'),
      new Date('-000001-06-15T08:30:00.050Z'),
    ];
    // A deterministic spread over the years 1000 to 9999, every millisecond digit and hour.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const from = Date.UTC(1000, 0, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    for (let index = 0; index < 5000; index++)
      dates.push(new Date(from + Math.floor((next() / 2147483647) * (to - from))));
    for (const date of dates) expect(isoString(date)).toBe(date.toISOString());
  });

  it('refuses an invalid date as Date#toISOString does', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('reads a string or a Date, and leaves null as null', () => {
    expect(iso('2026-11-29T20:08:55.123Z')).toBe('2026-11-29T20:08:55.123Z');
    expect(iso(new Date('2026-11-29T20:08:55.123Z'))).toBe('2026-11-29T20:08:55.123Z');
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
  });
});
