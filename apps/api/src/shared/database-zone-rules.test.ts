import { localDateTimeInZone } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import type { Database } from '../db/database';
import {
  localDayStarts,
  warnOfDatabaseZoneRules,
  zonesConvertedOtherwise,
} from './database-zone-rules';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Before any rule of the last releases took effect: every tz release since agrees on these years.
const settled = new Date('2020-01-01T00:00:00Z');
// This process's rules, with Chicago an hour off: what a database with other rules there would give.
const chicagoMoved = (instant: Date, zone: string) =>
  localDateTimeInZone(
    zone === 'America/Chicago' ? new Date(instant.getTime() + 3_600_000) : instant,
    zone,
  );

function collect() {
  const warnings: { object: object; message: string }[] = [];
  return {
    warnings,
    logger: { warn: (object: object, message: string) => warnings.push({ object, message }) },
  };
}

describe('the database’s time zone rules against the portal’s', () => {
  it('agree in every freight zone where no rule has changed', async () => {
    expect(await zonesConvertedOtherwise(t.db, { now: settled })).toEqual([]);
  });

  it('name each zone whose wall-clock time the database gives otherwise', async () => {
    expect(await zonesConvertedOtherwise(t.db, { now: settled, local: chicagoMoved })).toEqual([
      'America/Chicago',
    ]);
  });

  it('are named at start when they differ, and not when they agree', async () => {
    const { warnings, logger } = collect();
    await warnOfDatabaseZoneRules(t.db, logger, { now: settled });
    expect(warnings).toEqual([]);
    await warnOfDatabaseZoneRules(t.db, logger, { now: settled, local: chicagoMoved });
    expect(warnings).toEqual([
      {
        object: { zones: ['America/Chicago'] },
        message:
          "The database converts local times in these zones with other time zone rules than the portal's: update its host's time zone data (tzdata)",
      },
    ]);
  });

  it('never stop the start when they cannot be read', async () => {
    const { warnings, logger } = collect();
    const unreachable = {
      system: () => Promise.reject(new Error('connection refused')),
    } as unknown as Database;
    await warnOfDatabaseZoneRules(unreachable, logger);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe("The database's time zone rules could not be compared");
  });
});

describe('a local day’s start in each freight zone', () => {
  it('is read on the portal’s rules, for SQL to look a stop’s zone up in', () => {
    const starts = JSON.parse(localDayStarts('2031-12-05')) as Record<string, string>;
    expect(starts['America/Edmonton']).toBe('2031-12-05T06:00:00.000Z');
    expect(starts['America/Denver']).toBe('2031-12-05T07:00:00.000Z');
    expect(starts['America/St_Johns']).toBe('2031-12-05T03:30:00.000Z');
    expect(starts['Pacific/Honolulu']).toBe('2031-12-05T10:00:00.000Z');
    expect(starts['Europe/Paris']).toBeUndefined();
    // Kept: the same text again.
    expect(localDayStarts('2031-12-05')).toBe(localDayStarts('2031-12-05'));
  });
});
