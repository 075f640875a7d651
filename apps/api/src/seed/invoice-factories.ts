import { DocumentType, EntityType } from '@portal/domain';
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database';
import type { ApInvoices, ThirdPartyInvoices } from '../db/schema.generated';
import type { makeShipment } from './factories';

// Factories for third-party payer invoices, with overrides; like factories.ts, each takes a
// transaction run as the system role and answers what it made.

type MadeShipment = Awaited<ReturnType<typeof makeShipment>>;

export interface ThirdPartyInvoiceOverrides {
  /** The shipment the invoice bills, as makeShipment made it. */
  made: MadeShipment;
  carrierCompanyId: string;
  factoringCompanyId?: string | null;
  /** Billing settings between the carrier and the shipment's customer (the payer); made when true. */
  withBillingSettings?: boolean;
  paymentTermsDays?: number;
  invoice?: Partial<Insertable<ThirdPartyInvoices>>;
  charges?: { description: string; chargeTypeName: string; rateCents: number; units: number }[];
  /** A proof of delivery is required for the delivery stop (default true); uploaded when true. */
  podRequired?: boolean;
  podUploaded?: boolean;
}

export async function makeThirdPartyInvoice(tx: Tx, overrides: ThirdPartyInvoiceOverrides) {
  const { made } = overrides;
  const settings = overrides.withBillingSettings
    ? await tx
        .insertInto('thirdPartyBillingSettings')
        .values({
          carrierCompanyId: overrides.carrierCompanyId,
          payerCompanyId: made.shipment.customerCompanyId,
          paymentTermsDays: overrides.paymentTermsDays ?? 30,
        })
        .onConflict((conflict) =>
          conflict.columns(['carrierCompanyId', 'payerCompanyId']).doUpdateSet({ isActive: true }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    : null;
  const charges = overrides.charges ?? [
    { description: 'Line haul', chargeTypeName: 'LineHaul', rateCents: 180_000, units: 1 },
    { description: 'Fuel surcharge', chargeTypeName: 'FuelSurcharge', rateCents: 55, units: 720 },
  ];
  const amount = Math.round(
    charges.reduce((sum, charge) => sum + charge.rateCents * charge.units, 0),
  );
  const invoice = await tx
    .insertInto('thirdPartyInvoices')
    .values({
      shipmentId: made.shipment.id,
      shipmentNumber: made.shipment.shipmentNumber,
      operatorCompanyId: made.shipment.operatorCompanyId,
      carrierCompanyId: overrides.carrierCompanyId,
      customerCompanyId: made.shipment.customerCompanyId,
      factoringCompanyId: overrides.factoringCompanyId ?? null,
      billingSettingsId: settings?.id ?? null,
      invoiceAmountCents: amount,
      loadDate: made.shipment.pickupAt?.toISOString().slice(0, 10) ?? null,
      ...overrides.invoice,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (charges.length > 0) {
    await tx
      .insertInto('thirdPartyInvoiceCharges')
      .values(charges.map((charge) => ({ ...charge, thirdPartyInvoiceId: invoice.id })))
      .execute();
  }
  if (overrides.podRequired ?? true) {
    await tx
      .insertInto('requiredDocuments')
      .values({
        fileType: DocumentType.ProofOfDelivery,
        description: `Proof of delivery, stop ${made.deliveryStop.stopNumber}`,
        entityType: EntityType.ORDER_STOP,
        shipmentId: made.shipment.id,
        orderId: made.order.id,
        orderStopId: made.deliveryStop.id,
        thirdPartyInvoiceId: invoice.id,
      })
      .execute();
    if (overrides.podUploaded) await uploadProofOfDelivery(tx, made, overrides.carrierCompanyId);
  }
  return { invoice, settingsId: settings?.id ?? null, amountCents: amount };
}

/** A proof-of-delivery row on the shipment's delivery stop (the file itself is not needed here). */
export async function uploadProofOfDelivery(tx: Tx, made: MadeShipment, companyId: string) {
  return tx
    .insertInto('documents')
    .values({
      companyId,
      fileType: DocumentType.ProofOfDelivery,
      entityType: EntityType.ORDER_STOP,
      entityId: made.deliveryStop.id,
      entityDescription: `Stop ${made.deliveryStop.stopNumber}`,
      name: `POD_${made.shipment.shipmentNumber}.pdf`,
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: 1024,
      sha256: '0'.repeat(64),
      storageKey: `test/${made.deliveryStop.id}/${Math.random().toString(36).slice(2)}`,
      shipmentId: made.shipment.id,
      orderId: made.order.id,
      orderStopId: made.deliveryStop.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ApInvoiceOverrides {
  /** The shipment the carrier bills, as makeShipment made it. */
  made: MadeShipment;
  carrierCompanyId: string;
  factoringCompanyId?: string | null;
  invoice?: Partial<Insertable<ApInvoices>>;
  charges?: {
    description: string;
    chargeTypeName: string;
    rateCents: number;
    units: number;
    caseId?: string | null;
  }[];
  /** A proof of delivery on the delivery stop. */
  podUploaded?: boolean;
}

/**
 * A carrier (AP) invoice for a shipment, with its charges and its required documents (a proof of
 * delivery per delivery stop and the bill of lading), as the demo world writes them.
 */
export async function makeApInvoice(tx: Tx, overrides: ApInvoiceOverrides) {
  const { made } = overrides;
  const charges = overrides.charges ?? [
    { description: 'Line haul', chargeTypeName: 'LineHaul', rateCents: 180_000, units: 1 },
    { description: 'Fuel surcharge', chargeTypeName: 'FuelSurcharge', rateCents: 55, units: 720 },
  ];
  const amount = Math.round(
    charges.reduce((sum, charge) => sum + charge.rateCents * charge.units, 0),
  );
  const invoice = await tx
    .insertInto('apInvoices')
    .values({
      shipmentId: made.shipment.id,
      carrierCompanyId: overrides.carrierCompanyId,
      factoringCompanyId: overrides.factoringCompanyId ?? null,
      invoiceAmountCents: amount,
      shipmentDate: made.shipment.pickupAt?.toISOString().slice(0, 10) ?? null,
      ...overrides.invoice,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (charges.length > 0) {
    await tx
      .insertInto('apInvoiceCharges')
      .values(charges.map((charge) => ({ ...charge, apInvoiceId: invoice.id })))
      .execute();
  }
  await tx
    .insertInto('requiredDocuments')
    .values([
      {
        fileType: DocumentType.ProofOfDelivery,
        description: `Proof of delivery, stop ${made.deliveryStop.stopNumber}`,
        entityType: EntityType.ORDER_STOP,
        shipmentId: made.shipment.id,
        orderId: made.order.id,
        orderStopId: made.deliveryStop.id,
        apInvoiceId: invoice.id,
      },
      {
        fileType: DocumentType.BillOfLading,
        description: 'Signed bill of lading',
        entityType: EntityType.SHIPMENT,
        shipmentId: made.shipment.id,
        orderId: made.order.id,
        apInvoiceId: invoice.id,
      },
    ])
    .execute();
  if (overrides.podUploaded) await uploadProofOfDelivery(tx, made, overrides.carrierCompanyId);
  return { invoice, amountCents: amount };
}
