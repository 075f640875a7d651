import { randomUUID } from 'node:crypto';
import { NOT_AUTHORIZED_MESSAGE, ShipmentStatus } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { shipmentFor } from './shipment-fixtures';
import { makeTestWorld, type TestWorld } from './world';

// Every shipment route with an id: another company's shipment answers exactly like a missing one
// (404, same body), changes nothing, and a driver session sees only the loads it drives.

let t: TestApp;
let world: TestWorld;
let foreign: Awaited<ReturnType<typeof shipmentFor>>;
let unassigned: Awaited<ReturnType<typeof shipmentFor>>;
let foreignStopId: string;
let unassignedStopId: string;
let foreignProblemId: string;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  foreign = await shipmentFor(t.db, world, { carrier: 'other', status: ShipmentStatus.Dispatched });
  unassigned = await shipmentFor(t.db, world, { status: ShipmentStatus.Dispatched });
  await t.db.system(async (tx) => {
    foreignStopId = (
      await tx
        .selectFrom('shipmentStops')
        .select('id')
        .where('shipmentId', '=', foreign.shipment.id)
        .where('stopNumber', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    unassignedStopId = (
      await tx
        .selectFrom('shipmentStops')
        .select('id')
        .where('shipmentId', '=', unassigned.shipment.id)
        .where('stopNumber', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    foreignProblemId = (
      await tx
        .insertInto('trackingProblems')
        .values({ shipmentId: foreign.shipment.id, problemType: 'Weather', description: 'Snow' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
});
afterAll(() => t.close());

type Made = Awaited<ReturnType<typeof shipmentFor>>;

/** Every route of a shipment, with a valid body, for the shipment in the path written as `id`. */
function routes(id: string, made: Made, stopId: string, problemId: string): InjectOptions[] {
  const at = (path = '') => `/api/v2/shipments/${id}${path}`;
  const reads = [
    '',
    '/requirements',
    '/order_requirements',
    '/lane_matches',
    '/latest_activity',
    '/reloads',
    '/stops',
    '/line_items',
    '/order_dropoffs',
    '/billing_configuration',
    '/contact_details',
    '/tenders',
    '/offers',
    '/history',
    '/carrier_charges',
    '/cases',
    '/trips',
    '/drivers',
    '/equipment',
    '/empty_location',
    '/tracking_activities',
    '/tracking_problems',
    '/rate_confirmation_document',
    '/documents',
  ].map((path): InjectOptions => ({ method: 'GET', url: at(path) }));
  const minute = new Date(Date.now() - 60_000).toISOString();
  return [
    ...reads,
    {
      method: 'PATCH',
      url: at('/status'),
      payload: { status: ShipmentStatus.ReadyToBook, version: 1 },
    },
    { method: 'DELETE', url: at() },
    { method: 'POST', url: at('/rescind_booking'), payload: {} },
    {
      method: 'POST',
      url: at('/book'),
      payload: { rateKind: 'ContractTL', rateId: '00000000-0000-4000-8000-000000000000' },
    },
    { method: 'PATCH', url: at('/max_buy'), payload: { maxBuy: 100, version: 1 } },
    {
      method: 'PATCH',
      url: at('/origination_type'),
      payload: { originationType: 'TmsSpot', version: 1 },
    },
    { method: 'POST', url: at('/drivers'), payload: { driverId: world.users.driver.id } },
    { method: 'DELETE', url: at(`/drivers/${world.users.driver.id}`) },
    { method: 'PUT', url: at('/equipment'), payload: { powerUnitNumber: 'X1', version: 1 } },
    {
      method: 'PATCH',
      url: at(`/stops/${stopId}/appointments`),
      payload: { shipmentId: id, stopId, times: { appointment: null }, version: 1 },
    },
    {
      method: 'PATCH',
      url: at(`/stops/${stopId}/arrival_and_departure`),
      payload: { arrivedAt: minute },
    },
    { method: 'PATCH', url: at(`/stops/${stopId}/preload`), payload: { isPreloaded: true } },
    { method: 'PATCH', url: at('/shipping_pro_number'), payload: { value: 'PRO1', version: 1 } },
    { method: 'PATCH', url: at('/quick_closure') },
    {
      method: 'PUT',
      url: at('/empty_location'),
      payload: { postalCode: '30303', emptyAt: minute, version: 1 },
    },
    {
      method: 'POST',
      url: at('/tracking_activities'),
      payload: { activityType: 'Note', note: 'Hello' },
    },
    {
      method: 'POST',
      url: at('/problems'),
      payload: { problemType: 'Weather', description: 'Snow' },
    },
    { method: 'PATCH', url: at(`/tracking_problems/${problemId}`), payload: { resolved: true } },
    {
      method: 'POST',
      url: at('/bills_of_lading'),
      payload: {
        pickupOrderStopId: made.pickupStop.id,
        deliveryOrderStopId: made.deliveryStop.id,
        orderId: made.order.id,
        shipmentId: made.shipment.id,
      },
    },
    { method: 'POST', url: at('/rate_confirmation_document') },
    {
      method: 'POST',
      url: at('/rate_confirmation_document/signature'),
      payload: { documentId: randomUUID(), signerName: 'Someone Else' },
    },
  ];
}

const withoutRequestId = (body: string) => {
  const { requestId: _requestId, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

async function state(shipmentId: string) {
  return t.db.system(async (tx) => ({
    shipment: await tx
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow(),
    stops: await tx
      .selectFrom('shipmentStops')
      .selectAll()
      .where('shipmentId', '=', shipmentId)
      .orderBy('stopNumber')
      .execute(),
    history: await tx
      .selectFrom('shipmentHistory')
      .select('id')
      .where('shipmentId', '=', shipmentId)
      .execute(),
    activities: await tx
      .selectFrom('trackingActivities')
      .select('id')
      .where('shipmentId', '=', shipmentId)
      .execute(),
    problems: await tx
      .selectFrom('trackingProblems')
      .selectAll()
      .where('shipmentId', '=', shipmentId)
      .execute(),
    documents: await tx
      .selectFrom('documents')
      .select('id')
      .where('shipmentId', '=', shipmentId)
      .execute(),
  }));
}

describe("another company's shipment answers exactly like a missing one", () => {
  // The operator's own routes refuse a carrier or driver (403) before any shipment is read; the
  // tenant-isolation matrix sends them every kind of caller.
  const OPERATOR_ONLY = [
    'DELETE /api/v2/shipments/{id}/automatic_tendering',
    'GET /api/v2/shipments/{id}/automatic_tendering',
    'POST /api/v2/shipments/{id}/automatic_tendering',
    'POST /api/v2/shipments/{id}/rate_requests',
    'POST /api/v2/shipments/{id}/tenders',
  ];

  it('covers every shipment route with an id that the API documents', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/v2/shipments/{id}'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .filter((route) => !OPERATOR_ONLY.includes(route))
      .sort();
    const tested = routes('{id}', foreign, '{stopId}', '{problemId}')
      .map((request) => {
        const path = (request.url as string).replace(
          `/drivers/${world.users.driver.id}`,
          '/drivers/{driverId}',
        );
        return `${request.method} ${path}`;
      })
      .sort();
    expect(tested).toEqual(documented);
  });

  for (const form of ['number', 'id'] as const) {
    it(`on every route, by ${form}, and nothing changes`, async () => {
      const before = await state(foreign.shipment.id);
      const key = form === 'number' ? foreign.shipment.shipmentNumber : foreign.shipment.id;
      const missingKey = form === 'number' ? '1' : randomUUID();
      const theirs = routes(key, foreign, foreignStopId, foreignProblemId);
      const missing = routes(missingKey, foreign, randomUUID(), randomUUID());
      for (const [index, request] of theirs.entries()) {
        const answer = await t.injectAs(world.users.carrierUser, request);
        const absent = await t.injectAs(world.users.carrierUser, missing[index]!);
        const label = `${request.method} ${request.url}`;
        expect(answer.statusCode, label).toBe(404);
        expect(withoutRequestId(answer.body), label).toEqual(withoutRequestId(absent.body));
      }
      expect(await state(foreign.shipment.id)).toEqual(before);
    });
  }

  it('refuses every route without a token', async () => {
    for (const request of routes(
      foreign.shipment.shipmentNumber,
      foreign,
      foreignStopId,
      foreignProblemId,
    )) {
      const answer = await t.app.inject(request);
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
  });
});

describe('a driver session sees only the loads it drives', () => {
  it('answers its own company’s other loads like missing ones (or refuses the dispatch routes)', async () => {
    const before = await state(unassigned.shipment.id);
    const theirs = routes(
      unassigned.shipment.shipmentNumber,
      unassigned,
      unassignedStopId,
      randomUUID(),
    );
    const missing = routes('1', unassigned, randomUUID(), randomUUID());
    for (const [index, request] of theirs.entries()) {
      const answer = await t.injectAs(world.users.driver, request);
      const absent = await t.injectAs(world.users.driver, missing[index]!);
      const label = `${request.method} ${request.url}`;
      expect([403, 404], label).toContain(answer.statusCode);
      if (answer.statusCode === 403)
        expect(answer.json().detail, label).toBe(NOT_AUTHORIZED_MESSAGE);
      expect(withoutRequestId(answer.body), label).toEqual(withoutRequestId(absent.body));
    }
    expect(await state(unassigned.shipment.id)).toEqual(before);
  });
});
