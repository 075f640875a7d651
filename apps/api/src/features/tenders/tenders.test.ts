import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';

// Tenders: the carrier's list and detail, accepting (which books the load) and rejecting, and the
// refusals: expired, rescinded, answered, another carrier's, bad amounts, a double click.

let t: TestApp;
let world: TestWorld;

const HOUR = 3600 * 1000;

async function tenderedShipment(
  carrierCompanyId: string,
  options: { expiresAt?: Date; status?: number; rateCents?: number } = {},
) {
  return t.db.system(async (tx) => {
    const { shipment } = await makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.customer.id,
      carrierCompanyId: null,
      status: ShipmentStatus.Tendering,
    });
    const tender = await tx
      .insertInto('tenders')
      .values({
        shipmentId: shipment.id,
        carrierCompanyId,
        customerCompanyId: world.customer.id,
        status: options.status ?? TenderOfferStatus.Sent,
        rateCents: options.rateCents ?? 180_000,
        expiresAt: options.expiresAt ?? new Date(Date.now() + 6 * HOUR),
      })
      .returning(['id', 'tenderNumber'])
      .executeTakeFirstOrThrow();
    return { shipment, tender };
  });
}

const as = (user: keyof TestWorld['users']) => world.users[user];

const answer = (
  user: keyof TestWorld['users'],
  tenderId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.injectAs(as(user), {
    method: 'PUT',
    url: `/api/v2/tenders/${tenderId}/offers`,
    payload,
    headers,
  });

const accept = {
  status: 1,
  carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1800 },
};

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('tender list and detail', () => {
  it("lists the carrier's own tenders, newest first, with the offer as sent", async () => {
    const own = await tenderedShipment(world.carrier.id);
    await tenderedShipment(world.otherCarrier.id);
    const response = await t.injectAs(as('carrierUser'), { method: 'GET', url: '/api/v2/tenders' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pageSize).toBe(50);
    expect(body.data.map((row: { id: string }) => row.id)).toContain(own.tender.id);
    for (const row of body.data) expect(row.carrier.id).toBe(world.carrier.id);
    const first = body.data.find((row: { id: string }) => row.id === own.tender.id);
    expect(first).toMatchObject({
      shipmentNumber: own.shipment.shipmentNumber,
      status: { value: 0, displayName: 'Sent' },
      customer: { id: world.customer.id, name: 'Acme Shippers' },
      origin: { city: expect.any(String), state: expect.any(String) },
      carrierRate: { rate: 1800, rateType: 'Flat', chargeRateType: 'LineHaul' },
      isExpired: false,
    });
  });

  it('filters by status, customer and search, and sorts', async () => {
    const own = await tenderedShipment(world.carrier.id, { rateCents: 99_000 });
    const search = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: `/api/v2/tenders?query=${own.shipment.shipmentNumber}`,
    });
    expect(search.json().data.map((row: { id: string }) => row.id)).toEqual([own.tender.id]);
    const accepted = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: '/api/v2/tenders?statuses=1',
    });
    expect(accepted.json().totalCount).toBe(0);
    const byCustomer = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: `/api/v2/tenders?customers=${world.operator.id}`,
    });
    expect(byCustomer.json().totalCount).toBe(0);
    const cheapest = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: '/api/v2/tenders?sortProperty=rate&sortDirection=asc&pageSize=1',
    });
    expect(cheapest.json().data[0].id).toBe(own.tender.id);
    const bad = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: '/api/v2/tenders?sortProperty=price',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('sortProperty');
  });

  it('pages a company that is carrier and customer through each tender once, newest sent first', async () => {
    // The broker hauls some of its own loads: those tenders are in both of its branches.
    const made = await t.db.system(async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        const shipment = await makeShipment(tx, {
          operatorCompanyId: world.operator.id,
          customerCompanyId: world.broker.id,
          carrierCompanyId: index % 2 === 0 ? world.broker.id : world.carrier.id,
          status: ShipmentStatus.Tendering,
        });
        const tender = await tx
          .insertInto('tenders')
          .values({
            shipmentId: shipment.shipment.id,
            carrierCompanyId: index % 2 === 0 ? world.broker.id : world.carrier.id,
            customerCompanyId: world.broker.id,
            rateCents: 150_000,
            sentAt: new Date(Date.now() - index * HOUR),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(tender.id);
      }
      return ids;
    });
    const page = async (number: number) =>
      (
        await t.injectAs(as('brokerUser'), {
          method: 'GET',
          url: `/api/v2/tenders?page=${number}&pageSize=2`,
        })
      ).json();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((body) => body.totalCount)).toEqual([5, 5, 5]);
    expect(pages.flatMap((body) => body.data.map((row: { id: string }) => row.id))).toEqual(made);
    const sent = await t.injectAs(as('brokerUser'), {
      method: 'GET',
      url: '/api/v2/tenders?statuses=0&pageSize=1',
    });
    expect(sent.json().totalCount).toBe(5);
  });

  it('opens a tender by id and by shipment number, with stops and the time left', async () => {
    const own = await tenderedShipment(world.carrier.id);
    const byId = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: `/api/v2/tenders/${own.tender.id}`,
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toMatchObject({
      id: own.tender.id,
      answerRefusal: null,
      shipmentStatus: { displayName: 'Tendering' },
    });
    expect(byId.json().data.stops).toHaveLength(2);
    expect(new Date(byId.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const byNumber = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: `/api/v2/tenders/${own.shipment.shipmentNumber}`,
    });
    expect(byNumber.json().data.id).toBe(own.tender.id);
  });

  it("answers another carrier's tender exactly like a missing one", async () => {
    const other = await tenderedShipment(world.otherCarrier.id);
    for (const url of [
      `/api/v2/tenders/${other.tender.id}`,
      `/api/v2/tenders/${other.shipment.shipmentNumber}`,
      '/api/v2/tenders/8c0b4f7e-1111-4aaa-8aaa-000000000000',
    ]) {
      const response = await t.injectAs(as('carrierUser'), { method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    expect((await answer('carrierUser', other.tender.id, accept)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/tenders' });
    expect(anonymous.statusCode).toBe(401);
    const factoring = await t.injectAs(as('factoringUser'), {
      method: 'GET',
      url: '/api/v2/tenders',
    });
    expect(factoring.statusCode).toBe(403);
  });
});

describe('answering a tender', () => {
  it('accepts: the shipment is booked to the carrier at the tendered rate; a second answer is refused', async () => {
    const own = await tenderedShipment(world.carrier.id);
    const response = await answer('carrierUser', own.tender.id, accept);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toEqual({ value: 1, displayName: 'Accepted' });
    const shipment = await t.db.system((tx) =>
      tx
        .selectFrom('shipments')
        .selectAll()
        .where('id', '=', own.shipment.id)
        .executeTakeFirstOrThrow(),
    );
    expect(shipment).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: world.carrier.id,
      carrierRateCents: 180_000,
      originationType: 'TmsContract',
    });
    const again = await answer('carrierUser', own.tender.id, { status: 2, rejectionReason: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already been accepted');
  });

  it('answers a double click once (Idempotency-Key)', async () => {
    const own = await tenderedShipment(world.carrier.id);
    const headers = { 'idempotency-key': `accept-${own.tender.id}` };
    const [first, second] = await Promise.all([
      answer('carrierUser', own.tender.id, accept, headers),
      answer('carrierUser', own.tender.id, accept, headers),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain(
      'true',
    );
    const history = await t.db.system((tx) =>
      tx
        .selectFrom('shipmentHistory')
        .select('toStatus')
        .where('shipmentId', '=', own.shipment.id)
        .where('toStatus', '=', ShipmentStatus.Booked)
        .execute(),
    );
    expect(history).toHaveLength(1);
  });

  it('rejects with a reason, which is required', async () => {
    const own = await tenderedShipment(world.carrier.id);
    const missing = await answer('carrierUser', own.tender.id, { status: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('rejectionReason');
    const response = await answer('carrierUser', own.tender.id, {
      status: 2,
      rejectionReason: 'No truck in the area',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: { value: 2, displayName: 'Rejected' },
      rejectionReason: 'No truck in the area',
    });
  });

  it('refuses expired and rescinded tenders with 409 and the reason', async () => {
    const expired = await tenderedShipment(world.carrier.id, {
      expiresAt: new Date(Date.now() - 60_000),
    });
    const late = await answer('carrierUser', expired.tender.id, accept);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('expired');
    const detail = await t.injectAs(as('carrierUser'), {
      method: 'GET',
      url: `/api/v2/tenders/${expired.tender.id}`,
    });
    expect(detail.json().data.answerRefusal).toContain('expired');

    const rescinded = await tenderedShipment(world.carrier.id, {
      status: TenderOfferStatus.Rescinded,
    });
    const gone = await answer('carrierUser', rescinded.tender.id, accept);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().detail).toContain('rescinded');
  });

  it('refuses negative, absurd and changed amounts, naming the field, and writes nothing', async () => {
    const own = await tenderedShipment(world.carrier.id);
    for (const rate of [-5, 0, 50_000_000, 12.345]) {
      const response = await answer('carrierUser', own.tender.id, {
        ...accept,
        carrierRate: { ...accept.carrierRate, rate },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('rate');
    }
    const changed = await answer('carrierUser', own.tender.id, {
      ...accept,
      carrierRate: { ...accept.carrierRate, rate: 2500 },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toHaveProperty(['carrierRate.rate']);
    const tender = await t.db.system((tx) =>
      tx
        .selectFrom('tenders')
        .select('status')
        .where('id', '=', own.tender.id)
        .executeTakeFirstOrThrow(),
    );
    expect(tender.status).toBe(TenderOfferStatus.Sent);
  });
});
