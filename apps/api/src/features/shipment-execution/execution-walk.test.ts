import { ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { equipmentFor, proofOfDelivery, shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// A Booked shipment taken through the API to Delivery Confirmed: driver and equipment (dispatch),
// each stop's arrival and departure with package counts, proof of delivery, delivery confirmed.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('from Booked to Delivery Confirmed through the API', () => {
  it('walks every step, moving the status and recording who did what', async () => {
    const made = await shipmentFor(t.db, world, {
      pickupAt: new Date(Date.now() - 10 * 3600_000),
      transitHours: 6,
      packageCount: 24,
    });
    const number = made.shipment.shipmentNumber;
    const { trailer, powerUnit } = await equipmentFor(t.db, world.carrier.id);
    const carrier = world.users.carrierUser;
    const driver = world.users.driver;
    const url = (path = '') => `/api/v2/shipments/${number}${path}`;

    // Driver first: still Booked (no equipment yet).
    const assigned = await t.injectAs(carrier, {
      method: 'POST',
      url: url('/drivers'),
      payload: { driverId: driver.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().shipmentStatus).toEqual({ value: 3, displayName: 'Booked' });
    expect(assigned.json().data).toEqual([
      expect.objectContaining({
        id: driver.id,
        isPrimary: true,
        mobilePhoneNumber: '312-555-0100',
      }),
    ]);

    // Equipment completes the dispatch.
    const detail = (await t.injectAs(carrier, { method: 'GET', url: url() })).json().data;
    const equipment = await t.injectAs(carrier, {
      method: 'PUT',
      url: url('/equipment'),
      headers: { 'if-match': `"${detail.version}"` },
      payload: { trailerId: trailer.id, powerUnitId: powerUnit.id },
    });
    expect(equipment.statusCode).toBe(200);
    expect(equipment.json().data).toMatchObject({
      shipmentStatus: { value: ShipmentStatus.Dispatched, displayName: 'Dispatched' },
      trailer: { trailerNumber: trailer.trailerNumber, lengthFeet: 53 },
      powerUnit: { unitNumber: powerUnit.unitNumber },
    });

    const stops = (await t.injectAs(carrier, { method: 'GET', url: url('/stops') })).json().data;
    expect(stops).toHaveLength(2);
    const [pickup, delivery] = stops;
    const itemId = pickup.orderLineItems[0].id;

    // Arrival at the pickup: At Stop.
    const arrived = await t.injectAs(carrier, {
      method: 'PATCH',
      url: url(`/stops/${pickup.shipmentStopId}/arrival_and_departure`),
      payload: { arrivedAt: minutesAgo(300) },
    });
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json().data.shipmentStatus.displayName).toBe('At Stop');

    // Departure with the loaded count: In Transit.
    const departed = await t.injectAs(carrier, {
      method: 'PATCH',
      url: url(`/stops/${pickup.shipmentStopId}/arrival_and_departure`),
      payload: {
        departedAt: minutesAgo(240),
        confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 24 }],
      },
    });
    expect(departed.statusCode).toBe(200);
    expect(departed.json().data.shipmentStatus.displayName).toBe('In Transit');
    expect(departed.json().data.stop.orderLineItems[0]).toMatchObject({
      role: 'pickup',
      confirmedPackageCount: 24,
    });

    // The driver arrives and unloads from the cab: Delivered.
    const atDelivery = await t.injectAs(driver, {
      method: 'PATCH',
      url: url(`/stops/${delivery.shipmentStopId}/arrival_and_departure`),
      payload: { arrivedAt: minutesAgo(60) },
    });
    expect(atDelivery.statusCode).toBe(200);
    expect(atDelivery.json().data.shipmentStatus.displayName).toBe('At Stop');
    const unloaded = await t.injectAs(driver, {
      method: 'PATCH',
      url: url(`/stops/${delivery.shipmentStopId}/arrival_and_departure`),
      payload: {
        departedAt: minutesAgo(30),
        confirmedTrackingLineItems: [{ id: itemId, confirmedPackageCount: 23 }],
      },
    });
    expect(unloaded.statusCode).toBe(200);
    expect(unloaded.json().data.shipmentStatus.displayName).toBe('Delivered');

    // Delivery Confirmed needs the proof of delivery.
    const version = (await t.injectAs(carrier, { method: 'GET', url: url() })).json().data.version;
    const early = await t.injectAs(carrier, {
      method: 'PATCH',
      url: url('/status'),
      payload: { status: ShipmentStatus.DeliveryConfirmed, version },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('Upload a proof of delivery for stop 2');
    await proofOfDelivery(t.db, t.ctx.documents, {
      companyId: world.carrier.id,
      shipmentId: made.shipment.id,
      orderId: made.order.id,
      orderStopId: made.deliveryStop.id,
    });
    const confirmed = await t.injectAs(driver, {
      method: 'PATCH',
      url: url('/status'),
      payload: { status: ShipmentStatus.DeliveryConfirmed, version },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toEqual({ value: 8, displayName: 'Delivery Confirmed' });

    // History: each status change with who did it.
    const history = (await t.injectAs(carrier, { method: 'GET', url: url('/history') })).json()
      .data as {
      action: string;
      toStatus: { displayName: string } | null;
      user: { id: string } | null;
    }[];
    const changes = history
      .filter((entry) => entry.action === 'StatusChanged')
      .map((entry) => [entry.toStatus?.displayName, entry.user?.id]);
    expect(changes).toEqual([
      ['Dispatched', carrier.id],
      ['At Stop', carrier.id],
      ['In Transit', carrier.id],
      ['At Stop', driver.id],
      ['Delivered', driver.id],
      ['Delivery Confirmed', driver.id],
    ]);
    expect(history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'DriverAssigned',
        'EquipmentChanged',
        'ArrivalRecorded',
        'DepartureRecorded',
      ]),
    );

    // Line items show what was loaded and delivered; tracking shows the events.
    const items = (await t.injectAs(carrier, { method: 'GET', url: url('/line_items') })).json()
      .data;
    expect(items[0]).toMatchObject({
      packageCount: 24,
      loadedPackageCount: 24,
      deliveredPackageCount: 23,
    });
    const activities = (
      await t.injectAs(carrier, { method: 'GET', url: url('/tracking_activities') })
    ).json().data as { activityType: string; source: string }[];
    // Newest first by when it happened: the dispatch was entered now, the stop times reported back.
    expect(activities.map((activity) => activity.activityType)).toEqual([
      'Dispatched',
      'Delivered',
      'Arrived',
      'Departed',
      'Arrived',
    ]);
    expect(activities[1]!.source).toBe('Driver App');
    expect(activities[3]!.source).toBe('Portal');
  });
});
