import {
  AccountingFilterStatus,
  ApInvoiceStatus,
  DocumentType,
  type IsoDateRange,
} from '@portal/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import type { TenantScope } from '../../db/tenancy';
import { startsWithPattern } from '../../shared/http/like';
import { apInvoiceVisibility } from '../../shared/tenancy/ap-invoice-visibility';

type InvoiceBuilder = ExpressionBuilder<
  DB & { invoice: DB['apInvoices']; shipment: DB['shipments'] },
  'invoice' | 'shipment'
>;

const NOT_VOIDED = [
  ApInvoiceStatus.Draft,
  ApInvoiceStatus.Received,
  ApInvoiceStatus.Settled,
  ApInvoiceStatus.PaidInFull,
];

export interface ApInvoiceFilter {
  status: AccountingFilterStatus;
  searchTerm?: string | undefined;
  shipmentDates?: IsoDateRange | undefined;
  invoiceDates?: IsoDateRange | undefined;
}

/**
 * Statuses go into the statement as literals: a prepared statement's generic plan then knows which
 * few statuses it counts and reads the (carrier, status) index instead of every invoice of the carrier.
 */
const literals = (values: readonly number[]) => values.map((value) => sql.lit(value));

/**
 * The accounting filter as stored statuses and, for drafts, whether the load is delivered (kept on
 * the invoice by the database, migration 0206): it reads the invoice alone.
 */
function statusCondition(
  eb: ExpressionBuilder<DB & { invoice: DB['apInvoices'] }, 'invoice'>,
  status: AccountingFilterStatus,
): Expression<SqlBool> {
  switch (status) {
    case AccountingFilterStatus.Uninvoiced:
      return eb.and([
        eb('invoice.status', '=', sql.lit(ApInvoiceStatus.Draft)),
        eb('invoice.loadDelivered', '=', sql.lit(true)),
      ]);
    case AccountingFilterStatus.Pending:
      return eb.and([
        eb('invoice.status', '=', sql.lit(ApInvoiceStatus.Draft)),
        eb('invoice.loadDelivered', '=', sql.lit(false)),
      ]);
    case AccountingFilterStatus.Invoiced:
      return eb(
        'invoice.status',
        'in',
        literals([ApInvoiceStatus.Received, ApInvoiceStatus.Settled]),
      );
    case AccountingFilterStatus.Paid:
      return eb('invoice.status', '=', sql.lit(ApInvoiceStatus.PaidInFull));
    default:
      return eb('invoice.status', 'in', literals(NOT_VOIDED));
  }
}

/** The start of the portal invoice number, of the carrier's own number, or of the shipment number. */
function matchesSearch(eb: InvoiceBuilder, term: string): Expression<SqlBool> {
  const prefix = startsWithPattern(term);
  return eb.or([
    eb('invoice.invoiceNumber', 'like', prefix),
    eb('invoice.carrierInvoiceNumber', 'ilike', prefix),
    eb('shipment.shipmentNumber', 'like', prefix),
  ]);
}

/** The caller's invoices, each with its shipment when the caller may see it. */
function visibleInvoices(tx: Tx, scope: TenantScope) {
  return tx
    .selectFrom('apInvoices as invoice')
    .leftJoin('shipments as shipment', 'shipment.id', 'invoice.shipmentId')
    .where(apInvoiceVisibility(scope));
}

/** The shipment and invoice date ranges of a filter (inclusive days). */
function datesWithin(filter: ApInvoiceFilter) {
  return (eb: ExpressionBuilder<DB & { invoice: DB['apInvoices'] }, 'invoice'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.shipmentDates) {
      conditions.push(eb('invoice.shipmentDate', '>=', filter.shipmentDates[0]));
      conditions.push(eb('invoice.shipmentDate', '<=', filter.shipmentDates[1]));
    }
    if (filter.invoiceDates) {
      conditions.push(eb('invoice.invoiceDate', '>=', filter.invoiceDates[0]));
      conditions.push(eb('invoice.invoiceDate', '<=', filter.invoiceDates[1]));
    }
    return eb.and(conditions);
  };
}

function filtered(tx: Tx, scope: TenantScope, filter: ApInvoiceFilter) {
  let query = visibleInvoices(tx, scope)
    .where((eb) => statusCondition(eb, filter.status))
    .where(datesWithin(filter));
  const term = filter.searchTerm;
  if (term) query = query.where((eb) => matchesSearch(eb, term));
  return query;
}

/** The count of a filter, as a statement of its own or a part of a larger one. */
function countQuery(tx: Tx, scope: TenantScope, filter: ApInvoiceFilter) {
  // Without a search the invoices alone are counted, from their indexes only (migrations 0173, 0204
  // and 0206), not from the table; a search also matches the shipment's number.
  if (!filter.searchTerm) {
    return tx
      .selectFrom('apInvoices as invoice')
      .where(apInvoiceVisibility(scope))
      .where((eb) => statusCondition(eb, filter.status))
      .where(datesWithin(filter))
      .select(sql<string>`count(*)`.as('count'));
  }
  return filtered(tx, scope, filter).select(sql<string>`count(*)`.as('count'));
}

export async function countApInvoices(tx: Tx, scope: TenantScope, filter: ApInvoiceFilter) {
  const row = await countQuery(tx, scope, filter).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Several filters' counts in one statement: one round trip for the quick filters' counts. */
export async function countApInvoicesByFilter<K extends string>(
  tx: Tx,
  scope: TenantScope,
  filters: Record<K, ApInvoiceFilter>,
): Promise<Record<K, number>> {
  const entries = Object.entries(filters) as [K, ApInvoiceFilter][];
  const { rows } = await sql<Record<string, string>>`select ${sql.join(
    entries.map(
      ([, filter], index) => sql`(${countQuery(tx, scope, filter)}) as ${sql.ref(`c${index}`)}`,
    ),
  )}`.execute(tx);
  const row = rows[0]!;
  return Object.fromEntries(
    entries.map(([key], index) => [key, Number(row[`c${index}`])]),
  ) as Record<K, number>;
}

/** Delivery stops of the invoice's shipment that have no proof of delivery yet. */
function missingProofOfDelivery(eb: InvoiceBuilder) {
  return eb
    .selectFrom('shipmentStops as stop')
    .select(sql<number>`count(*)::int`.as('missing'))
    .whereRef('stop.shipmentId', '=', 'invoice.shipmentId')
    .where('stop.stopType', '=', 'Delivery')
    .where('stop.orderStopId', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('documents as pod')
            .select('pod.id')
            .whereRef('pod.orderStopId', '=', 'stop.orderStopId')
            .where('pod.fileType', '=', DocumentType.ProofOfDelivery)
            .where('pod.deletedAt', 'is', null),
        ),
      ),
    );
}

function summaryColumns(query: ReturnType<typeof visibleInvoices>) {
  return (
    query
      .innerJoin('companies as carrier', 'carrier.id', 'invoice.carrierCompanyId')
      .leftJoin('companies as factor', 'factor.id', 'invoice.factoringCompanyId')
      // The latest payment that applied to the invoice: its check, date and method in one read.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('paymentApplications as application')
            .innerJoin('payments as payment', 'payment.id', 'application.paymentId')
            .select([
              'payment.checkNumber',
              sql<string>`to_char(payment.payment_date, 'YYYY-MM-DD')`.as('paymentDate'),
              'payment.paymentMethod',
            ])
            .whereRef('application.apInvoiceId', '=', 'invoice.id')
            .orderBy('payment.paymentDate', 'desc')
            .limit(1)
            .as('lastPayment'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        'invoice.id',
        'invoice.invoiceNumber',
        'invoice.status',
        'invoice.shipmentId',
        'shipment.shipmentNumber',
        'shipment.status as shipmentStatus',
        'shipment.originCity',
        'shipment.originState',
        'shipment.destinationCity',
        'shipment.destinationState',
        sql<string | null>`to_char(invoice.shipment_date, 'YYYY-MM-DD')`.as('shipmentDate'),
        sql<string | null>`to_char(invoice.invoice_date, 'YYYY-MM-DD')`.as('invoiceDate'),
        sql<string | null>`to_char(invoice.due_date, 'YYYY-MM-DD')`.as('dueDate'),
        'invoice.carrierInvoiceNumber',
        'invoice.invoiceAmountCents',
        'invoice.quickPayFeeCents',
        'invoice.serviceLevel',
        'invoice.version',
        'invoice.carrierCompanyId',
        'carrier.name as carrierName',
        'invoice.factoringCompanyId',
        'factor.name as factorName',
        missingProofOfDelivery(eb).as('missingProofOfDelivery'),
        'lastPayment.checkNumber',
        'lastPayment.paymentDate',
        'lastPayment.paymentMethod',
      ])
  );
}

export type ApInvoiceRow = Awaited<ReturnType<typeof pageOfApInvoices>>[number];

/** One page, the newest loads first (shipment date, then invoice number), stable across pages. */
export async function pageOfApInvoices(
  tx: Tx,
  scope: TenantScope,
  filter: ApInvoiceFilter,
  page: { offset: number; limit: number },
) {
  return summaryColumns(filtered(tx, scope, filter))
    .orderBy(sql`invoice.shipment_date desc nulls last`)
    .orderBy('invoice.invoiceNumber', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** One invoice by id or portal invoice number, within the caller's scope. */
export async function findApInvoice(
  tx: Tx,
  scope: TenantScope,
  key: { id?: string; number?: string },
) {
  let query = summaryColumns(visibleInvoices(tx, scope));
  if (key.id) query = query.where('invoice.id', '=', key.id);
  if (key.number) query = query.where('invoice.invoiceNumber', '=', key.number);
  return query.executeTakeFirst();
}

export function chargesOf(tx: Tx, invoiceId: string) {
  return (
    tx
      .selectFrom('apInvoiceCharges as charge')
      // The accessorial request a charge pays, when the caller may see it.
      .leftJoin('cases as accessorial', 'accessorial.id', 'charge.caseId')
      .select([
        'charge.id',
        'charge.description',
        'charge.chargeTypeName',
        'charge.rateCents',
        'charge.units',
        'charge.caseId',
        'accessorial.caseNumber',
      ])
      .where('charge.apInvoiceId', '=', invoiceId)
      .orderBy(
        sql`case charge.charge_type_name when 'LineHaul' then 0 when 'FuelSurcharge' then 1 when 'StopOff' then 2 else 3 end`,
      )
      .orderBy('charge.description')
      .orderBy('charge.id')
      .execute()
  );
}

/** The invoice locked for a change, with what the rules need to decide. */
export async function lockApInvoice(tx: Tx, scope: TenantScope, id: string) {
  const row = await tx
    .selectFrom('apInvoices as invoice')
    .where(apInvoiceVisibility(scope))
    .where('invoice.id', '=', id)
    .select([
      'invoice.id',
      'invoice.invoiceNumber',
      'invoice.status',
      'invoice.version',
      'invoice.shipmentId',
      'invoice.carrierCompanyId',
      'invoice.factoringCompanyId',
      'invoice.invoiceAmountCents',
      'invoice.quickPayFeeCents',
      'invoice.serviceLevel',
      sql<string | null>`to_char(invoice.invoice_date, 'YYYY-MM-DD')`.as('invoiceDate'),
    ])
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const shipment = await tx
    .selectFrom('shipments')
    .select(['shipments.status', 'shipments.shipmentNumber'])
    .where('shipments.id', '=', row.shipmentId)
    .executeTakeFirst();
  const missing = await tx
    .selectFrom('apInvoices as invoice')
    .leftJoin('shipments as shipment', 'shipment.id', 'invoice.shipmentId')
    .select((eb) => missingProofOfDelivery(eb).as('missing'))
    .where('invoice.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    shipmentStatus: shipment?.status ?? null,
    shipmentNumber: shipment?.shipmentNumber ?? null,
    missingProofOfDelivery: Number(missing.missing ?? 0),
  };
}
export type LockedApInvoice = NonNullable<Awaited<ReturnType<typeof lockApInvoice>>>;

/** Whether the caller may read the invoice (a factoring company reads what it may not change). */
export async function isApInvoiceVisible(tx: Tx, scope: TenantScope, id: string) {
  const row = await tx
    .selectFrom('apInvoices as invoice')
    .select('invoice.id')
    .where(apInvoiceVisibility(scope))
    .where('invoice.id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Another invoice of the same carrier already carries this number (case-insensitive). */
export async function carrierInvoiceNumberTaken(
  tx: Tx,
  carrierCompanyId: string,
  carrierInvoiceNumber: string,
  exceptId: string,
) {
  const row = await tx
    .selectFrom('apInvoices')
    .select('id')
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where(sql`lower(carrier_invoice_number)`, '=', carrierInvoiceNumber.toLowerCase())
    .where('status', '<>', ApInvoiceStatus.Voided)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ApInvoiceChanges {
  status?: number;
  carrierInvoiceNumber?: string;
  invoiceAmountCents?: number;
  invoiceDate?: string;
  dueDate?: string;
  serviceLevel?: number;
  quickPayFeeCents?: number;
  received?: boolean;
  settled?: boolean;
  paid?: boolean;
}

/** Writes the changes if the version is still the one read; answers the new version. */
export async function updateApInvoice(
  tx: Tx,
  id: string,
  expectedVersion: number,
  changes: ApInvoiceChanges,
): Promise<number | undefined> {
  const now = sql<Date>`now()`;
  const row = await tx
    .updateTable('apInvoices')
    .set((eb) => ({
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.carrierInvoiceNumber !== undefined
        ? { carrierInvoiceNumber: changes.carrierInvoiceNumber }
        : {}),
      ...(changes.invoiceAmountCents !== undefined
        ? { invoiceAmountCents: changes.invoiceAmountCents }
        : {}),
      ...(changes.invoiceDate !== undefined ? { invoiceDate: changes.invoiceDate } : {}),
      ...(changes.dueDate !== undefined ? { dueDate: changes.dueDate } : {}),
      ...(changes.serviceLevel !== undefined ? { serviceLevel: changes.serviceLevel } : {}),
      ...(changes.quickPayFeeCents !== undefined
        ? { quickPayFeeCents: changes.quickPayFeeCents }
        : {}),
      ...(changes.received ? { receivedAt: now } : {}),
      ...(changes.settled ? { settledAt: now } : {}),
      ...(changes.paid ? { paidAt: now } : {}),
      version: eb('apInvoices.version', '+', 1),
      updatedAt: now,
    }))
    .where('apInvoices.id', '=', id)
    .where('apInvoices.version', '=', expectedVersion)
    .returning('apInvoices.version')
    .executeTakeFirst();
  return row?.version;
}

export async function checkNumberTaken(tx: Tx, checkNumber: string) {
  // Check numbers are unique across the operator's payments; the system role sees them all.
  const row = await tx
    .selectFrom('payments')
    .select('id')
    .where('checkNumber', '=', checkNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** The remittance: to the factoring company when the invoice is factored, else to the carrier. */
export async function insertPayment(
  tx: Tx,
  payment: {
    checkNumber: string;
    carrierCompanyId: string;
    payeeCompanyId: string;
    paymentDate: string;
    amountCents: number;
    invoiceId: string;
  },
) {
  const row = await tx
    .insertInto('payments')
    .values({
      checkNumber: payment.checkNumber,
      carrierCompanyId: payment.carrierCompanyId,
      payeeCompanyId: payment.payeeCompanyId,
      paymentDate: payment.paymentDate,
      amountCents: payment.amountCents,
      paymentMethod: 'Check',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('paymentApplications')
    .values({ paymentId: row.id, apInvoiceId: payment.invoiceId, amountCents: payment.amountCents })
    .execute();
  return row.id;
}

export async function recordAudit(
  tx: Tx,
  scope: TenantScope,
  entry: { action: string; invoiceId: string; requestId: string | undefined; detail: object },
) {
  await tx
    .insertInto('auditLog')
    .values({
      companyId: scope.companyId,
      userId: scope.userId,
      action: entry.action,
      entityType: 'ap_invoice',
      entityId: entry.invoiceId,
      requestId: entry.requestId ?? null,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}
