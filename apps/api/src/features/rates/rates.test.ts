import { LoadType, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

async function rate(carrierCompanyId: string, overrides: Record<string, unknown> = {}) {
  return t.db.system((tx) =>
    tx
      .insertInto('rates')
      .values({
        carrierCompanyId,
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'GA',
        rateCents: 280_000,
        effectiveFrom: '2020-01-01',
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

const readyLoad = () =>
  shipmentFor(t.db, world, {
    status: ShipmentStatus.ReadyToBook,
    carrier: 'none',
    shipment: { totalMiles: 700, maxBuyCents: 260_000 },
  });

const as = (user: keyof TestWorld['users'], request: Parameters<TestApp['injectAs']>[1]) =>
  t.injectAs(world.users[user], request);

describe('rates search and spot quotes', () => {
  it('answers the carrier’s contract TL, LTL and spot quote rates for a load, priced for it', async () => {
    const load = await readyLoad();
    const flat = await rate(world.carrier.id);
    const perMile = await rate(world.carrier.id, {
      rateCents: 300,
      rateType: 'PerMile',
      originCity: null,
    });
    await rate(world.carrier.id, { destinationState: 'TX' });
    await rate(world.carrier.id, { effectiveTo: '2021-01-01' });
    const othersRate = await rate(world.otherCarrier.id);

    const before = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${load.shipment.shipmentNumber}`,
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().pageSize).toBe(50);
    expect(
      before
        .json()
        .data.map((item: { id: string; rate: number; rateKind: string }) => [
          item.id,
          item.rateKind,
          item.rate,
        ]),
    ).toEqual([
      [perMile.id, 'ContractTL', 2100],
      [flat.id, 'ContractTL', 2800],
    ]);

    const quote = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/quotes',
      payload: {
        shippingMode: 0,
        equipmentMode: 0,
        effectiveDate: new Date().toISOString().slice(0, 10),
        quoteStops: [
          { stopType: 'Pickup', postalCode: '60601' },
          { stopType: 'Delivery', postalCode: '30303' },
        ],
        isHazmatRequired: false,
        isTeamRequired: false,
        shipmentId: load.shipment.shipmentNumber,
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().data).toMatchObject({ rateKind: 'SpotQuote', rate: 2600, price: 2600 });

    const after = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${load.shipment.id}`,
    });
    expect(after.json().data.map((item: { rateKind: string }) => item.rateKind)).toEqual([
      'ContractTL',
      'ContractTL',
      'SpotQuote',
    ]);
    const theirs = await as('otherCarrierUser', {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${load.shipment.id}`,
    });
    // Only its own rate; never this carrier's rates or quote.
    expect(theirs.json().data.map((item: { id: string }) => item.id)).toEqual([othersRate.id]);

    const booked = await as('carrierUser', {
      method: 'POST',
      url: `/api/v2/shipments/${load.shipment.shipmentNumber}/book`,
      payload: { rateKind: 'SpotQuote', rateId: quote.json().data.id },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data).toMatchObject({ originationType: 'TmsSpot', carrierRate: 2600 });

    const byOrder = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/rates?orderId=${load.order.id}`,
    });
    expect(byOrder.statusCode).toBe(200);
    expect(byOrder.json().totalCount).toBe(3);
  });

  it('searches by stops and products', async () => {
    const flat = await rate(world.carrier.id, {
      originState: 'ND',
      originCity: 'Fargo',
      destinationState: 'MN',
      rateCents: 90_000,
    });
    const response = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/rates/search',
      payload: {
        stops: [
          { stopType: 'Pickup', postalCode: '58102' },
          { stopType: 'Delivery', postalCode: '55401' },
        ],
        equipmentMode: 0,
        shippingMode: 0,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((item: { id: string }) => item.id)).toEqual([flat.id]);
    const unknown = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/rates/search',
      payload: {
        stops: [
          { stopType: 'Pickup', postalCode: '99999' },
          { stopType: 'Delivery', postalCode: '55401' },
        ],
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['stops[0].postalCode']);
  });

  it('lists only the rates of the kind asked for, and names rateKind when it is not a kind', async () => {
    const truckload = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '58102',
      destinationPostalCode: '57104',
      shipment: { totalMiles: 240, maxBuyCents: 90_000 },
    });
    const partial = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '58102',
      destinationPostalCode: '57104',
      shipment: { totalMiles: 240, maxBuyCents: 40_000, shippingMode: LoadType.LTL },
    });
    const lane = { originState: 'ND', originCity: 'Fargo', destinationState: 'SD' };
    const contract = await rate(world.carrier.id, { ...lane, rateCents: 85_000 });
    const ltl = await rate(world.carrier.id, {
      ...lane,
      rateCents: 35_000,
      shippingMode: LoadType.LTL,
    });
    const quote = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/quotes',
      payload: {
        shippingMode: 0,
        equipmentMode: 0,
        effectiveDate: new Date().toISOString().slice(0, 10),
        quoteStops: [
          { stopType: 'Pickup', postalCode: '58102' },
          { stopType: 'Delivery', postalCode: '57104' },
        ],
        isHazmatRequired: false,
        isTeamRequired: false,
        shipmentId: truckload.shipment.shipmentNumber,
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);

    const ids = async (shipmentNumber: string, rateKind?: string) => {
      const query = new URLSearchParams({ shipmentId: shipmentNumber });
      if (rateKind) query.set('rateKind', rateKind);
      const response = await as('carrierUser', { method: 'GET', url: `/api/v2/rates?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { totalCount: number; data: { id: string }[] };
      expect(page.totalCount).toBe(page.data.length);
      return page.data.map((item) => item.id);
    };
    const tl = truckload.shipment.shipmentNumber;
    expect(await ids(tl)).toEqual([contract.id, quote.json().data.id]);
    expect(await ids(tl, 'ContractTL')).toEqual([contract.id]);
    expect(await ids(tl, 'SpotQuote')).toEqual([quote.json().data.id]);
    expect(await ids(tl, 'LTL')).toEqual([]);
    expect(await ids(partial.shipment.shipmentNumber, 'LTL')).toEqual([ltl.id]);
    expect(await ids(partial.shipment.shipmentNumber, 'ContractTL')).toEqual([]);

    const unknown = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${tl}&rateKind=Flatbed`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['rateKind']);
  });

  it('refuses bad input naming the field, and another carrier’s booked load is 404', async () => {
    const none = await as('carrierUser', { method: 'GET', url: '/api/v2/rates' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['shipmentId']);
    const load = await readyLoad();
    const wrongStop = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/quotes',
      payload: {
        shippingMode: 0,
        equipmentMode: 0,
        effectiveDate: '2031-01-01',
        quoteStops: [
          { stopType: 'Pickup', postalCode: '58102' },
          { stopType: 'Delivery', postalCode: '30303' },
        ],
        isHazmatRequired: false,
        isTeamRequired: false,
        shipmentId: load.shipment.shipmentNumber,
      },
    });
    expect(wrongStop.statusCode).toBe(400);
    expect(Object.keys(wrongStop.json().errors)).toEqual(['quoteStops[0].postalCode']);
    const othersLoad = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Booked,
      carrier: 'other',
    });
    const hidden = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/rates?shipmentId=${othersLoad.shipment.shipmentNumber}`,
    });
    expect(hidden.statusCode).toBe(404);
    const quotes = await t.db.system((tx) =>
      tx.selectFrom('quotes').select('id').where('shipmentId', '=', load.shipment.id).execute(),
    );
    expect(quotes).toHaveLength(0);
  });
});
