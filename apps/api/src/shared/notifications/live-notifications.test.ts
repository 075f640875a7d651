import { Permission, Role } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { makeThirdPartyInvoice } from '../../seed/invoice-factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { NotificationKind } from './notify';

// Notifications written as things happen: a driver assigned to a load, an invoice settled or paid.

let t: TestApp;
let world: TestWorld;
let billingUser: { id: string; companyId: string };

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  billingUser = await t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      roles: [Role.BillTo],
      permissions: [Permission.CarrierPortal],
    }),
  );
});

afterAll(() => t.close());

const notificationsOf = (userId: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('notifications')
      .select(['notificationKind', 'title', 'body', 'link'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute(),
  );

describe('a driver assigned to a load', () => {
  it('is told, with the load and who assigned it; the carrier’s other people are not', async () => {
    const made = await shipmentFor(t.db, world);
    const number = made.shipment.shipmentNumber;
    const before = (await notificationsOf(world.users.driver.id)).length;
    const assign = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${number}/drivers`,
      payload: { driverId: world.users.driver.id },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const told = (await notificationsOf(world.users.driver.id)).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      notificationKind: NotificationKind.ShipmentAssigned,
      title: `Assigned to shipment ${number}`,
      link: `/all-shipments/${number}/preview/details`,
    });
    expect(told[0]!.body).toContain(`assigned you to shipment ${number}`);
    // The carrier's other people are not told.
    expect(
      (await notificationsOf(world.users.carrierUser.id)).filter(
        (notification) => notification.notificationKind === NotificationKind.ShipmentAssigned,
      ),
    ).toEqual([]);
  });
});

describe('an invoice the operator settles and marks paid', () => {
  it("tells the carrier's billing people and the factor it is remitted to, except whoever turned it off", async () => {
    const made = await shipmentFor(t.db, world);
    const { invoice } = await t.db.system(async (tx) => {
      await tx
        .insertInto('notificationPreferences')
        .values({
          userId: world.users.carrierUser.id,
          companyId: world.carrier.id,
          notificationKind: NotificationKind.InvoiceStatusChanged,
          inApp: false,
          byEmail: false,
        })
        .execute();
      return makeThirdPartyInvoice(tx, {
        made,
        carrierCompanyId: world.carrier.id,
        factoringCompanyId: world.factoring.id,
        withBillingSettings: true,
        paymentTermsDays: 21,
        invoice: {
          invoiceNumber: 'TP7700001',
          status: 'RECEIVED',
          externalInvoiceNumber: 'RRF-7',
          externalInvoiceAmountCents: 100_000,
        },
      });
    });
    const settle = await t.injectAs(world.users.operatorUser, {
      method: 'PUT',
      url: `/api/v2/invoices/${invoice.id}/status`,
      payload: { status: 'SETTLED', version: 1 },
    });
    expect(settle.statusCode, settle.body).toBe(200);
    const link = `/third-party-payer-invoices/${invoice.invoiceNumber}/preview`;
    for (const person of [billingUser, world.users.factoringUser]) {
      const told = (await notificationsOf(person.id)).filter((n) => n.link === link);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        notificationKind: NotificationKind.InvoiceStatusChanged,
        title: `Invoice ${invoice.invoiceNumber} Settled`,
      });
      expect(told[0]!.body).toContain(`for shipment ${made.shipment.shipmentNumber}`);
    }
    for (const person of [
      world.users.carrierUser,
      world.users.driver,
      world.users.otherCarrierUser,
      world.users.brokerUser,
    ]) {
      expect((await notificationsOf(person.id)).filter((n) => n.link === link)).toEqual([]);
    }
  });
});
