import {
  DocumentType,
  EntityType,
  equipmentDisplayNamesFromMask,
  ShipmentStatus,
  shipmentStatusDisplayName,
  ShipmentTask,
} from '@portal/domain';
import type {
  CreateBillOfLadingBody,
  RateConfirmationState,
  ShipmentPaperworkAnswer,
  ShipmentPaperworkDocument,
  SignRateConfirmationBody,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Documents } from '../../db/schema.generated';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { saveDocument } from '../../shared/documents/save-document';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import {
  findVisibleShipment,
  parseShipmentKey,
  shipmentActor,
  shipmentRelation,
  withVisibleShipment,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import { recordShipmentHistory } from '../../shared/shipments/history';
import { iso } from '../../shared/shipments/present';
import { assertTask } from '../../shared/shipments/reported-time';
import { loadStopRecords, type ShipmentStopRow } from '../../shared/shipments/stops';
import {
  billOfLadingPdf,
  rateConfirmationPdf,
  signedAtText,
  stampSignature,
  stopWindowLines,
  usDate,
  type PdfParty,
  type PdfStop,
  type SignatureBox,
} from '../../shared/documents/paperwork-pdf';
import { nextPaperworkName, paperworkDocuments } from './repository';

type DocumentRow = Selectable<Documents>;

function presentDocument(row: DocumentRow): ShipmentPaperworkDocument {
  return {
    id: row.id,
    name: row.name,
    type: row.fileType,
    extension: row.extension,
    fileURL: `/api/v1/documents/${row.id}`,
    entityType: row.entityType,
    entityId: row.entityId,
    entityDescription: row.entityDescription,
    required: false,
    createdAt: iso(row.createdAt)!,
  };
}

const dataOf = (row: DocumentRow): Record<string, unknown> =>
  (typeof row.additionalData === 'string'
    ? (JSON.parse(row.additionalData) as Record<string, unknown>)
    : (row.additionalData as Record<string, unknown> | null)) ?? {};

function assertPaperworkStage(shipment: ShipmentRow, what: string) {
  const status = shipment.status as ShipmentStatus;
  if (status < ShipmentStatus.Booked || shipment.carrierCompanyId === null) {
    throw conflict(
      `${what} is made once the shipment is booked; shipment ${shipment.shipmentNumber} is ${shipmentStatusDisplayName(status)}.`,
    );
  }
}

async function companyParty(tx: Tx, companyId: string, extra: string[] = []): Promise<PdfParty> {
  const company = await tx
    .selectFrom('companies')
    .select(['name', 'mcNumber', 'dotNumber', 'scac'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    name: company.name,
    lines: [
      [
        company.mcNumber ? `MC ${company.mcNumber}` : null,
        company.dotNumber ? `DOT ${company.dotNumber}` : null,
      ]
        .filter(Boolean)
        .join('  '),
      company.scac ? `SCAC ${company.scac}` : '',
      ...extra,
    ].filter((line) => line !== ''),
  };
}

function stopParty(stop: ShipmentStopRow): PdfParty {
  return {
    name: stop.locationName,
    lines: [
      stop.addressLine1 ?? '',
      `${stop.city}, ${stop.state} ${stop.postalCode}`,
      stop.country,
    ].filter((line) => line !== ''),
  };
}

function window(stop: ShipmentStopRow): string[] {
  return stopWindowLines({
    appointmentAt: stop.appointmentAt ? new Date(stop.appointmentAt) : null,
    earlyAt: stop.earlyAt ? new Date(stop.earlyAt) : null,
    lateAt: stop.lateAt ? new Date(stop.lateAt) : null,
    timeZone: stop.ianaTimezone,
  });
}

// ---- Bill of lading ----

/**
 * Create BOL: a bill of lading for the freight moving from one pickup to one delivery of the order,
 * drawn from the shipment's data and stored as a Bill of Lading (16) on the shipment.
 */
export async function createBillOfLading(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: CreateBillOfLadingBody,
  request: IdempotentRequest,
) {
  const key = parseShipmentKey(id);
  return runIdempotent<ShipmentPaperworkAnswer>(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    assertTask(ShipmentTask.CreateBillOfLading, shipmentActor(shipmentRelation(caller, shipment)));
    if (body.shipmentId.toLowerCase() !== shipment.id) {
      throw invalidField('shipmentId', 'shipmentId does not match the shipment in the path');
    }
    if (shipment.orderId === null || body.orderId.toLowerCase() !== shipment.orderId) {
      throw invalidField('orderId', 'orderId is not the order of this shipment');
    }
    assertPaperworkStage(shipment, 'A bill of lading');
    if (shipment.status === ShipmentStatus.Voided) throw conflict('The shipment is voided.');
    const records = await loadStopRecords(tx, shipment);
    const pickup = records.stops.find(
      (stop) => stop.orderStopId === body.pickupOrderStopId.toLowerCase(),
    );
    const delivery = records.stops.find(
      (stop) => stop.orderStopId === body.deliveryOrderStopId.toLowerCase(),
    );
    if (!pickup || pickup.stopType !== 'Pickup') {
      throw invalidField(
        'pickupOrderStopId',
        'pickupOrderStopId is not a pickup stop of this order',
      );
    }
    if (!delivery || delivery.stopType !== 'Delivery') {
      throw invalidField(
        'deliveryOrderStopId',
        'deliveryOrderStopId is not a delivery stop of this order',
      );
    }
    const items = records.lineItems.filter(
      (item) =>
        item.pickupStopId === pickup.orderStopId && item.deliveryStopId === delivery.orderStopId,
    );
    if (items.length === 0) {
      throw invalidField(
        'deliveryOrderStopId',
        `No freight moves from stop ${pickup.stopNumber} to stop ${delivery.stopNumber}`,
      );
    }
    const order = await tx
      .selectFrom('orders')
      .select([
        'orderNumber',
        'specialInstructions',
        'hazmatEmergencyContactInfo',
        'purchaseOrderNumber',
      ])
      .where('id', '=', shipment.orderId)
      .executeTakeFirstOrThrow();
    const references = await tx
      .selectFrom('referenceNumbers')
      .select(['label', 'value', 'orderStopId'])
      .where('orderId', '=', shipment.orderId)
      .orderBy('label')
      .execute();
    const [trailer, carrier, billTo] = await Promise.all([
      shipment.trailerId
        ? tx
            .selectFrom('trailers')
            .select('trailerNumber')
            .where('id', '=', shipment.trailerId)
            .executeTakeFirst()
        : undefined,
      companyParty(tx, shipment.carrierCompanyId!),
      companyParty(tx, shipment.operatorCompanyId),
    ]);
    if (trailer) carrier.lines.push(`Trailer ${trailer.trailerNumber}`);
    if (shipment.shippingProNumber) carrier.lines.push(`PRO ${shipment.shippingProNumber}`);
    const bolNumber = `${shipment.shipmentNumber}-${pickup.stopNumber}${delivery.stopNumber}`;
    const bytes = await billOfLadingPdf({
      bolNumber,
      shipmentNumber: shipment.shipmentNumber,
      orderNumber: order.orderNumber,
      date: usDate(
        new Date(pickup.appointmentAt ?? pickup.earlyAt ?? new Date()),
        pickup.ianaTimezone,
      ),
      shipFrom: stopParty(pickup),
      shipTo: stopParty(delivery),
      carrier,
      billTo,
      references: references
        .filter(
          (reference) =>
            reference.orderStopId === null ||
            reference.orderStopId === pickup.orderStopId ||
            reference.orderStopId === delivery.orderStopId,
        )
        .map((reference) => `${reference.label}: ${reference.value}`),
      specialInstructions: order.specialInstructions,
      emergencyContact: items.some((item) => item.isHazmat)
        ? order.hazmatEmergencyContactInfo
        : null,
      lineItems: items.map((item) => ({
        handlingUnits: item.packageCount,
        packageType: item.packageType,
        pieces: item.pieceCount,
        weightPounds: item.weightPounds,
        description: item.description,
        freightClass: item.freightClass,
        hazmat: item.isHazmat
          ? [
              item.unNumber,
              item.hazmatClass ? `Class ${item.hazmatClass}` : null,
              item.hazmatGroup ? `PG ${item.hazmatGroup}` : null,
            ]
              .filter(Boolean)
              .join(', ')
          : null,
      })),
    });
    const document = await saveDocument(tx, ctx.documents, {
      companyId: caller.companyId,
      fileType: DocumentType.BillOfLading,
      entityType: EntityType.SHIPMENT,
      entityId: shipment.id,
      entityDescription: `Shipment ${shipment.shipmentNumber}`,
      name: await nextPaperworkName(tx, shipment.id, DocumentType.BillOfLading, `BOL_${bolNumber}`),
      extension: 'pdf',
      contentType: 'application/pdf',
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      additionalData: JSON.stringify({
        bolNumber,
        pickupOrderStopId: pickup.orderStopId,
        deliveryOrderStopId: delivery.orderStopId,
      }),
      uploadedBy: caller.userId,
      bytes,
    });
    await recordShipmentHistory(tx, {
      shipmentId: shipment.id,
      userId: caller.userId,
      action: 'BillOfLadingCreated',
      detail: { bolNumber, documentId: document.id },
    });
    return { status: 201, body: { data: presentDocument(document) } };
  });
}

// ---- Rate confirmation ----

async function rateConfirmationState(
  tx: Tx,
  shipment: ShipmentRow,
): Promise<RateConfirmationState> {
  const [confirmations, signedCopies] = await Promise.all([
    paperworkDocuments(tx, shipment.id, DocumentType.CarrierConfirmation),
    paperworkDocuments(tx, shipment.id, DocumentType.SignedRateConfirmation),
  ]);
  const confirmation = confirmations[0] ?? null;
  const signed =
    (confirmation
      ? signedCopies.find((copy) => dataOf(copy).confirmationDocumentId === confirmation.id)
      : signedCopies[0]) ?? null;
  const signature = signed ? dataOf(signed) : {};
  return {
    data: {
      rateConfirmationDocument: signed
        ? presentDocument(signed)
        : confirmation
          ? presentDocument(confirmation)
          : null,
      confirmation: confirmation ? presentDocument(confirmation) : null,
      signed: signed ? presentDocument(signed) : null,
      isSigned: signed !== null,
      signedBy: typeof signature.signerName === 'string' ? signature.signerName : null,
      signedAt:
        typeof signature.signedAt === 'string'
          ? signature.signedAt
          : signed
            ? iso(signed.createdAt)
            : null,
    },
  };
}

export function getRateConfirmation(ctx: AppContext, caller: Caller, id: string) {
  return withVisibleShipment(ctx, caller, id, (tx, shipment) =>
    rateConfirmationState(tx, shipment),
  );
}

/** Generates the rate confirmation (Carrier Confirmation, 17) from the booked rate and the stops. */
export async function generateRateConfirmation(
  ctx: AppContext,
  caller: Caller,
  id: string,
  request: IdempotentRequest,
) {
  const key = parseShipmentKey(id);
  return runIdempotent<RateConfirmationState>(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    assertTask(
      ShipmentTask.GenerateRateConfirmation,
      shipmentActor(shipmentRelation(caller, shipment)),
    );
    assertPaperworkStage(shipment, 'A rate confirmation');
    if (shipment.carrierRateCents === null) {
      throw conflict(`Shipment ${shipment.shipmentNumber} has no carrier rate to confirm.`);
    }
    const records = await loadStopRecords(tx, shipment);
    const order = shipment.orderId
      ? await tx
          .selectFrom('orders')
          .select([
            'orderNumber',
            'isTeamRequired',
            'isHazmat',
            'reeferTemperature',
            'specialInstructions',
          ])
          .where('id', '=', shipment.orderId)
          .executeTakeFirst()
      : undefined;
    const requirements = shipment.orderId
      ? await tx
          .selectFrom('orderRequirements')
          .select(['requirement'])
          .where('orderId', '=', shipment.orderId)
          .execute()
      : [];
    const references = shipment.orderId
      ? await tx
          .selectFrom('referenceNumbers')
          .select(['label', 'value', 'orderStopId'])
          .where('orderId', '=', shipment.orderId)
          .orderBy('label')
          .execute()
      : [];
    const [operator, carrier] = await Promise.all([
      companyParty(tx, shipment.operatorCompanyId),
      companyParty(tx, shipment.carrierCompanyId!),
    ]);
    const stops: PdfStop[] = records.stops.map((stop) => ({
      stopNumber: stop.stopNumber,
      stopType: stop.stopType,
      name: stop.locationName,
      address: [stop.addressLine1, `${stop.city}, ${stop.state} ${stop.postalCode}`]
        .filter(Boolean)
        .join(', '),
      details: [
        ...window(stop),
        ...references
          .filter((reference) => reference.orderStopId === stop.orderStopId)
          .map((reference) => `${reference.label}: ${reference.value}`),
      ],
    }));
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const equipment = [
      equipmentDisplayNamesFromMask(shipment.equipmentTypes).join(' or '),
      shipment.equipmentLengthFeet ? `${shipment.equipmentLengthFeet} ft` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const { bytes, signatureBox } = await rateConfirmationPdf({
      shipmentNumber: shipment.shipmentNumber,
      orderNumber: order?.orderNumber ?? '',
      issuedOn: usDate(new Date()),
      operator,
      carrier,
      equipment,
      weight: shipment.totalWeightPounds
        ? `${shipment.totalWeightPounds.toLocaleString('en-US')} lb`
        : '',
      miles: shipment.totalMiles ? shipment.totalMiles.toLocaleString('en-US') : '',
      rate: money.format(shipment.carrierRateCents / 100),
      rateType: shipment.rateType ?? 'Flat',
      stops,
      requirements: [
        ...(order?.isTeamRequired ? ['Team drivers'] : []),
        ...(order?.isHazmat ? ['Hazardous materials: placards and endorsement required'] : []),
        ...(order?.reeferTemperature !== null && order?.reeferTemperature !== undefined
          ? [`Reefer set point ${order.reeferTemperature} F`]
          : []),
        ...requirements.map((row) => row.requirement),
        ...(order?.specialInstructions ? [order.specialInstructions] : []),
      ],
      references: references
        .filter((reference) => reference.orderStopId === null)
        .map((reference) => `${reference.label}: ${reference.value}`),
    });
    const document = await saveDocument(tx, ctx.documents, {
      companyId: shipment.operatorCompanyId,
      fileType: DocumentType.CarrierConfirmation,
      entityType: EntityType.SHIPMENT,
      entityId: shipment.id,
      entityDescription: `Shipment ${shipment.shipmentNumber}`,
      name: await nextPaperworkName(
        tx,
        shipment.id,
        DocumentType.CarrierConfirmation,
        `CarrierConfirmation_${shipment.shipmentNumber}`,
      ),
      extension: 'pdf',
      contentType: 'application/pdf',
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      additionalData: JSON.stringify({
        signatureBox,
        carrierRateCents: shipment.carrierRateCents,
        carrierCompanyId: shipment.carrierCompanyId,
      }),
      uploadedBy: caller.userId,
      bytes,
    });
    await recordShipmentHistory(tx, {
      shipmentId: shipment.id,
      userId: caller.userId,
      action: 'RateConfirmationCreated',
      detail: { documentId: document.id, rate: (shipment.carrierRateCents / 100).toFixed(2) },
    });
    return { status: 201, body: await rateConfirmationState(tx, shipment) };
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The carrier signs the current rate confirmation: its typed name and the time are stamped into the
 * PDF, stored as the Signed Rate Confirmation (41). A confirmation replaced by a newer one, or
 * already signed, cannot be signed.
 */
export async function signRateConfirmation(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: SignRateConfirmationBody,
  request: IdempotentRequest,
) {
  const key = parseShipmentKey(id);
  return runIdempotent<RateConfirmationState>(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key, { forUpdate: true });
    assertTask(
      ShipmentTask.SignRateConfirmation,
      shipmentActor(shipmentRelation(caller, shipment)),
    );
    if (shipment.status === ShipmentStatus.Voided) throw conflict('The shipment is voided.');
    const state = await rateConfirmationState(tx, shipment);
    const current = state.data.confirmation;
    if (!current) throw notFound('Rate confirmation');
    if (current.id !== body.documentId.toLowerCase()) {
      const exists = await tx
        .selectFrom('documents')
        .select('id')
        .where('id', '=', body.documentId.toLowerCase())
        .where('shipmentId', '=', shipment.id)
        .where('fileType', '=', DocumentType.CarrierConfirmation)
        .executeTakeFirst();
      if (!exists)
        throw invalidField('documentId', 'documentId is not a rate confirmation of this shipment');
      throw conflict(
        'A newer rate confirmation replaced this one: review and sign the current one.',
      );
    }
    if (state.data.isSigned) {
      throw conflict(
        `This rate confirmation was already signed by ${state.data.signedBy ?? 'the carrier'}.`,
      );
    }
    const row = await tx
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', current.id)
      .executeTakeFirstOrThrow();
    const box = dataOf(row).signatureBox as SignatureBox | undefined;
    const original = await readAll(await ctx.documents.get(row.storageKey));
    const now = new Date();
    const carrier = await tx
      .selectFrom('companies')
      .select('name')
      .where('id', '=', shipment.carrierCompanyId!)
      .executeTakeFirstOrThrow();
    // The signing time is written in the zone of the first stop, where the load starts.
    const firstStop = await tx
      .selectFrom('shipmentStops')
      .select('ianaTimezone')
      .where('shipmentId', '=', shipment.id)
      .orderBy('stopNumber')
      .executeTakeFirst();
    const zone = firstStop?.ianaTimezone ?? 'America/Chicago';
    const signerName = body.signerName.trim();
    const signerTitle = body.signerTitle?.trim() || null;
    const bytes = await stampSignature(
      original,
      box ?? { page: 0, x: 48, y: 90, width: 300, height: 46 },
      {
        signerName,
        signerTitle,
        carrierName: carrier.name,
        signedAtText: signedAtText(now, zone),
        signedAt: now,
      },
    );
    const signed = await saveDocument(tx, ctx.documents, {
      companyId: shipment.carrierCompanyId!,
      fileType: DocumentType.SignedRateConfirmation,
      entityType: EntityType.SHIPMENT,
      entityId: shipment.id,
      entityDescription: `Shipment ${shipment.shipmentNumber}`,
      name: await nextPaperworkName(
        tx,
        shipment.id,
        DocumentType.SignedRateConfirmation,
        `RateConfirmation_${shipment.shipmentNumber}_signed`,
      ),
      extension: 'pdf',
      contentType: 'application/pdf',
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      additionalData: JSON.stringify({
        confirmationDocumentId: current.id,
        signerName,
        signerTitle,
        signedAt: now.toISOString(),
        signedByUserId: caller.userId,
      }),
      uploadedBy: caller.userId,
      bytes,
    });
    await recordShipmentHistory(tx, {
      shipmentId: shipment.id,
      userId: caller.userId,
      action: 'RateConfirmationSigned',
      detail: { documentId: signed.id, signerName, signerTitle },
      occurredAt: now,
    });
    return { status: 201, body: await rateConfirmationState(tx, shipment) };
  });
}
