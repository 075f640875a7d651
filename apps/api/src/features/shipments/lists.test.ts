import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeSecondBroker, makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
const n: Record<string, string> = {};
const HOUR = 3600_000;
const now = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  const at = (hours: number) => new Date(now + hours * HOUR);
  const own = async (key: string, status: ShipmentStatus, pickupHours: number, extra = {}) => {
    const made = await shipmentFor(t.db, world, {
      status,
      pickupAt: at(pickupHours),
      shipment: {
        shipmentNumber: `77${String(Object.keys(n).length + 10).padStart(5, '0')}`,
        ...extra,
      },
    });
    n[key] = made.shipment.shipmentNumber;
    return made;
  };
  await own('booked', ShipmentStatus.Booked, 48);
  const dispatched = await own('dispatched', ShipmentStatus.Dispatched, 2, {
    nextUpdateDueAt: at(-3),
  });
  const transit = await own('transit', ShipmentStatus.InTransit, -20, {
    nextUpdateDueAt: at(2),
    isOnTime: true,
  });
  await own('atStop', ShipmentStatus.AtStop, -30, { nextUpdateDueAt: at(-1), isOnTime: false });
  await own('delivered', ShipmentStatus.Delivered, -72, { isOnTime: true });
  await own('confirmed', ShipmentStatus.DeliveryConfirmed, -200, { isOnTime: true });
  await own('voided', ShipmentStatus.Voided, -100);
  const foreign = await shipmentFor(t.db, world, {
    carrier: 'other',
    status: ShipmentStatus.InTransit,
    pickupAt: at(-5),
  });
  n.foreign = foreign.shipment.shipmentNumber;
  const board = await shipmentFor(t.db, world, {
    carrier: 'none',
    status: ShipmentStatus.ReadyToBook,
    pickupAt: at(30),
  });
  n.board = board.shipment.shipmentNumber;
  const tendered = await shipmentFor(t.db, world, {
    carrier: 'none',
    status: ShipmentStatus.Tendering,
    pickupAt: at(40),
  });
  n.tendered = tendered.shipment.shipmentNumber;
  const brokered = await shipmentFor(t.db, world, {
    customerCompanyId: world.broker.id,
    carrier: 'other',
    status: ShipmentStatus.Booked,
    pickupAt: at(20),
  });
  n.brokered = brokered.shipment.shipmentNumber;
  await t.db.system(async (tx) => {
    await tx
      .insertInto('tenders')
      .values({
        shipmentId: tendered.shipment.id,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        status: TenderOfferStatus.Sent,
        rateCents: 210_000,
      })
      .execute();
    await tx
      .insertInto('shipmentDrivers')
      .values({
        shipmentId: dispatched.shipment.id,
        driverId: world.users.driver.id,
        carrierCompanyId: world.carrier.id,
      })
      .execute();
    await tx
      .insertInto('trackingActivities')
      .values([
        {
          shipmentId: transit.shipment.id,
          activityType: 'LocationUpdate',
          occurredAt: at(-4),
          city: 'Gary',
          state: 'IN',
          latitude: 41.59,
          longitude: -87.35,
        },
        {
          shipmentId: transit.shipment.id,
          activityType: 'LocationUpdate',
          occurredAt: at(-1),
          city: 'Indianapolis',
          state: 'IN',
          latitude: 39.77,
          longitude: -86.16,
        },
        {
          shipmentId: transit.shipment.id,
          activityType: 'Note',
          occurredAt: at(-0.5),
          note: 'Fuel stop',
        },
      ])
      .execute();
    await tx
      .insertInto('trackingProblems')
      .values([
        {
          shipmentId: transit.shipment.id,
          problemType: 'Weather',
          description: 'Snow on I-65',
          reportedBy: world.users.carrierUser.id,
        },
        {
          shipmentId: dispatched.shipment.id,
          problemType: 'Mechanical',
          description: 'Fixed already',
          resolvedAt: at(-1),
        },
        {
          shipmentId: foreign.shipment.id,
          problemType: 'Traffic',
          description: 'Not ours',
        },
      ])
      .execute();
  });
});
afterAll(() => t.close());

const get = (user: { id: string; companyId: string }, url: string) =>
  t.injectAs(user, { method: 'GET', url });
const numbers = (body: { data: { shipmentNumber: string }[] }) =>
  body.data.map((row) => row.shipmentNumber);

describe('GET /api/v2/shipments (booking list)', () => {
  it('lists the carrier’s shipments in the default statuses, newest pickup first', async () => {
    const response = await get(world.users.carrierUser, '/api/v2/shipments');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(numbers(body)).toEqual([n.booked, n.dispatched, n.transit, n.atStop, n.delivered]);
    expect(body).toMatchObject({ page: 1, pageSize: 50, totalCount: 5 });
  });

  it('answers each row with what the list and the map show', async () => {
    const body = (
      await get(world.users.carrierUser, `/api/v2/shipments?query=${n.transit}`)
    ).json();
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        shipmentNumber: n.transit,
        status: { value: 5, displayName: 'In Transit' },
        origin: {
          city: 'Chicago',
          state: 'IL',
          postalCode: '60601',
          timeZone: 'America/Chicago',
          latitude: expect.any(Number),
          longitude: expect.any(Number),
        },
        destination: {
          city: 'Atlanta',
          state: 'GA',
          postalCode: '30303',
          timeZone: 'America/New_York',
          latitude: expect.any(Number),
          longitude: expect.any(Number),
        },
        lastKnownPosition: {
          latitude: 39.77,
          longitude: -86.16,
          city: 'Indianapolis',
          state: 'IN',
          at: expect.any(String),
          activityType: 'LocationUpdate',
        },
        pickupAt: expect.any(String),
        deliveryAt: expect.any(String),
        nextUpdateDueAt: expect.any(String),
        needsUpdate: false,
        isOnTime: true,
        carrier: { id: world.carrier.id, name: 'Prairie Haulers' },
        drivers: [],
        equipmentTypes: ['Van'],
        totalWeightPounds: 38000,
        totalMiles: null,
        carrierRate: 2300,
        shippingProNumber: null,
        tripId: null,
      },
    ]);
  });

  it('shows assigned drivers and marks overdue updates', async () => {
    const [row] = (
      await get(world.users.carrierUser, `/api/v2/shipments?query=${n.dispatched}`)
    ).json().data;
    expect(row.drivers).toEqual([
      { id: world.users.driver.id, name: expect.stringMatching(/^Pat /), isPrimary: true },
    ]);
    expect(row.needsUpdate).toBe(true);
  });

  it('filters by statuses, repeated or comma separated, and lists tenders sent to the carrier but not the load board', async () => {
    const repeated = (
      await get(world.users.carrierUser, '/api/v2/shipments?statuses=8&statuses=-1')
    ).json();
    const comma = (await get(world.users.carrierUser, '/api/v2/shipments?statuses=8,-1')).json();
    expect(numbers(repeated)).toEqual([n.voided, n.confirmed]);
    expect(numbers(comma)).toEqual(numbers(repeated));
    expect(
      numbers((await get(world.users.carrierUser, '/api/v2/shipments?statuses=2')).json()),
    ).toEqual([n.tendered]);
    expect(
      numbers((await get(world.users.carrierUser, '/api/v2/shipments?statuses=1')).json()),
    ).toEqual([]);
  });

  it('filters by shipment number prefix, taking wildcards literally', async () => {
    expect(
      numbers((await get(world.users.carrierUser, `/api/v2/shipments?query=${n.atStop}`)).json()),
    ).toEqual([n.atStop]);
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments?query=77%25')).json().totalCount,
    ).toBe(0);
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments?query=77')).json().totalCount,
    ).toBe(5);
  });

  it('pages with a stable order', async () => {
    const second = (
      await get(world.users.carrierUser, '/api/v2/shipments?page=2&pageSize=2')
    ).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalCount: 5 });
    expect(numbers(second)).toEqual([n.transit, n.atStop]);
  });

  it('shows each company only its own freight', async () => {
    const other = (await get(world.users.otherCarrierUser, '/api/v2/shipments')).json();
    expect(numbers(other)).toEqual([n.brokered, n.foreign]);
    expect(other.totalCount).toBe(2);
    expect((await get(world.users.factoringUser, '/api/v2/shipments')).json().totalCount).toBe(5);
    expect(numbers((await get(world.users.driver, '/api/v2/shipments')).json())).toEqual([
      n.dispatched,
    ]);
    const broker = (await get(world.users.brokerUser, '/api/v2/shipments')).json();
    // A carrier that is the customer of a load another carrier hauls: its customer branch.
    expect(numbers(broker)).toEqual([n.brokered]);
    expect(broker.totalCount).toBe(1);
    // The customer does not see what the carrier is paid.
    expect(broker.data[0].carrierRate).toBeNull();
    const operator = numbers(
      (await get(world.users.operatorUser, '/api/v2/shipments?pageSize=100')).json(),
    );
    expect(operator).toEqual(expect.arrayContaining([n.booked, n.foreign, n.brokered]));
  });
});

describe('a carrier that becomes a customer', () => {
  it('lists its first customer load at once, and totals an empty page and a page past the end', async () => {
    const broker = await makeSecondBroker(t.db);
    for (const read of [1, 2]) {
      const empty = (await get(broker, '/api/v2/shipments')).json();
      expect([read, empty.data, empty.totalCount]).toEqual([read, [], 0]);
    }
    const load = await shipmentFor(t.db, world, {
      customerCompanyId: broker.companyId,
      carrier: 'other',
      status: ShipmentStatus.Booked,
      pickupAt: new Date(now + 10 * HOUR),
    });
    for (const read of [1, 2]) {
      const listed = (await get(broker, '/api/v2/shipments')).json();
      expect([read, numbers(listed), listed.totalCount]).toEqual([
        read,
        [load.shipment.shipmentNumber],
        1,
      ]);
    }
    const past = (await get(broker, '/api/v2/shipments?page=2&pageSize=10')).json();
    expect([past.data, past.totalCount]).toEqual([[], 1]);
  });
});

describe('tracking list, counts and needs updates', () => {
  it('puts the most overdue update first and narrows to what needs an update', async () => {
    const tracking = (await get(world.users.carrierUser, '/api/v2/shipments?list=tracking')).json();
    expect(numbers(tracking)).toEqual([n.dispatched, n.atStop, n.transit, n.booked, n.delivered]);
    const needs = (
      await get(world.users.carrierUser, '/api/v2/shipments?list=tracking&needsUpdates=true')
    ).json();
    expect(numbers(needs)).toEqual([n.dispatched, n.atStop]);
    expect(needs.totalCount).toBe(2);
  });

  it('gives the navigation its count of shipments needing updates', async () => {
    expect(
      (
        await get(world.users.carrierUser, '/api/v2/shipments/total_count?needsUpdates=true')
      ).json(),
    ).toEqual({
      totalCount: 2,
    });
    expect((await get(world.users.carrierUser, '/api/v2/shipments/total_count')).json()).toEqual({
      totalCount: 5,
    });
    expect(
      (
        await get(world.users.otherCarrierUser, '/api/v2/shipments/total_count?needsUpdates=true')
      ).json(),
    ).toEqual({
      totalCount: 0,
    });
  });

  it('counts every status', async () => {
    const counts = (await get(world.users.carrierUser, '/api/v2/shipments/status_counts')).json()
      .data;
    expect(counts).toHaveLength(10);
    const byName = Object.fromEntries(
      counts.map((entry: { status: { displayName: string }; count: number }) => [
        entry.status.displayName,
        entry.count,
      ]),
    );
    expect(byName).toEqual({
      Voided: 1,
      Draft: 0,
      'Ready to Book': 0,
      Tendering: 1,
      Booked: 1,
      Dispatched: 1,
      'In Transit': 1,
      'At Stop': 1,
      Delivered: 1,
      'Delivery Confirmed': 1,
    });
  });

  it('counts on time, late and not yet known over the list filters', async () => {
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments/on_time_counts')).json().data,
    ).toEqual({
      onTime: 2,
      late: 1,
      notYetKnown: 2,
      total: 5,
    });
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments/on_time_counts?statuses=8')).json()
        .data,
    ).toEqual({ onTime: 1, late: 0, notYetKnown: 0, total: 1 });
  });
});

describe('GET /api/v2/problem_shipments', () => {
  it('lists the caller’s shipments with open problems and the problems', async () => {
    const body = (await get(world.users.carrierUser, '/api/v2/problem_shipments')).json();
    expect(body.totalCount).toBe(1);
    expect(body.data[0]).toMatchObject({
      shipmentNumber: n.transit,
      status: { displayName: 'In Transit' },
      openProblems: [
        {
          problemType: 'Weather',
          description: 'Snow on I-65',
          reportedBy: { id: world.users.carrierUser.id },
          resolvedAt: null,
        },
      ],
    });
    expect(
      numbers((await get(world.users.otherCarrierUser, '/api/v2/problem_shipments')).json()),
    ).toEqual([n.foreign]);
  });
});

describe('GET /api/v2/my_shipments', () => {
  it('gives a driver the loads they drive, and a carrier user without assignments none', async () => {
    expect(numbers((await get(world.users.driver, '/api/v2/my_shipments')).json())).toEqual([
      n.dispatched,
    ]);
    expect((await get(world.users.carrierUser, '/api/v2/my_shipments')).json()).toMatchObject({
      data: [],
      totalCount: 0,
    });
  });
});

describe('saved filter sets', () => {
  it('saves, lists, renames and deletes a user’s views; other users never see them', async () => {
    const created = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/shipments/filter_sets',
      payload: {
        listName: 'tracking',
        viewName: 'Late loads',
        filterFields: { needsUpdates: true, statuses: [4, 5, 6] },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      listName: 'tracking',
      viewName: 'Late loads',
      filterFields: { needsUpdates: true, statuses: [4, 5, 6] },
    });
    const duplicate = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/shipments/filter_sets',
      payload: { listName: 'tracking', viewName: 'Late loads', filterFields: {} },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toHaveProperty('viewName');
    const invalid = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/shipments/filter_sets',
      payload: { listName: 'tracking', viewName: 'Bad', filterFields: { statuses: [12] } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors)[0]).toContain('filterFields.statuses');

    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments/filter_sets?listName=tracking')).json()
        .data,
    ).toHaveLength(1);
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments/filter_sets?listName=booking')).json()
        .data,
    ).toEqual([]);
    expect((await get(world.users.driver, '/api/v2/shipments/filter_sets')).json().data).toEqual(
      [],
    );

    const renamed = await t.injectAs(world.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/shipments/filter_sets/${id}`,
      payload: { listName: 'tracking', viewName: 'Overdue', filterFields: { needsUpdates: true } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.viewName).toBe('Overdue');
    const foreign = await t.injectAs(world.users.otherCarrierUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/filter_sets/${id}`,
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await t.injectAs(world.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/filter_sets/${id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await get(world.users.carrierUser, '/api/v2/shipments/filter_sets')).json().data,
    ).toEqual([]);
  });
});

describe('list validation and authentication', () => {
  it('refuses a request without a token', async () => {
    for (const url of [
      '/api/v2/shipments',
      '/api/v2/shipments/total_count',
      '/api/v2/problem_shipments',
      '/api/v2/my_shipments',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it.each([
    ['pageSize=101', 'pageSize'],
    ['page=0', 'page'],
    ['statuses=9', 'statuses[0]'],
    ['statuses=abc', 'statuses[0]'],
    ['list=everything', 'list'],
    ['needsUpdates=maybe', 'needsUpdates'],
    ['sort=pickup', 'sort'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(world.users.carrierUser, `/api/v2/shipments?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});
