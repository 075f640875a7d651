import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeTestWorld, type TestWorld } from '../../test/world';
import { makeShipment } from '../seed/factories';

// The second wall: queries with no WHERE clause at all, run as the application role, still see only
// the caller's rows.
let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Booked,
    });
    await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.otherCarrier.id,
      status: ShipmentStatus.Booked,
    });
  });
});
afterAll(() => t.close());

const carrierScope = (companyId: string) => ({
  companyId,
  userId: null,
  kind: 'carrier' as const,
  carrierIds: [companyId],
  driverId: null,
});

describe('row-level security', () => {
  it('runs tenant work as a role that is neither superuser nor BYPASSRLS', async () => {
    const role = await t.db.tenant(carrierScope(world.carrier.id), (tx) =>
      sql<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>`
        select rolname, rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(
        tx,
      ),
    );
    expect(role.rows).toEqual([{ rolname: 'portal_app', rolsuper: false, rolbypassrls: false }]);
  });

  it('hides other carriers’ shipments, stops and orders from an unfiltered query', async () => {
    const seen = await t.db.tenant(carrierScope(world.carrier.id), async (tx) => ({
      shipments: await tx.selectFrom('shipments').select(['carrierCompanyId']).execute(),
      stops: await tx.selectFrom('shipmentStops').select('id').execute(),
      lineItems: await tx.selectFrom('orderLineItems').select('id').execute(),
    }));
    expect(seen.shipments).toEqual([{ carrierCompanyId: world.carrier.id }]);
    expect(seen.stops).toHaveLength(2);
    expect(seen.lineItems).toHaveLength(1);
  });

  it('refuses to write a row into another company', async () => {
    await expect(
      t.db.tenant(carrierScope(world.carrier.id), (tx) =>
        tx
          .insertInto('trailers')
          .values({
            carrierCompanyId: world.otherCarrier.id,
            trailerNumber: 'T-1',
            equipmentType: 1,
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('sees nothing when no company is set', async () => {
    const rows = await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('role', 'portal_app', true)`.execute(tx);
      return tx.selectFrom('shipments').select('id').execute();
    });
    expect(rows).toEqual([]);
  });

  it('cannot read the signing keys or the audit log', async () => {
    await expect(
      t.db.tenant(carrierScope(world.carrier.id), (tx) =>
        tx.selectFrom('signingKeys').select('kid').execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
