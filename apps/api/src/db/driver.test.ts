import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import {
  settingLiteral,
  settingsPrelude,
  transactionWithPrelude,
  withPreludeTransactions,
} from './driver';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const COMPANY = '3f1c2b7e-8d4a-4e55-9c1e-0a9b8c7d6e5f';

/**
 * The running transaction's virtual id, new for every transaction on both engines. (now() would
 * tell transactions apart on PostgreSQL, but PGlite's clock counts milliseconds, and on a fast
 * machine two short transactions begin within one.)
 */
const currentTransaction = sql<{ transaction: string; mode: string }>`
  select virtualxid as transaction, current_setting('transaction_read_only') as mode
    from pg_locks where pid = pg_backend_pid() and locktype = 'virtualxid'`;

describe('transactions that begin with their settings', () => {
  it('runs the work as portal_app with the caller’s settings, in one transaction', async () => {
    const { row, first, second } = await db.tenant(
      { companyId: COMPANY, userId: null, kind: 'carrier', carrierIds: [COMPANY], driverId: null },
      async (tx) => ({
        first: (await currentTransaction.execute(tx)).rows[0]!.transaction,
        row: (
          await sql<{
            role: string;
            company: string;
            carriers: string;
            scope: string;
          }>`select current_user as role, current_setting('app.company_id') as company,
                    current_setting('app.carrier_ids') as carriers, current_setting('app.scope') as scope`.execute(
            tx,
          )
        ).rows[0],
        second: (await currentTransaction.execute(tx)).rows[0]!.transaction,
      }),
    );
    expect(row).toEqual({
      role: 'portal_app',
      company: COMPANY,
      carriers: COMPANY,
      scope: 'carrier',
    });
    // The work's statements share one transaction (each would have its own outside a block). Its
    // settings are local to the transaction that began with them, so they are that one's too.
    expect(second).toBe(first);
  });

  it('leaves no open transaction behind when the settings fail, and the next one is clean', async () => {
    await expect(transactionWithPrelude(db.owner, 'select 1/0', async () => 1)).rejects.toThrow(
      /division by zero/,
    );
    for (let index = 0; index < 3; index++) {
      const row = await db.system(
        async (tx) =>
          (await sql<{ role: string }>`select current_user as role`.execute(tx)).rows[0],
      );
      expect(row).toEqual({ role: 'portal_system' });
    }
  });

  it('runs a read-only tenant transaction as read-only: a write in it is refused', async () => {
    const scope = {
      companyId: COMPANY,
      userId: null,
      kind: 'carrier' as const,
      carrierIds: [COMPANY],
      driverId: null,
    };
    const mode = (options?: { readOnly: true }) =>
      db.tenant(
        scope,
        async (tx) =>
          (
            await sql<{
              mode: string;
            }>`select current_setting('transaction_read_only') as mode`.execute(tx)
          ).rows[0]!.mode,
        options,
      );
    expect(await mode({ readOnly: true })).toBe('on');
    await expect(
      db.tenant(scope, (tx) => sql`create temporary table read_only_probe (id int)`.execute(tx), {
        readOnly: true,
      }),
    ).rejects.toThrow(/read-only transaction/);
    // The next transaction on the pool is an ordinary one.
    expect(await mode()).toBe('off');
  });

  it('begins each read-only transaction on one connection after the last one has committed', async () => {
    // One connection: on PostgreSQL each read's commit is still on its way when the next begins.
    const single = await openTestDatabase({ poolSize: 1 });
    try {
      const read = () =>
        db.tenant(
          {
            companyId: COMPANY,
            userId: null,
            kind: 'carrier',
            carrierIds: [COMPANY],
            driverId: null,
          },
          async (tx) => (await currentTransaction.execute(tx)).rows[0]!,
          { readOnly: true },
        );
      const transactions = new Set<string>();
      for (let round = 0; round < 20; round++) {
        const { transaction, mode } = await read();
        expect(mode).toBe('on');
        transactions.add(transaction);
      }
      // A begin sent into a transaction still open would be ignored: the virtual id would repeat.
      expect(transactions.size).toBe(20);
      const write = await db.system(
        async (tx) =>
          (
            await sql<{
              mode: string;
            }>`select current_setting('transaction_read_only') as mode`.execute(tx)
          ).rows[0]!.mode,
      );
      expect(write).toBe('off');
    } finally {
      await single.dispose();
    }
  });

  it('gives each of many transactions begun at once its own caller’s settings', async () => {
    const companies = Array.from(
      { length: 24 },
      (_, index) => `3f1c2b7e-8d4a-4e55-9c1e-${String(index).padStart(12, '0')}`,
    );
    const seen = await Promise.all(
      companies.map((companyId, index) =>
        db.tenant(
          { companyId, userId: null, kind: 'carrier', carrierIds: [companyId], driverId: null },
          async (tx) => {
            // Some wait before their first statement, so the transactions interleave.
            if (index % 3 === 0) await new Promise((resolve) => setTimeout(resolve, index % 7));
            return (
              await sql<{
                company: string;
                role: string;
              }>`select current_setting('app.company_id') as company, current_user as role`.execute(
                tx,
              )
            ).rows[0];
          },
          { readOnly: index % 2 === 0 },
        ),
      ),
    );
    expect(seen).toEqual(companies.map((company) => ({ company, role: 'portal_app' })));
  });

  // PGlite has one connection: a transaction opened inside another would wait for it.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'begins a transaction the work opens itself with that one’s own settings',
    async () => {
      const roleOf = async (tx: Parameters<Parameters<Database['tenant']>[1]>[0]) =>
        (await sql<{ role: string }>`select current_user as role`.execute(tx)).rows[0]!.role;
      const roles = await db.tenant(
        {
          companyId: COMPANY,
          userId: null,
          kind: 'carrier',
          carrierIds: [COMPANY],
          driverId: null,
        },
        async (tx) => {
          const before = await roleOf(tx);
          const inner = await db.system(roleOf);
          return { before, inner, after: await roleOf(tx) };
        },
      );
      expect(roles).toEqual({ before: 'portal_app', inner: 'portal_system', after: 'portal_app' });
    },
  );

  it('refuses a setting value other than ids, kinds and lists of ids', () => {
    expect(settingLiteral(`${COMPANY},${COMPANY}`)).toBe(`'${COMPANY},${COMPANY}'`);
    expect(settingLiteral('')).toBe("''");
    expect(() => settingLiteral("x', true); drop table users; --")).toThrow();
  });

  it('writes the settings both with their values in and as parameters, and refuses a bad one', () => {
    expect(
      settingsPrelude([
        ['role', 'portal_app'],
        ['app.company_id', COMPANY],
      ]),
    ).toEqual({
      sql: `select set_config('role', 'portal_app', true), set_config('app.company_id', '${COMPANY}', true)`,
      text: `select set_config('role', $1, true), set_config('app.company_id', $2, true)`,
      values: ['portal_app', COMPANY],
    });
    expect(() => settingsPrelude([['app.scope', "x', true); --"]])).toThrow();
    expect(() => settingsPrelude([["role', 'postgres', true); --", 'x']])).toThrow();
  });
});

const SCOPE = {
  companyId: COMPANY,
  userId: null,
  kind: 'carrier' as const,
  carrierIds: [COMPANY],
  driverId: null,
};

// A statement with a parameter, so it goes as a prepared statement (one Bind, Execute and Sync).
const transactionOf = (tx: Parameters<Parameters<Database['tenant']>[1]>[0], label: string) =>
  sql<{
    transaction: string;
    mode: string;
    role: string;
    company: string;
    label: string;
  }>`select l.virtualxid as transaction, current_setting('transaction_read_only') as mode,
          current_user as role, current_setting('app.company_id') as company, ${label}::text as label
     from pg_locks l where l.pid = pg_backend_pid() and l.locktype = 'virtualxid'`
    .execute(tx)
    .then((result) => result.rows[0]!);

/** What a system transaction after a failed one runs as: portal_system, read-write. */
const systemSession = (db: Database) =>
  db.system(
    async (tx) =>
      (
        await sql<{ role: string; mode: string }>`select current_user as role,
           current_setting('transaction_read_only') as mode, ${'x'}::text as x`.execute(tx)
      ).rows[0],
  );

// Decision 252: on PostgreSQL a transaction's begin and settings go in the message of its first
// statement, and a read's commit in the connection's next message.
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'transaction edges sent with the statements',
  () => {
    /** How many messages (pg Client.query calls) `work` sends. */
    async function messagesOf<T>(work: () => Promise<T>): Promise<{ result: T; messages: number }> {
      let messages = 0;
      const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        messages += 1;
        return query.apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        return { result: await work(), messages };
      } finally {
        pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
      }
    }

    /** Runs `work` on a database of its own whose pool holds one connection. */
    async function onOneConnection(work: (db: Database) => Promise<void>): Promise<void> {
      const single = await openTestDatabase({ poolSize: 1 });
      try {
        await work(single.db);
      } finally {
        await single.dispose();
      }
    }

    it('sends a read of one statement as one message, settings and the last read’s commit included', async () => {
      await onOneConnection(async (db) => {
        const read = (label: string) =>
          db.tenant(SCOPE, (tx) => transactionOf(tx, label), { readOnly: true });
        // The connection's first uses prepare the edges (begin, the settings, commit) once.
        await Promise.all([read('warm'), read('warm')]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Ten reads wait for the one connection: each takes it as the last one leaves it.
        const { result, messages } = await messagesOf(async () => {
          const reads = await Promise.all(
            Array.from({ length: 10 }, (_, round) => read(`read ${round}`)),
          );
          await new Promise((resolve) => setTimeout(resolve, 50));
          return reads;
        });
        result.forEach((row, round) =>
          expect(row).toMatchObject({
            mode: 'on',
            role: 'portal_app',
            company: COMPANY,
            label: `read ${round}`,
          }),
        );
        // One message per read (its begin, settings and statement, and the last read's commit),
        // and the last commit on its own once nobody took the connection: 30 before decision 252.
        expect(messages).toBe(11);
        // Each read ran in a transaction of its own.
        expect(new Set(result.map((row) => row.transaction)).size).toBe(10);
      });
    });

    it('runs statements sent at once as a transaction begins inside it, on a new connection too', async () => {
      await onOneConnection(async (db) => {
        // The connection is new, so its edges are prepared first; every statement must still run in
        // the one transaction, with the caller's settings.
        const rows = await db.tenant(
          SCOPE,
          (tx) =>
            Promise.all(['first', 'second', 'third'].map((label) => transactionOf(tx, label))),
          { readOnly: true },
        );
        for (const row of rows) expect(row).toMatchObject({ role: 'portal_app', company: COMPANY });
        expect(new Set(rows.map((row) => row.transaction)).size).toBe(1);
      });
    });

    it('commits a read whose connection nobody takes: the session is idle, not in a transaction', async () => {
      await onOneConnection(async (db) => {
        const { transaction } = await db.tenant(SCOPE, (tx) => transactionOf(tx, 'idle'), {
          readOnly: true,
        });
        expect(transaction).toBeTruthy();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const states = await db.owner
          .selectFrom(sql<{ state: string }>`pg_stat_activity`.as('activity'))
          .select('state')
          .where(sql<boolean>`datname = current_database() and pid <> pg_backend_pid()`)
          .execute();
        // The pool's one connection is this query's; no other session may hold a transaction open.
        expect(states.filter((row) => row.state === 'idle in transaction')).toEqual([]);
      });
    });

    it('sends nothing for a transaction that runs no statement', async () => {
      await onOneConnection(async (db) => {
        await db.tenant(SCOPE, (tx) => transactionOf(tx, 'warm'));
        const { messages } = await messagesOf(() =>
          db.tenant(SCOPE, async () => 'nothing read', { readOnly: true }),
        );
        expect(messages).toBe(0);
      });
    });

    it('rolls back a transaction whose joined statement fails, and the next one begins clean', async () => {
      await onOneConnection(async (db) => {
        await expect(
          db.tenant(SCOPE, (tx) => sql`select 1 / ${0}::int as broken`.execute(tx), {
            readOnly: true,
          }),
        ).rejects.toThrow(/division by zero/);
        expect(await systemSession(db)).toMatchObject({ role: 'portal_system', mode: 'off' });
      });
    });

    it('asks for a prepared statement’s columns once per connection, and builds its rows as node-postgres does', async () => {
      await onOneConnection(async (db) => {
        // Each Describe the connection writes; node-postgres sends one with every execution.
        const describe = pg.Connection.prototype.describe as (...args: unknown[]) => unknown;
        let describes = 0;
        pg.Connection.prototype.describe = function (this: pg.Connection, ...args: unknown[]) {
          describes += 1;
          return describe.apply(this, args);
        };
        const typed = (label: string, count: number) =>
          db.owner.transaction().execute((tx) =>
            sql<{
              label: string;
              at: Date;
              count: number;
              day: string;
              empty: string | null;
            }>`select ${label}::text as label, timestamptz '2026-12-02 10:00:00.123+00' as at,
                        ${count}::bigint as count, date '2026-12-02' as day, null::text as empty,
                        '{"k_ey": [1, {"x_y": true}]}'::json as doc, array[1, 2]::int[] as list,
                        1.50::numeric as amount, true as flag, 1 as twice, 2 as twice`.execute(tx),
          );
        const listed = (count: number) =>
          db.owner
            .transaction()
            .execute((tx) =>
              sql<{ n: number }>`select n from generate_series(1, ${count}::int) as n`.execute(tx),
            );
        try {
          const rounds = [];
          for (let round = 0; round < 5; round++)
            rounds.push({
              typed: (await typed(`round ${round}`, round)).rows,
              listed: (await listed(round)).rows,
            });
          // The first execution of each statement asked; the next four used its columns.
          expect(describes).toBe(2);
          rounds.forEach((answer, round) => {
            expect(answer.typed).toEqual([
              {
                label: `round ${round}`,
                at: new Date('2026-12-02T10:00:00.123Z'),
                count: round,
                day: '2026-12-02',
                empty: null,
                doc: { kEy: [1, { xY: true }] },
                list: [1, 2],
                amount: 1.5,
                flag: true,
                // A later column of the same name wins, as in node-postgres's own rows.
                twice: 2,
              },
            ]);
            // Rows of the same columns, none shared between answers.
            expect(answer.listed).toEqual(
              Array.from({ length: round }, (_, index) => ({ n: index + 1 })),
            );
          });
          expect(rounds[3]!.typed[0]).not.toBe(rounds[4]!.typed[0]);
          // A failing execution leaves the statement's columns as they were.
          await expect(
            db.owner
              .transaction()
              .execute((tx) =>
                sql`select n, 1 / (n - ${2}::int) as broken from generate_series(1, 3) as n`.execute(
                  tx,
                ),
              ),
          ).rejects.toThrow(/division by zero/);
          expect((await typed('after', 7)).rows[0]).toMatchObject({ label: 'after', count: 7 });
        } finally {
          pg.Connection.prototype.describe = describe as typeof pg.Connection.prototype.describe;
        }
      });
    });

    it('commits a write before the transaction ends: another connection sees it at once', async () => {
      const { db: pair, dispose: close } = await openTestDatabase({ poolSize: 2, asOwner: true });
      try {
        await sql`create table edge_probe (id integer)`.execute(pair.owner);
        await sql`grant select, insert on edge_probe to portal_system`.execute(pair.owner);
        const rounds = [1, 2, 3, 4, 5, 6];
        for (const id of rounds) {
          // A system transaction begins with its settings, joined to the insert.
          await pair.system((tx) => sql`insert into edge_probe (id) values (${id})`.execute(tx));
          const seen = await Promise.all(
            [1, 2].map(() =>
              pair.owner.transaction().execute(async (tx) =>
                Number(
                  (
                    await sql<{
                      count: string;
                    }>`select count(*) as count from edge_probe where id = ${id}`.execute(tx)
                  ).rows[0]!.count,
                ),
              ),
            ),
          );
          // Both connections answer, whichever ran the insert: it is committed.
          expect(seen).toEqual([1, 1]);
        }
      } finally {
        await close();
      }
    });
  },
);

// Decision 253: on PGlite a transaction's begin and settings go in the message of its first
// statement, as on PostgreSQL; each call into the engine costs about as much as a short read.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'PGlite: begin with the first statement',
  () => {
    /** How many calls into the engine `work` makes (statements run, and statements prepared). */
    async function callsOf<T>(work: () => Promise<T>): Promise<{ result: T; calls: number }> {
      const pglite = db.pglite!;
      const run = pglite.execProtocolRawStream.bind(pglite);
      const prepare = pglite.execProtocolStream.bind(pglite);
      let calls = 0;
      pglite.execProtocolRawStream = (...args) => {
        calls += 1;
        return run(...args);
      };
      pglite.execProtocolStream = (...args) => {
        calls += 1;
        return prepare(...args);
      };
      try {
        return { result: await work(), calls };
      } finally {
        pglite.execProtocolRawStream = run;
        pglite.execProtocolStream = prepare;
      }
    }

    it('runs a read of one statement in two calls, its begin and settings with the statement', async () => {
      const read = (label: string) =>
        db.tenant(SCOPE, (tx) => transactionOf(tx, label), { readOnly: true });
      await read('warm');
      const { result, calls } = await callsOf(() => read('measured'));
      expect(result).toMatchObject({
        mode: 'on',
        role: 'portal_app',
        company: COMPANY,
        label: 'measured',
      });
      // The statement with the begin and the settings ahead of it, then the commit: three before.
      expect(calls).toBe(2);
    });

    it('runs statements sent at once in the one transaction, with the settings', async () => {
      const rows = await db.tenant(
        SCOPE,
        (tx) => Promise.all(['first', 'second', 'third'].map((label) => transactionOf(tx, label))),
        { readOnly: true },
      );
      for (const row of rows) expect(row).toMatchObject({ role: 'portal_app', company: COMPANY });
      expect(new Set(rows.map((row) => row.transaction)).size).toBe(1);
    });

    it('sends nothing for a transaction that runs no statement', async () => {
      const { calls } = await callsOf(() =>
        db.tenant(SCOPE, async () => 'nothing read', { readOnly: true }),
      );
      expect(calls).toBe(0);
    });

    it('keeps the statements behind one that cannot be prepared inside the transaction', async () => {
      // The first statement fails before anything is sent; the second, queued behind it, must still
      // run inside the begun transaction with the caller's settings, never as the engine's superuser.
      const outcomes = await db
        .tenant(SCOPE, (tx) =>
          Promise.allSettled([
            sql`select no_such_column from shipments where id = ${COMPANY}`.execute(tx),
            transactionOf(tx, 'behind'),
          ]),
        )
        .catch((error: unknown) => error);
      expect(Array.isArray(outcomes)).toBe(true);
      const [broken, behind] = outcomes as PromiseSettledResult<unknown>[];
      expect(broken).toMatchObject({ status: 'rejected' });
      expect(behind).toMatchObject({
        status: 'fulfilled',
        value: { role: 'portal_app', company: COMPANY, label: 'behind' },
      });
      expect(await systemSession(db)).toMatchObject({ role: 'portal_system', mode: 'off' });
    });

    it('rolls back a transaction whose first statement fails, and the next one begins clean', async () => {
      await expect(
        db.tenant(SCOPE, (tx) => sql`select 1 / ${0}::int as broken`.execute(tx), {
          readOnly: true,
        }),
      ).rejects.toThrow(/division by zero/);
      const after = await db.tenant(SCOPE, (tx) => transactionOf(tx, 'after'));
      expect(after).toMatchObject({ role: 'portal_app', company: COMPANY, mode: 'off' });
    });
  },
);

describe('a transaction begun before its driver is ready', () => {
  /** A driver that readies itself asynchronously, and records what each connection is sent. */
  function recordingDialect(sent: string[]): Dialect {
    const connection: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery) => {
        sent.push(query.sql);
        return { rows: [] as R[] };
      },
      streamQuery: () => {
        throw new Error('not used');
      },
    };
    const driver: Driver = {
      init: () => new Promise((resolve) => setTimeout(resolve, 5)),
      acquireConnection: async () => connection,
      beginTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw('begin'))),
      commitTransaction: async (conn) =>
        void (await conn.executeQuery(CompiledQuery.raw('commit'))),
      rollbackTransaction: async (conn) =>
        void (await conn.executeQuery(CompiledQuery.raw('rollback'))),
      releaseConnection: async () => undefined,
      destroy: async () => undefined,
    };
    return {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    };
  }

  it('runs the work once, after its settings, never without them', async () => {
    const sent: string[] = [];
    const kysely = new Kysely<Record<string, never>>({
      dialect: withPreludeTransactions(recordingDialect(sent)),
    });
    let runs = 0;
    const result = await transactionWithPrelude(
      kysely,
      "select set_config('role', 'x', true)",
      async (tx) => {
        runs += 1;
        await sql`select ${'work'}::text`.execute(tx);
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(runs).toBe(1);
    // The first try found the driver still readying: it began plainly, ran nothing and rolled back.
    expect(sent).toEqual([
      'begin',
      'rollback',
      "begin; select set_config('role', 'x', true)",
      'select $1::text',
      'commit',
    ]);
    await kysely.destroy();
  });
});
