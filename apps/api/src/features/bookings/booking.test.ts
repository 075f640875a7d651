import { doNotUseCarrierMessage, ShipmentActor, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import type { TenantScope } from '../../db/tenancy';
import { bookShipment, BookingRefused } from '../../shared/shipments/booking';
import { findVisibleShipment } from '../../shared/shipments/find-shipment';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const carrierScope = (): TenantScope => ({
  companyId: world.carrier.id,
  userId: world.users.carrierUser.id,
  kind: 'carrier',
  carrierIds: [world.carrier.id],
  driverId: null,
});

const today = () => new Date().toISOString().slice(0, 10);

/** A Ready to Book load Chicago -> Atlanta (the factory's default lane), maxBuy $2,500. */
async function readyLoad(shipment: Record<string, unknown> = {}) {
  const made = await shipmentFor(t.db, world, {
    status: ShipmentStatus.ReadyToBook,
    carrier: 'none',
    shipment: { totalMiles: 720, ...shipment },
  });
  return made.shipment;
}

async function laneRate(
  carrierCompanyId: string,
  overrides: Partial<{
    originState: string;
    originCity: string | null;
    destinationState: string;
    shippingMode: number;
    rateCents: number;
    rateType: string;
  }> = {},
) {
  return t.db.system((tx) =>
    tx
      .insertInto('rates')
      .values({
        carrierCompanyId,
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'GA',
        destinationCity: null,
        shippingMode: 0,
        equipmentMode: 0,
        rateCents: 300_000,
        rateType: 'Flat',
        effectiveFrom: '2020-01-01',
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

async function spotQuote(shipmentId: string | null, carrierCompanyId: string) {
  return t.db.system((tx) =>
    tx
      .insertInto('quotes')
      .values({
        customerCompanyId: world.customer.id,
        carrierCompanyId,
        shipmentId,
        effectiveDate: today(),
        priceCents: 320_000,
        markupTotalCents: 40_000,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

async function stored(shipmentId: string) {
  return t.db.system(async (tx) => ({
    shipment: await tx
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow(),
    history: await tx
      .selectFrom('shipmentHistory')
      .selectAll()
      .where('shipmentId', '=', shipmentId)
      .execute(),
  }));
}

function book(
  user: keyof TestWorld['users'],
  shipmentNumber: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.injectAs(world.users[user], {
    method: 'POST',
    url: `/api/v2/shipments/${shipmentNumber}/book`,
    payload: payload as object,
    headers,
  });
}

async function setCarrierFlags(
  flags: Partial<{ isBookable: boolean; doNotUse: boolean; doNotUseContactEmail: string | null }>,
) {
  await t.db.system((tx) =>
    tx.updateTable('companies').set(flags).where('id', '=', world.carrier.id).execute(),
  );
}

describe('POST /api/v2/shipments/{id}/book', () => {
  it('books a contract TL rate: Booked for the carrier, TmsContract, maxBuy raised to rate + 5', async () => {
    const load = await readyLoad();
    const rate = await laneRate(world.carrier.id);
    const response = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: rate.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      bookingSucceeded: true,
      data: {
        shipmentNumber: load.shipmentNumber,
        status: { value: ShipmentStatus.Booked, displayName: 'Booked' },
        carrierRate: 3000,
        maxBuy: 3005,
        originationType: 'TmsContract',
        deliveryPostalCode: '30303',
      },
    });
    const after = await stored(load.id);
    expect(after.shipment).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: world.carrier.id,
      carrierRateCents: 300_000,
      maxBuyCents: 300_500,
      originationType: 'TmsContract',
      rateType: 'Flat',
    });
    expect(after.shipment.bookedAt).not.toBeNull();
    expect(after.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [ShipmentStatus.ReadyToBook, ShipmentStatus.Booked],
    ]);
  });

  it('keeps a maxBuy that is already above the rate, and prices a per-mile rate by the miles', async () => {
    const load = await readyLoad({ maxBuyCents: 400_000 });
    const rate = await laneRate(world.carrier.id, { rateCents: 250, rateType: 'PerMile' });
    const response = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: rate.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ carrierRate: 1800, maxBuy: 4000 });
  });

  it('books an LTL rate on an LTL load, and sets maxBuy when the load had none', async () => {
    const load = await readyLoad({ shippingMode: 1, maxBuyCents: null });
    const rate = await laneRate(world.carrier.id, { shippingMode: 1, rateCents: 90_000 });
    const response = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'LTL',
      rateId: rate.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      carrierRate: 900,
      maxBuy: 905,
      originationType: 'TmsContract',
    });
  });

  it('books a spot quote at its price less the markup, origination TmsSpot', async () => {
    const load = await readyLoad();
    const quote = await spotQuote(load.id, world.carrier.id);
    const response = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'SpotQuote',
      rateId: quote.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      carrierRate: 2800,
      maxBuy: 2805,
      originationType: 'TmsSpot',
    });
  });

  it('refuses a rate of another shipment, another lane, another kind or another carrier, writing nothing', async () => {
    const load = await readyLoad();
    const elsewhere = await readyLoad();
    const quoteOfAnother = await spotQuote(elsewhere.id, world.carrier.id);
    const otherLane = await laneRate(world.carrier.id, { destinationState: 'TX' });
    const ltlRate = await laneRate(world.carrier.id, { shippingMode: 1 });
    const othersRate = await laneRate(world.otherCarrier.id);
    const cases = [
      [{ rateKind: 'SpotQuote', rateId: quoteOfAnother.id }, 'quoteId', 'rateOfAnotherShipment'],
      [{ rateKind: 'ContractTL', rateId: otherLane.id }, 'rateId', 'rateOfAnotherShipment'],
      [{ rateKind: 'ContractTL', rateId: ltlRate.id }, 'rateId', 'rateOfAnotherShipment'],
      [{ rateKind: 'ContractTL', rateId: othersRate.id }, 'rateId', 'rateNotFound'],
    ] as const;
    for (const [payload, field, code] of cases) {
      const response = await book('carrierUser', load.shipmentNumber, payload);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body.bookingSucceeded).toBe(false);
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.refusals.map((refusal: { code: string }) => refusal.code)).toEqual([code]);
    }
    const after = await stored(load.id);
    expect(after.shipment.status).toBe(ShipmentStatus.ReadyToBook);
    expect(after.shipment.carrierCompanyId).toBeNull();
    expect(after.history).toHaveLength(0);
  });

  it('refuses a carrier that is not bookable, and a Do Not Use carrier with the spec message', async () => {
    const load = await readyLoad();
    const rate = await laneRate(world.carrier.id);
    try {
      await setCarrierFlags({ isBookable: false });
      const notBookable = await book('carrierUser', load.shipmentNumber, {
        rateKind: 'ContractTL',
        rateId: rate.id,
      });
      expect(notBookable.statusCode).toBe(403);
      expect(notBookable.json()).toMatchObject({
        bookingSucceeded: false,
        refusals: [{ code: 'carrierNotBookable', field: 'carrier' }],
      });

      await setCarrierFlags({
        isBookable: true,
        doNotUse: true,
        doNotUseContactEmail: 'carriersales@operator.test',
      });
      const doNotUse = await book('carrierUser', load.shipmentNumber, {
        rateKind: 'ContractTL',
        rateId: rate.id,
      });
      expect(doNotUse.statusCode).toBe(403);
      expect(doNotUse.json()).toMatchObject({
        bookingSucceeded: false,
        errors: { carrier: [doNotUseCarrierMessage('carriersales@operator.test')] },
        refusals: [{ code: 'carrierDoNotUse' }],
      });
    } finally {
      await setCarrierFlags({ isBookable: true, doNotUse: false, doNotUseContactEmail: null });
    }
    expect((await stored(load.id)).shipment.status).toBe(ShipmentStatus.ReadyToBook);
  });

  it('refuses a load that is no longer Ready to Book (409 naming the shipment)', async () => {
    const mine = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const rate = await laneRate(world.carrier.id);
    const response = await book('carrierUser', mine.shipment.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: rate.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      bookingSucceeded: false,
      refusals: [{ code: 'notReadyToBook', field: 'shipmentId' }],
    });
  });

  it('two carriers booking one load at once: exactly one wins, the other is told the load is gone', async () => {
    const load = await readyLoad();
    const mine = await laneRate(world.carrier.id);
    const theirs = await laneRate(world.otherCarrier.id);
    const [first, second] = await Promise.all([
      book('carrierUser', load.shipmentNumber, { rateKind: 'ContractTL', rateId: mine.id }),
      book('otherCarrierUser', load.shipmentNumber, { rateKind: 'ContractTL', rateId: theirs.id }),
    ]);
    const winners = [first, second].filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    const loser = first.statusCode === 200 ? second : first;
    // Waiting on the row lock, the loser finds the load gone (409). One that arrives after the
    // winner committed no longer sees the load at all: 404, like any load not on the board.
    expect([404, 409]).toContain(loser.statusCode);
    if (loser.statusCode === 409) {
      expect(loser.json()).toMatchObject({
        bookingSucceeded: false,
        refusals: [{ code: 'loadGone' }],
      });
    }
    const after = await stored(load.id);
    expect(after.history).toHaveLength(1);
    expect(after.shipment).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: first.statusCode === 200 ? world.carrier.id : world.otherCarrier.id,
    });
  });

  it('eight bookings of one load at once leave exactly one Booked', async () => {
    const load = await readyLoad();
    const mine = await laneRate(world.carrier.id);
    const theirs = await laneRate(world.otherCarrier.id);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? book('carrierUser', load.shipmentNumber, { rateKind: 'ContractTL', rateId: mine.id })
          : book('otherCarrierUser', load.shipmentNumber, {
              rateKind: 'ContractTL',
              rateId: theirs.id,
            }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 404, 409].includes(status))).toBe(true);
    expect((await stored(load.id)).history).toHaveLength(1);
  });

  it('a carrier that found the load before a rival booked it is told the load is gone, nothing written', async () => {
    const load = await readyLoad();
    const theirs = await laneRate(world.otherCarrier.id);
    const mine = await laneRate(world.carrier.id);
    // The loser's view of the load, read before the rival's booking commits.
    const seen = await t.db.tenant(carrierScope(), (tx) =>
      findVisibleShipment(tx, carrierScope(), { shipmentNumber: load.shipmentNumber }),
    );
    const won = await book('otherCarrierUser', load.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: theirs.id,
    });
    expect(won.statusCode).toBe(200);
    const refused = await t.db
      .tenant(carrierScope(), (tx) =>
        bookShipment(tx, {
          scope: carrierScope(),
          shipmentId: seen.id,
          carrierCompanyId: world.carrier.id,
          rate: { kind: 'contractTL', rateId: mine.id },
          actor: ShipmentActor.Carrier,
          userId: world.users.carrierUser.id,
        }),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(BookingRefused);
    expect((refused as BookingRefused).status).toBe(409);
    expect((refused as BookingRefused).errors.map((error) => error.code)).toEqual(['loadGone']);
    expect((refused as BookingRefused).message).toMatch(/no longer available/);
    const after = await stored(load.id);
    expect(after.shipment.carrierCompanyId).toBe(world.otherCarrier.id);
    expect(after.history).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key books once and answers the same', async () => {
    const load = await readyLoad();
    const rate = await laneRate(world.carrier.id);
    const payload = { rateKind: 'ContractTL', rateId: rate.id };
    const headers = { 'idempotency-key': `book-${load.id}` };
    const first = await book('carrierUser', load.shipmentNumber, payload, headers);
    const retry = await book('carrierUser', load.shipmentNumber, payload, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await stored(load.id)).history).toHaveLength(1);
  });

  it('answers bad input naming the field, 404 for a load it cannot see, 401 without a token, 403 for brokers', async () => {
    const load = await readyLoad();
    const rate = await laneRate(world.carrier.id);
    const badKind = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'Cheap',
      rateId: rate.id,
    });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json().errors)).toContain('rateKind');
    const badId = await book('carrierUser', load.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: 'x',
    });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().errors)).toContain('rateId');

    const othersLoad = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Booked,
      carrier: 'other',
    });
    const hidden = await book('carrierUser', othersLoad.shipment.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: rate.id,
    });
    expect(hidden.statusCode).toBe(404);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v2/shipments/${load.shipmentNumber}/book`,
      payload: { rateKind: 'ContractTL', rateId: rate.id },
    });
    expect(anonymous.statusCode).toBe(401);

    const broker = await book('brokerUser', load.shipmentNumber, {
      rateKind: 'ContractTL',
      rateId: rate.id,
    });
    expect(broker.statusCode).toBe(403);
    expect((await stored(load.id)).shipment.status).toBe(ShipmentStatus.ReadyToBook);
  });
});

describe('PATCH max_buy and origination_type', () => {
  it('lets the operator or the customer set max buy before booking, versioned, and refuses others', async () => {
    const load = await readyLoad();
    const set = (user: keyof TestWorld['users'], payload: object) =>
      t.injectAs(world.users[user], {
        method: 'PATCH',
        url: `/api/v2/shipments/${load.shipmentNumber}/max_buy`,
        payload,
      });
    const changed = await set('operatorUser', { maxBuy: 2750.5, version: load.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ maxBuy: 2750.5, version: load.version + 1 });
    const stale = await set('operatorUser', { maxBuy: 2800, version: load.version });
    expect(stale.statusCode).toBe(409);
    const noVersion = await set('operatorUser', { maxBuy: 2800 });
    expect(noVersion.statusCode).toBe(428);
    const negative = await set('operatorUser', { maxBuy: -1, version: load.version + 1 });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().errors)).toContain('maxBuy');
    const carrier = await set('carrierUser', { maxBuy: 9999, version: load.version + 1 });
    expect(carrier.statusCode).toBe(403);
    expect((await stored(load.id)).shipment.maxBuyCents).toBe(275_050);

    const booked = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const late = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/max_buy`,
      payload: { maxBuy: 100, version: booked.shipment.version },
    });
    expect(late.statusCode).toBe(409);
  });

  it('lets the operator correct the origination type of a booked load only', async () => {
    const booked = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const url = `/api/v2/shipments/${booked.shipment.shipmentNumber}/origination_type`;
    const changed = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      payload: { originationType: 'TmsSpot', version: booked.shipment.version },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.originationType).toBe('TmsSpot');
    const carrier = await t.injectAs(world.users.carrierUser, {
      method: 'PATCH',
      url,
      payload: { originationType: 'TmsContract', version: booked.shipment.version + 1 },
    });
    expect(carrier.statusCode).toBe(403);
    const bad = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      payload: { originationType: 'Handshake', version: booked.shipment.version + 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('originationType');
    const load = await readyLoad();
    const notBooked = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url: `/api/v2/shipments/${load.shipmentNumber}/origination_type`,
      payload: { originationType: 'TmsSpot', version: load.version },
    });
    expect(notBooked.statusCode).toBe(409);
  });
});

describe('bookShipment for tender acceptance and rate-request awards', () => {
  it('books a Tendering load for the tendered carrier at the tender amount (TmsContract)', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Tendering,
      carrier: 'none',
      shipment: { maxBuyCents: null },
    });
    await t.db.system((tx) =>
      tx
        .insertInto('tenders')
        .values({
          shipmentId: made.shipment.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          rateCents: 210_000,
        })
        .execute(),
    );
    const booking = await t.db.tenant(carrierScope(), (tx) =>
      bookShipment(tx, {
        scope: carrierScope(),
        shipmentId: made.shipment.id,
        carrierCompanyId: world.carrier.id,
        rate: { kind: 'amount', rateCents: 210_000, origination: 'TmsContract' },
        actor: ShipmentActor.Carrier,
        userId: world.users.carrierUser.id,
        action: 'acceptTender',
      }),
    );
    expect(booking).toMatchObject({ carrierRateCents: 210_000, maxBuyCents: 210_500 });
    expect((await stored(made.shipment.id)).shipment).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: world.carrier.id,
      originationType: 'TmsContract',
    });
  });

  it('lets the operator book a Ready to Book load for a carrier at an awarded amount (TmsSpot)', async () => {
    const load = await readyLoad();
    const operatorScope: TenantScope = {
      companyId: world.operator.id,
      userId: world.users.operatorUser.id,
      kind: 'operator',
      carrierIds: [],
      driverId: null,
    };
    const booking = await t.db.tenant(operatorScope, (tx) =>
      bookShipment(tx, {
        scope: operatorScope,
        shipmentId: load.id,
        carrierCompanyId: world.otherCarrier.id,
        rate: { kind: 'amount', rateCents: 240_000, origination: 'TmsSpot' },
        actor: ShipmentActor.Operator,
        userId: world.users.operatorUser.id,
      }),
    );
    expect(booking.origination).toBe('TmsSpot');
    expect((await stored(load.id)).shipment).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: world.otherCarrier.id,
      carrierRateCents: 240_000,
      maxBuyCents: 250_000,
    });
  });
});
