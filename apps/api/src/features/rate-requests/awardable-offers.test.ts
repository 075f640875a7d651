import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  makeReadyToBook,
  makeSecondOperator,
  makeTestWorld,
  type TestWorld,
} from '../../../test/world';

// GET api/v2/rate_requests?awardableOnly=true: the offers the operator can award now, the queue its
// Operations page counts and its Rate Offers page lists ("To Award").

let t: TestApp;
let world: TestWorld;
let otherOperatorUser: Awaited<ReturnType<typeof makeSecondOperator>>['user'];
let otherOperatorId: string;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  const other = await makeSecondOperator(t.db);
  otherOperatorId = other.company.id;
  otherOperatorUser = other.user;
});

afterAll(async () => {
  await t?.close();
});

function readyToBook(operatorCompanyId = world.operator.id) {
  return makeReadyToBook(t.db, world, operatorCompanyId);
}

async function ask(
  shipmentNumber: string,
  carrierIds: string[],
  operator = world.users.operatorUser,
) {
  const response = await t.injectAs(operator, {
    method: 'POST',
    url: `/api/v2/shipments/${shipmentNumber}/rate_requests`,
    payload: { carrierIds },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string }[];
}

type CarrierUser = 'carrierUser' | 'otherCarrierUser';

async function offer(user: CarrierUser, id: string, shipmentId: string, amount: number) {
  const response = await t.injectAs(world.users[user], {
    method: 'POST',
    url: `/api/v2/rate_requests/${id}/responses`,
    payload: {
      response: 'Offer',
      shipmentId,
      respondingContactId: world.users[user].id,
      amount,
    },
  });
  expect(response.statusCode).toBe(200);
}

async function award(id: string) {
  const response = await t.injectAs(world.users.operatorUser, {
    method: 'POST',
    url: `/api/v2/rate_requests/${id}/award`,
  });
  expect(response.statusCode).toBe(200);
}

async function awardable(user = world.users.operatorUser, query = '') {
  const response = await t.injectAs(user, {
    method: 'GET',
    url: `/api/v2/rate_requests?awardableOnly=true${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { id: string; status: string }[]; totalCount: number };
}

describe('offers to award', () => {
  it('are offers not yet awarded on loads still Ready to Book, on the operator’s loads only', async () => {
    // Open: one carrier offers, the other declines.
    const open = await readyToBook();
    const [openOffer, declined] = await ask(open.shipmentNumber, [
      world.carrier.id,
      world.otherCarrier.id,
    ]);
    await offer('carrierUser', openOffer!.id, open.id, 1800);
    const declinedAnswer = await t.injectAs(world.users.otherCarrierUser, {
      method: 'POST',
      url: `/api/v2/rate_requests/${declined!.id}/responses`,
      payload: {
        response: 'Decline',
        shipmentId: open.id,
        respondingContactId: world.users.otherCarrierUser.id,
      },
    });
    expect(declinedAnswer.statusCode).toBe(200);

    // Awarded: both carriers offer, one is awarded; the load is booked, so neither is left to award.
    const taken = await readyToBook();
    const [winner, loser] = await ask(taken.shipmentNumber, [
      world.carrier.id,
      world.otherCarrier.id,
    ]);
    await offer('carrierUser', winner!.id, taken.id, 1500);
    await offer('otherCarrierUser', loser!.id, taken.id, 1600);
    await award(winner!.id);

    // Asked and not answered yet.
    const waiting = await readyToBook();
    const [unanswered] = await ask(waiting.shipmentNumber, [world.carrier.id]);

    // Another operator's load with an offer on it.
    const foreign = await readyToBook(otherOperatorId);
    const [foreignOffer] = await ask(foreign.shipmentNumber, [world.carrier.id], otherOperatorUser);
    await offer('carrierUser', foreignOffer!.id, foreign.id, 1700);

    const mine = await awardable();
    expect(mine.data.map((row) => row.id)).toEqual([openOffer!.id]);
    expect(mine.totalCount).toBe(1);
    expect(mine.data[0]!.status).toBe('Offered');

    // Without the filter the same operator sees every request it sent, answered or not.
    const everything = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v2/rate_requests?pageSize=50',
    });
    const ids = (everything.json().data as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(
      expect.arrayContaining([openOffer!.id, declined!.id, winner!.id, loser!.id, unanswered!.id]),
    );
    expect(ids).not.toContain(foreignOffer!.id);

    // The filter combines with the others: the open load's offers, and none on the booked load.
    expect((await awardable(undefined, `&shipmentId=${open.id}`)).totalCount).toBe(1);
    expect((await awardable(undefined, `&shipmentId=${taken.id}`)).totalCount).toBe(0);
    expect((await awardable(undefined, '&statuses=Sent')).totalCount).toBe(0);

    // The other operator sees its own offer, not ours.
    const theirs = await awardable(otherOperatorUser);
    expect(theirs.data.map((row) => row.id)).toEqual([foreignOffer!.id]);
  });

  it('refuses a value that is not a boolean, naming the field, and a caller without a token', async () => {
    const bad = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v2/rate_requests?awardableOnly=maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('awardableOnly');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v2/rate_requests?awardableOnly=true',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('asking a carrier twice', () => {
  it('refuses a carrier whose rate request on the load is still open, sending nothing, and asks again once it is answered', async () => {
    const load = await readyToBook();
    const [first] = await ask(load.shipmentNumber, [world.carrier.id]);

    const again = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/shipments/${load.shipmentNumber}/rate_requests`,
      payload: { carrierIds: [world.otherCarrier.id, world.carrier.id] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `${world.carrier.name} has an open rate request for shipment ${load.shipmentNumber} already; nothing was sent.`,
    );
    // Nothing was sent: not even to the carrier not yet asked.
    const listed = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: `/api/v2/rate_requests?shipmentId=${load.id}&pageSize=50`,
    });
    expect(listed.json().data.map((row: { id: string }) => row.id)).toEqual([first!.id]);

    // Once the carrier has answered, it may be asked again.
    await offer('carrierUser', first!.id, load.id, 1800);
    const afterAnswer = await ask(load.shipmentNumber, [world.carrier.id, world.otherCarrier.id]);
    expect(afterAnswer).toHaveLength(2);
  });
});
