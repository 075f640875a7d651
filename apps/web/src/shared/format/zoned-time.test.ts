import { describe, expect, it } from 'vitest';
import { formatInZone, zoneName, zonedRange, zonedTime } from './zoned-time';

describe('formatInZone', () => {
  it('shows an instant on the clock of the zone, named, whatever the browser’s zone', () => {
    expect(formatInZone('2026-11-24T15:30:00Z', 'America/Chicago')).toBe('11/24/2026 9:30 AM CST');
    expect(formatInZone('2026-07-04T00:05:00Z', 'America/New_York')).toBe('07/03/2026 8:05 PM EDT');
    expect(formatInZone('2026-11-24T15:30:00Z', 'America/Los_Angeles')).toBe(
      '11/24/2026 7:30 AM PST',
    );
  });

  it('crosses daylight saving time by the zone’s own rules', () => {
    expect(formatInZone('2026-03-08T07:59:00Z', 'America/Chicago')).toBe('03/08/2026 1:59 AM CST');
    expect(formatInZone('2026-03-08T08:00:00Z', 'America/Chicago')).toBe('03/08/2026 3:00 AM CDT');
  });

  it('answers a dash for no time or a bad one', () => {
    expect(zonedTime(null, 'America/Chicago')).toBe('—');
    expect(formatInZone('not a time', 'America/Chicago')).toBe('—');
  });
});

describe('zonedRange', () => {
  it('writes the date once for a window within one day', () => {
    expect(zonedRange('2026-11-25T18:30:00Z', '2026-11-25T20:30:00Z', 'America/New_York')).toBe(
      '11/25/2026 1:30 PM – 3:30 PM EST',
    );
  });

  it('writes both ends in full across days, and a dash for an open end', () => {
    expect(zonedRange('2026-11-25T18:30:00Z', '2026-11-26T20:30:00Z', 'America/New_York')).toBe(
      '11/25/2026 1:30 PM EST – 11/26/2026 3:30 PM EST',
    );
    expect(zonedRange(null, '2026-11-26T20:30:00Z', 'America/New_York')).toBe(
      '— – 11/26/2026 3:30 PM EST',
    );
  });
});

describe('zoneName', () => {
  it('names the zone by its city and abbreviation at that instant', () => {
    expect(zoneName('America/Los_Angeles', new Date('2026-01-10T12:00:00Z'))).toBe(
      'Los Angeles (PST)',
    );
    expect(zoneName('America/Los_Angeles', new Date('2026-07-10T12:00:00Z'))).toBe(
      'Los Angeles (PDT)',
    );
  });
});
