import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// The kept counts (migration 0053) must always equal a count of the shipments themselves, whatever
// inserts, updates and deletes happen, one row or many at a time.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

async function keptAndLive() {
  return t.db.system(async (tx) => {
    const kept = await sql<{ key: string; count: number }>`
      select party_kind || ':' || party_id || ':' || status || ':' || on_time as key, shipment_count::int as count
        from shipment_status_counts where shipment_count <> 0 order by 1`.execute(tx);
    const live = await sql<{ key: string; count: number }>`
      with s as (
        select operator_company_id, customer_company_id, carrier_company_id, status,
               case when is_on_time is null then -1 when is_on_time then 1 else 0 end as on_time
          from shipments)
      select key, count(*)::int as count from (
        select 'operator:' || operator_company_id || ':' || status || ':' || on_time as key from s
        union all select 'customer:' || customer_company_id || ':' || status || ':' || on_time from s
        union all select 'carrier:' || carrier_company_id || ':' || status || ':' || on_time from s
          where carrier_company_id is not null
        union all select 'self_hauled:' || customer_company_id || ':' || status || ':' || on_time from s
          where carrier_company_id = customer_company_id) as keys
      group by key order by key`.execute(tx);
    return { kept: kept.rows, live: live.rows };
  });
}

describe('kept shipment counts', () => {
  it('follow inserts, status and party changes, bulk updates and deletes', async () => {
    const made = await Promise.all([
      shipmentFor(t.db, world, { status: ShipmentStatus.Booked }),
      shipmentFor(t.db, world, { status: ShipmentStatus.InTransit, shipment: { isOnTime: true } }),
      shipmentFor(t.db, world, { status: ShipmentStatus.Draft, carrier: 'none' }),
      shipmentFor(t.db, world, {
        status: ShipmentStatus.Booked,
        customerCompanyId: world.broker.id,
        carrierCompanyId: world.broker.id,
      }),
    ]);
    let { kept, live } = await keptAndLive();
    expect(kept).toEqual(live);
    expect(live.length).toBeGreaterThan(0);

    await t.db.system(async (tx) => {
      await tx
        .updateTable('shipments')
        .set({ status: ShipmentStatus.Dispatched })
        .where('id', '=', made[0]!.shipment.id)
        .execute();
      await tx
        .updateTable('shipments')
        .set({ isOnTime: false })
        .where('id', '=', made[1]!.shipment.id)
        .execute();
      await tx
        .updateTable('shipments')
        .set({ carrierCompanyId: world.otherCarrier.id, status: ShipmentStatus.Booked })
        .where('id', '=', made[2]!.shipment.id)
        .execute();
      await tx
        .updateTable('shipments')
        .set({ carrierCompanyId: null, status: ShipmentStatus.ReadyToBook })
        .where('id', '=', made[3]!.shipment.id)
        .execute();
      // An update that moves no shipment between counts.
      await tx
        .updateTable('shipments')
        .set({ shippingProNumber: 'X' })
        .where('id', '=', made[0]!.shipment.id)
        .execute();
    });
    ({ kept, live } = await keptAndLive());
    expect(kept).toEqual(live);

    await t.db.system(async (tx) => {
      await tx
        .updateTable('shipments')
        .set({ status: ShipmentStatus.Delivered })
        .where('carrierCompanyId', '=', world.carrier.id)
        .execute();
      await tx.deleteFrom('shipmentStops').where('shipmentId', '=', made[1]!.shipment.id).execute();
      await tx.deleteFrom('shipments').where('id', '=', made[1]!.shipment.id).execute();
    });
    ({ kept, live } = await keptAndLive());
    expect(kept).toEqual(live);
  });

  it('follow what the API does: a rescinded booking leaves the carrier’s counts', async () => {
    const booked = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const before = (
      await t.injectAs(world.users.carrierUser, {
        method: 'GET',
        url: '/api/v2/shipments/total_count?statuses=3',
      })
    ).json();
    const rescinded = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/rescind_booking`,
      payload: {},
    });
    expect(rescinded.statusCode).toBe(200);
    const after = (
      await t.injectAs(world.users.carrierUser, {
        method: 'GET',
        url: '/api/v2/shipments/total_count?statuses=3',
      })
    ).json();
    expect(after.totalCount).toBe(before.totalCount - 1);
    const { kept, live } = await keptAndLive();
    expect(kept).toEqual(live);
  });
});
