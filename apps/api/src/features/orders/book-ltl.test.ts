import { buildStopDateTime, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeSecondBroker, makeTestWorld, type TestWorld } from '../../../test/world';
import { makeCompany } from '../../seed/factories';

// Book LTL order (decision 210): a broker books its open LTL order at an LTL rate a carrier holds
// for it on the order's lane; the order becomes its own shipment, Booked to that carrier at the rate
// with origination TmsContract and maxBuy the rate plus 5, in one transaction.

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

let nextDay = 0;
/** A distinct day in 2032 for each order. */
function day(offset = 0) {
  return new Date(Date.UTC(2032, 3, 5) + (nextDay + offset) * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
}

function orderBody(shippingMode = 1) {
  const stop = (
    type: 'Pickup' | 'Delivery',
    city: string,
    state: string,
    postalCode: string,
    date: string,
  ) => ({
    type,
    locationNumber: 'N/A',
    location: {
      name: `${city} Dock`,
      addressLine1: '100 Commerce Way',
      addressLine2: '',
      city,
      state,
      postalCode,
    },
    earlyDateTime: buildStopDateTime(date, '08:00', postalCode),
    lateDateTime: buildStopDateTime(date, '12:00', postalCode),
    appointmentDateTime: '',
    referenceNumbers: [],
  });
  return {
    shippingMode,
    equipmentMode: 0,
    equipmentTypes: [1],
    specialInstructions: '',
    stops: [
      stop('Pickup', 'Chicago', 'IL', '60601', day()),
      stop('Delivery', 'Atlanta', 'GA', '30303', day(2)),
    ],
    lineItems: [
      {
        id: 'new-1',
        pickupStop: 0,
        deliveryStop: 1,
        description: 'Palletized dry goods',
        freightClass: '70',
        packageCount: 4,
        weightPounds: 3200,
        lengthInches: 48,
        widthInches: 40,
        heightInches: 60,
      },
    ],
    referenceNumbers: [],
    requirements: [],
    accessorials: [],
  };
}

async function createOrder(shippingMode = 1, user = broker()) {
  const response = await t.injectAs(user, {
    method: 'POST',
    url: '/api/v2/orders',
    payload: orderBody(shippingMode),
  });
  expect(response.statusCode, response.body).toBe(201);
  nextDay += 7;
  return response.json().data as { id: string; orderNumber: string };
}

/** An LTL rate a carrier holds for a customer on Chicago, IL to GA. */
async function ltlRate(
  carrierCompanyId: string,
  overrides: Record<string, unknown> = {},
  customerCompanyId: string | null = world.broker.id,
) {
  return t.db.system((tx) =>
    tx
      .insertInto('rates')
      .values({
        carrierCompanyId,
        customerCompanyId,
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'GA',
        destinationCity: null,
        shippingMode: 1,
        equipmentMode: 0,
        rateCents: 48_000,
        rateType: 'Flat',
        serviceDays: 3,
        effectiveFrom: '2020-01-01',
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

function book(
  orderNumber: string,
  rateId: string,
  user: { id: string; companyId: string } = broker(),
  key?: string,
) {
  return t.injectAs(user, {
    method: 'POST',
    url: `/api/v2/orders/${orderNumber}/book_ltl`,
    payload: { rateId },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function shipmentsOf(orderId: string) {
  return t.db.system((tx) =>
    tx.selectFrom('shipments').selectAll().where('orderId', '=', orderId).execute(),
  );
}

describe('the LTL rates of an order', () => {
  it("lists the LTL rates carriers hold for the broker on the order's lane, cheapest first, with the carrier", async () => {
    const order = await createOrder();
    const dearer = await ltlRate(world.carrier.id, { rateCents: 61_000 });
    const cheaper = await ltlRate(world.otherCarrier.id, { rateCents: 45_500 });
    const perMile = await ltlRate(world.carrier.id, { rateCents: 150, rateType: 'PerMile' });
    // Not listed: another customer's, a TL rate, another lane, one no longer in effect.
    await ltlRate(world.carrier.id, { rateCents: 100 }, world.customer.id);
    await ltlRate(world.carrier.id, { rateCents: 200, shippingMode: 0 });
    await ltlRate(world.carrier.id, { rateCents: 300, destinationState: 'TX' });
    await ltlRate(world.carrier.id, { rateCents: 400, effectiveTo: '2021-01-01' });

    const response = await t.injectAs(broker(), {
      method: 'GET',
      url: `/api/v2/rates?orderId=${order.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rates = response.json().data as {
      id: string;
      rate: number;
      rateKind: string;
      carrierName: string;
    }[];
    const ids = rates.map((rate) => rate.id);
    expect(ids).toContain(dearer.id);
    expect(ids).toContain(cheaper.id);
    expect(ids).toContain(perMile.id);
    expect(ids).toHaveLength(3);
    expect(rates[0]).toMatchObject({
      id: cheaper.id,
      rateKind: 'LTL',
      rate: 455,
      carrierName: 'Other Carrier Lines',
    });
    // Per mile: priced by the lane's miles (Chicago to Atlanta, about 700 with the road's fifth).
    const priced = rates.find((rate) => rate.id === perMile.id)!;
    expect(priced.rate).toBeGreaterThan(900);
    expect(priced.rate).toBeLessThan(1300);
  });

  it("answers another company's order like a missing one", async () => {
    const order = await createOrder();
    const foreign = await t.injectAs(otherBroker, {
      method: 'GET',
      url: `/api/v2/rates?orderId=${order.id}`,
    });
    const missing = await t.injectAs(otherBroker, {
      method: 'GET',
      url: `/api/v2/rates?orderId=00000000-0000-4000-8000-000000000000`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
  });
});

describe('booking an LTL order', () => {
  it('makes the order its own shipment, Booked to the carrier at the rate, TmsContract, maxBuy rate + 5', async () => {
    const order = await createOrder();
    const rate = await ltlRate(world.carrier.id, { rateCents: 52_500 });
    const response = await book(order.orderNumber, rate.id);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      bookingSucceeded: true,
      data: {
        orderNumber: order.orderNumber,
        status: { value: ShipmentStatus.Booked },
        carrierId: world.carrier.id,
        carrierName: 'Prairie Haulers',
        carrierRate: 525,
        maxBuy: 530,
        originationType: 'TmsContract',
      },
    });
    const [shipment, ...others] = await shipmentsOf(order.id);
    expect(others).toHaveLength(0);
    expect(shipment).toMatchObject({
      shipmentNumber: answer.data.shipmentNumber,
      status: ShipmentStatus.Booked,
      customerCompanyId: world.broker.id,
      carrierCompanyId: world.carrier.id,
      originationType: 'TmsContract',
      shippingMode: 1,
      originState: 'IL',
      destinationState: 'GA',
    });
    expect(Number(shipment!.carrierRateCents)).toBe(52_500);
    expect(Number(shipment!.maxBuyCents)).toBe(53_000);
    expect(Number(shipment!.customerRateCents)).toBe(52_500);
    const history = await t.db.system((tx) =>
      tx
        .selectFrom('shipmentHistory')
        .select(['fromStatus', 'toStatus', 'detail'])
        .where('shipmentId', '=', shipment!.id)
        .orderBy('occurredAt')
        .execute(),
    );
    expect(history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [null, ShipmentStatus.ReadyToBook],
      [ShipmentStatus.ReadyToBook, ShipmentStatus.Booked],
    ]);
    // The broker sees the shipment Booked with its carrier and the rate it pays; the order names it.
    const seen = await t.injectAs(broker(), {
      method: 'GET',
      url: `/api/v2/shipments/${answer.data.shipmentNumber}`,
    });
    expect(seen.json().data).toMatchObject({
      relation: 'customer',
      status: { value: ShipmentStatus.Booked },
      carrier: { name: 'Prairie Haulers' },
      customerRate: 525,
      carrierRate: null,
      version: answer.data.version,
    });
    const detail = await t.injectAs(broker(), {
      method: 'GET',
      url: `/api/v2/orders/${order.orderNumber}`,
    });
    expect(detail.json().data.shipment).toMatchObject({
      shipmentNumber: answer.data.shipmentNumber,
    });
    // Booking it again is refused, naming the shipment.
    const again = await book(order.orderNumber, rate.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `Order ${order.orderNumber} is already on shipment ${answer.data.shipmentNumber}; it cannot be booked again.`,
    );
  });

  it('answers a retry with the same Idempotency-Key with the first booking', async () => {
    const order = await createOrder();
    const rate = await ltlRate(world.carrier.id);
    const key = `book-ltl-${order.orderNumber}`;
    const first = await book(order.orderNumber, rate.id, broker(), key);
    const second = await book(order.orderNumber, rate.id, broker(), key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.shipmentNumber).toBe(first.json().data.shipmentNumber);
    expect(await shipmentsOf(order.id)).toHaveLength(1);
  });

  it('refuses a TL order, a closed order, and a rate that is not for it, writing nothing', async () => {
    const tl = await createOrder(0);
    const rate = await ltlRate(world.carrier.id);
    const notLtl = await book(tl.orderNumber, rate.id);
    expect(notLtl.statusCode).toBe(409);
    expect(notLtl.json().detail).toBe(
      `Order ${tl.orderNumber} is a TL order; only an LTL order is booked at an LTL rate.`,
    );

    const cancelled = await createOrder();
    await t.db.system((tx) =>
      tx
        .updateTable('orders')
        .set({ status: 'Cancelled' })
        .where('id', '=', cancelled.id)
        .execute(),
    );
    const closed = await book(cancelled.orderNumber, rate.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(
      `Order ${cancelled.orderNumber} is Cancelled; only an open order can be booked.`,
    );

    const order = await createOrder();
    const wrongLane = await ltlRate(world.carrier.id, { destinationState: 'TX' });
    const lane = await book(order.orderNumber, wrongLane.id);
    expect(lane.statusCode).toBe(400);
    expect(lane.json()).toMatchObject({
      bookingSucceeded: false,
      refusals: [{ code: 'rateOfAnotherShipment', field: 'rateId' }],
    });
    expect(lane.json().errors.rateId[0]).toMatch(/^This rate \(Chicago, IL to TX\) does not apply/);

    const truckload = await ltlRate(world.carrier.id, { shippingMode: 0 });
    const tlRate = await book(order.orderNumber, truckload.id);
    expect(tlRate.statusCode).toBe(400);
    expect(tlRate.json().errors.rateId).toEqual(['This rate is not an LTL rate.']);

    // Another customer's rate answers like a missing one.
    const theirs = await ltlRate(world.carrier.id, {}, world.customer.id);
    const foreignRate = await book(order.orderNumber, theirs.id);
    const missingRate = await book(order.orderNumber, '00000000-0000-4000-8000-000000000000');
    expect(foreignRate.statusCode).toBe(400);
    expect(foreignRate.json().errors).toEqual(missingRate.json().errors);
    expect(foreignRate.json().errors.rateId).toEqual(['Rate not found.']);

    // A carrier on hold may not be booked.
    const held = await t.db.system((tx) =>
      makeCompany(tx, { kind: 'carrier', name: 'Held Freight', isOnHold: true }),
    );
    const heldRate = await ltlRate(held.id);
    const onHold = await book(order.orderNumber, heldRate.id);
    expect(onHold.statusCode).toBe(403);
    expect(onHold.json().refusals[0].code).toBe('carrierOnHold');

    // Every refusal rolled back: no shipment for any of the orders.
    for (const id of [tl.id, cancelled.id, order.id]) expect(await shipmentsOf(id)).toHaveLength(0);
  });

  it("answers another company's order like a missing one, and refuses a caller that is not a broker", async () => {
    const order = await createOrder();
    const rate = await ltlRate(world.carrier.id);
    const foreign = await book(order.orderNumber, rate.id, otherBroker);
    const missing = await book('987654321987', rate.id, otherBroker);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
    const carrier = await book(order.orderNumber, rate.id, world.users.carrierUser);
    expect(carrier.statusCode).toBe(403);
    const badId = await book(order.orderNumber, 'not-a-rate');
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('rateId');
    expect(await shipmentsOf(order.id)).toHaveLength(0);
  });

  it('two bookings of one order at once leave exactly one shipment', async () => {
    const order = await createOrder();
    const mine = await ltlRate(world.carrier.id);
    const theirs = await ltlRate(world.otherCarrier.id);
    const responses = await Promise.all([
      book(order.orderNumber, mine.id),
      book(order.orderNumber, theirs.id),
      book(order.orderNumber, mine.id),
      book(order.orderNumber, theirs.id),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const shipments = await shipmentsOf(order.id);
    expect(shipments).toHaveLength(1);
    expect(shipments[0]!.status).toBe(ShipmentStatus.Booked);
  });
});
