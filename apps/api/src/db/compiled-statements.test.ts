import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import { compiledStatements, MAX_SHAPES } from './compiled-statements';
import type { Database } from './database';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

describe('statements compiled once per shape', () => {
  it('runs each call with its own values on the text compiled for its shape', async () => {
    const built: string[] = [];
    const echo = compiledStatements(
      (shape: { upper: boolean }) => String(shape.upper),
      (_tx, shape, values: { word: string; count: number; letters: readonly string[] }) => {
        built.push(`${shape.upper}:${values.letters.length}`);
        const word = shape.upper ? sql`upper(${values.word})` : sql`${values.word}::text`;
        return sql<{ word: string; count: number; letters: string }>`select ${word} as word,
          ${values.count}::int + 1 as count,
          array_to_string(array[${sql.join(values.letters)}]::text[], '') as letters`;
      },
    );
    const run = (upper: boolean, word: string, count: number, letters: string[]) =>
      db.system(async (tx) => (await echo(tx, { upper }, { word, count, letters })).rows[0]);

    expect(await run(false, 'load', 1, ['a', 'b'])).toEqual({
      word: 'load',
      count: 2,
      letters: 'ab',
    });
    expect(await run(false, 'dock', 41, ['c', 'd'])).toEqual({
      word: 'dock',
      count: 42,
      letters: 'cd',
    });
    expect(await run(true, 'dock', 0, ['c', 'd'])).toEqual({
      word: 'DOCK',
      count: 1,
      letters: 'cd',
    });
    // A list of another length is another text.
    expect(await run(false, 'lane', 2, ['x', 'y', 'z'])).toEqual({
      word: 'lane',
      count: 3,
      letters: 'xyz',
    });
    expect(built).toEqual(['false:2', 'true:2', 'false:3']);
  });

  it('keeps at most MAX_SHAPES shapes, compiling the oldest again when it comes back', async () => {
    const built: number[] = [];
    const numbered = compiledStatements(
      (shape: { n: number }) => String(shape.n),
      (_tx, shape, values: { word: string }) => {
        built.push(shape.n);
        return sql<{
          n: number;
          word: string;
        }>`select ${sql.lit(shape.n)}::int as n, ${values.word}::text as word`;
      },
    );
    await db.system(async (tx) => {
      for (let n = 0; n <= MAX_SHAPES; n += 1) await numbered(tx, { n }, { word: 'dock' });
      expect((await numbered(tx, { n: MAX_SHAPES }, { word: 'yard' })).rows[0]).toEqual({
        n: MAX_SHAPES,
        word: 'yard',
      });
      expect((await numbered(tx, { n: 0 }, { word: 'lane' })).rows[0]).toEqual({
        n: 0,
        word: 'lane',
      });
    });
    expect(built).toHaveLength(MAX_SHAPES + 2);
    expect(built.at(-1)).toBe(0);
  });

  it('refuses a parameter worked out from a value instead of being one', async () => {
    const derived = compiledStatements(
      () => 'only',
      (_tx, _shape, values: { word: string }) =>
        sql<{ word: string }>`select ${`${values.word}%`} as word`,
    );
    await expect(db.system((tx) => derived(tx, {}, { word: 'load' }))).rejects.toThrow(
      /made from a placeholder/,
    );
  });
});
