import { EquipmentType, Permission, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../src/seed/factories';
import {
  LOAD_BOARD_BROKERS_REFUSED,
  LOAD_RATES_BROKERS_REFUSED,
} from '../src/shared/load-board/brokers';
import { startTestApp, type TestApp } from './harness';
import { shipmentFor } from './shipment-fixtures';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from './world';

// Brokers have no load board group and no Top Picks (spec section 6, decision 012): every load board
// route refuses a broker's user with 403 and writes nothing, while the carrier's administrator and
// its dispatcher (carrier portal, no roles) keep using them.

let t: TestApp;
let world: TestWorld;
let dispatcher: Awaited<ReturnType<typeof makeUser>>;
let load: Awaited<ReturnType<typeof shipmentFor>>;
let brokerLaneId: string;
let brokerPostingId: string;

const lane = {
  originPostalCode: '60601',
  originRadius: 100,
  destinationPostalCode: '30303',
  destinationRadius: 100,
  equipmentTypes: EquipmentType.Van,
};
const posting = () => ({
  equipmentTypes: EquipmentType.Van,
  postalCode: '60601',
  availableFrom: new Date(Date.now() + 3600_000).toISOString(),
});
const quote = (shipmentNumber: string) => ({
  shippingMode: 0,
  equipmentMode: 0,
  effectiveDate: new Date().toISOString().slice(0, 10),
  quoteStops: [
    { stopType: 'Pickup', postalCode: '60601' },
    { stopType: 'Delivery', postalCode: '30303' },
  ],
  isHazmatRequired: false,
  isTeamRequired: false,
  shipmentId: shipmentNumber,
});

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  dispatcher = await t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      password: TEST_PASSWORD,
      roles: [],
      permissions: [Permission.CarrierPortal],
    }),
  );
  load = await shipmentFor(t.db, world, {
    status: ShipmentStatus.ReadyToBook,
    carrier: 'none',
    originPostalCode: '60601',
    destinationPostalCode: '30303',
    shipment: { totalMiles: 720, maxBuyCents: 216_000 },
  });
  await t.db.system((tx) =>
    tx
      .insertInto('rates')
      .values({
        carrierCompanyId: world.carrier.id,
        originState: 'IL',
        destinationState: 'GA',
        rateCents: 200_000,
        effectiveFrom: '2020-01-01',
      })
      .execute(),
  );
  // A lane and a truck of the broker's own company, as if made before the rule: still not its to use.
  const own = await t.db.system(async (tx) => ({
    lane: await tx
      .insertInto('savedLanes')
      .values({ companyId: world.broker.id, originState: 'IL', originPostalCode: '60601' })
      .returning('id')
      .executeTakeFirstOrThrow(),
    posting: await tx
      .insertInto('equipmentPostings')
      .values({
        carrierCompanyId: world.broker.id,
        equipmentTypes: EquipmentType.Van,
        city: 'Chicago',
        state: 'IL',
        postalCode: '60601',
        availableFrom: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  }));
  brokerLaneId = own.lane.id;
  brokerPostingId = own.posting.id;
});
afterAll(() => t.close());

/** Everything the load board writes, to show a refusal changed nothing. */
async function written() {
  return t.db.system(async (tx) => ({
    lanes: await tx
      .selectFrom('savedLanes')
      .selectAll()
      .where('companyId', '=', world.broker.id)
      .orderBy('id')
      .execute(),
    postings: await tx
      .selectFrom('equipmentPostings')
      .selectAll()
      .where('carrierCompanyId', '=', world.broker.id)
      .orderBy('id')
      .execute(),
    quotes: await tx
      .selectFrom('quotes')
      .select('id')
      .where('carrierCompanyId', '=', world.broker.id)
      .execute(),
    load: await tx
      .selectFrom('shipments')
      .select(['status', 'version', 'carrierCompanyId', 'maxBuyCents'])
      .where('id', '=', load.shipment.id)
      .executeTakeFirstOrThrow(),
  }));
}

const brokerCalls = () => [
  { method: 'GET', url: '/api/v2/load_board' },
  { method: 'GET', url: '/api/v2/load_board?originPostalCode=60601&originRadius=50' },
  { method: 'GET', url: '/api/v2/top_picks' },
  { method: 'GET', url: `/api/v2/available_shipments/${load.shipment.shipmentNumber}` },
  { method: 'GET', url: `/api/v2/shipments/${load.shipment.shipmentNumber}/reloads` },
  { method: 'GET', url: '/api/v2/saved_lanes' },
  { method: 'POST', url: '/api/v2/saved_lanes', payload: lane },
  { method: 'PUT', url: `/api/v2/saved_lanes/${brokerLaneId}`, payload: lane },
  { method: 'DELETE', url: `/api/v2/saved_lanes/${brokerLaneId}` },
  { method: 'GET', url: '/api/v2/equipment_postings' },
  { method: 'POST', url: '/api/v2/equipment_postings', payload: posting() },
  { method: 'DELETE', url: `/api/v2/equipment_postings/${brokerPostingId}` },
  { method: 'GET', url: `/api/v2/equipment_postings/${brokerPostingId}/matches` },
  {
    method: 'POST',
    url: '/api/v2/rates/search',
    payload: {
      stops: [
        { stopType: 'Pickup', postalCode: '60601' },
        { stopType: 'Delivery', postalCode: '30303' },
      ],
    },
  },
  { method: 'POST', url: '/api/v2/quotes', payload: quote(load.shipment.shipmentNumber) },
];

describe('brokers and the load board', () => {
  it('refuses every load board call of a broker with 403 and its reason, and writes nothing', async () => {
    const before = await written();
    expect(before.lanes).toHaveLength(1);
    expect(before.postings).toHaveLength(1);
    for (const call of brokerCalls()) {
      const response = await t.injectAs(world.users.brokerUser, call as never);
      // Soft, so a call let through still shows below whether it wrote anything.
      expect.soft(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(403);
      expect
        .soft(response.json().detail, `${call.method} ${call.url}`)
        .toBe(LOAD_BOARD_BROKERS_REFUSED);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a broker the rates of a load, after the lookup, and keeps its own order’s rates', async () => {
    const rates = await t.injectAs(world.users.brokerUser, {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${load.shipment.shipmentNumber}`,
    });
    expect(rates.statusCode, rates.body).toBe(403);
    expect(rates.json().detail).toBe(LOAD_RATES_BROKERS_REFUSED);
    // Another carrier's booked load is not the broker's to see: 404, as for anyone.
    const hidden = await shipmentFor(t.db, world, { carrier: 'other' });
    const foreign = await t.injectAs(world.users.brokerUser, {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${hidden.shipment.shipmentNumber}`,
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    // Its own order still lists the rates carriers hold for it (decision 210): an empty page here.
    const order = await t.db.system((tx) =>
      tx
        .updateTable('orders')
        .set({ customerCompanyId: world.broker.id })
        .where('id', '=', hidden.order.id)
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const byOrder = await t.injectAs(world.users.brokerUser, {
      method: 'GET',
      url: `/api/v2/rates?orderId=${order.id}`,
    });
    expect(byOrder.statusCode, byOrder.body).toBe(200);
  });

  it('a broker cannot book a load: 403, and the load stays Ready to Book', async () => {
    const before = await written();
    const booked = await t.injectAs(world.users.brokerUser, {
      method: 'POST',
      url: `/api/v2/shipments/${load.shipment.shipmentNumber}/book`,
      payload: { rateKind: 'SpotQuote', rateId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(booked.statusCode, booked.body).toBe(403);
    expect(await written()).toEqual(before);
    expect(before.load.status).toBe(ShipmentStatus.ReadyToBook);
  });

  it('the carrier’s administrator and its dispatcher keep the load board, lanes, trucks and rates', async () => {
    for (const user of [world.users.carrierUser, dispatcher]) {
      const board = await t.injectAs(user, {
        method: 'GET',
        url: '/api/v2/load_board?originPostalCode=60601&originRadius=50',
      });
      expect(board.statusCode, board.body).toBe(200);
      expect(
        board.json().data.map((item: { shipmentNumber: string }) => item.shipmentNumber),
      ).toContain(load.shipment.shipmentNumber);
      const picks = await t.injectAs(user, { method: 'GET', url: '/api/v2/top_picks' });
      expect(picks.statusCode, picks.body).toBe(200);
      const preview = await t.injectAs(user, {
        method: 'GET',
        url: `/api/v2/available_shipments/${load.shipment.shipmentNumber}`,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data.shipmentNumber).toBe(load.shipment.shipmentNumber);
      const rates = await t.injectAs(user, {
        method: 'GET',
        url: `/api/v2/rates?shipmentId=${load.shipment.shipmentNumber}`,
      });
      expect(rates.statusCode, rates.body).toBe(200);
      expect(rates.json().data.map((rate: { rateKind: string }) => rate.rateKind)).toContain(
        'ContractTL',
      );

      const saved = await t.injectAs(user, {
        method: 'POST',
        url: '/api/v2/saved_lanes',
        payload: lane,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().data.matchCount).toBeGreaterThanOrEqual(1);
      const dropped = await t.injectAs(user, {
        method: 'DELETE',
        url: `/api/v2/saved_lanes/${saved.json().data.id}`,
      });
      expect(dropped.statusCode, dropped.body).toBe(204);

      const truck = await t.injectAs(user, {
        method: 'POST',
        url: '/api/v2/equipment_postings',
        payload: posting(),
      });
      expect(truck.statusCode, truck.body).toBe(201);
      const matches = await t.injectAs(user, {
        method: 'GET',
        url: `/api/v2/equipment_postings/${truck.json().data.id}/matches`,
      });
      expect(matches.statusCode, matches.body).toBe(200);
      const removed = await t.injectAs(user, {
        method: 'DELETE',
        url: `/api/v2/equipment_postings/${truck.json().data.id}`,
      });
      expect(removed.statusCode, removed.body).toBe(204);
    }
    // The dispatcher books the load at its posted price (a spot quote), as the screen does.
    const made = await t.injectAs(dispatcher, {
      method: 'POST',
      url: '/api/v2/quotes',
      payload: quote(load.shipment.shipmentNumber),
    });
    expect(made.statusCode, made.body).toBe(201);
    const booked = await t.injectAs(dispatcher, {
      method: 'POST',
      url: `/api/v2/shipments/${load.shipment.shipmentNumber}/book`,
      payload: { rateKind: 'SpotQuote', rateId: made.json().data.id },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      bookingSucceeded: true,
      data: { originationType: 'TmsSpot' },
    });
  });
});
