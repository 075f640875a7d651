import { buildStopDateTime, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeSecondBroker, makeTestWorld, type TestWorld } from '../../../test/world';

// Orders: a broker creates, finds, edits, duplicates and consolidates its orders; the data rules
// are enforced by the server with a message naming the field; another company's order is missing.

let t: TestApp;
let world: TestWorld;
let otherBroker: { id: string; companyId: string };

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  otherBroker = await makeSecondBroker(t.db);
});

afterAll(async () => {
  await t?.close();
});

const broker = () => world.users.brokerUser;

interface StopInput {
  type: 'Pickup' | 'Delivery';
  postalCode: string;
  state: string;
  city: string;
  date: string;
  early: string;
  late?: string;
}

let nextDay = 0;
/** A distinct day in 2031 for each order, so searches by date meet only the test's own orders. */
function day(offset = 0) {
  return new Date(Date.UTC(2031, 2, 1) + (nextDay + offset) * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
}

function stop(input: StopInput) {
  return {
    type: input.type,
    locationNumber: 'N/A',
    location: {
      name: `${input.city} Dock`,
      addressLine1: '100 Commerce Way',
      addressLine2: '',
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
    },
    earlyDateTime: buildStopDateTime(input.date, input.early, input.postalCode),
    lateDateTime: buildStopDateTime(input.date, input.late ?? '', input.postalCode),
    appointmentDateTime: '',
    referenceNumbers: [{ label: 'Dock', value: '' }],
  };
}

function orderBody(
  overrides: {
    pickup?: Partial<StopInput>;
    delivery?: Partial<StopInput>;
    weightPounds?: number;
    packageCount?: number;
    lineItem?: Record<string, unknown>;
  } = {},
) {
  const pickupDate = day();
  return {
    shippingMode: 0,
    equipmentMode: 0,
    equipmentTypes: [1],
    specialInstructions: '',
    stops: [
      stop({
        type: 'Pickup',
        postalCode: '60601',
        state: 'Illinois',
        city: 'Chicago',
        date: pickupDate,
        early: '08:00',
        late: '12:00',
        ...overrides.pickup,
      }),
      stop({
        type: 'Delivery',
        postalCode: '30303',
        state: 'GA',
        city: 'Atlanta',
        date: day(2),
        early: '09:00',
        late: '15:00',
        ...overrides.delivery,
      }),
    ],
    lineItems: [
      {
        id: 'new-1',
        pickupStop: 0,
        deliveryStop: 1,
        description: 'Palletized dry goods',
        freightClass: '70',
        packageCount: overrides.packageCount ?? 10,
        weightPounds: overrides.weightPounds ?? 12000,
        lengthInches: 48,
        widthInches: 40,
        heightInches: 60,
        ...overrides.lineItem,
      },
    ],
    referenceNumbers: [
      { label: 'Purchase Order', value: `PO-${pickupDate}` },
      { label: 'Load ID', value: 'L-77' },
      { label: '', value: 'dropped' },
    ],
    requirements: ['Liftgate'],
    accessorials: [{ code: 'APPT', description: 'Appointment' }],
  };
}

async function create(body: Record<string, unknown> = orderBody(), user = broker()) {
  const response = await t.injectAs(user, { method: 'POST', url: '/api/v2/orders', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  nextDay += 7;
  return response.json().data;
}

describe('creating an order', () => {
  it('keeps a Canadian stop in Canada with its times on Toronto clocks and lifts the labels', async () => {
    const date = day();
    const body = orderBody({
      pickup: { postalCode: 'm5v 2t6', state: 'Ontario', city: 'Toronto', date },
    });
    const order = await create(body);
    expect(order.orderNumber).toMatch(/^\d+$/);
    expect(order).toMatchObject({ status: 'Open', orderSource: 'Portal', isEditable: true });
    const [pickup, delivery] = order.stops;
    expect(pickup).toMatchObject({
      type: 'Pickup',
      locationNumber: 'N/A',
      location: { city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', country: 'CA' },
      timeZone: 'America/Toronto',
      early: { local: `${date}T08:00` },
      late: { local: `${date}T12:00` },
      appointment: null,
      referenceNumbers: [],
    });
    // Toronto is five hours behind UTC in March before the clocks change.
    expect(pickup.early.at).toBe(`${date}T13:00:00.000Z`);
    expect(delivery.location).toMatchObject({ state: 'GA', country: 'US' });
    expect(order.purchaseOrderNumber).toBe(`PO-${date}`);
    expect(order.referenceNumbers).toEqual([{ label: 'Load ID', value: 'L-77' }]);
    expect(order.lineItems[0]).toMatchObject({
      pickupStop: 0,
      deliveryStop: 1,
      weightPounds: 12000,
    });
    expect(order.lineItems[0].id).not.toBe('new-1');
    expect(order.specialInstructions).toBeNull();
    expect(order.requirements).toEqual(['Liftgate']);
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [orderBody({ pickup: { state: 'Texsa' } }), 'stops[0].location.state', /not a US state/],
      [
        orderBody({ pickup: { state: 'ON' } }),
        'stops[0].location.state',
        /ON is a Canadian province; a US ZIP code needs a US state/,
      ],
      [orderBody({ pickup: { postalCode: '6060' } }), 'stops[0].location.postalCode', /ZIP/],
      [orderBody({ lineItem: { hazmatClass: '3' } }), 'lineItems[0].unNumber', /UN number/],
      [orderBody({ lineItem: { pickupStop: 1 } }), 'lineItems[0].pickupStop', /not a pickup/],
      [
        orderBody({ lineItem: { freightClass: '71' } }),
        'lineItems[0].freightClass',
        /freight class/,
      ],
      [{ ...orderBody(), equipmentMode: 1 }, 'reeferTemperature', /reefer temperature/],
      [
        { ...orderBody(), stops: [orderBody().stops[0], orderBody().stops[0]] },
        'stops',
        /delivery stop/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await t.injectAs(broker(), {
        method: 'POST',
        url: '/api/v2/orders',
        payload: body,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field]?.[0], field).toMatch(message);
    }
  });

  it('takes a stop at a location on file by its number, and only the caller’s own', async () => {
    const [own, foreign] = await t.db.system((tx) =>
      Promise.all(
        [world.broker.id, world.customer.id].map((companyId, index) =>
          tx
            .insertInto('locations')
            .values({
              companyId,
              locationNumber: `ORD-${index}-${Date.now()}`,
              name: index === 0 ? 'Bridge Brokerage Yard' : 'Acme Plant',
              addressLine1: '1 Yard Rd',
              city: 'Joliet',
              province: 'IL',
              postalCode: '60432',
              latitude: 41.52,
              longitude: -88.08,
              ianaTimezone: 'America/Chicago',
            })
            .returning('locationNumber')
            .executeTakeFirstOrThrow(),
        ),
      ),
    );
    const body = orderBody();
    const onFile = { ...body.stops[0]!, locationNumber: own!.locationNumber, location: undefined };
    const order = await create({ ...body, stops: [onFile, body.stops[1]] });
    expect(order.stops[0]).toMatchObject({
      locationNumber: own!.locationNumber,
      location: { name: 'Bridge Brokerage Yard', city: 'Joliet', state: 'IL', country: 'US' },
      timeZone: 'America/Chicago',
    });
    // Its dock is closed on Sundays: an appointment then is refused with the hours.
    await t.db.system(async (tx) => {
      const location = await tx
        .selectFrom('locations')
        .select('id')
        .where('locationNumber', '=', own!.locationNumber)
        .executeTakeFirstOrThrow();
      const schedule = await tx
        .insertInto('dockSchedules')
        .values({ locationId: location.id, companyId: world.broker.id, name: 'Main dock' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('dockHours')
        .values(
          [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
            dockScheduleId: schedule.id,
            companyId: world.broker.id,
            dayOfWeek,
            isClosed: dayOfWeek === 0,
          })),
        )
        .execute();
    });
    const sunday = '2031-03-02';
    const closed = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders',
      payload: {
        ...body,
        stops: [
          {
            ...onFile,
            earlyDateTime: buildStopDateTime(sunday, '08:00', '60432'),
            appointmentDateTime: buildStopDateTime(sunday, '09:00', '60432'),
          },
          body.stops[1],
        ],
      },
    });
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json().errors['stops[0].appointmentDateTime'][0]).toMatch(/Sun/);
    const refused = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders',
      payload: {
        ...body,
        stops: [{ ...onFile, locationNumber: foreign!.locationNumber }, body.stops[1]],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['stops[0].locationNumber']).toEqual([
      `Location ${foreign!.locationNumber} is not one of your locations`,
    ]);
  });

  it('is for brokers only, and another company’s order answers like a missing one', async () => {
    const order = await create();
    const carrier = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v2/orders/find',
      payload: {},
    });
    expect(carrier.statusCode).toBe(403);
    for (const request of [
      { method: 'GET' as const, url: `/api/v2/orders/${order.orderNumber}` },
      { method: 'GET' as const, url: `/api/v2/orders/${order.id}` },
      {
        method: 'POST' as const,
        url: `/api/v2/orders/${order.orderNumber}/duplicates`,
        payload: { copies: 1 },
      },
      {
        method: 'PUT' as const,
        url: `/api/v2/orders/${order.orderNumber}`,
        payload: { ...orderBody(), version: 1 },
      },
    ]) {
      const response = await t.injectAs(otherBroker, request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json().detail).toBe('Order not found');
    }
    const list = await t.injectAs(otherBroker, {
      method: 'POST',
      url: '/api/v2/orders/find',
      payload: {},
    });
    expect(list.json().totalCount).toBe(0);
  });
});

describe('finding, editing and duplicating', () => {
  it('finds by the first pickup’s local date, on the portal’s zone rules whatever the database’s', async () => {
    // Half past midnight in Edmonton, which keeps UTC-6 all year from November 2026 (tz 2026c): a
    // database on older rules puts it at 23:30 the day before.
    const order = await create(
      orderBody({
        pickup: {
          postalCode: 'T5J 0N3',
          state: 'Alberta',
          city: 'Edmonton',
          date: '2031-12-05',
          early: '00:30',
          late: '06:00',
        },
        delivery: { date: '2031-12-08' },
      }),
    );
    expect(order.stops[0]).toMatchObject({
      timeZone: 'America/Edmonton',
      early: { local: '2031-12-05T00:30', at: '2031-12-05T06:30:00.000Z' },
    });
    const found = async (dates: { pickupFrom?: string; pickupTo?: string }) => {
      const response = await t.injectAs(broker(), {
        method: 'POST',
        url: '/api/v2/orders/find',
        payload: { query: order.orderNumber, ...dates },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().totalCount as number;
    };
    expect(await found({ pickupFrom: '2031-12-05', pickupTo: '2031-12-05' })).toBe(1);
    expect(await found({ pickupFrom: '2031-12-05' })).toBe(1);
    expect(await found({ pickupTo: '2031-12-04' })).toBe(0);
    expect(await found({ pickupFrom: '2031-12-06' })).toBe(0);
    expect(await found({ pickupTo: '2031-12-05' })).toBe(1);
  });

  it('finds by reference, counts by status, and edits with the version', async () => {
    const order = await create();
    const found = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/find',
      payload: { query: order.purchaseOrderNumber.toLowerCase(), statuses: ['Open'] },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ page: 1, pageSize: 50, totalCount: 1 });
    expect(found.json().data[0]).toMatchObject({
      orderNumber: order.orderNumber,
      origin: { city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' },
      destination: { city: 'Atlanta', state: 'GA' },
      totalWeightPounds: 12000,
      totalPackageCount: 10,
      shipment: null,
    });
    const counts = await t.injectAs(broker(), {
      method: 'GET',
      url: '/api/v2/orders/status_counts',
    });
    expect(counts.json().data.open).toBeGreaterThanOrEqual(1);
    expect(counts.json().data.all).toBe(counts.json().data.open);

    const body = orderBody();
    body.lineItems[0] = { ...body.lineItems[0]!, id: order.lineItems[0].id, weightPounds: 9000 };
    const edited = await t.injectAs(broker(), {
      method: 'PUT',
      url: `/api/v2/orders/${order.orderNumber}`,
      payload: { ...body, version: order.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      version: order.version + 1,
      totalWeightPounds: 9000,
    });
    expect(edited.json().data.lineItems[0].id).toBe(order.lineItems[0].id);

    const stale = await t.injectAs(broker(), {
      method: 'PUT',
      url: `/api/v2/orders/${order.orderNumber}`,
      payload: { ...body, version: order.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed by someone else/);
  });

  it('duplicates an order the number of copies asked', async () => {
    const order = await create();
    const response = await t.injectAs(broker(), {
      method: 'POST',
      url: `/api/v2/orders/${order.orderNumber}/duplicates`,
      payload: { copies: 3 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const copies = response.json().data;
    expect(copies).toHaveLength(3);
    for (const copy of copies) {
      const detail = (
        await t.injectAs(broker(), { method: 'GET', url: `/api/v2/orders/${copy.orderNumber}` })
      ).json().data;
      expect(detail.orderNumber).not.toBe(order.orderNumber);
      expect(detail).toMatchObject({
        status: 'Open',
        orderSource: 'Portal',
        purchaseOrderNumber: order.purchaseOrderNumber,
        totalWeightPounds: 12000,
      });
      expect(detail.stops.map((s: { early: { at: string } }) => s.early.at)).toEqual(
        order.stops.map((s: { early: { at: string } }) => s.early.at),
      );
    }
    const tooMany = await t.injectAs(broker(), {
      method: 'POST',
      url: `/api/v2/orders/${order.orderNumber}/duplicates`,
      payload: { copies: 0 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('saves named views of the list', async () => {
    const saved = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/filter_sets',
      payload: { viewName: 'Open reefers', filterFields: { statuses: ['Open'], equipmentMode: 1 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/filter_sets',
      payload: { viewName: 'Open reefers', filterFields: {} },
    });
    expect(again.statusCode).toBe(409);
    const list = await t.injectAs(broker(), { method: 'GET', url: '/api/v2/orders/filter_sets' });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        viewName: 'Open reefers',
        filterFields: { statuses: ['Open'], equipmentMode: 1 },
      }),
    ]);
    const foreign = await t.injectAs(otherBroker, {
      method: 'DELETE',
      url: `/api/v2/orders/filter_sets/${saved.json().data.id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('consolidation', () => {
  it('finds nearby open orders, builds a draft with maxBuy 0 that goes on the load board', async () => {
    const [pickupDay, deliveryDay, nextPickupDay, nextDeliveryDay] = [
      day(),
      day(2),
      day(1),
      day(3),
    ];
    const at = (pickup: string, delivery: string) => ({
      pickup: { date: pickup },
      delivery: { date: delivery },
    });
    const lane = at(pickupDay, deliveryDay);
    const anchor = await create(orderBody({ ...lane, weightPounds: 20000, packageCount: 20 }));
    // Evanston is 12 miles from Chicago, Decatur (GA) 6 from Atlanta; a day later still meets.
    const near = await create(
      orderBody({
        pickup: { postalCode: '60201', city: 'Evanston', date: nextPickupDay },
        delivery: { postalCode: '30030', city: 'Decatur', date: nextDeliveryDay },
        weightPounds: 15000,
        packageCount: 18,
      }),
    );
    const far = await create(
      orderBody({
        ...lane,
        pickup: { postalCode: '75201', state: 'TX', city: 'Dallas', date: pickupDay },
      }),
    );
    const heavy = await create(orderBody({ ...lane, weightPounds: 30000, packageCount: 5 }));

    const search = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/consolidatable_orders',
      payload: { orderId: anchor.orderNumber },
    });
    expect(search.statusCode, search.body).toBe(200);
    const numbers = search.json().data.map((row: { orderNumber: string }) => row.orderNumber);
    expect(numbers).toContain(near.orderNumber);
    expect(numbers).not.toContain(far.orderNumber);
    expect(numbers).not.toContain(heavy.orderNumber);
    expect(search.json().limits).toEqual({
      maxWeight: 45000,
      maxUnits: 60,
      distance: 40,
      windowWidenDays: 2,
      maxBuy: 0,
    });

    const overWeight = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/draft_shipments',
      payload: { orderIds: [anchor.orderNumber, heavy.orderNumber] },
    });
    expect(overWeight.statusCode).toBe(400);
    expect(overWeight.json().errors.orderIds[0]).toBe(
      'Total weight 50,000 lb is over the consolidation maxWeight of 45,000 lb.',
    );
    const tooFar = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/draft_shipments',
      payload: { orderIds: [anchor.orderNumber, far.orderNumber] },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().detail).toMatch(/over the consolidation distance of 40 miles/);

    const draft = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/draft_shipments',
      payload: { orderIds: [anchor.orderNumber, near.orderNumber] },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const shipment = draft.json().data;
    expect(shipment).toMatchObject({
      status: { value: ShipmentStatus.Draft, displayName: 'Draft' },
      maxBuy: 0,
      totalWeightPounds: 35000,
      totalPackageCount: 38,
      orderNumbers: [anchor.orderNumber, near.orderNumber],
    });

    // Both orders are now on the shipment: no longer editable nor consolidatable.
    const onShipment = (
      await t.injectAs(broker(), { method: 'GET', url: `/api/v2/orders/${near.orderNumber}` })
    ).json().data;
    expect(onShipment).toMatchObject({
      isEditable: false,
      shipment: { shipmentNumber: shipment.shipmentNumber },
    });
    const again = await t.injectAs(broker(), {
      method: 'POST',
      url: '/api/v2/orders/draft_shipments',
      payload: { orderIds: [near.orderNumber] },
    });
    expect(again.statusCode).toBe(409);

    const released = await t.injectAs(broker(), {
      method: 'PATCH',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/status`,
      payload: { status: ShipmentStatus.ReadyToBook, version: shipment.version },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.status.displayName).toBe('Ready to Book');

    const board = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/load_board?originPostalCode=60601&pickupFrom=${anchor.stops[0].early.local.slice(0, 10)}`,
    });
    expect(board.statusCode, board.body).toBe(200);
    const load = board
      .json()
      .data.find(
        (row: { shipmentNumber: string }) => row.shipmentNumber === shipment.shipmentNumber,
      );
    expect(load).toMatchObject({
      origin: { city: 'Chicago', state: 'IL' },
      destination: { state: 'GA' },
      weightPounds: 35000,
    });
  });
});
