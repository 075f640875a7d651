import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { Cases } from '../../db/schema.generated';

export function stopOfShipment(tx: Tx, shipmentId: string, stopId: string) {
  return tx
    .selectFrom('shipmentStops')
    .select([
      'id',
      'stopNumber',
      'stopType',
      'locationName',
      'city',
      'state',
      'ianaTimezone',
      'arrivedAt',
      'departedAt',
    ])
    .where('shipmentId', '=', shipmentId)
    .where('id', '=', stopId)
    .executeTakeFirst();
}

/** A detention request on the stop that still stands (not declined, withdrawn or voided). */
export function standingDetentionCase(tx: Tx, stopId: string) {
  return tx
    .selectFrom('cases')
    .select(['caseNumber'])
    .where('shipmentStopId', '=', stopId)
    .where('caseType', '=', 'Detention')
    .where('status', '<>', 'Voided')
    .where('resolutionType', 'not in', ['Declined', 'Withdrawn'])
    .executeTakeFirst();
}

export function companyBrief(tx: Tx, companyId: string) {
  return tx
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'isBroker',
      'factoringCompanyId',
      'detentionFreeMinutes',
      'detentionRateCents',
    ])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

export function insertCase(tx: Tx, row: Insertable<Cases>) {
  return tx
    .insertInto('cases')
    .values(row)
    .returning(['id', 'caseNumber', 'status', 'caseType', 'shipmentId'])
    .executeTakeFirstOrThrow();
}

export function insertParties(
  tx: Tx,
  caseId: string,
  parties: readonly { companyId: string; partyRole: string }[],
) {
  return tx
    .insertInto('caseInvolvedParties')
    .values(parties.map((party) => ({ caseId, ...party })))
    .execute();
}

export function addHistory(
  tx: Tx,
  entry: {
    caseId: string;
    userId: string;
    action: string;
    fromValue: string | null;
    toValue: string | null;
  },
) {
  return tx.insertInto('caseHistory').values(entry).execute();
}

/** The case as a change needs it, locked so two members of staff take turns. */
export function caseForUpdate(tx: Tx, caseId: string) {
  return tx
    .selectFrom('cases')
    .select([
      'id',
      'caseNumber',
      'caseType',
      'subject',
      'status',
      'resolutionType',
      'version',
      'amountRequestedCents',
      'assigneeUserId',
      'shipmentId',
      'carrierCompanyId',
    ])
    .where('id', '=', caseId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function updateCase(
  tx: Tx,
  caseId: string,
  changes: {
    status?: string;
    resolutionType?: string;
    amountApprovedCents?: number | null;
    assigneeUserId?: string | null;
    followUpAt?: Date | null;
  },
) {
  return tx
    .updateTable('cases')
    .set({ ...changes, version: sql`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', caseId)
    .execute();
}

// ---- The carrier's AP invoice of the shipment ----

/** The invoice a new charge goes on: the newest one not yet settled (Draft or Received). */
export function openApInvoice(tx: Tx, shipmentId: string, carrierCompanyId: string) {
  return tx
    .selectFrom('apInvoices')
    .select(['id', 'invoiceNumber'])
    .where('shipmentId', '=', shipmentId)
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('status', 'in', [0, 1])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function hasApInvoice(tx: Tx, shipmentId: string, carrierCompanyId: string) {
  const row = await tx
    .selectFrom('apInvoices')
    .select('id')
    .where('shipmentId', '=', shipmentId)
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('status', '>=', 0)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export function shipmentForInvoice(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipments')
    .select(['id', 'carrierRateCents', 'chargeRateType', 'pickupAt', 'originCity', 'originState'])
    .select(['destinationCity', 'destinationState'])
    .where('id', '=', shipmentId)
    .executeTakeFirstOrThrow();
}

export function insertApInvoice(
  tx: Tx,
  row: {
    shipmentId: string;
    carrierCompanyId: string;
    factoringCompanyId: string | null;
    shipmentDate: string | null;
  },
) {
  return tx
    .insertInto('apInvoices')
    .values({ ...row, status: 0, invoiceAmountCents: 0 })
    .returning(['id', 'invoiceNumber'])
    .executeTakeFirstOrThrow();
}

export async function addApCharge(
  tx: Tx,
  invoiceId: string,
  charge: {
    description: string;
    chargeTypeName: string;
    rateCents: number;
    units: number;
    caseId: string | null;
  },
) {
  await tx
    .insertInto('apInvoiceCharges')
    .values({ apInvoiceId: invoiceId, ...charge })
    .execute();
  await tx
    .updateTable('apInvoices')
    .set({
      invoiceAmountCents: sql`invoice_amount_cents + ${Math.round(charge.rateCents * charge.units)}`,
      version: sql`version + 1`,
    })
    .where('id', '=', invoiceId)
    .execute();
}

// ---- Detention: stops and their tracking events ----

export function stopsWithTimes(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentStops')
    .select([
      'id',
      'stopNumber',
      'stopType',
      'locationName',
      'city',
      'state',
      'ianaTimezone',
      'arrivedAt',
      'departedAt',
    ])
    .where('shipmentId', '=', shipmentId)
    .where('arrivedAt', 'is not', null)
    .where('departedAt', 'is not', null)
    .orderBy('stopNumber')
    .execute();
}

/** The stop's tracking events: those filed against it, and any on the shipment while the truck was there. */
export function trackingAtStop(
  tx: Tx,
  shipmentId: string,
  stop: { id: string; arrivedAt: Date | string; departedAt: Date | string },
) {
  return tx
    .selectFrom('trackingActivities')
    .select(['id', 'activityType', 'occurredAt', 'city', 'state', 'note'])
    .where('shipmentId', '=', shipmentId)
    .where((eb) =>
      eb.or([
        eb('shipmentStopId', '=', stop.id),
        eb.and([
          eb('occurredAt', '>=', new Date(stop.arrivedAt)),
          eb('occurredAt', '<=', new Date(stop.departedAt)),
        ]),
      ]),
    )
    .orderBy('occurredAt')
    .orderBy('id')
    .execute();
}

export function detentionCasesOfShipment(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('cases')
    .select(['caseNumber', 'shipmentStopId'])
    .where('shipmentId', '=', shipmentId)
    .where('caseType', '=', 'Detention')
    .where('shipmentStopId', 'is not', null)
    .where('status', '<>', 'Voided')
    .where('resolutionType', 'not in', ['Declined', 'Withdrawn'])
    .execute();
}
