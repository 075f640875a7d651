import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DocumentType,
  EntityType,
  Permission,
  Role,
  ShipmentStatus,
  ThirdPartyInvoiceStatus,
} from '@portal/domain';
import type { Database } from '../src/db/database';
import { repoRoot } from '../src/shared/paths';
import { makeShipment, makeUser } from '../src/seed/factories';
import { makeTestWorld, TEST_PASSWORD } from './world';

/** The sample files the document tests upload (made by scripts/make-document-fixtures.ts). */
export const fixtures = {
  pdf: readFileSync(join(repoRoot, 'e2e/fixtures/documents/delivery-packet.pdf')),
  tiff: readFileSync(join(repoRoot, 'e2e/fixtures/documents/delivery-scan.tif')),
  png: readFileSync(join(repoRoot, 'e2e/fixtures/documents/lumper-receipt.png')),
  jpeg: readFileSync(join(repoRoot, 'e2e/fixtures/documents/trailer-photo.jpg')),
};

let counter = 0;
const uniqueNumber = (base: number) => String(base + (Date.now() % 100_000) * 10 + counter++);

/**
 * The test world plus what documents and notes hang off: the carrier's delivered shipment with a
 * third-party invoice (requiring the proof of delivery and the bill of lading), a settled invoice,
 * an AP invoice and a case; another carrier's shipment; freight on the load board.
 */
export async function makePaperworkWorld(db: Database) {
  const world = await makeTestWorld(db);
  return db.system(async (tx) => {
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    const delivered = await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Delivered,
      originPostalCode: '60601',
      destinationPostalCode: '75201',
      shipment: { shipmentNumber: uniqueNumber(7_100_000) },
    });
    const settledShipment = await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.DeliveryConfirmed,
      shipment: { shipmentNumber: uniqueNumber(7_200_000) },
    });
    const other = await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.otherCarrier.id,
      status: ShipmentStatus.InTransit,
      shipment: { shipmentNumber: uniqueNumber(7_300_000) },
    });
    const loadBoard = await makeShipment(tx, {
      ...base,
      status: ShipmentStatus.ReadyToBook,
      shipment: { shipmentNumber: uniqueNumber(7_400_000) },
    });
    await tx
      .insertInto('shipmentDrivers')
      .values({
        shipmentId: delivered.shipment.id,
        driverId: world.users.driver.id,
        carrierCompanyId: world.carrier.id,
      })
      .execute();

    const settings = await tx
      .insertInto('thirdPartyBillingSettings')
      .values({
        carrierCompanyId: world.carrier.id,
        payerCompanyId: world.customer.id,
        requiredDocumentTypes: [DocumentType.ProofOfDelivery, DocumentType.BillOfLading],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const invoice = await tx
      .insertInto('thirdPartyInvoices')
      .values({
        invoiceNumber: `TP${uniqueNumber(8_100_000)}`,
        shipmentId: delivered.shipment.id,
        shipmentNumber: delivered.shipment.shipmentNumber,
        operatorCompanyId: delivered.shipment.operatorCompanyId,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        factoringCompanyId: world.factoring.id,
        billingSettingsId: settings.id,
        status: ThirdPartyInvoiceStatus.DRAFT,
        invoiceAmountCents: 230_000,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const settledInvoice = await tx
      .insertInto('thirdPartyInvoices')
      .values({
        invoiceNumber: `TP${uniqueNumber(8_200_000)}`,
        shipmentId: settledShipment.shipment.id,
        shipmentNumber: settledShipment.shipment.shipmentNumber,
        operatorCompanyId: settledShipment.shipment.operatorCompanyId,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        status: ThirdPartyInvoiceStatus.SETTLED,
        invoiceAmountCents: 180_000,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('requiredDocuments')
      .values([
        {
          fileType: DocumentType.ProofOfDelivery,
          description: 'Proof of delivery, stop 2 (Dallas, TX)',
          entityType: EntityType.ORDER_STOP,
          shipmentId: delivered.shipment.id,
          orderId: delivered.order.id,
          orderStopId: delivered.deliveryStop.id,
          thirdPartyInvoiceId: invoice.id,
        },
        {
          fileType: DocumentType.BillOfLading,
          description: 'Signed bill of lading',
          entityType: EntityType.SHIPMENT,
          shipmentId: delivered.shipment.id,
          orderId: delivered.order.id,
          thirdPartyInvoiceId: invoice.id,
        },
      ])
      .execute();
    const apInvoice = await tx
      .insertInto('apInvoices')
      .values({
        invoiceNumber: uniqueNumber(4_100_000),
        shipmentId: delivered.shipment.id,
        carrierCompanyId: world.carrier.id,
        factoringCompanyId: world.factoring.id,
        invoiceAmountCents: 230_000,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const accessorial = await tx
      .insertInto('cases')
      .values({
        caseNumber: uniqueNumber(9_100_000),
        shipmentId: delivered.shipment.id,
        orderId: delivered.order.id,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        caseType: 'Detention',
        status: 'InProgress',
        subject: 'Detention at Dallas',
        description: 'Driver waited four hours at the receiver.',
        amountRequestedCents: 15_000,
        createdBy: world.users.carrierUser.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('caseInvolvedParties')
      .values([
        { caseId: accessorial.id, companyId: world.carrier.id, partyRole: 'Carrier' },
        { caseId: accessorial.id, companyId: world.customer.id, partyRole: 'Shipper' },
        { caseId: accessorial.id, companyId: world.operator.id, partyRole: 'Operator' },
      ])
      .execute();
    await tx
      .insertInto('caseHistory')
      .values([
        {
          caseId: accessorial.id,
          userId: world.users.carrierUser.id,
          action: 'Created',
          toValue: 'New',
          occurredAt: new Date(Date.now() - 3 * 3600_000),
        },
        {
          caseId: accessorial.id,
          userId: world.users.operatorUser.id,
          action: 'StatusChanged',
          fromValue: 'New',
          toValue: 'InProgress',
          occurredAt: new Date(Date.now() - 3600_000),
        },
      ])
      .execute();
    const otherCase = await tx
      .insertInto('cases')
      .values({
        caseNumber: uniqueNumber(9_200_000),
        shipmentId: other.shipment.id,
        carrierCompanyId: world.otherCarrier.id,
        customerCompanyId: world.customer.id,
        caseType: 'Lumper',
        subject: 'Lumper at the receiver',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('caseInvolvedParties')
      .values([{ caseId: otherCase.id, companyId: world.otherCarrier.id, partyRole: 'Carrier' }])
      .execute();

    // People to mention: a dispatcher at the carrier, a customer contact, operator staff.
    const dispatcher = await makeUser(tx, {
      companyId: world.carrier.id,
      firstName: 'Dana',
      lastName: 'Whitfield',
      password: TEST_PASSWORD,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
    const customerContact = await makeUser(tx, {
      companyId: world.customer.id,
      firstName: 'Danielle',
      lastName: 'Moreau',
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
    const staff = await makeUser(tx, {
      companyId: world.operator.id,
      firstName: 'Luis',
      lastName: 'Dansby',
      roles: [Role.Admin],
      permissions: [Permission.Admin],
    });
    const otherCarrierDan = await makeUser(tx, {
      companyId: world.otherCarrier.id,
      firstName: 'Dan',
      lastName: 'Other',
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });

    return {
      ...world,
      delivered,
      settledShipment,
      other,
      loadBoard,
      invoice,
      settledInvoice,
      apInvoice,
      accessorial,
      otherCase,
      people: { dispatcher, customerContact, staff, otherCarrierDan },
    };
  });
}

export type PaperworkWorld = Awaited<ReturnType<typeof makePaperworkWorld>>;

/** A multipart/form-data body: text fields, then a file part named "file". */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; contentType?: string },
) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
