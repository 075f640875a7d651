import {
  DIRECT_STATUS_ACTIONS,
  SHIPMENT_STATUSES,
  ShipmentStatus,
  shipmentStatusDisplayName,
  shipmentTransitionsBetween,
  TenderOfferStatus,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { equipmentFor, proofOfDelivery, shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const withCarrier = (status: ShipmentStatus) => status >= ShipmentStatus.Booked;

async function snapshot(shipmentId: string) {
  return t.db.system(async (tx) => ({
    shipment: await tx
      .selectFrom('shipments')
      .select(['status', 'version', 'carrierCompanyId'])
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow(),
    history: Number(
      (
        await tx
          .selectFrom('shipmentHistory')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('shipmentId', '=', shipmentId)
          .executeTakeFirstOrThrow()
      ).count,
    ),
  }));
}

describe('PATCH /api/v2/shipments/{id}/status: every pair of statuses', () => {
  const pairs = SHIPMENT_STATUSES.flatMap((from) =>
    SHIPMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)(
    '%i -> %i answers as the state machine says, and changes nothing when refused',
    async (from, to) => {
      const made = await shipmentFor(t.db, world, {
        status: from,
        carrier: withCarrier(from) || from === ShipmentStatus.Voided ? 'own' : 'none',
      });
      if (to === ShipmentStatus.DeliveryConfirmed) {
        await proofOfDelivery(t.db, t.ctx.documents, {
          companyId: world.carrier.id,
          shipmentId: made.shipment.id,
          orderId: made.order.id,
          orderStopId: made.deliveryStop.id,
        });
      }
      const before = await snapshot(made.shipment.id);
      const response = await t.injectAs(world.users.operatorUser, {
        method: 'PATCH',
        url: `/api/v2/shipments/${made.shipment.shipmentNumber}/status`,
        payload: { status: to, version: before.shipment.version, reason: 'Checked by the test' },
      });
      const transitions = shipmentTransitionsBetween(from, to);
      const direct = transitions.some((transition) =>
        DIRECT_STATUS_ACTIONS.includes(transition.action),
      );
      if (direct) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data).toMatchObject({
          status: { value: to, displayName: shipmentStatusDisplayName(to) },
          version: before.shipment.version + 1,
        });
        const after = await snapshot(made.shipment.id);
        expect(after.shipment.status).toBe(to);
        expect(after.history).toBe(before.history + 1);
        return;
      }
      expect(response.statusCode).toBe(409);
      const from_ = shipmentStatusDisplayName(from);
      const to_ = shipmentStatusDisplayName(to);
      expect(response.json().detail).toEqual(
        transitions.length === 0
          ? `A shipment cannot go from ${from_} to ${to_}.`
          : expect.stringContaining(`A shipment goes from ${from_} to ${to_} by `),
      );
      expect(await snapshot(made.shipment.id)).toEqual(before);
    },
  );
});

describe('status changes: who, versions, proof of delivery', () => {
  it('lets a customer release its own draft and withdraw it, but not a carrier', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Draft,
      carrier: 'none',
      customerCompanyId: world.broker.id,
    });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/status`;
    const released = await t.injectAs(world.users.brokerUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.ReadyToBook, version: 1 },
    });
    expect(released.statusCode).toBe(200);
    // On the load board the carrier can see it, but it is not its to change.
    const byCarrier = await t.injectAs(world.users.carrierUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.Draft, version: 2 },
    });
    expect(byCarrier.statusCode).toBe(403);
    expect(byCarrier.json().detail).toBe('You may not change the status on this shipment.');
    const withdrawn = await t.injectAs(world.users.brokerUser, {
      method: 'PATCH',
      url,
      headers: { 'if-match': '"2"' },
      payload: { status: ShipmentStatus.Draft },
    });
    expect(withdrawn.statusCode).toBe(200);
  });

  it('wants the version read, and refuses a stale one with 409', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Draft, carrier: 'none' });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/status`;
    const without = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.ReadyToBook },
    });
    expect(without.statusCode).toBe(428);
    const stale = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.ReadyToBook, version: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain('you have version 7, it is now version 1');
    const mismatch = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url,
      headers: { 'if-match': '"1"' },
      payload: { status: ShipmentStatus.ReadyToBook, version: 2 },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toHaveProperty('version');
  });

  it('confirms delivery only with a proof of delivery on every delivery stop; only the operator reopens', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Delivered });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/status`;
    const refused = await t.injectAs(world.users.carrierUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.DeliveryConfirmed, version: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Upload a proof of delivery for stop 2 (Atlanta, GA) before confirming delivery of shipment ${made.shipment.shipmentNumber}.`,
    );
    await proofOfDelivery(t.db, t.ctx.documents, {
      companyId: world.carrier.id,
      shipmentId: made.shipment.id,
      orderId: made.order.id,
      orderStopId: made.deliveryStop.id,
    });
    expect(
      (
        await t.injectAs(world.users.carrierUser, {
          method: 'PATCH',
          url,
          payload: { status: ShipmentStatus.DeliveryConfirmed, version: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const reopenByCarrier = await t.injectAs(world.users.carrierUser, {
      method: 'PATCH',
      url,
      payload: { status: ShipmentStatus.Delivered, version: 2 },
    });
    expect(reopenByCarrier.statusCode).toBe(403);
    expect(reopenByCarrier.json().detail).toBe(
      'Only the operator may reopen the delivery of a shipment that is Delivery Confirmed.',
    );
  });

  it('rescinds the open tenders when tendering is called off', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Tendering,
      carrier: 'none',
    });
    await t.db.system((tx) =>
      tx
        .insertInto('tenders')
        .values({
          shipmentId: made.shipment.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          rateCents: 200_000,
        })
        .execute(),
    );
    const response = await t.injectAs(world.users.operatorUser, {
      method: 'PATCH',
      url: `/api/v2/shipments/${made.shipment.id}/status`,
      payload: { status: ShipmentStatus.ReadyToBook, version: 1 },
    });
    expect(response.statusCode).toBe(200);
    const tenders = await t.db.system((tx) =>
      tx
        .selectFrom('tenders')
        .select('status')
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
    );
    expect(tenders).toEqual([{ status: TenderOfferStatus.Rescinded }]);
  });
});

describe('DELETE /api/v2/shipments/{id}: void', () => {
  it('lets the customer void before booking, rescinding open tenders, with the reason in history', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Tendering,
      carrier: 'none',
      customerCompanyId: world.broker.id,
    });
    await t.db.system((tx) =>
      tx
        .insertInto('tenders')
        .values({
          shipmentId: made.shipment.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.broker.id,
          rateCents: 200_000,
        })
        .execute(),
    );
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}?reason=Duplicate%20order`;
    const voided = await t.injectAs(world.users.brokerUser, {
      method: 'DELETE',
      url,
      headers: { 'idempotency-key': 'void-1' },
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.status).toEqual({ value: -1, displayName: 'Voided' });
    // The retry with the same key answers the same, without doing it twice.
    const retried = await t.injectAs(world.users.brokerUser, {
      method: 'DELETE',
      url,
      headers: { 'idempotency-key': 'void-1' },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(voided.json());
    // Without the key, a second void is a forbidden move.
    const again = await t.injectAs(world.users.brokerUser, { method: 'DELETE', url });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'Cannot void a shipment that is Voided; only a shipment that is Draft, Ready to Book, Tendering, Booked or Dispatched can be.',
    );
    const { tenders, history } = await t.db.system(async (tx) => ({
      tenders: await tx
        .selectFrom('tenders')
        .select('status')
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
      history: await tx
        .selectFrom('shipmentHistory')
        .select(['action', 'fromStatus', 'toStatus', 'userId', 'detail'])
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
    }));
    expect(tenders).toEqual([{ status: TenderOfferStatus.Rescinded }]);
    expect(history).toEqual([
      {
        action: 'StatusChanged',
        fromStatus: ShipmentStatus.Tendering,
        toStatus: ShipmentStatus.Voided,
        userId: world.users.brokerUser.id,
        detail: { action: 'void', reason: 'Duplicate order' },
      },
    ]);
  });

  it('leaves a booked load to the operator: customer and carrier get 403, nothing changes', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Booked,
      customerCompanyId: world.broker.id,
    });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}`;
    const before = await snapshot(made.shipment.id);
    const byCustomer = await t.injectAs(world.users.brokerUser, { method: 'DELETE', url });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().detail).toBe('Only the operator may void a shipment that is Booked.');
    const byCarrier = await t.injectAs(world.users.carrierUser, { method: 'DELETE', url });
    expect(byCarrier.statusCode).toBe(403);
    expect(await snapshot(made.shipment.id)).toEqual(before);
    expect((await t.injectAs(world.users.operatorUser, { method: 'DELETE', url })).statusCode).toBe(
      200,
    );
  });

  it('refuses to void a load on the road, and answers 404 for another company', async () => {
    const rolling = await shipmentFor(t.db, world, { status: ShipmentStatus.InTransit });
    const onRoad = await t.injectAs(world.users.operatorUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/${rolling.shipment.shipmentNumber}`,
    });
    expect(onRoad.statusCode).toBe(409);
    const foreign = await t.injectAs(world.users.otherCarrierUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/${rolling.shipment.shipmentNumber}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Shipment not found');
  });
});

describe('POST /api/v2/shipments/{id}/rescind_booking', () => {
  it('puts a dispatched load back on the board without carrier, rate, drivers or equipment', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Dispatched });
    const { trailer, powerUnit } = await equipmentFor(t.db, world.carrier.id);
    await t.db.system(async (tx) => {
      await tx
        .updateTable('shipments')
        .set({ trailerId: trailer.id, powerUnitId: powerUnit.id })
        .where('id', '=', made.shipment.id)
        .execute();
      await tx
        .insertInto('shipmentDrivers')
        .values({
          shipmentId: made.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        })
        .execute();
      await tx
        .insertInto('tenders')
        .values({
          shipmentId: made.shipment.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          rateCents: 230_000,
          status: TenderOfferStatus.Accepted,
        })
        .execute();
    });
    const url = `/api/v2/shipments/${made.shipment.id}/rescind_booking`;
    const byDriver = await t.injectAs(world.users.driver, { method: 'POST', url, payload: {} });
    expect(byDriver.statusCode).toBe(403);
    const rescinded = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url,
      payload: { reason: 'Truck broke down' },
    });
    expect(rescinded.statusCode).toBe(200);
    expect(rescinded.json().data.status.displayName).toBe('Ready to Book');
    const after = await t.db.system(async (tx) => ({
      shipment: await tx
        .selectFrom('shipments')
        .select(['carrierCompanyId', 'carrierRateCents', 'trailerId', 'powerUnitId', 'bookedAt'])
        .where('id', '=', made.shipment.id)
        .executeTakeFirstOrThrow(),
      drivers: await tx
        .selectFrom('shipmentDrivers')
        .selectAll()
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
      tenders: await tx
        .selectFrom('tenders')
        .select('status')
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
      history: await tx
        .selectFrom('shipmentHistory')
        .select(['detail', 'userId'])
        .where('shipmentId', '=', made.shipment.id)
        .executeTakeFirstOrThrow(),
    }));
    expect(after.shipment).toEqual({
      carrierCompanyId: null,
      carrierRateCents: null,
      trailerId: null,
      powerUnitId: null,
      bookedAt: null,
    });
    expect(after.drivers).toEqual([]);
    expect(after.tenders).toEqual([{ status: TenderOfferStatus.BookingRescinded }]);
    expect(after.history).toEqual({
      userId: world.users.carrierUser.id,
      detail: {
        action: 'rescindBooking',
        carrier: 'Prairie Haulers',
        rate: '2300.00',
        reason: 'Truck broke down',
      },
    });
  });

  it('accepts no body at all, refuses a load at a stop, and hides other companies’ loads', async () => {
    const booked = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const noBody = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${booked.shipment.shipmentNumber}/rescind_booking`,
    });
    expect(noBody.statusCode).toBe(200);
    const atStop = await shipmentFor(t.db, world, { status: ShipmentStatus.AtStop });
    const refused = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${atStop.shipment.shipmentNumber}/rescind_booking`,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Cannot rescind the booking of a shipment that is At Stop; only a shipment that is Booked or Dispatched can be.',
    );
    const foreign = await shipmentFor(t.db, world, { carrier: 'other' });
    expect(
      (
        await t.injectAs(world.users.carrierUser, {
          method: 'POST',
          url: `/api/v2/shipments/${foreign.shipment.shipmentNumber}/rescind_booking`,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
