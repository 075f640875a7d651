import { randomUUID } from 'node:crypto';
import { Permission, Role, ShipmentStatus } from '@portal/domain';
import type { Database } from '../src/db/database';
import { hashOpaqueToken } from '../src/shared/auth/opaque-tokens';
import { makeCompany, makeShipment, makeUser } from '../src/seed/factories';

/**
 * A company none of the test world's users is related to, with one of everything it can own:
 * the ids the tenant-isolation matrix sends to every endpoint. Freight is Delivered (not on the
 * load board), the carrier is not factored by the world's factoring company, the customer is not
 * the world's broker. Add a row here when you add a table that routes address by id.
 */
export async function makeForeignWorld(db: Database, operatorCompanyId: string) {
  return db.system(async (tx) => {
    const customer = await makeCompany(tx, { kind: 'customer', name: 'Faraway Foods' });
    const factoring = await makeCompany(tx, { kind: 'factoring', name: 'Faraway Factoring' });
    const carrier = await makeCompany(tx, {
      kind: 'carrier',
      name: 'Faraway Freight Lines',
      factoringCompanyId: factoring.id,
      has3plNetwork: true,
    });
    const admin = await makeUser(tx, {
      companyId: carrier.id,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
    const driver = await makeUser(tx, {
      companyId: carrier.id,
      roles: [Role.Driver],
      permissions: [Permission.DriverPortal],
    });
    const trip = await tx
      .insertInto('trips')
      .values({ tripNumber: `T-${randomUUID().slice(0, 8)}`, carrierCompanyId: carrier.id })
      .returning(['id', 'tripNumber'])
      .executeTakeFirstOrThrow();
    const { order, shipment, pickupStop } = await makeShipment(tx, {
      operatorCompanyId,
      customerCompanyId: customer.id,
      carrierCompanyId: carrier.id,
      status: ShipmentStatus.Delivered,
      shipment: { tripId: trip.id },
    });
    const shipmentStop = await tx
      .selectFrom('shipmentStops')
      .select('id')
      .where('shipmentId', '=', shipment.id)
      .orderBy('stopNumber')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('shipmentDrivers')
      .values({ shipmentId: shipment.id, driverId: driver.id, carrierCompanyId: carrier.id })
      .execute();
    const tender = await tx
      .insertInto('tenders')
      .values({
        shipmentId: shipment.id,
        carrierCompanyId: carrier.id,
        customerCompanyId: customer.id,
        status: 1,
        rateCents: 230_000,
      })
      .returning(['id', 'tenderNumber'])
      .executeTakeFirstOrThrow();
    const offer = await tx
      .insertInto('offers')
      .values({
        shipmentId: shipment.id,
        carrierCompanyId: carrier.id,
        customerCompanyId: customer.id,
        amountCents: 240_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rateRequest = await tx
      .insertInto('rateRequests')
      .values({
        shipmentId: shipment.id,
        carrierCompanyId: carrier.id,
        customerCompanyId: customer.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rate = await tx
      .insertInto('rates')
      .values({
        carrierCompanyId: carrier.id,
        originState: 'IL',
        destinationState: 'GA',
        rateCents: 200_000,
        effectiveFrom: '2025-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theCase = await tx
      .insertInto('cases')
      .values({
        shipmentId: shipment.id,
        orderId: order.id,
        carrierCompanyId: carrier.id,
        customerCompanyId: customer.id,
        caseType: 'Detention',
        subject: 'Detention at the receiver',
      })
      .returning(['id', 'caseNumber'])
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('caseInvolvedParties')
      .values({ caseId: theCase.id, companyId: carrier.id, partyRole: 'Carrier' })
      .execute();
    const apInvoice = await tx
      .insertInto('apInvoices')
      .values({
        shipmentId: shipment.id,
        carrierCompanyId: carrier.id,
        factoringCompanyId: factoring.id,
        status: 3,
        invoiceAmountCents: 230_000,
      })
      .returning(['id', 'invoiceNumber'])
      .executeTakeFirstOrThrow();
    const payment = await tx
      .insertInto('payments')
      .values({
        checkNumber: `CHK-${randomUUID().slice(0, 8)}`,
        carrierCompanyId: carrier.id,
        payeeCompanyId: factoring.id,
        paymentDate: '2025-06-05',
        amountCents: 230_000,
      })
      .returning(['id', 'checkNumber'])
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('paymentApplications')
      .values({ paymentId: payment.id, apInvoiceId: apInvoice.id, amountCents: 230_000 })
      .execute();
    const thirdPartyInvoice = await tx
      .insertInto('thirdPartyInvoices')
      .values({
        shipmentId: shipment.id,
        shipmentNumber: shipment.shipmentNumber,
        operatorCompanyId: shipment.operatorCompanyId,
        carrierCompanyId: carrier.id,
        customerCompanyId: customer.id,
        factoringCompanyId: factoring.id,
        invoiceAmountCents: 120_000,
      })
      .returning(['id', 'invoiceNumber'])
      .executeTakeFirstOrThrow();
    const document = await tx
      .insertInto('documents')
      .values({
        companyId: carrier.id,
        fileType: 12,
        entityType: 5,
        entityId: shipment.id,
        name: 'Proof of delivery',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: 1024,
        sha256: 'f'.repeat(64),
        storageKey: `foreign/${randomUUID()}.pdf`,
        shipmentId: shipment.id,
        orderStopId: pickupStop.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const note = await tx
      .insertInto('notes')
      .values({
        entityType: 5,
        entityId: shipment.id,
        companyId: carrier.id,
        noteContent: 'Receiver asked for a new appointment',
        noteHtml: '<p>Receiver asked for a new appointment</p>',
        createdBy: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const location = await tx
      .insertInto('locations')
      .values({
        companyId: carrier.id,
        locationNumber: `L-${randomUUID().slice(0, 8)}`,
        name: 'Faraway Terminal',
        addressLine1: '1 Far Road',
        city: 'Fargo',
        province: 'ND',
        postalCode: '58102',
        ianaTimezone: 'America/Chicago',
      })
      .returning(['id', 'locationNumber'])
      .executeTakeFirstOrThrow();
    const dockSchedule = await tx
      .insertInto('dockSchedules')
      .values({ locationId: location.id, companyId: carrier.id, name: 'Faraway Dock' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trailer = await tx
      .insertInto('trailers')
      .values({ carrierCompanyId: carrier.id, trailerNumber: 'FAR-53', equipmentType: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const powerUnit = await tx
      .insertInto('powerUnits')
      .values({ carrierCompanyId: carrier.id, unitNumber: 'FAR-T1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apiKey = await tx
      .insertInto('apiKeys')
      .values({
        companyId: carrier.id,
        name: 'Faraway TMS',
        keyPrefix: 'cpk_faraway',
        keyHash: hashOpaqueToken(`cpk_${randomUUID()}`),
        permissions: [Permission.CarrierPortal],
        createdBy: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accessRequest = await tx
      .insertInto('accessRequests')
      .values({
        companyId: carrier.id,
        firstName: 'Far',
        lastName: 'Away',
        email: `far.away.${randomUUID().slice(0, 6)}@faraway.test`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const driverLink = await tx
      .insertInto('driverLinks')
      .values({
        companyId: carrier.id,
        driverId: driver.id,
        tokenHash: hashOpaqueToken(`drv_${randomUUID()}`),
        createdBy: admin.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const filterSet = await tx
      .insertInto('savedFilterSets')
      .values({
        userId: admin.id,
        companyId: carrier.id,
        listName: 'tracking',
        viewName: 'Faraway loads',
        filterFields: JSON.stringify({ statuses: [5] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trackingProblem = await tx
      .insertInto('trackingProblems')
      .values({
        shipmentId: shipment.id,
        problemType: 'Late',
        description: 'Stuck at the border',
        reportedBy: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const savedLane = await tx
      .insertInto('savedLanes')
      .values({
        companyId: carrier.id,
        userId: admin.id,
        originCity: 'Fargo',
        originState: 'ND',
        originPostalCode: '58102',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const equipmentPosting = await tx
      .insertInto('equipmentPostings')
      .values({
        carrierCompanyId: carrier.id,
        equipmentTypes: 1,
        city: 'Fargo',
        state: 'ND',
        postalCode: '58102',
        latitude: 46.87,
        longitude: -96.79,
        availableFrom: new Date(),
        availableTo: new Date(Date.now() + 48 * 3600 * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessionReplay = await tx
      .insertInto('sessionReplays')
      .values({
        id: randomUUID(),
        userId: admin.id,
        companyId: carrier.id,
        userContext: JSON.stringify({ id: admin.id, name: 'Foreign Admin' }),
        firstPath: '/dashboard',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('sessionReplayChunks')
      .values({
        replayId: sessionReplay.id,
        sequence: 0,
        events: JSON.stringify([{ type: 4, data: {}, timestamp: 1 }]),
        sizeBytes: 40,
      })
      .execute();
    return {
      companies: { customer, factoring, carrier },
      users: { admin, driver },
      order,
      shipment,
      shipmentStopId: shipmentStop.id,
      orderStopId: pickupStop.id,
      trip,
      tender,
      offer,
      rateRequest,
      rate,
      theCase,
      apInvoice,
      payment,
      thirdPartyInvoice,
      document,
      note,
      location,
      dockSchedule,
      trailer: { ...trailer, trailerNumber: 'FAR-53' },
      powerUnit: { ...powerUnit, unitNumber: 'FAR-T1' },
      filterSet,
      trackingProblem,
      apiKey,
      accessRequest,
      driverLink,
      savedLane,
      equipmentPosting,
      sessionReplay,
    };
  });
}

export type ForeignWorld = Awaited<ReturnType<typeof makeForeignWorld>>;
