import { TenderWaterfallStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import {
  makeReadyToBook,
  makeSecondOperator,
  makeTestWorld,
  type TestWorld,
} from '../../../test/world';

// GET api/v2/tender_waterfalls: the operator's automatic tendering, the queue its Operations page
// counts (running waterfalls), filtered by status and scoped to the operator's own loads. The job
// queue is not started here, so a started waterfall stays Running until it is stopped.

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

async function startOn(shipmentNumber: string, user = world.users.operatorUser) {
  const started = await t.injectAs(user, {
    method: 'POST',
    url: `/api/v2/shipments/${shipmentNumber}/automatic_tendering`,
    payload: {
      carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1400 },
      carriers: [{ carrierId: world.carrier.id, answerWindowMinutes: 60 }],
    },
  });
  expect(started.statusCode).toBe(200);
  return started.json().data.waterfall.id as string;
}

interface Listed {
  id: string;
  shipmentNumber: string;
  status: string;
}

async function list(query: string, user = world.users.operatorUser) {
  const response = await t.injectAs(user, {
    method: 'GET',
    url: `/api/v2/tender_waterfalls${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Listed[]; totalCount: number };
}

describe('the operator’s waterfall list', () => {
  it('filters by status and counts only the operator’s own waterfalls', async () => {
    const running = [await readyToBook(), await readyToBook()];
    const runningIds = [];
    for (const shipment of running) runningIds.push(await startOn(shipment.shipmentNumber));
    const stoppedShipment = await readyToBook();
    const stoppedId = await startOn(stoppedShipment.shipmentNumber);
    const stop = await t.injectAs(world.users.operatorUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/${stoppedShipment.shipmentNumber}/automatic_tendering`,
    });
    expect(stop.statusCode).toBe(200);
    // Another operator's running waterfall, on its own load.
    const foreignShipment = await readyToBook(otherOperatorId);
    const foreignId = await startOn(foreignShipment.shipmentNumber, otherOperatorUser);

    const runningPage = await list('?status=Running&pageSize=50');
    expect(runningPage.totalCount).toBe(2);
    expect(runningPage.data.map((row) => row.id).sort()).toEqual([...runningIds].sort());
    expect(runningPage.data.every((row) => row.status === TenderWaterfallStatus.Running)).toBe(
      true,
    );

    const stoppedPage = await list('?status=Stopped');
    expect(stoppedPage.data.map((row) => row.id)).toEqual([stoppedId]);
    expect(stoppedPage.totalCount).toBe(1);
    expect((await list('?status=Exhausted')).totalCount).toBe(0);

    // Without a status: every one of the operator's, running first.
    const all = await list('');
    expect(all.totalCount).toBe(3);
    expect(all.data.map((row) => row.status)).toEqual(['Running', 'Running', 'Stopped']);
    expect(all.data.map((row) => row.id)).not.toContain(foreignId);

    // The Operations card reads the count from a page of one.
    const countOnly = await list('?status=Running&pageSize=1');
    expect(countOnly.totalCount).toBe(2);
    expect(countOnly.data).toHaveLength(1);

    const theirs = await list('?status=Running', otherOperatorUser);
    expect(theirs.data.map((row) => row.id)).toEqual([foreignId]);
  });

  it('refuses an unknown status naming the field, callers who are not the operator, and no token', async () => {
    const bad = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v2/tender_waterfalls?status=Paused',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('status');
    const carrier = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/tender_waterfalls?status=Running',
    });
    expect(carrier.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v2/tender_waterfalls?status=Running',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
