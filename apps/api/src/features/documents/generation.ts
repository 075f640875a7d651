import PDFDocument from 'pdfkit';
import {
  DOCUMENT_TYPE_DISPLAY_NAMES,
  DocumentType,
  EntityType,
  ShipmentStatus,
  stopClockTime,
} from '@portal/domain';
import type { ResultId } from '@portal/contract';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import {
  discardStoredFile,
  insertDocumentRow,
  storeDocumentFile,
} from '../../shared/documents/save-document';
import { resolveShipment } from '../../shared/entities/entity-access';
import { conflict, forbidden, invalidField, notFound } from '../../shared/http/errors';

// PUT api/v2/documents/document-trigger/{shipmentId} {fileType}: the portal makes a shipment's
// paperwork from its own data: the straight bill of lading and the carrier (rate) confirmation.
// Triggering again replaces the previous generated copy.

const GENERATED_MARK = 'document-trigger';
const GENERATED_TYPES = [DocumentType.BillOfLading, DocumentType.CarrierConfirmation] as const;
type GeneratedType = (typeof GENERATED_TYPES)[number];

async function loadShipmentPaperwork(tx: Tx, shipmentId: string) {
  const shipment = await tx
    .selectFrom('shipments')
    .innerJoin('companies as operator', 'operator.id', 'shipments.operatorCompanyId')
    .innerJoin('companies as customer', 'customer.id', 'shipments.customerCompanyId')
    .leftJoin('companies as carrier', 'carrier.id', 'shipments.carrierCompanyId')
    .select([
      'shipments.id',
      'shipments.shipmentNumber',
      'shipments.status',
      'shipments.orderId',
      'shipments.operatorCompanyId',
      'shipments.carrierRateCents',
      'shipments.totalMiles',
      'shipments.shippingProNumber',
      'operator.name as operatorName',
      'customer.name as customerName',
      'carrier.name as carrierName',
      'carrier.scac as carrierScac',
      'carrier.mcNumber as carrierMc',
    ])
    .where('shipments.id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  const stops = await tx
    .selectFrom('shipmentStops')
    .select([
      'stopNumber',
      'stopType',
      'locationName',
      'addressLine1',
      'city',
      'state',
      'postalCode',
      'ianaTimezone',
      'earlyAt',
      'lateAt',
      'appointmentAt',
    ])
    .where('shipmentId', '=', shipmentId)
    .orderBy('stopNumber')
    .execute();
  const lineItems = shipment.orderId
    ? await tx
        .selectFrom('orderLineItems')
        .select([
          'description',
          'packageCount',
          'packageType',
          'weightPounds',
          'freightClass',
          'isHazmat',
          'unNumber',
        ])
        .where('orderId', '=', shipment.orderId)
        .orderBy('description')
        .execute()
    : [];
  const references = shipment.orderId
    ? await tx
        .selectFrom('referenceNumbers')
        .select(['label', 'value'])
        .where('orderId', '=', shipment.orderId)
        .where('orderStopId', 'is', null)
        .orderBy('label')
        .execute()
    : [];
  return { shipment, stops, lineItems, references };
}

type Paperwork = Awaited<ReturnType<typeof loadShipmentPaperwork>>;

function localTime(at: Date | string | null, zone: string): string {
  return at ? stopClockTime(at, zone) : 'Open';
}

function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 50,
      info: { Title: title, Creator: 'Carrier Portal' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

function header(doc: PDFKit.PDFDocument, title: string, subtitle: string) {
  doc.fillColor('#1565c0').font('Helvetica-Bold').fontSize(18).text(title);
  doc.fillColor('#1f2933').font('Helvetica').fontSize(10).text(subtitle).moveDown();
}

function stopBlock(doc: PDFKit.PDFDocument, stop: Paperwork['stops'][number]) {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${stop.stopType} ${stop.stopNumber}: ${stop.locationName}`);
  doc
    .font('Helvetica')
    .text(`${stop.addressLine1 ?? ''}, ${stop.city}, ${stop.state} ${stop.postalCode}`)
    .text(
      stop.appointmentAt
        ? `Appointment ${localTime(stop.appointmentAt, stop.ianaTimezone)}`
        : `Window ${localTime(stop.earlyAt, stop.ianaTimezone)} to ${localTime(stop.lateAt, stop.ianaTimezone)}`,
    )
    .moveDown(0.5);
}

function billOfLading({ shipment, stops, lineItems, references }: Paperwork) {
  return renderPdf(`Bill of Lading ${shipment.shipmentNumber}`, (doc) => {
    header(
      doc,
      'STRAIGHT BILL OF LADING',
      `Shipment ${shipment.shipmentNumber} - not negotiable - freight terms prepaid`,
    );
    doc.font('Helvetica').fontSize(10).text(`Shipper: ${shipment.customerName}`);
    doc.text(`Carrier: ${shipment.carrierName ?? 'Not yet assigned'}`);
    if (shipment.shippingProNumber) doc.text(`PRO: ${shipment.shippingProNumber}`);
    doc.text(`Third party freight charges bill to: ${shipment.operatorName}`).moveDown();
    for (const stop of stops) stopBlock(doc, stop);
    doc.font('Helvetica-Bold').text('Commodities').font('Helvetica');
    for (const item of lineItems) {
      doc.text(
        `${item.packageCount} ${item.packageType} - ${item.description} - ${item.weightPounds.toLocaleString('en-US')} lb${item.freightClass ? ` - class ${item.freightClass}` : ''}${item.isHazmat ? ` - HAZMAT ${item.unNumber ?? ''}` : ''}`,
      );
    }
    if (references.length) {
      doc.moveDown().font('Helvetica-Bold').text('References').font('Helvetica');
      for (const reference of references) doc.text(`${reference.label}: ${reference.value}`);
    }
    doc.moveDown(2).text('Shipper signature ______________________    Date __________');
    doc.moveDown().text('Carrier signature ______________________    Date __________');
  });
}

function carrierConfirmation({ shipment, stops, lineItems }: Paperwork) {
  return renderPdf(`Carrier Confirmation ${shipment.shipmentNumber}`, (doc) => {
    header(
      doc,
      'CARRIER RATE CONFIRMATION',
      `${shipment.operatorName} - shipment ${shipment.shipmentNumber}`,
    );
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Carrier: ${shipment.carrierName}${shipment.carrierScac ? ` (SCAC ${shipment.carrierScac})` : ''}${shipment.carrierMc ? `, MC ${shipment.carrierMc}` : ''}`,
      );
    const rate = ((shipment.carrierRateCents ?? 0) / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    doc.text(`Agreed rate, all in: ${rate}`);
    if (shipment.totalMiles) doc.text(`Miles: ${shipment.totalMiles.toLocaleString('en-US')}`);
    doc.moveDown();
    for (const stop of stops) stopBlock(doc, stop);
    const weight = lineItems.reduce((sum, item) => sum + item.weightPounds, 0);
    doc.text(`Total weight: ${weight.toLocaleString('en-US')} lb`).moveDown(2);
    doc.text(
      'Sign and return this confirmation before pickup. Detention, lumper and layover are paid only when requested through an accessorial request with receipts.',
    );
    doc.moveDown(2).text('Carrier signature ______________________    Date __________');
  });
}

const GENERATORS: Record<GeneratedType, (paperwork: Paperwork) => Promise<Buffer>> = {
  [DocumentType.BillOfLading]: billOfLading,
  [DocumentType.CarrierConfirmation]: carrierConfirmation,
};

const isGeneratedType = (type: number): type is GeneratedType =>
  (GENERATED_TYPES as readonly number[]).includes(type);

export async function triggerDocument(
  ctx: AppContext,
  caller: Caller,
  shipmentKey: string,
  fileType: number,
  log: { warn(object: object, message: string): void },
): Promise<ResultId> {
  if (!isGeneratedType(fileType)) {
    const allowed = GENERATED_TYPES.map(
      (type) => `${type} (${DOCUMENT_TYPE_DISPLAY_NAMES[type]})`,
    ).join(' or ');
    throw invalidField('fileType', `fileType must be ${allowed}`);
  }
  const paperwork = await ctx.db.tenant(caller.scope, async (tx) => {
    const shipment = await resolveShipment(tx, caller.scope, shipmentKey);
    if (!shipment) throw notFound('Shipment');
    if (!shipment.callerIsParty)
      throw forbidden(`Only the companies on ${shipment.description.toLowerCase()} can do this`);
    return loadShipmentPaperwork(tx, shipment.id);
  });
  const { shipment } = paperwork;
  if (shipment.status === ShipmentStatus.Voided)
    throw conflict(`Shipment ${shipment.shipmentNumber} is voided`);
  if (fileType === DocumentType.CarrierConfirmation && !shipment.carrierName)
    throw conflict(`Shipment ${shipment.shipmentNumber} has no carrier yet`);

  const bytes = await GENERATORS[fileType](paperwork);
  const name = `${fileType === DocumentType.BillOfLading ? 'BOL' : 'CarrierConfirmation'}_${shipment.shipmentNumber}.pdf`;
  // The operator's paperwork: the operator owns it, whoever asked for it.
  const stored = await storeDocumentFile(
    ctx.documents,
    shipment.operatorCompanyId,
    'application/pdf',
    { bytes },
  );
  let replaced: { storageKey: string }[] = [];
  try {
    const row = await ctx.db.tenant(caller.scope, async (tx) => {
      replaced = await tx
        .updateTable('documents')
        .set({ deletedAt: new Date() })
        .where('shipmentId', '=', shipment.id)
        .where('fileType', '=', fileType)
        .where('deletedAt', 'is', null)
        .where(sql<boolean>`additional_data ->> 'generatedBy' = ${GENERATED_MARK}`)
        .returning('storageKey')
        .execute();
      return insertDocumentRow(tx, stored, {
        companyId: shipment.operatorCompanyId,
        fileType,
        entityType: EntityType.SHIPMENT,
        entityId: shipment.id,
        entityDescription: `Shipment ${shipment.shipmentNumber}`,
        name,
        extension: 'pdf',
        contentType: 'application/pdf',
        shipmentId: shipment.id,
        orderId: shipment.orderId,
        additionalData: JSON.stringify({ generatedBy: GENERATED_MARK }),
        uploadedBy: caller.userId,
      });
    });
    for (const old of replaced) {
      await ctx.documents.delete(old.storageKey).catch((error: unknown) => {
        log.warn({ err: error }, 'could not remove a replaced generated document file');
      });
    }
    return { resultId: row.id };
  } catch (error) {
    await discardStoredFile(ctx.documents, stored);
    throw error;
  }
}
