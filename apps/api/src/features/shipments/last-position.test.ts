import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// The lists' last known position is kept on the shipment by the writes to tracking_activities
// (migration 0215, decision 266): after every kind of write a list row must show the newest activity
// with coordinates, as read from the activities themselves.

let t: TestApp;
let world: TestWorld;
const HOUR = 3600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
let shipmentNumber = 7_720_000;

async function inTransit() {
  const made = await shipmentFor(t.db, world, {
    status: ShipmentStatus.InTransit,
    pickupAt: at(-10),
    shipment: { shipmentNumber: String((shipmentNumber += 1)) },
  });
  return { id: made.shipment.id, number: made.shipment.shipmentNumber };
}

/** The list row's last known position, as the carrier's booking list shows it. */
async function shown(number: string) {
  const response = await t.injectAs(world.users.carrierUser, {
    method: 'GET',
    url: `/api/v2/shipments?query=${number}`,
  });
  expect(response.statusCode).toBe(200);
  const [row] = response.json().data as { lastKnownPosition: Record<string, unknown> | null }[];
  return row!.lastKnownPosition;
}

/** Every shipment's kept position against its newest activity with coordinates, read again. */
async function drift() {
  const { rows } = await t.db.system((tx) =>
    sql<{ id: string }>`
      select s.id from shipments s
        left join lateral (
          select t.occurred_at, t.city, t.state, t.latitude, t.longitude, t.activity_type
            from tracking_activities t
           where t.shipment_id = s.id and t.latitude is not null and t.longitude is not null
           order by t.occurred_at desc, t.created_at desc, t.id desc limit 1) as newest on true
       where (s.last_position_at, s.last_position_city, s.last_position_state,
              s.last_position_latitude, s.last_position_longitude, s.last_position_activity_type)
             is distinct from
             (newest.occurred_at, newest.city, newest.state, newest.latitude, newest.longitude,
              newest.activity_type)`.execute(tx),
  );
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('a list row’s last known position', () => {
  it('follows the activities the carrier reports: the newest with coordinates, not a later note or an older report', async () => {
    const shipment = await inTransit();
    expect(await shown(shipment.number)).toBeNull();
    const report = (payload: Record<string, unknown>) =>
      t.injectAs(world.users.carrierUser, {
        method: 'POST',
        url: `/api/v2/shipments/${shipment.number}/tracking_activities`,
        payload,
      });

    const nashville = await report({
      activityType: 'LocationUpdate',
      postalCode: '37203',
      occurredAt: at(-2).toISOString(),
    });
    expect(nashville.statusCode).toBe(201);
    expect(await shown(shipment.number)).toMatchObject({
      city: 'Nashville',
      state: 'TN',
      activityType: 'LocationUpdate',
      at: nashville.json().data.occurredAt,
    });

    // Reported late: an earlier position does not replace the newer one.
    const earlier = await report({
      activityType: 'LocationUpdate',
      latitude: 36.16,
      longitude: -86.78,
      occurredAt: at(-5).toISOString(),
    });
    expect(earlier.statusCode).toBe(201);
    expect(await shown(shipment.number)).toMatchObject({ city: 'Nashville' });

    // A note has no coordinates: the position stays.
    const note = await report({ activityType: 'Note', note: 'Fuel stop' });
    expect(note.statusCode).toBe(201);
    expect(await shown(shipment.number)).toMatchObject({ city: 'Nashville' });

    const louisville = await report({
      activityType: 'LocationUpdate',
      latitude: 38.25,
      longitude: -85.76,
      occurredAt: at(-1).toISOString(),
    });
    expect(louisville.statusCode).toBe(201);
    expect(await shown(shipment.number)).toMatchObject({
      latitude: 38.25,
      longitude: -85.76,
      at: louisville.json().data.occurredAt,
    });
    expect(await drift()).toEqual([]);
  });

  it('is read again when activities change or go, and kept per shipment when one statement writes several', async () => {
    const first = await inTransit();
    const second = await inTransit();
    const activity = (
      shipmentId: string,
      hours: number,
      city: string,
      latitude: number | null,
    ) => ({
      shipmentId,
      activityType: 'LocationUpdate',
      occurredAt: at(hours),
      city,
      state: 'IN',
      latitude,
      longitude: latitude === null ? null : -86,
    });
    const inserted = await t.db.system((tx) =>
      tx
        .insertInto('trackingActivities')
        .values([
          activity(first.id, -6, 'Gary', 41.59),
          activity(first.id, -3, 'Lafayette', 40.42),
          activity(first.id, -1, 'No fix', null),
          activity(second.id, -4, 'Kokomo', 40.49),
          activity(second.id, -5, 'Muncie', 40.19),
        ])
        .returning(['id', 'city'])
        .execute(),
    );
    const idOf = (city: string) => inserted.find((row) => row.city === city)!.id;
    expect(await shown(first.number)).toMatchObject({ city: 'Lafayette', latitude: 40.42 });
    expect(await shown(second.number)).toMatchObject({ city: 'Kokomo' });

    // Corrected: the newest loses its coordinates, so the one before it is the last known.
    await t.db.system((tx) =>
      tx
        .updateTable('trackingActivities')
        .set({ latitude: null, longitude: null })
        .where('id', '=', idOf('Lafayette'))
        .execute(),
    );
    expect(await shown(first.number)).toMatchObject({ city: 'Gary' });

    // Moved to the other shipment, where it is the newest.
    await t.db.system((tx) =>
      tx
        .updateTable('trackingActivities')
        .set({ shipmentId: second.id, occurredAt: at(-0.5) })
        .where('id', '=', idOf('Gary'))
        .execute(),
    );
    expect(await shown(first.number)).toBeNull();
    expect(await shown(second.number)).toMatchObject({ city: 'Gary' });

    await t.db.system((tx) =>
      tx.deleteFrom('trackingActivities').where('id', '=', idOf('Gary')).execute(),
    );
    expect(await shown(second.number)).toMatchObject({ city: 'Kokomo' });
    await t.db.system((tx) =>
      tx.deleteFrom('trackingActivities').where('shipmentId', '=', second.id).execute(),
    );
    expect(await shown(second.number)).toBeNull();
    expect(await drift()).toEqual([]);
  });
});
