import { localDateTimeInZone } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// A carrier's appointment at a stop must fall inside the dock hours the location's owner keeps.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

async function brokerLocationWithSchedule(stopTypes: string[], closedDay: number) {
  const location = await t.injectAs(
    world.users.brokerUser,
    send('POST', '/api/v1/locations', {
      name: 'Fargo Shipping Yard',
      addressLine1: '2500 Main Ave',
      city: 'Fargo',
      province: 'ND',
      postalCode: '58102',
    }),
  );
  const locationNumber: string = location.json().data.locationNumber;
  const dockHours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    isClosed: dayOfWeek === closedDay,
    isTwentyFourHour: false,
    startTime: '06:00',
    endTime: '14:00',
  }));
  const schedule = await t.injectAs(
    world.users.brokerUser,
    send('POST', `/api/v1/locations/${locationNumber}/dock_schedules`, {
      name: 'Main Dock',
      stopTypes,
      dockHours,
    }),
  );
  expect(schedule.statusCode, schedule.body).toBe(201);
  return {
    locationId: location.json().data.id as string,
    locationNumber,
    schedule: schedule.json().data as { id: string; version: number },
    dockHours,
  };
}

/** A Booked shipment of the broker's, carried by the world's carrier, its pickup at the location. */
async function shipmentAt(locationId: string) {
  const pickupAt = new Date(Date.now() + 72 * HOUR);
  const made = await shipmentFor(t.db, world, { pickupAt, customerCompanyId: world.broker.id });
  const stops = await t.db.system(async (tx) => {
    await tx
      .updateTable('shipmentStops')
      .set({ locationId })
      .where('shipmentId', '=', made.shipment.id)
      .execute();
    return tx
      .selectFrom('shipmentStops')
      .selectAll()
      .where('shipmentId', '=', made.shipment.id)
      .orderBy('stopNumber')
      .execute();
  });
  // One hour into the pickup window, on the stop's wall clock.
  const local = localDateTimeInZone(new Date(pickupAt.getTime() + HOUR), stops[0]!.ianaTimezone);
  const dayOfWeek = new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return { made, pickup: stops[0]!, delivery: stops[1]!, local, dayOfWeek, pickupAt };
}

function appoint(
  made: Awaited<ReturnType<typeof shipmentFor>>,
  stopId: string,
  appointment: string,
  version: number,
) {
  return t.injectAs(
    world.users.carrierUser,
    send(
      'PATCH',
      `/api/v2/shipments/${made.shipment.shipmentNumber}/stops/${stopId}/appointments`,
      {
        shipmentId: made.shipment.shipmentNumber,
        stopId,
        times: { appointment },
        version,
      },
    ),
  );
}

describe('appointments and dock hours', () => {
  it('refuses an appointment on a day the dock is closed, naming the hours, and takes it once the owner opens the dock', async () => {
    // The day of the pickup is found first so the schedule closes exactly that day.
    const probe = await shipmentAt((await brokerLocationWithSchedule(['Shipping'], -1)).locationId);
    const { locationId, locationNumber, schedule, dockHours } = await brokerLocationWithSchedule(
      ['Shipping'],
      probe.dayOfWeek,
    );
    const { made, pickup, local, dayOfWeek } = await shipmentAt(locationId);

    const refused = await appoint(made, pickup.id, local, 1);
    expect(refused.statusCode).toBe(400);
    const hours = dockHours
      .map((entry) =>
        entry.isClosed
          ? `${WEEKDAYS[entry.dayOfWeek]} Closed`
          : `${WEEKDAYS[entry.dayOfWeek]} 06:00-14:00`,
      )
      .join(', ');
    const message = `The appointment (${WEEKDAYS[dayOfWeek]} ${local.replace('T', ' ')}, ${pickup.ianaTimezone}) at stop 1 is outside the dock hours of ${pickup.locationName}: ${hours}`;
    expect(refused.json().errors).toEqual({ 'times.appointment': [message] });
    expect(refused.json().detail).toBe(message);
    const unchanged = await t.db.system((tx) =>
      tx
        .selectFrom('shipmentStops')
        .select('appointmentAt')
        .where('id', '=', pickup.id)
        .executeTakeFirstOrThrow(),
    );
    expect(unchanged.appointmentAt).toBeNull();

    // The broker opens the dock around the clock that day; the same appointment now stands.
    const opened = await t.injectAs(
      world.users.brokerUser,
      send('PUT', `/api/v1/locations/${locationNumber}/dock_schedules/${schedule.id}`, {
        name: 'Main Dock',
        stopTypes: ['Shipping'],
        dockHours: dockHours.map((entry) =>
          entry.dayOfWeek === dayOfWeek
            ? { ...entry, isClosed: false, isTwentyFourHour: true }
            : entry,
        ),
        version: schedule.version,
      }),
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const accepted = await appoint(made, pickup.id, local, 1);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.stop.appointment.local).toBe(local);
  });

  it('reads only the schedules serving the stop: a shipping dock does not limit a delivery', async () => {
    const probe = await shipmentAt((await brokerLocationWithSchedule(['Shipping'], -1)).locationId);
    const deliveryDay = new Date(
      `${localDateTimeInZone(new Date(probe.delivery.earlyAt!), probe.delivery.ianaTimezone).slice(0, 10)}T00:00:00Z`,
    ).getUTCDay();
    const { locationId } = await brokerLocationWithSchedule(['Shipping'], deliveryDay);
    const { made, delivery } = await shipmentAt(locationId);
    const at = localDateTimeInZone(
      new Date(new Date(delivery.earlyAt!).getTime() + HOUR),
      delivery.ianaTimezone,
    );
    const response = await appoint(made, delivery.id, at, 1);
    expect(response.statusCode, response.body).toBe(200);
  });
});
