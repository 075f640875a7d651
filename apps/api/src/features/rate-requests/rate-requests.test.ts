import { ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';

// Rate requests: the operator asks carriers to price a load, a carrier offers or declines, and the
// operator awards an offer, which books the load.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function readyToBook() {
  return t.db.system(
    async (tx) =>
      (
        await makeShipment(tx, {
          operatorCompanyId: world.operator.id,
          customerCompanyId: world.customer.id,
          carrierCompanyId: null,
          status: ShipmentStatus.ReadyToBook,
        })
      ).shipment,
  );
}

async function ask(shipmentNumber: string, carrierIds: string[]) {
  const response = await t.injectAs(world.users.operatorUser, {
    method: 'POST',
    url: `/api/v2/shipments/${shipmentNumber}/rate_requests`,
    payload: { carrierIds },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; carrier: { id: string } }[];
}

const respond = (
  user: keyof TestWorld['users'],
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.injectAs(world.users[user], {
    method: 'POST',
    url: `/api/v2/rate_requests/${id}/responses`,
    payload,
    headers,
  });

describe('rate requests', () => {
  it('reach the carrier: listed as open, counted, notified, with the load in the detail', async () => {
    const shipment = await readyToBook();
    const [request] = await ask(shipment.shipmentNumber, [world.carrier.id]);
    const list = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/rate_requests?statuses=Sent',
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(request!.id);
    const counts = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/rate_requests/status_counts',
    });
    expect(counts.json().data.sent).toBeGreaterThanOrEqual(1);
    const detail = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/rate_requests/${request!.id}`,
    });
    expect(detail.json().data).toMatchObject({
      shipmentNumber: shipment.shipmentNumber,
      status: 'Sent',
      answerRefusal: null,
    });
    expect(detail.json().data.stops).toHaveLength(2);
    const notified = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select('link')
        .where('userId', '=', world.users.carrierUser.id)
        .where('link', '=', `/rates/${request!.id}/preview`)
        .execute(),
    );
    expect(notified).toHaveLength(1);
    const other = await t.injectAs(world.users.otherCarrierUser, {
      method: 'GET',
      url: `/api/v2/rate_requests/${request!.id}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('an offer is validated, answered once, and awarded by the operator, which books the load', async () => {
    const shipment = await readyToBook();
    const [mine, theirs] = await ask(shipment.shipmentNumber, [
      world.carrier.id,
      world.otherCarrier.id,
    ]);
    const base = {
      response: 'Offer',
      shipmentId: shipment.id,
      respondingContactId: world.users.carrierUser.id,
    };
    for (const amount of [-10, 0, 9_999_999]) {
      const bad = await respond('carrierUser', mine!.id, { ...base, amount });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('amount');
    }
    expect((await respond('carrierUser', mine!.id, base)).json().errors).toHaveProperty('amount');
    const wrongContact = await respond('carrierUser', mine!.id, {
      ...base,
      amount: 1500,
      respondingContactId: world.users.otherCarrierUser.id,
    });
    expect(wrongContact.json().errors).toHaveProperty('respondingContactId');
    const headers = { 'idempotency-key': `offer-${mine!.id}` };
    const [first, second] = await Promise.all([
      respond('carrierUser', mine!.id, { ...base, amount: 1500 }, headers),
      respond('carrierUser', mine!.id, { ...base, amount: 1500 }, headers),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().data).toMatchObject({ status: 'Offered', offeredRate: 1500 });
    const again = await respond('carrierUser', mine!.id, { ...base, amount: 1400 });
    expect(again.statusCode).toBe(409);

    const declined = await respond('otherCarrierUser', theirs!.id, {
      response: 'Decline',
      shipmentId: shipment.id,
      respondingContactId: world.users.otherCarrierUser.id,
    });
    expect(declined.json().data.status).toBe('Declined');

    const byCarrier = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/rate_requests/${mine!.id}/award`,
    });
    expect(byCarrier.statusCode).toBe(403);
    const cannot = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/rate_requests/${theirs!.id}/award`,
    });
    expect(cannot.statusCode).toBe(409);
    const awarded = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/rate_requests/${mine!.id}/award`,
    });
    expect(awarded.statusCode).toBe(200);
    expect(awarded.json().data.awardedAt).not.toBeNull();
    const booked = await t.db.system((tx) =>
      tx
        .selectFrom('shipments')
        .selectAll()
        .where('id', '=', shipment.id)
        .executeTakeFirstOrThrow(),
    );
    expect(booked).toMatchObject({
      status: ShipmentStatus.Booked,
      carrierCompanyId: world.carrier.id,
      carrierRateCents: 150_000,
      originationType: 'TmsSpot',
    });
    const twice = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/rate_requests/${mine!.id}/award`,
    });
    expect(twice.statusCode).toBe(409);
  });
});
