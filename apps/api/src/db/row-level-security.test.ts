import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeShipment } from '../seed/factories';
import { bookOneLoadPerCarrier, carrierScope } from '../../test/carrier-scopes';
import { makeTestWorld, type TestWorld } from '../../test/world';

// The second wall: queries with no WHERE clause at all, run as the application role, still see only
// the caller's rows.
let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await bookOneLoadPerCarrier(t.db, world);
});
afterAll(() => t.close());

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

  it('answers the load board stop windows only for Ready to Book loads, only to carriers and the operator', async () => {
    const { ready, booked } = await t.db.system(async (tx) => {
      const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
      return {
        ready: (await makeShipment(tx, { ...base, status: ShipmentStatus.ReadyToBook })).shipment,
        booked: await tx
          .selectFrom('shipments')
          .select('id')
          .where('carrierCompanyId', '=', world.otherCarrier.id)
          .executeTakeFirstOrThrow(),
      };
    });
    const windows = (scope: Parameters<typeof t.db.tenant>[0]) =>
      t.db.tenant(scope, async (tx) =>
        (
          await sql<{ shipmentId: string; stopCount: number }>`
            select shipment_id, stop_count from ready_load_windows(${[ready.id, booked.id]}::uuid[])`.execute(
            tx,
          )
        ).rows.map((row) => `${row.shipmentId}:${row.stopCount}`),
      );
    const carrier = carrierScope(world.carrier.id);
    // Another carrier's booked load answers like a missing one.
    expect(await windows(carrier)).toEqual([`${ready.id}:2`]);
    expect(await windows({ ...carrier, kind: 'operator', companyId: world.operator.id })).toEqual([
      `${ready.id}:2`,
    ]);
    // Customers and drivers are not shown the load board, and neither are its windows.
    expect(
      await windows({ ...carrier, kind: 'customer', companyId: world.customer.id, carrierIds: [] }),
    ).toEqual([]);
    expect(await windows({ ...carrier, driverId: world.carrier.id })).toEqual([]);
  });

  it('cannot read the signing keys or the audit log', async () => {
    await expect(
      t.db.tenant(carrierScope(world.carrier.id), (tx) =>
        tx.selectFrom('signingKeys').select('kid').execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
