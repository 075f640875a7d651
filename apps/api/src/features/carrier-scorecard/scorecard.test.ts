import { ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShipment } from '../../seed/factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
const hour = 3600 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    // Four delivered loads ten days ago: pickups on time on three, deliveries on time on two.
    const plan = [
      { pickupLate: false, deliveryLate: false },
      { pickupLate: false, deliveryLate: true },
      { pickupLate: false, deliveryLate: true },
      { pickupLate: true, deliveryLate: false },
    ];
    const shipments = [];
    for (const load of plan) {
      const pickupAt = new Date(Date.now() - 10 * 24 * hour);
      const { shipment } = await makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: world.customer.id,
        carrierCompanyId: world.carrier.id,
        status: ShipmentStatus.Delivered,
        pickupAt,
      });
      shipments.push(shipment);
      const stops = await tx
        .selectFrom('shipmentStops')
        .select(['id', 'stopType', 'lateAt'])
        .where('shipmentId', '=', shipment.id)
        .execute();
      for (const stop of stops) {
        const late = stop.stopType === 'Pickup' ? load.pickupLate : load.deliveryLate;
        await tx
          .updateTable('shipmentStops')
          .set({ arrivedAt: new Date(stop.lateAt!.getTime() + (late ? 3 : -1) * hour) })
          .where('id', '=', stop.id)
          .execute();
      }
    }
    // A load booked but not picked up yet is not measured.
    await makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.customer.id,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Booked,
    });
    // Tenders: three accepted, one rejected, one still open.
    for (const status of [1, 1, 1, 2, 0])
      await tx
        .insertInto('tenders')
        .values({
          shipmentId: shipments[0]!.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          status,
          rateCents: 200_000,
        })
        .execute();
    // Two accessorial requests on its loads, one resolved.
    for (const [index, status] of ['New', 'Resolved'].entries())
      await tx
        .insertInto('cases')
        .values({
          shipmentId: shipments[index]!.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          caseType: 'Detention',
          subject: 'Detention at delivery',
          status,
        })
        .execute();
  });
});
afterAll(() => t.close());

const scorecard = (carrierId: string, as: { id: string; companyId: string }) =>
  t.injectAs(as, { method: 'GET', url: `/api/v1/carriers/${carrierId}/scorecard` });

describe('the carrier scorecard', () => {
  it('is computed from the carrier’s shipments, tenders and accessorial requests', async () => {
    const response = await scorecard(world.carrier.id, world.users.carrierUser);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      carrierId: world.carrier.id,
      carrierName: 'Prairie Haulers',
      periodDays: 90,
      shipmentCount: 4,
      onTimePickup: { count: 3, total: 4, percent: 75 },
      onTimeDelivery: { count: 2, total: 4, percent: 50 },
      tenderAcceptance: { count: 3, total: 4, percent: 75 },
      claims: { count: 2, open: 1, perHundredShipments: 50 },
    });
  });

  it('answers the factoring company and the operator, and 404 to another carrier', async () => {
    expect((await scorecard(world.carrier.id, world.users.factoringUser)).statusCode).toBe(200);
    expect((await scorecard(world.carrier.id, world.users.operatorUser)).statusCode).toBe(200);
    expect((await scorecard(world.carrier.id, world.users.otherCarrierUser)).statusCode).toBe(404);
    const empty = await scorecard(world.otherCarrier.id, world.users.otherCarrierUser);
    expect(empty.json().data).toMatchObject({
      shipmentCount: 0,
      onTimePickup: { count: 0, total: 0, percent: null },
      claims: { count: 0, open: 0, perHundredShipments: null },
    });
  });

  it('answers 401 without credentials and 403 to a driver', async () => {
    const url = `/api/v1/carriers/${world.carrier.id}/scorecard`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await scorecard(world.carrier.id, world.users.driver)).statusCode).toBe(403);
  });
});
