import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { bookOneLoadPerCarrier, carrierScope } from '../../test/carrier-scopes';
import { makeTestWorld, type TestWorld } from '../../test/world';

// Row-level security as the database itself holds it (decision 185): every table with company data
// enables and forces it and has a policy, and the login role the API connects as can neither leave
// the policies nor reach a role that is exempt from them.

/** Tables in schema public without row-level security, and why they hold no company's data. */
const NOT_TENANT_TABLES: Record<string, string> = {
  postal_codes: 'reference data shipped with the portal, the same for every company',
};

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await bookOneLoadPerCarrier(t.db, world);
});
afterAll(() => t.close());

interface TableSecurity {
  name: string;
  enabled: boolean;
  forced: boolean;
  policies: number;
}

describe('row-level security meta-check', () => {
  it('enables and forces row-level security with a policy on every table with company data', async () => {
    const { rows } = await sql<TableSecurity>`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select count(*) from pg_policies p
               where p.schemaname = 'public' and p.tablename = c.relname)::int as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by c.relname`.execute(t.db.owner);
    expect(rows.length).toBeGreaterThan(50);
    const unprotected = rows
      .filter((table) => !(table.name in NOT_TENANT_TABLES))
      .filter((table) => !table.enabled || !table.forced || table.policies === 0)
      .map(
        (table) =>
          `${table.name} (enable ${table.enabled}, force ${table.forced}, policies ${table.policies})`,
      );
    expect(unprotected).toEqual([]);
    // The allow-list names only tables that exist, so it cannot hide a renamed one.
    expect(
      Object.keys(NOT_TENANT_TABLES).filter((name) => !rows.some((row) => row.name === name)),
    ).toEqual([]);
  });

  it('gives none of the portal’s roles a way around the policies', async () => {
    const { rows } = await sql<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>`
      select rolname, rolsuper, rolbypassrls from pg_roles
       where rolname in ('portal_app', 'portal_system', 'portal_jobs') order by rolname`.execute(
      t.db.owner,
    );
    expect(rows).toEqual([
      { rolname: 'portal_app', rolsuper: false, rolbypassrls: false },
      { rolname: 'portal_jobs', rolsuper: false, rolbypassrls: false },
      { rolname: 'portal_system', rolsuper: false, rolbypassrls: false },
    ]);
    // The job queue's role owns the queue and no table of the portal's.
    const owned = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and pg_get_userbyid(c.relowner) in ('portal_app', 'portal_system', 'portal_jobs')`.execute(
      t.db.owner,
    );
    expect(owned.rows).toEqual([]);
  });
});

// PGlite has one user, its superuser: the embedded database serves one machine. The login role of
// production is exercised on PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the runtime login role', () => {
  it('is neither superuser, BYPASSRLS, nor the owner of any table', async () => {
    const { rows } = await sql<{
      super: boolean;
      bypass: boolean;
      owns: number;
      inherits: boolean;
    }>`
      select r.rolsuper as super, r.rolbypassrls as bypass, r.rolinherit as inherits,
             (select count(*) from pg_class c where c.relowner = r.oid)::int as owns
        from pg_roles r where r.rolname = session_user`.execute(t.db.owner);
    expect(rows).toEqual([{ super: false, bypass: false, inherits: false, owns: 0 }]);
    // Every role it may become is as bound by the policies as it is.
    const reachable = await sql<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>`
      select r.rolname, r.rolsuper, r.rolbypassrls from pg_roles r
       where pg_has_role(session_user, r.oid, 'member') and r.rolname <> session_user
       order by r.rolname`.execute(t.db.owner);
    expect(reachable.rows).toEqual([
      { rolname: 'portal_app', rolsuper: false, rolbypassrls: false },
      { rolname: 'portal_jobs', rolsuper: false, rolbypassrls: false },
      { rolname: 'portal_system', rolsuper: false, rolbypassrls: false },
    ]);
  });

  it('loses every right to the tables on RESET ROLE inside a tenant transaction', async () => {
    await expect(
      t.db.tenant(carrierScope(world.carrier.id), async (tx) => {
        await sql`reset role`.execute(tx);
        return tx.selectFrom('shipments').select('id').execute();
      }),
    ).rejects.toThrow(/permission denied for table shipments/);
    await expect(
      t.db.tenant(carrierScope(world.carrier.id), async (tx) => {
        await sql`set local role none`.execute(tx);
        return tx.selectFrom('companies').select('id').execute();
      }),
    ).rejects.toThrow(/permission denied for table companies/);
  });

  it('cannot SET ROLE to the owner or a superuser, nor change its session user', async () => {
    const { rows } = await sql<{ owner: string }>`
      select pg_get_userbyid(relowner) as owner from pg_class where relname = 'shipments'`.execute(
      t.db.owner,
    );
    const owner = rows[0]!.owner;
    for (const statement of [
      `set local role ${owner}`,
      'set local role postgres',
      `set session authorization ${owner}`,
      `select set_config('role', '${owner}', true)`,
    ]) {
      await expect(
        t.db.tenant(carrierScope(world.carrier.id), (tx) => sql.raw(statement).execute(tx)),
        statement,
      ).rejects.toThrow(/permission denied|must be superuser/);
    }
  });

  it('keeps a tenant to its own rows after switching roles back and forth', async () => {
    const seen = await t.db.tenant(carrierScope(world.carrier.id), async (tx) => {
      await sql`reset role`.execute(tx);
      await sql`set local role portal_app`.execute(tx);
      return tx.selectFrom('shipments').select('carrierCompanyId').execute();
    });
    expect(seen).toEqual([{ carrierCompanyId: world.carrier.id }]);
  });

  it('cannot alter the policies, drop row-level security or grant itself rights', async () => {
    for (const statement of [
      'alter table shipments no force row level security',
      'alter table shipments disable row level security',
      'drop policy tenant_all on shipments',
      'grant select on shipments to public',
      'alter role current_user bypassrls',
    ]) {
      await expect(
        t.db.tenant(carrierScope(world.carrier.id), async (tx) => {
          await sql`reset role`.execute(tx);
          await sql.raw(statement).execute(tx);
        }),
        statement,
      ).rejects.toThrow(/must be owner|permission denied|must have|must be superuser/);
    }
  });
});
