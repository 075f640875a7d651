import { types as pgliteTypes } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import { readTimestamptz, timestamptzReader } from './timestamps';

const TIMESTAMPTZ = 1184;
const pgReader = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => unknown;
const pgliteReader = pgliteTypes.parsers[TIMESTAMPTZ]!;

// Texts as PostgreSQL writes them: every fraction length, offsets in hours, minutes and seconds.
const WRITTEN = [
  '2026-11-29 20:08:55+00',
  '2026-11-29 20:08:55.1+00',
  '2026-11-29 20:08:55.12+00',
  '2026-11-29 20:08:55.123+00',
  '2026-11-29 20:08:55.1239+00',
  '2026-11-29 20:08:55.999999+00',
  '2024-02-29 23:59:59.5-05',
  '2026-01-01 00:00:00+05:30',
  '2026-12-31 23:30:00.25-03:30',
  '1883-11-18 12:03:58+00:09:21',
  '1970-01-01 00:00:00+00',
  '0100-03-01 00:00:00+00',
  '9999-12-31 23:59:59.999999+14',
];

describe('timestamptz read from its characters', () => {
  it('reads each text as the drivers do', () => {
    for (const text of WRITTEN) {
      const read = readTimestamptz(text);
      expect(read, text).toBeInstanceOf(Date);
      expect(read!.getTime(), text).toBe((pgReader(text) as Date).getTime());
      // PGlite's own reader (the JavaScript Date's) cannot read an offset with seconds.
      if (!/:\d\d:\d\d$/.test(text))
        expect(read!.getTime(), text).toBe((pgliteReader(text) as Date).getTime());
    }
  });

  it('agrees with the PostgreSQL driver on ten thousand instants and offsets', () => {
    const offsets = ['+00', '-05', '+05:30', '-03:30', '+12:45', '-09:30'];
    let instant = Date.UTC(1995, 0, 1);
    for (let index = 0; index < 10_000; index++) {
      instant += 987_654_321 + index * 7;
      const iso = new Date(instant).toISOString();
      const micros = String((index * 7919) % 1_000_000)
        .padStart(6, '0')
        .replace(/0+$/, '');
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${micros ? `.${micros}` : ''}${offsets[index % offsets.length]}`;
      expect(readTimestamptz(text)?.getTime(), text).toBe((pgReader(text) as Date).getTime());
    }
  });

  it("leaves every other text to the driver's own reader", () => {
    for (const text of [
      'infinity',
      '-infinity',
      '2026-11-29 20:08:55+00 BC',
      '0050-06-01 12:00:00+00',
      '12026-11-29 20:08:55+00',
      '2026-11-29 20:08:55.+00',
      '2026-11-29 20:08:55+0',
      '2026-11-29 20:08:55+00:3',
      '2026-11-29T20:08:55Z',
    ])
      expect(readTimestamptz(text), text).toBeUndefined();
    const read = timestamptzReader(pgReader);
    expect(read('infinity')).toBe(Infinity);
    expect(read('-infinity')).toBe(-Infinity);
    expect((read('0050-06-01 12:00:00+00') as Date).getUTCFullYear()).toBe(50);
  });
});

describe('timestamptz from the database', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('answers Dates to the millisecond, in any session zone, and infinity as a number', async () => {
    const row = await db.system(async (tx) => {
      await sql`set local time zone 'America/St_Johns'`.execute(tx);
      const { rows } = await sql<{ at: Date; never: number }>`select
          '2026-11-29 20:08:55.123456+00'::timestamptz as at,
          'infinity'::timestamptz as never`.execute(tx);
      return rows[0]!;
    });
    expect(row.at).toEqual(new Date('2026-11-29T20:08:55.123Z'));
    expect(row.never).toBe(Infinity);
  });
});
