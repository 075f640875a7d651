import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeForeignWorld, type ForeignWorld } from '../../test/foreign-world';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeTestWorld, type TestWorld } from '../../test/world';
import type { TenantScope } from './tenancy';

// Row-level security on the identity tables, queried as the application role with no WHERE clause.
let t: TestApp;
let world: TestWorld;
let foreign: ForeignWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  foreign = await makeForeignWorld(t.db, world.operator.id);
  await t.db.system(async (tx) => {
    await tx
      .insertInto('passwordTokens')
      .values([
        {
          userId: world.users.carrierUser.id,
          purpose: 'reset',
          tokenHash: 'a'.repeat(64),
          expiresAt: new Date(Date.now() + 60_000),
        },
        {
          userId: foreign.users.admin.id,
          purpose: 'reset',
          tokenHash: 'b'.repeat(64),
          expiresAt: new Date(Date.now() + 60_000),
        },
      ])
      .execute();
    await tx
      .insertInto('driverLinks')
      .values({
        companyId: world.carrier.id,
        driverId: world.users.driver.id,
        tokenHash: 'c'.repeat(64),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute();
    await tx
      .insertInto('emailOutbox')
      .values({ toAddress: 'someone@carrier.test', subject: 'Hello', textBody: 'Hi' })
      .execute();
  });
});
afterAll(() => t.close());

const carrier = (): TenantScope => ({
  companyId: world.carrier.id,
  userId: world.users.carrierUser.id,
  kind: 'carrier',
  carrierIds: [world.carrier.id],
  driverId: null,
});
const operator = (): TenantScope => ({
  companyId: world.operator.id,
  userId: world.users.operatorUser.id,
  kind: 'operator',
  carrierIds: [],
  driverId: null,
});

describe('row-level security on identity tables', () => {
  it.each(['user_sessions', 'oidc_payloads', 'user_identities', 'auth_throttle'])(
    'gives the application role no access at all to %s',
    async (table) => {
      await expect(
        t.db.tenant(operator(), (tx) => sql`select count(*) from ${sql.table(table)}`.execute(tx)),
      ).rejects.toThrow(/permission denied/);
    },
  );

  it('shows a tenant only its own users’ password links', async () => {
    const rows = await t.db.tenant(carrier(), (tx) =>
      tx.selectFrom('passwordTokens').select('userId').execute(),
    );
    expect(rows).toEqual([{ userId: world.users.carrierUser.id }]);
  });

  it('shows a tenant only its own driver links and API keys, and refuses a link to another company’s driver', async () => {
    const seen = await t.db.tenant(carrier(), async (tx) => ({
      links: await tx.selectFrom('driverLinks').select('companyId').execute(),
      keys: await tx.selectFrom('apiKeys').select('companyId').execute(),
      requests: await tx.selectFrom('accessRequests').select('companyId').execute(),
    }));
    expect(seen.links).toEqual([{ companyId: world.carrier.id }]);
    expect(seen.keys.every((row) => row.companyId === world.carrier.id)).toBe(true);
    expect(seen.requests.every((row) => row.companyId === world.carrier.id)).toBe(true);
    await expect(
      t.db.tenant(carrier(), (tx) =>
        tx
          .insertInto('driverLinks')
          .values({
            companyId: world.carrier.id,
            driverId: foreign.users.driver.id,
            tokenHash: 'd'.repeat(64),
            expiresAt: new Date(Date.now() + 60_000),
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('lets a tenant write to the e-mail outbox but only the operator read it', async () => {
    const tenantSees = await t.db.tenant(carrier(), async (tx) => {
      await tx
        .insertInto('emailOutbox')
        .values({ toAddress: 'x@carrier.test', subject: 'Queued', textBody: 'by a tenant' })
        .execute();
      return tx.selectFrom('emailOutbox').select('id').execute();
    });
    expect(tenantSees).toEqual([]);
    const operatorSees = await t.db.tenant(operator(), (tx) =>
      tx.selectFrom('emailOutbox').select('subject').orderBy('subject').execute(),
    );
    expect(operatorSees.map((row) => row.subject)).toEqual(['Hello', 'Queued']);
  });
});
