import {
  Permission,
  Role,
  ShipmentStatus,
  zonedDateTimeToUtc,
  localDateTimeInZone,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { equipmentFor, shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
let coDriver: { id: string; companyId: string };
let thirdDriver: { id: string; companyId: string };
let otherDriver: { id: string; companyId: string };

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  [coDriver, thirdDriver, otherDriver] = await t.db.system(async (tx) => [
    await makeUser(tx, {
      companyId: world.carrier.id,
      firstName: 'Luis',
      lastName: 'Moreno',
      roles: [Role.Driver],
      permissions: [Permission.DriverPortal],
    }),
    await makeUser(tx, {
      companyId: world.carrier.id,
      firstName: 'Ana',
      lastName: 'Lopes',
      roles: [Role.Driver],
      permissions: [Permission.DriverPortal],
    }),
    await makeUser(tx, {
      companyId: world.otherCarrier.id,
      roles: [Role.Driver],
      permissions: [Permission.DriverPortal],
    }),
  ]);
});
afterAll(() => t.close());

type Made = Awaited<ReturnType<typeof shipmentFor>>;

async function stopIds(made: Made) {
  const stops = await t.db.system((tx) =>
    tx
      .selectFrom('shipmentStops')
      .selectAll()
      .where('shipmentId', '=', made.shipment.id)
      .orderBy('stopNumber')
      .execute(),
  );
  return { pickup: stops[0]!, delivery: stops[1]! };
}

async function current(made: Made) {
  return t.db.system(async (tx) => ({
    shipment: await tx
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', made.shipment.id)
      .executeTakeFirstOrThrow(),
    stops: await tx
      .selectFrom('shipmentStops')
      .selectAll()
      .where('shipmentId', '=', made.shipment.id)
      .orderBy('stopNumber')
      .execute(),
    confirmations: await tx
      .selectFrom('stopLineItemConfirmations')
      .selectAll()
      .where('shipmentId', '=', made.shipment.id)
      .execute(),
    history: (
      await tx
        .selectFrom('shipmentHistory')
        .select('id')
        .where('shipmentId', '=', made.shipment.id)
        .execute()
    ).length,
  }));
}

const carrier = () => world.users.carrierUser;

describe('drivers', () => {
  it('assigns only the carrier’s drivers, at most two, and keeps one primary', async () => {
    const made = await shipmentFor(t.db, world);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/drivers`;
    for (const driverId of [otherDriver.id, world.users.carrierUser.id]) {
      const refused = await t.injectAs(carrier(), { method: 'POST', url, payload: { driverId } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        driverId: ['driverId is not a driver of the carrier hauling this shipment'],
      });
    }
    expect(
      (
        await t.injectAs(carrier(), {
          method: 'POST',
          url,
          payload: { driverId: world.users.driver.id },
        })
      ).statusCode,
    ).toBe(200);
    const team = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: { driverId: coDriver.id, isPrimary: true },
    });
    expect(
      team
        .json()
        .data.map((driver: { id: string; isPrimary: boolean }) => [driver.id, driver.isPrimary]),
    ).toEqual([
      [coDriver.id, true],
      [world.users.driver.id, false],
    ]);
    const third = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: { driverId: thirdDriver.id },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toContain('already has 2 drivers');
    // Assigning someone already on the load changes nothing but the primary flag.
    const again = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: { driverId: world.users.driver.id },
    });
    expect(again.json().data).toHaveLength(2);
  });

  it('dispatches when the driver completes the equipment, and undoes it when the last driver leaves', async () => {
    const made = await shipmentFor(t.db, world);
    const { trailer, powerUnit } = await equipmentFor(t.db, world.carrier.id);
    await t.db.system((tx) =>
      tx
        .updateTable('shipments')
        .set({ trailerId: trailer.id, powerUnitId: powerUnit.id })
        .where('id', '=', made.shipment.id)
        .execute(),
    );
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/drivers`;
    const assigned = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: { driverId: world.users.driver.id },
    });
    expect(assigned.json().shipmentStatus.displayName).toBe('Dispatched');
    const removed = await t.injectAs(carrier(), {
      method: 'DELETE',
      url: `${url}/${world.users.driver.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ data: [], shipmentStatus: { displayName: 'Booked' } });
    const notThere = await t.injectAs(carrier(), {
      method: 'DELETE',
      url: `${url}/${coDriver.id}`,
    });
    expect(notThere.statusCode).toBe(404);
  });

  it('keeps a driver on a load on the road', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.InTransit });
    await t.db.system((tx) =>
      tx
        .insertInto('shipmentDrivers')
        .values({
          shipmentId: made.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        })
        .execute(),
    );
    const response = await t.injectAs(carrier(), {
      method: 'DELETE',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/drivers/${world.users.driver.id}`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('needs a driver');
  });

  it('lets a driver-only user neither assign nor search drivers', async () => {
    const made = await shipmentFor(t.db, world);
    await t.db.system((tx) =>
      tx
        .insertInto('shipmentDrivers')
        .values({
          shipmentId: made.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        })
        .execute(),
    );
    const assign = await t.injectAs(world.users.driver, {
      method: 'POST',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/drivers`,
      payload: { driverId: coDriver.id },
    });
    expect(assign.statusCode).toBe(403);
    expect(
      (await t.injectAs(world.users.driver, { method: 'GET', url: '/api/v2/drivers' })).statusCode,
    ).toBe(403);
  });

  it('searches the company’s drivers by name; another company’s id answers 404', async () => {
    const all = (await t.injectAs(carrier(), { method: 'GET', url: '/api/v2/drivers' })).json();
    expect(all).toMatchObject({ page: 1, pageSize: 100, totalCount: 3 });
    const luis = (
      await t.injectAs(carrier(), { method: 'GET', url: '/api/v2/drivers?q=luis' })
    ).json();
    expect(luis.data).toEqual([
      expect.objectContaining({
        id: coDriver.id,
        name: 'Luis Moreno',
        firstName: 'Luis',
        lastName: 'Moreno',
      }),
    ]);
    expect(
      (await t.injectAs(carrier(), { method: 'GET', url: '/api/v2/drivers?q=lu%25' })).json()
        .totalCount,
    ).toBe(0);
    const foreign = await t.injectAs(carrier(), {
      method: 'GET',
      url: `/api/v2/drivers?companyId=${world.otherCarrier.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    const byOperator = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: `/api/v2/drivers?companyId=${world.otherCarrier.id}`,
    });
    expect(byOperator.json().data.map((driver: { id: string }) => driver.id)).toEqual([
      otherDriver.id,
    ]);
  });
});

describe('equipment', () => {
  it('refuses a trailer of the wrong type or too short, and any save without the version read', async () => {
    const made = await shipmentFor(t.db, world, { shipment: { equipmentLengthFeet: 53 } });
    const { flatbed } = await equipmentFor(t.db, world.carrier.id);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/equipment`;
    const noVersion = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { trailerId: flatbed.id },
    });
    expect(noVersion.statusCode).toBe(428);
    const wrongType = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { trailerId: flatbed.id, version: 1 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({
      trailerId: [`Trailer ${flatbed.trailerNumber} is a Flat Bed; this load needs Van`],
    });
    const short = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { trailerNumber: 'V48-1', trailerLengthFeet: 48, version: 1 },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Trailer V48-1 is 48 ft; this load needs 53 ft');
    const both = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { trailerId: flatbed.id, trailerNumber: 'X', version: 1 },
    });
    expect(both.statusCode).toBe(400);
    // Nothing was written by the refused saves.
    const after = await current(made);
    expect(after.shipment).toMatchObject({ trailerId: null, powerUnitId: null, version: 1 });
    expect(after.history).toBe(0);
  });

  it('adds a trailer and a truck typed by number, then answers a stale version with 409', async () => {
    const made = await shipmentFor(t.db, world);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/equipment`;
    const saved = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      headers: { 'if-match': '"1"' },
      payload: { trailerNumber: 'NEW-53', trailerLengthFeet: 53, powerUnitNumber: 'TRK-9' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: 2,
      trailer: {
        trailerNumber: 'NEW-53',
        equipmentType: { value: 1, displayName: 'Van' },
        lengthFeet: 53,
      },
      powerUnit: { unitNumber: 'TRK-9' },
      shipmentStatus: { displayName: 'Booked' },
    });
    const stale = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { powerUnitId: null, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const trailers = (
      await t.injectAs(carrier(), {
        method: 'GET',
        url: '/api/v2/equipment_searches/trailers?q=NEW',
      })
    ).json();
    expect(trailers.data.map((row: { trailerNumber: string }) => row.trailerNumber)).toEqual([
      'NEW-53',
    ]);
    const units = (
      await t.injectAs(carrier(), {
        method: 'GET',
        url: '/api/v2/equipment_searches/power_units?q=TRK',
      })
    ).json();
    expect(units.totalCount).toBe(1);
    expect(
      (
        await t.injectAs(world.users.otherCarrierUser, {
          method: 'GET',
          url: '/api/v2/equipment_searches/power_units?q=TRK',
        })
      ).json().totalCount,
    ).toBe(0);
    const lengths = (
      await t.injectAs(carrier(), { method: 'GET', url: '/api/v2/equipment_searches/lengths?q=4' })
    ).json();
    expect(lengths.data).toEqual([
      { lengthFeet: 40, displayName: '40 ft' },
      { lengthFeet: 45, displayName: '45 ft' },
      { lengthFeet: 48, displayName: '48 ft' },
    ]);
  });
});

describe('stop appointments', () => {
  it('books an appointment in the stop’s own zone inside its window', async () => {
    const pickupAt = new Date(Date.now() + 48 * HOUR);
    const made = await shipmentFor(t.db, world, { pickupAt });
    const { pickup } = await stopIds(made);
    // One hour into the window, written as the Chicago wall clock.
    const local = localDateTimeInZone(new Date(pickupAt.getTime() + HOUR), 'America/Chicago');
    const response = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/stops/${pickup.id}/appointments`,
      payload: {
        shipmentId: made.shipment.shipmentNumber,
        stopId: pickup.id,
        times: { appointment: local },
        version: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    const [date, time] = local.split('T');
    const expected = zonedDateTimeToUtc(date!, time!, 'America/Chicago').toISOString();
    expect(response.json().data.stop.appointment).toEqual({ at: expected, local });
    expect(response.json().data.version).toBe(2);
    const shipment = (await current(made)).shipment;
    expect(new Date(shipment.pickupAt!).toISOString()).toBe(expected);
  });

  it('refuses times outside the window or in the past, window changes by the carrier, and mismatched ids', async () => {
    const pickupAt = new Date(Date.now() + 48 * HOUR);
    const made = await shipmentFor(t.db, world, { pickupAt });
    const { pickup, delivery } = await stopIds(made);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/stops/${pickup.id}/appointments`;
    const body = (times: Record<string, string | null>, extra = {}) => ({
      shipmentId: made.shipment.id,
      stopId: pickup.id,
      times,
      version: 1,
      ...extra,
    });
    const outside = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: body({ appointment: new Date(pickupAt.getTime() + 5 * HOUR).toISOString() }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors['times.appointment'][0]).toContain(
      'must fall within the window of stop 1',
    );
    expect(outside.json().detail).toContain('(America/Chicago)');
    const past = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: body({ appointment: ago(2) }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toContain('is in the past');
    const window = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: body({ early: '2030-01-01T08:00' }),
    });
    expect(window.statusCode).toBe(403);
    expect(window.json().detail).toBe("You may not change a stop's window on this shipment.");
    const otherShipment = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: body({ appointment: null }, { shipmentId: '1' }),
    });
    expect(otherShipment.json().errors).toHaveProperty('shipmentId');
    const otherStop = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: body({ appointment: null }, { stopId: delivery.id }),
    });
    expect(otherStop.json().errors).toHaveProperty('stopId');
    const after = await current(made);
    expect(after.stops[0]!.appointmentAt).toBeNull();
    expect(after.shipment.version).toBe(1);
    // The operator may move the window, then the appointment fits.
    const moved = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      payload: body({
        late: new Date(pickupAt.getTime() + 6 * HOUR).toISOString(),
        appointment: new Date(pickupAt.getTime() + 5 * HOUR).toISOString(),
      }),
    });
    expect(moved.statusCode).toBe(200);
  });
});

describe('arrivals and departures', () => {
  async function dispatched(packageCount = 20) {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Dispatched,
      pickupAt: new Date(Date.now() - 12 * HOUR),
      packageCount,
    });
    const stops = await stopIds(made);
    const itemId = (
      await t.db.system((tx) =>
        tx
          .selectFrom('orderLineItems')
          .select('id')
          .where('orderId', '=', made.order.id)
          .executeTakeFirstOrThrow(),
      )
    ).id;
    const patch = (
      stopId: string,
      payload: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) =>
      t.injectAs(carrier(), {
        method: 'PATCH',
        url: `/api/v2/shipments/${made.shipment.shipmentNumber}/stops/${stopId}/arrival_and_departure`,
        headers,
        payload,
      });
    return { made, ...stops, itemId, patch };
  }

  it('refuses what did not or cannot have happened, changing nothing', async () => {
    const { made, pickup, delivery, itemId, patch } = await dispatched();
    const before = await current(made);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        delivery.id,
        { arrivedAt: ago(2) },
        409,
        'Stop 1 has no departure yet: record it before arriving at stop 2.',
      ],
      [
        pickup.id,
        { arrivedAt: new Date(Date.now() + HOUR).toISOString() },
        400,
        'arrivedAt is in the future; report what has happened',
      ],
      [
        pickup.id,
        { departedAt: ago(3) },
        409,
        'Record the arrival at stop 1 before its departure.',
      ],
      [pickup.id, { arrivedAt: ago(3), departedAt: ago(4) }, 400, 'is before its arrival'],
      [
        pickup.id,
        { confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 5 }] },
        409,
        'Record the arrival at stop 1 before confirming',
      ],
      [
        pickup.id,
        {
          arrivedAt: ago(3),
          confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 21 }],
        },
        400,
        'is more than the 20 ordered',
      ],
      [
        pickup.id,
        {
          arrivedAt: ago(3),
          confirmedTrackingLineItems: [{ id: made.shipment.id, confirmedPackageCount: 1 }],
        },
        400,
        'is not loaded or unloaded at stop 1',
      ],
      [pickup.id, { arrivedAt: 'yesterday' }, 400, 'arrivedAt'],
      [pickup.id, {}, 400, 'Send arrivedAt, departedAt or confirmedTrackingLineItems'],
    ];
    for (const [stopId, payload, status, message] of cases) {
      const response = await patch(stopId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().detail, JSON.stringify(payload)).toContain(message);
    }
    expect(await current(made)).toEqual(before);
  });

  it('refuses an arrival before the previous stop’s departure and counts above what was loaded', async () => {
    const { made, pickup, delivery, itemId, patch } = await dispatched();
    expect(
      (
        await patch(pickup.id, {
          arrivedAt: ago(8),
          departedAt: ago(6),
          confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 18 }],
        })
      ).statusCode,
    ).toBe(200);
    const before = await current(made);
    const early = await patch(delivery.id, { arrivedAt: ago(7) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toHaveProperty('arrivedAt');
    expect(early.json().detail).toContain('is before the departure from stop 1');
    const over = await patch(delivery.id, {
      arrivedAt: ago(2),
      confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 19 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(
      '19 packages of Palletized dry goods is more than the 18 loaded at stop 1',
    );
    expect(await current(made)).toEqual(before);
  });

  it('reads a time without an offset in the stop’s zone, and refuses arrivals before dispatch', async () => {
    const { made, pickup, patch } = await dispatched();
    const local = localDateTimeInZone(new Date(Date.now() - 2 * HOUR), 'America/Chicago');
    const response = await patch(pickup.id, { arrivedAt: local });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.stop.arrived.local).toBe(local);
    const booked = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const bookedStops = await stopIds(booked);
    const refused = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/stops/${bookedStops.pickup.id}/arrival_and_departure`,
      payload: { arrivedAt: ago(1) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('is not dispatched yet');
    expect((await current(made)).shipment.status).toBe(ShipmentStatus.AtStop);
  });

  it('answers a retried arrival from the first answer, and refuses the key for another request', async () => {
    const { made, pickup, patch } = await dispatched();
    const arrivedAt = ago(2);
    const first = await patch(pickup.id, { arrivedAt }, { 'idempotency-key': 'arrive-1' });
    const retry = await patch(pickup.id, { arrivedAt }, { 'idempotency-key': 'arrive-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const history = (await current(made)).history;
    expect(history).toBe(2); // ArrivalRecorded and the move to At Stop, once
    const reused = await patch(pickup.id, { arrivedAt: ago(3) }, { 'idempotency-key': 'arrive-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toHaveProperty('Idempotency-Key');
  });

  it('corrects a recorded time without moving the status again', async () => {
    const { made, pickup, patch } = await dispatched();
    await patch(pickup.id, { arrivedAt: ago(3) });
    const corrected = await patch(pickup.id, { arrivedAt: ago(2.5) });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data.shipmentStatus.displayName).toBe('At Stop');
    const statusChanges = await t.db.system((tx) =>
      tx
        .selectFrom('shipmentHistory')
        .select('action')
        .where('shipmentId', '=', made.shipment.id)
        .where('action', '=', 'StatusChanged')
        .execute(),
    );
    expect(statusChanges).toHaveLength(1);
  });
});

describe('preload, PRO number, quick closure, empty location', () => {
  it('marks a pickup preloaded but not a delivery', async () => {
    const made = await shipmentFor(t.db, world);
    const { pickup, delivery } = await stopIds(made);
    const base = `/api/v2/shipments/${made.shipment.shipmentNumber}/stops`;
    const ok = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `${base}/${pickup.id}/preload`,
      payload: { isPreloaded: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.stop.isPreloaded).toBe(true);
    const refused = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `${base}/${delivery.id}/preload`,
      payload: { isPreloaded: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Stop 2 is a delivery; only a pickup can be preloaded');
  });

  it('sets the PRO number with the version read, and refuses a malformed one', async () => {
    const made = await shipmentFor(t.db, world);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/shipping_pro_number`;
    const set = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: { value: 'PRO-123456', version: 1 },
    });
    expect(set.json().data).toEqual({ shippingProNumber: 'PRO-123456', version: 2 });
    const bad = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: { value: 'PRO 12/3', version: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('value');
    const stale = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: { value: 'X1', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const cleared = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      payload: { value: null, version: 2 },
    });
    expect(cleared.json().data.shippingProNumber).toBeNull();
  });

  it('quick closes a load whose last stop is due, not one still on its way, and not by a driver', async () => {
    const due = await shipmentFor(t.db, world, {
      status: ShipmentStatus.InTransit,
      pickupAt: new Date(Date.now() - 40 * HOUR),
      transitHours: 20,
    });
    const { pickup } = await stopIds(due);
    await t.db.system((tx) =>
      tx
        .updateTable('shipmentStops')
        .set({
          arrivedAt: new Date(Date.now() - 40 * HOUR),
          departedAt: new Date(Date.now() - 39 * HOUR),
        })
        .where('id', '=', pickup.id)
        .execute(),
    );
    const url = `/api/v2/shipments/${due.shipment.shipmentNumber}/quick_closure`;
    await t.db.system((tx) =>
      tx
        .insertInto('shipmentDrivers')
        .values({
          shipmentId: due.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        })
        .execute(),
    );
    expect((await t.injectAs(world.users.driver, { method: 'PATCH', url })).statusCode).toBe(403);
    const closed = await t.injectAs(carrier(), {
      method: 'PATCH',
      url,
      headers: { 'content-type': 'application/json' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: { displayName: 'Delivered' },
      closedStops: [2],
    });
    const after = await current(due);
    expect(after.shipment).toMatchObject({ isQuickClosed: true, status: ShipmentStatus.Delivered });
    expect(after.stops[1]!.arrivedAt).toEqual(after.stops[1]!.earlyAt);

    const notDue = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Dispatched,
      pickupAt: new Date(Date.now() + 5 * HOUR),
    });
    const refused = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `/api/v2/shipments/${notDue.shipment.shipmentNumber}/quick_closure`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('is not due until');
  });

  it('records the empty location from a postal code', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Delivered,
      pickupAt: new Date(Date.now() - 40 * HOUR),
    });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/empty_location`;
    const unknown = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { postalCode: '00000', emptyAt: ago(1), version: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      postalCode: ['postalCode is not a known US ZIP code or Canadian postal code'],
    });
    const set = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { postalCode: '75201', emptyAt: ago(1), version: 1 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      version: 2,
    });
    const beforePickup = await t.injectAs(carrier(), {
      method: 'PUT',
      url,
      payload: { postalCode: '75201', emptyAt: ago(60), version: 2 },
    });
    expect(beforePickup.statusCode).toBe(400);
    expect(beforePickup.json().errors).toHaveProperty('emptyAt');
    expect((await t.injectAs(carrier(), { method: 'GET', url })).json().data.city).toBe('Dallas');
    const booked = await shipmentFor(t.db, world);
    const early = await t.injectAs(carrier(), {
      method: 'PUT',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/empty_location`,
      payload: { postalCode: '75201', emptyAt: ago(1), version: 1 },
    });
    expect(early.statusCode).toBe(409);
  });
});

describe('tracking activities and problems', () => {
  it('takes a location update by postal code or position, pushing the next update due', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.InTransit,
      shipment: { nextUpdateDueAt: new Date(Date.now() - HOUR) },
    });
    await t.db.system((tx) =>
      tx
        .insertInto('shipmentDrivers')
        .values({
          shipmentId: made.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        })
        .execute(),
    );
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/tracking_activities`;
    const byCode = await t.injectAs(world.users.driver, {
      method: 'POST',
      url,
      payload: { activityType: 'LocationUpdate', postalCode: '37203' },
    });
    expect(byCode.statusCode).toBe(201);
    expect(byCode.json().data).toMatchObject({
      activityType: 'LocationUpdate',
      city: 'Nashville',
      state: 'TN',
      source: 'Driver App',
    });
    const byPosition = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: {
        activityType: 'LocationUpdate',
        latitude: 36.1627,
        longitude: -86.7816,
        occurredAt: ago(0.5),
      },
    });
    expect(byPosition.json().data).toMatchObject({
      city: 'Nashville',
      state: 'TN',
      source: 'Portal',
    });
    const detail = (
      await t.injectAs(carrier(), {
        method: 'GET',
        url: `/api/v2/shipments/${made.shipment.shipmentNumber}`,
      })
    ).json().data;
    expect(detail.needsUpdate).toBe(false);
    const latest = (
      await t.injectAs(carrier(), {
        method: 'GET',
        url: `/api/v2/shipments/${made.shipment.shipmentNumber}/latest_activity`,
      })
    ).json().data;
    expect(latest).toMatchObject({ city: 'Nashville', source: 'Driver App' });
    const nowhere = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: { activityType: 'LocationUpdate' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toHaveProperty('postalCode');
    const future = await t.injectAs(carrier(), {
      method: 'POST',
      url,
      payload: {
        activityType: 'LocationUpdate',
        postalCode: '37203',
        occurredAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      },
    });
    expect(future.statusCode).toBe(400);
    const booked = await shipmentFor(t.db, world);
    const early = await t.injectAs(carrier(), {
      method: 'POST',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/tracking_activities`,
      payload: { activityType: 'LocationUpdate', postalCode: '37203' },
    });
    expect(early.statusCode).toBe(409);
  });

  it('reports and resolves a problem', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.InTransit });
    const base = `/api/v2/shipments/${made.shipment.shipmentNumber}`;
    const bad = await t.injectAs(carrier(), {
      method: 'POST',
      url: `${base}/problems`,
      payload: { problemType: 'Aliens', description: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const reported = await t.injectAs(carrier(), {
      method: 'POST',
      url: `${base}/problems`,
      payload: { problemType: 'Mechanical', description: 'Flat tire on I-24' },
    });
    expect(reported.statusCode).toBe(201);
    const problem = reported.json().data;
    expect(problem).toMatchObject({
      problemType: 'Mechanical',
      description: 'Flat tire on I-24',
      resolvedAt: null,
    });
    expect(
      (await t.injectAs(carrier(), { method: 'GET', url: '/api/v2/problem_shipments' }))
        .json()
        .data.map((row: { shipmentNumber: string }) => row.shipmentNumber),
    ).toContain(made.shipment.shipmentNumber);
    const resolved = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `${base}/tracking_problems/${problem.id}`,
      payload: { resolved: true },
    });
    expect(resolved.json().data.resolvedAt).not.toBeNull();
    const again = await t.injectAs(carrier(), {
      method: 'PATCH',
      url: `${base}/tracking_problems/${problem.id}`,
      payload: { resolved: true },
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await t.injectAs(carrier(), { method: 'GET', url: `${base}/tracking_problems` })).json()
        .data,
    ).toHaveLength(1);
  });
});

describe('two people at once', () => {
  it('lets one of two saves from the same version through and answers the other 409', async () => {
    const made = await shipmentFor(t.db, world);
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/equipment`;
    const [first, second] = await Promise.all([
      t.injectAs(carrier(), {
        method: 'PUT',
        url,
        payload: { powerUnitNumber: 'RACE-1', version: 1 },
      }),
      t.injectAs(world.users.operatorUser, {
        method: 'PUT',
        url,
        payload: { powerUnitNumber: 'RACE-2', version: 1 },
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const after = await current(made);
    expect(after.shipment.version).toBe(2);
    expect(after.history).toBe(1);
  });

  it('does a retried arrival once even when the retry overlaps the first request', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Dispatched });
    const { pickup } = await stopIds(made);
    const request = {
      method: 'PATCH' as const,
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/stops/${pickup.id}/arrival_and_departure`,
      headers: { 'idempotency-key': `overlap-${made.shipment.id}` },
      payload: { arrivedAt: ago(1) },
    };
    const answers = await Promise.all([
      t.injectAs(carrier(), request),
      t.injectAs(carrier(), request),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(
      answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true'),
    ).toHaveLength(1);
    const arrivals = await t.db.system((tx) =>
      tx
        .selectFrom('trackingActivities')
        .select('id')
        .where('shipmentId', '=', made.shipment.id)
        .where('activityType', '=', 'Arrived')
        .execute(),
    );
    expect(arrivals).toHaveLength(1);
  });
});
