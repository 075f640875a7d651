import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import { settingLiteral, settingsPrelude, withTransactionPrelude } from './driver';

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
    await expect(
      withTransactionPrelude('select 1/0', () => db.owner.transaction().execute(async () => 1)),
    ).rejects.toThrow(/division by zero/);
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
        single.db.tenant(
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
      const write = await single.db.system(
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
