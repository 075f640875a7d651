import { SHIPMENT_MESSAGES, ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { proofOfDelivery, shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
let own: Awaited<ReturnType<typeof shipmentFor>>;
let reload: Awaited<ReturnType<typeof shipmentFor>>;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  own = await shipmentFor(t.db, world, {
    status: ShipmentStatus.Delivered,
    pickupAt: new Date(Date.now() - 60 * 3600_000),
    referenceNumbers: [{ label: 'PO', value: '4500012345' }],
  });
  // Freight on the load board picking up near Atlanta after this shipment delivers.
  reload = await shipmentFor(t.db, world, {
    carrier: 'none',
    status: ShipmentStatus.ReadyToBook,
    originPostalCode: '30303',
    destinationPostalCode: '75201',
    pickupAt: new Date(Date.now() + 48 * 3600_000),
  });
  await shipmentFor(t.db, world, {
    carrier: 'none',
    status: ShipmentStatus.ReadyToBook,
    originPostalCode: '75201',
    pickupAt: new Date(Date.now() + 48 * 3600_000),
  });
  await t.db.system(async (tx) => {
    const orderId = own.order.id;
    await tx
      .updateTable('orders')
      .set({ specialInstructions: 'Call 30 minutes ahead', isTeamRequired: true })
      .where('id', '=', orderId)
      .execute();
    await tx
      .insertInto('orderRequirements')
      .values({
        orderId,
        customerCompanyId: world.customer.id,
        requirement: 'TWIC card',
        description: 'Port access',
      })
      .execute();
    await tx
      .insertInto('orderAccessorials')
      .values({
        orderId,
        customerCompanyId: world.customer.id,
        code: 'LFT',
        description: 'Liftgate service',
        amountCents: 7500,
      })
      .execute();
    await tx
      .updateTable('orderStops')
      .set({ contactFirstName: 'Rosa', contactLastName: 'Diaz', contactPhone: '404-555-0142' })
      .where('id', '=', own.deliveryStop.id)
      .execute();
    await tx
      .insertInto('rates')
      .values({
        carrierCompanyId: world.carrier.id,
        originState: 'IL',
        destinationState: 'GA',
        rateCents: 210_000,
        effectiveFrom: '2020-01-01',
      })
      .execute();
    await tx
      .insertInto('rates')
      .values({
        carrierCompanyId: world.otherCarrier.id,
        originState: 'IL',
        destinationState: 'GA',
        rateCents: 190_000,
        effectiveFrom: '2020-01-01',
      })
      .execute();
    await tx
      .insertInto('savedLanes')
      .values({
        companyId: world.carrier.id,
        originState: 'IL',
        originPostalCode: '60602',
        originRadiusMiles: 50,
        destinationState: 'GA',
      })
      .execute();
    await tx
      .insertInto('tenders')
      .values([
        {
          shipmentId: own.shipment.id,
          carrierCompanyId: world.carrier.id,
          customerCompanyId: world.customer.id,
          status: TenderOfferStatus.Accepted,
          rateCents: 230_000,
        },
        {
          shipmentId: own.shipment.id,
          carrierCompanyId: world.otherCarrier.id,
          customerCompanyId: world.customer.id,
          status: TenderOfferStatus.Rejected,
          rateCents: 220_000,
        },
      ])
      .execute();
    await tx
      .insertInto('cases')
      .values({
        shipmentId: own.shipment.id,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        caseType: 'Detention',
        status: 'Resolved',
        resolutionType: 'Paid',
        subject: 'Detention at Atlanta',
        amountRequestedCents: 15_000,
        amountApprovedCents: 10_000,
      })
      .execute();
    await tx
      .insertInto('shipmentHistory')
      .values({
        shipmentId: own.shipment.id,
        userId: world.users.operatorUser.id,
        action: 'StatusChanged',
        fromStatus: 1,
        toStatus: 3,
      })
      .execute();
  });
});
afterAll(() => t.close());

const get = (url: string, user: { id: string; companyId: string } = world.users.carrierUser) =>
  t.injectAs(user, { method: 'GET', url });
const base = () => `/api/v2/shipments/${own.shipment.shipmentNumber}`;

describe('GET /api/v2/shipments/{id}', () => {
  it('answers by number and by id, with the caller’s relation, actions and an ETag', async () => {
    const byNumber = await get(base());
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.headers.etag).toBe('"1"');
    const detail = byNumber.json().data;
    expect(detail).toMatchObject({
      id: own.shipment.id,
      shipmentNumber: own.shipment.shipmentNumber,
      orderNumber: own.order.orderNumber,
      version: 1,
      status: { value: 7, displayName: 'Delivered' },
      relation: 'carrier',
      allowedActions: [
        { action: 'confirmDelivery', to: { value: 8, displayName: 'Delivery Confirmed' } },
      ],
      carrierRate: 2300,
      maxBuy: null,
      customerRate: null,
      customer: { id: world.customer.id, name: 'Acme Shippers' },
      carrier: { id: world.carrier.id, name: 'Prairie Haulers' },
      equipmentTypes: [{ value: 1, displayName: 'Van' }],
      shippingMode: { value: 0, displayName: 'TL' },
    });
    const byId = await get(`/api/v2/shipments/${own.shipment.id}`);
    expect(byId.json().data).toEqual(detail);
  });

  it('shows the operator the buy and sell rates and its actions', async () => {
    const detail = (await get(base(), world.users.operatorUser)).json().data;
    expect(detail).toMatchObject({
      relation: 'operator',
      maxBuy: 2500,
      customerRate: 2750,
      carrierRate: 2300,
    });
    expect(detail.allowedActions.map((entry: { action: string }) => entry.action)).toEqual([
      'confirmDelivery',
    ]);
  });

  it('shows a carrier freight on the load board without the shipper, its numbers or its docks', async () => {
    await t.db.system(async (tx) => {
      await tx
        .insertInto('referenceNumbers')
        .values({
          orderId: reload.order.id,
          customerCompanyId: world.customer.id,
          label: 'PO',
          value: '4599999999',
        })
        .execute();
      await tx
        .updateTable('orderStops')
        .set({ contactFirstName: 'Sam', contactPhone: '404-555-0199' })
        .where('id', '=', reload.pickupStop.id)
        .execute();
    });
    const url = `/api/v2/shipments/${reload.shipment.shipmentNumber}`;
    const detail = (await get(url)).json().data;
    expect(detail).toMatchObject({
      relation: 'viewer',
      allowedActions: [],
      customer: null,
      carrierRate: null,
      maxBuy: null,
    });
    expect((await get(`${url}/order_requirements`)).json().data).toMatchObject({
      referenceNumbers: [],
      purchaseOrderNumber: null,
    });
    const contacts = (await get(`${url}/contact_details`)).json().data as { role: string }[];
    expect(contacts.filter((contact) => contact.role.endsWith('Contact'))).toEqual([]);
    // The operator sees all of it.
    expect(
      (await get(`${url}/order_requirements`, world.users.operatorUser)).json().data
        .referenceNumbers,
    ).toEqual([{ label: 'PO', value: '4599999999', stopNumber: null }]);
    expect((await get(url, world.users.operatorUser)).json().data.customer).toEqual({
      id: world.customer.id,
      name: 'Acme Shippers',
    });
  });

  it('answers the spec’s message for an id that is neither a number nor a uuid', async () => {
    const response = await get('/api/v2/shipments/12AB-9');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: SHIPMENT_MESSAGES.invalidShipmentId,
      errors: { id: [SHIPMENT_MESSAGES.invalidShipmentId] },
    });
  });
});

describe('sub-resources', () => {
  it('requirements and order requirements', async () => {
    expect((await get(`${base()}/requirements`)).json().data).toMatchObject({
      equipmentTypes: [{ value: 1, displayName: 'Van' }],
      isTeamRequired: true,
      isHazmat: false,
      totalWeightPounds: 38000,
    });
    expect((await get(`${base()}/order_requirements`)).json().data).toMatchObject({
      orderNumber: own.order.orderNumber,
      requirements: [{ requirement: 'TWIC card', description: 'Port access' }],
      accessorials: [{ code: 'LFT', description: 'Liftgate service', amount: 75 }],
      specialInstructions: 'Call 30 minutes ahead',
      referenceNumbers: [{ label: 'PO', value: '4500012345', stopNumber: null }],
    });
  });

  it('lane matches: the caller’s own contract rates and saved lanes only', async () => {
    const data = (await get(`${base()}/lane_matches`)).json().data;
    expect(data.contractRates).toEqual([
      expect.objectContaining({ originState: 'IL', destinationState: 'GA', rate: 2100 }),
    ]);
    expect(data.savedLanes).toEqual([
      expect.objectContaining({ origin: 'IL 60602', destination: 'GA', originRadiusMiles: 50 }),
    ]);
  });

  it('reloads: load-board freight picking up within 100 miles of the delivery', async () => {
    const body = (await get(`${base()}/reloads`)).json();
    expect(body.totalCount).toBe(1);
    expect(body.data[0]).toMatchObject({
      shipmentNumber: reload.shipment.shipmentNumber,
      deadheadMiles: 0,
    });
  });

  it('stops with times in each stop’s zone, and order dropoffs with their proof of delivery', async () => {
    const stops = (await get(`${base()}/stops`)).json().data;
    expect(
      stops.map((stop: { stopNumber: number; stopType: string; ianaTimezone: string }) => [
        stop.stopNumber,
        stop.stopType,
        stop.ianaTimezone,
      ]),
    ).toEqual([
      [1, 'Pickup', 'America/Chicago'],
      [2, 'Delivery', 'America/New_York'],
    ]);
    expect(stops[0].early.local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(stops[1].orderLineItems).toEqual([
      expect.objectContaining({ role: 'delivery', packageCount: 24, confirmedPackageCount: null }),
    ]);
    const before = (await get(`${base()}/order_dropoffs`)).json().data;
    expect(before).toEqual([
      {
        orderNumber: own.order.orderNumber,
        dropoffs: [
          {
            stopNumber: 2,
            stopId: own.deliveryStop.id,
            locationName: own.deliveryStop.locationName,
            city: 'Atlanta',
            state: 'GA',
            hasProofOfDelivery: false,
          },
        ],
      },
    ]);
    await proofOfDelivery(t.db, t.ctx.documents, {
      companyId: world.carrier.id,
      shipmentId: own.shipment.id,
      orderId: own.order.id,
      orderStopId: own.deliveryStop.id,
    });
    expect(
      (await get(`${base()}/order_dropoffs`)).json().data[0].dropoffs[0].hasProofOfDelivery,
    ).toBe(true);
    const billing = (await get(`${base()}/billing_configuration`)).json().data;
    expect(billing).toMatchObject({
      thirdPartyBilling: null,
      factoringCompany: { id: world.factoring.id, name: 'Capital Factoring' },
      requiredDocuments: [
        {
          fileType: { value: 12, displayName: 'Proof of Delivery' },
          stopNumber: 2,
          isUploaded: true,
        },
      ],
    });
  });

  it('line items, contacts, tenders (own only), offers, history, charges and cases', async () => {
    expect((await get(`${base()}/line_items`)).json().data).toEqual([
      expect.objectContaining({
        description: 'Palletized dry goods',
        pickupStopNumber: 1,
        deliveryStopNumber: 2,
        packageCount: 24,
      }),
    ]);
    const contacts = (await get(`${base()}/contact_details`)).json().data;
    expect(contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'Delivery Contact',
          name: 'Rosa Diaz',
          phone: '404-555-0142',
          stopNumber: 2,
        }),
        expect.objectContaining({ companyName: 'Operator Freight' }),
      ]),
    );
    const tenders = (await get(`${base()}/tenders`)).json().data;
    expect(tenders).toEqual([
      expect.objectContaining({ status: { value: 1, displayName: 'Accepted' }, rate: 2300 }),
    ]);
    expect((await get(`${base()}/tenders`, world.users.operatorUser)).json().data).toHaveLength(2);
    expect((await get(`${base()}/offers`)).json().data).toEqual([]);
    const history = (await get(`${base()}/history`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'StatusChanged',
        fromStatus: { value: 1, displayName: 'Ready to Book' },
        toStatus: { value: 3, displayName: 'Booked' },
        user: expect.objectContaining({
          id: world.users.operatorUser.id,
          companyName: 'Operator Freight',
        }),
      }),
    ]);
    expect((await get(`${base()}/carrier_charges`)).json().data).toEqual({
      source: 'booking',
      invoiceNumber: null,
      charges: [
        expect.objectContaining({ chargeTypeName: 'LineHaul', total: 2300 }),
        expect.objectContaining({
          chargeTypeName: 'Detention',
          total: 100,
          caseNumber: expect.any(String),
        }),
      ],
      total: 2400,
    });
    const cases = (await get(`${base()}/cases`)).json();
    expect(cases).toMatchObject({ page: 1, pageSize: 1000, totalCount: 1 });
    expect(cases.data[0]).toMatchObject({
      caseType: 'Detention',
      statusDescription: 'Resolved',
      amountApproved: 100,
    });
    expect((await get(`${base()}/latest_activity`)).json()).toEqual({ data: null });
  });

  it('trips: a trip by id or number with its shipments, and the trip of a shipment', async () => {
    const second = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const trip = await t.db.system(async (tx) => {
      const row = await tx
        .insertInto('trips')
        .values({ tripNumber: `T${Date.now()}`, carrierCompanyId: world.carrier.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('shipments')
        .set({ tripId: row.id })
        .where('id', 'in', [own.shipment.id, second.shipment.id])
        .execute();
      return row;
    });
    const byNumber = (await get(`/api/v2/trips/${trip.tripNumber}`)).json().data;
    expect(byNumber).toMatchObject({
      id: trip.id,
      tripNumber: trip.tripNumber,
      carrier: { name: 'Prairie Haulers' },
    });
    expect(
      byNumber.shipments.map((row: { shipmentNumber: string }) => row.shipmentNumber).sort(),
    ).toEqual([own.shipment.shipmentNumber, second.shipment.shipmentNumber].sort());
    expect((await get(`/api/v2/trips/${trip.id}`)).json().data).toEqual(byNumber);
    expect((await get(`${base()}/trips`)).json().data).toEqual([byNumber]);
    expect((await get(`/api/v2/trips/${trip.id}`, world.users.otherCarrierUser)).statusCode).toBe(
      404,
    );
    // The driver drives neither load of the trip.
    expect((await get(`/api/v2/trips/${trip.id}`, world.users.driver)).statusCode).toBe(404);
  });
});
