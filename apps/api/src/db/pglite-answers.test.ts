import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import { answerParsers, readAnswer } from './pglite-answers';

const { serialize } = protocol;
const INT8 = 20;

// Decision 255: the embedded dialect reads the engine's answers from their bytes. Whatever an answer
// holds, the results, the error thrown and the notifications are PGlite's own.
describe.skipIf(process.env.TEST_DB === 'postgres')('answers read from the engine’s bytes', () => {
  let pglite: PGlite;
  const parsers = { [INT8]: (value: string) => Number(value) };

  beforeAll(async () => {
    pglite = await PGlite.create({ parsers });
    await pglite.exec(`
      create table answer_probe (id int8 primary key, label text, amount numeric, at timestamptz,
                                 day date, tags text[], extra jsonb, flag boolean, data bytea);
      insert into answer_probe values
        (1, 'Zürich → 東京 "quoted"', 12.50, '2026-11-29 12:00:00.123456+00', '2026-11-29',
         array['a', 'b c'], '{"nested": [1, {"x": null}]}', true, '\\x00ff'),
        (2, null, null, null, null, null, null, null, null),
        (3, '', 0, '1970-01-01 00:00:00+00', '0001-01-01', '{}', '[]', false, '\\x')`);
  });
  afterAll(() => pglite.close());

  /** The message's answer as this module reads it, and as PGlite's own parser does. */
  async function bothWays(message: Uint8Array) {
    const chunks: Buffer[] = [];
    await pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    });
    const notified: [string, string][] = [];
    let ours: unknown;
    try {
      ours = readAnswer(Buffer.concat(chunks), answerParsers(pglite.parsers), (...pair) =>
        notified.push(pair),
      );
    } catch (error) {
      ours = { thrown: error };
    }
    let theirs: unknown;
    try {
      theirs = parse.parseResults(await pglite.execProtocolStream(message), pglite.parsers);
    } catch (error) {
      theirs = { thrown: error };
    }
    return { ours, theirs, notified };
  }

  const extended = (text: string, values: (string | null)[] = []) =>
    Buffer.concat([
      serialize.parse({ text }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);

  it('reads rows of every kind of value as PGlite does', async () => {
    const { ours, theirs } = await bothWays(
      extended('select * from answer_probe where id <= $1 order by id', ['3']),
    );
    expect(ours).toEqual(theirs);
    expect((ours as { rows: unknown[] }[])[0]!.rows).toHaveLength(3);
  });

  it('reads a script of several commands, their counts and the affected rows', async () => {
    const { ours, theirs } = await bothWays(
      serialize.query(`begin;
        insert into answer_probe (id, label) values (10, 'x'), (11, 'y');
        update answer_probe set label = 'z' where id >= 10;
        select id, label from answer_probe where id >= 10 order by id;
        select 1 where false;
        rollback`),
    );
    expect(ours).toEqual(theirs);
    expect((ours as { command: string }[]).map((result) => result.command)).toEqual([
      'BEGIN',
      'INSERT',
      'UPDATE',
      'SELECT',
      'SELECT',
      'ROLLBACK',
    ]);
  });

  it('reads an empty query as PGlite does', async () => {
    const { ours, theirs } = await bothWays(serialize.query(''));
    expect(ours).toEqual(theirs);
  });

  it('throws the error PGlite throws, and nothing of what followed it', async () => {
    const { ours, theirs } = await bothWays(
      serialize.query(`select 1; insert into answer_probe (id) values (1); select 2`),
    );
    const thrown = (ours as { thrown: Error & { code: string } }).thrown;
    expect(thrown).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(thrown.code).toBe('23505');
    expect(thrown).toEqual((theirs as { thrown: Error }).thrown);
  });

  it('hands a notification on, and still reads the results around it', async () => {
    await pglite.exec('listen answer_probe_channel');
    const { ours, theirs, notified } = await bothWays(
      serialize.query(`select pg_notify('answer_probe_channel', 'hello'); select 2 as two`),
    );
    expect(notified).toEqual([['answer_probe_channel', 'hello']]);
    expect(ours).toEqual(theirs);
  });

  it('reads a column named __proto__ as an own field, never as the row’s prototype', async () => {
    const { ours, theirs } = await bothWays(serialize.query(`select 1 as "__proto__", 2 as b`));
    expect(ours).toEqual(theirs);
    const [row] = (ours as { rows: Record<string, unknown>[] }[])[0]!.rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('notifications on the embedded engine', () => {
  let db: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('reach a listener from a transaction the dialect runs, and stop when it stops listening', async () => {
    const heard: string[] = [];
    const stop = await db.listen('portal_answer_probe', (payload) => heard.push(payload));
    await db.system((tx) => sql`select pg_notify('portal_answer_probe', 'first')`.execute(tx));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['first']);

    await stop();
    await db.system((tx) => sql`select pg_notify('portal_answer_probe', 'second')`.execute(tx));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['first']);
  });
});
