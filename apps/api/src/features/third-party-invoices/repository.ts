import {
  ShipmentStatus,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
  ThirdPartyInvoiceStatus,
} from '@portal/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { compiledStatements, type StatementValue } from '../../db/compiled-statements';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import { scopeOfValues, type ScopeKind, type TenantScope } from '../../db/tenancy';
import { startsWithPattern } from '../../shared/http/like';
import { shipmentVisibility } from '../../shared/tenancy/shipment-visibility';
import { thirdPartyInvoiceVisibility } from '../../shared/tenancy/third-party-invoice-visibility';

export interface InvoiceFilters {
  status?: string | undefined;
  /** Trimmed; empty means no search. */
  query?: string | undefined;
  invoiceDateStart?: string | undefined;
  invoiceDateEnd?: string | undefined;
  loadDateStart?: string | undefined;
  loadDateEnd?: string | undefined;
  isAuditable: boolean;
  actionRequired: boolean;
}

type InvoiceBuilder = ExpressionBuilder<DB, 'thirdPartyInvoices'>;

const OPEN_STATUSES = [ThirdPartyInvoiceStatus.DRAFT, ThirdPartyInvoiceStatus.RECEIVED];
const DELIVERED_STATUSES = [ShipmentStatus.Delivered, ShipmentStatus.DeliveryConfirmed];

/** The first instant of a calendar day in the billing zone. */
const startOfBillingDay = (date: string, plusDays = 0) =>
  sql<Date>`((${date}::date + ${plusDays}::int)::timestamp at time zone ${THIRD_PARTY_INVOICE_DATE_TIME_ZONE})`;

/**
 * Action required (docs/decisions/041): open, the shipment delivered, and not yet submitted or a
 * required document missing. Mirrors isThirdPartyInvoiceActionRequired in packages/domain.
 */
function actionRequired(eb: InvoiceBuilder): Expression<SqlBool> {
  return eb.and([
    eb('thirdPartyInvoices.status', 'in', OPEN_STATUSES),
    eb.exists(
      eb
        .selectFrom('shipments as deliveredShipment')
        .select('deliveredShipment.id')
        .whereRef('deliveredShipment.id', '=', 'thirdPartyInvoices.shipmentId')
        .where('deliveredShipment.status', 'in', DELIVERED_STATUSES),
    ),
    eb.or([
      eb('thirdPartyInvoices.status', '=', ThirdPartyInvoiceStatus.DRAFT),
      // The counts are kept by the database (migration 0041).
      eb(
        'thirdPartyInvoices.uploadedRequiredDocumentCount',
        '<',
        eb.ref('thirdPartyInvoices.requiredDocumentCount'),
      ),
    ]),
  ]);
}

/** The search bar: the start of the invoice, shipment or external number, or part of the customer's name. */
function matchesQuery(eb: InvoiceBuilder, prefix: string, anywhere: string): Expression<SqlBool> {
  return eb.or([
    eb('thirdPartyInvoices.invoiceNumber', 'ilike', prefix),
    eb('thirdPartyInvoices.shipmentNumber', 'like', prefix),
    eb('thirdPartyInvoices.externalInvoiceNumber', 'ilike', prefix),
    eb(
      'thirdPartyInvoices.customerCompanyId',
      'in',
      eb
        .selectFrom('companies as customerMatch')
        .select('customerMatch.id')
        .where('customerMatch.name', 'ilike', anywhere),
    ),
  ]);
}

/** What changes the find's statement: the caller's kind and which filters are set. */
interface FindShape {
  kind: ScopeKind;
  driver: boolean;
  status: boolean;
  isAuditable: boolean;
  invoiceDateStart: boolean;
  invoiceDateEnd: boolean;
  loadDateStart: boolean;
  loadDateEnd: boolean;
  query: boolean;
  actionRequired: boolean;
}

/** The find's values, bound to the statement's parameters (unset filters are empty and unused). */
interface FindValues extends Record<string, StatementValue> {
  companyId: string;
  status: string;
  invoiceDateStart: string;
  invoiceDateEnd: string;
  loadDateStart: string;
  loadDateEnd: string;
  prefix: string;
  anywhere: string;
}

function findOf(
  scope: TenantScope,
  filters: InvoiceFilters,
): { shape: FindShape; values: FindValues } {
  const prefix = filters.query ? startsWithPattern(filters.query) : '';
  return {
    shape: {
      kind: scope.kind,
      driver: scope.driverId !== null,
      status: Boolean(filters.status),
      isAuditable: filters.isAuditable,
      invoiceDateStart: Boolean(filters.invoiceDateStart),
      invoiceDateEnd: Boolean(filters.invoiceDateEnd),
      loadDateStart: Boolean(filters.loadDateStart),
      loadDateEnd: Boolean(filters.loadDateEnd),
      query: Boolean(filters.query),
      actionRequired: filters.actionRequired,
    },
    values: {
      companyId: scope.companyId,
      status: filters.status ?? '',
      invoiceDateStart: filters.invoiceDateStart ?? '',
      invoiceDateEnd: filters.invoiceDateEnd ?? '',
      loadDateStart: filters.loadDateStart ?? '',
      loadDateEnd: filters.loadDateEnd ?? '',
      prefix,
      anywhere: `%${prefix}`,
    },
  };
}

const findKey = (shape: FindShape) => Object.values(shape).join(':');

/** The caller's invoices narrowed by the find's filters. */
function findInvoices(tx: Tx, shape: FindShape, values: FindValues) {
  // The visibility reads the caller's kind, its company and whether it is a driver's session (a
  // driver sees none, whoever the driver is).
  const scope = scopeOfValues(shape, {
    companyId: values.companyId,
    carrierIds: [],
    driverId: 'a driver',
  });
  let query = tx.selectFrom('thirdPartyInvoices').where(thirdPartyInvoiceVisibility(scope));
  if (shape.status) query = query.where('thirdPartyInvoices.status', '=', values.status);
  if (shape.isAuditable)
    query = query.where('thirdPartyInvoices.billingSettingsId', 'is not', null);
  if (shape.invoiceDateStart) {
    query = query.where(
      'thirdPartyInvoices.createdAt',
      '>=',
      startOfBillingDay(values.invoiceDateStart),
    );
  }
  if (shape.invoiceDateEnd) {
    query = query.where(
      'thirdPartyInvoices.createdAt',
      '<',
      startOfBillingDay(values.invoiceDateEnd, 1),
    );
  }
  if (shape.loadDateStart)
    query = query.where('thirdPartyInvoices.loadDate', '>=', values.loadDateStart);
  if (shape.loadDateEnd)
    query = query.where('thirdPartyInvoices.loadDate', '<=', values.loadDateEnd);
  if (shape.query) query = query.where((eb) => matchesQuery(eb, values.prefix, values.anywhere));
  if (shape.actionRequired) query = query.where(actionRequired);
  return query;
}

/**
 * The party whose kept counts are the find's total (migration 0214, decision 265): the caller's
 * auditable invoices, narrowed by status at most. Undefined where the total is counted live (a
 * driver's session sees none; dates, a search, Action Required or all invoices are counted).
 */
function keptParty(shape: FindShape) {
  const plain =
    shape.isAuditable &&
    !shape.driver &&
    !shape.invoiceDateStart &&
    !shape.invoiceDateEnd &&
    !shape.loadDateStart &&
    !shape.loadDateEnd &&
    !shape.query &&
    !shape.actionRequired;
  // A carrier, a factoring company and the operator each see the invoices of their own party
  // column (thirdPartyInvoiceVisibility); a customer sees none.
  return plain && shape.kind !== 'customer' ? shape.kind : undefined;
}

/** The find's total: read from the kept counts where they hold it, counted otherwise. */
function totalQuery(tx: Tx, shape: FindShape, values: FindValues) {
  const party = keptParty(shape);
  if (!party)
    return findInvoices(tx, shape, values).select((eb) => eb.fn.countAll<number>().as('count'));
  let kept = tx
    .selectFrom('keptCounts')
    .where('keptCounts.subject', '=', 'third_party_invoices')
    .where('keptCounts.partyKind', '=', party)
    .where('keptCounts.partyId', '=', values.companyId);
  if (shape.status) kept = kept.where('keptCounts.status', '=', values.status);
  return kept.select((eb) =>
    eb.fn.coalesce(eb.fn.sum<number>('keptCounts.itemCount'), eb.lit(0)).as('count'),
  );
}

const invoiceCount = compiledStatements(findKey, (tx, shape: FindShape, values: FindValues) =>
  totalQuery(tx, shape, values),
);

export async function countInvoices(tx: Tx, scope: TenantScope, filters: InvoiceFilters) {
  const { shape, values } = findOf(scope, filters);
  const { rows } = await invoiceCount(tx, shape, values);
  return Number(rows[0]!.count);
}

export interface InvoiceCardRow {
  id: string;
  invoiceNumber: string;
  shipmentId: string;
  shipmentNumber: string;
  status: string;
  dueDate: string | null;
  createdAt: Date;
  invoiceAmountCents: number;
  feeAndBalanceCents: number;
  customerName: string;
  carrierLogoDocumentId: string | null;
  shipmentStatus: number | null;
  numberOfRequiredDocuments: number;
  numberOfUploadedRequiredDocuments: number;
}

/**
 * One page, newest first: the page's invoices are picked on the invoice table alone, then joined
 * to their shipment, customer and carrier (50 rows, not thousands).
 */
function pageQuery(
  tx: Tx,
  shape: FindShape,
  values: FindValues & { offset: number; limit: number },
) {
  const picked = findInvoices(tx, shape, values)
    .select([
      'thirdPartyInvoices.id',
      'thirdPartyInvoices.invoiceNumber',
      'thirdPartyInvoices.shipmentId',
      'thirdPartyInvoices.shipmentNumber',
      'thirdPartyInvoices.customerCompanyId',
      'thirdPartyInvoices.carrierCompanyId',
      'thirdPartyInvoices.status',
      'thirdPartyInvoices.dueDate',
      'thirdPartyInvoices.createdAt',
      'thirdPartyInvoices.invoiceAmountCents',
      'thirdPartyInvoices.feeAndBalanceCents',
      'thirdPartyInvoices.requiredDocumentCount',
      'thirdPartyInvoices.uploadedRequiredDocumentCount',
    ])
    .orderBy('thirdPartyInvoices.createdAt', 'desc')
    .orderBy('thirdPartyInvoices.id', 'desc')
    .offset(values.offset)
    .limit(values.limit);
  return (
    tx
      .selectFrom(picked.as('page'))
      .innerJoin('companies as customer', 'customer.id', 'page.customerCompanyId')
      .innerJoin('companies as carrier', 'carrier.id', 'page.carrierCompanyId')
      // A former factor keeps its invoices but may no longer see the shipment (docs/decisions/042).
      .leftJoin('shipments', 'shipments.id', 'page.shipmentId')
      .select([
        'page.id',
        'page.invoiceNumber',
        'page.shipmentId',
        'page.shipmentNumber',
        'page.status',
        'page.dueDate',
        'page.createdAt',
        'page.invoiceAmountCents',
        'page.feeAndBalanceCents',
        'customer.name as customerName',
        'carrier.logoDocumentId as carrierLogoDocumentId',
        'shipments.status as shipmentStatus',
        'page.requiredDocumentCount as numberOfRequiredDocuments',
        'page.uploadedRequiredDocumentCount as numberOfUploadedRequiredDocuments',
      ])
      .orderBy('page.createdAt', 'desc')
      .orderBy('page.id', 'desc')
  );
}

/**
 * The find's count and its page in one statement (one round trip where there were two): a row per
 * card, each with the count, or a single row without a card when the page is empty. A page past
 * the last reads the matches it skips, as the count does.
 */
const invoiceCountAndPage = compiledStatements(
  findKey,
  (tx, shape: FindShape, values: FindValues & { offset: number; limit: number }) =>
    tx
      .selectFrom(totalQuery(tx, shape, values).as('total'))
      .leftJoin(pageQuery(tx, shape, values).as('card'), (join) => join.onTrue())
      .selectAll('card')
      .select('total.count')
      .orderBy('card.createdAt', 'desc')
      .orderBy('card.id', 'desc'),
);

/** The find's total and one page of its cards; a page of 0 cards asks for the total alone. */
export async function countAndPageOfInvoices(
  tx: Tx,
  scope: TenantScope,
  filters: InvoiceFilters,
  page: { offset: number; limit: number },
): Promise<{ totalCount: number; rows: InvoiceCardRow[] }> {
  if (page.limit === 0) return { totalCount: await countInvoices(tx, scope, filters), rows: [] };
  const { shape, values } = findOf(scope, filters);
  const { rows } = await invoiceCountAndPage(tx, shape, { ...values, ...page });
  return {
    totalCount: Number(rows[0]?.count ?? 0),
    // Each card keeps the total beside its own fields: copying 50 rows to drop it costs more than
    // the field, which nothing reads.
    rows: rows.filter((row) => row.id !== null) as InvoiceCardRow[],
  };
}

export interface InvoiceDetailRow {
  id: string;
  invoiceNumber: string;
  shipmentId: string;
  externalInvoiceNumber: string | null;
  externalInvoiceAmountCents: number | null;
  billingSettingsId: string | null;
  status: string;
  invoiceAmountCents: number;
  feeAndBalanceCents: number;
  factoringCompanyId: string | null;
  factoringCompanyName: string | null;
  version: number;
}

/** Invoices by id or number, within the caller's scope; missing and not-yours look alike. */
export async function invoiceDetails(
  tx: Tx,
  scope: TenantScope,
  keys: { ids?: readonly string[]; invoiceNumber?: string },
): Promise<InvoiceDetailRow[]> {
  let query = tx
    .selectFrom('thirdPartyInvoices')
    .leftJoin('companies as factoring', 'factoring.id', 'thirdPartyInvoices.factoringCompanyId')
    .where(thirdPartyInvoiceVisibility(scope))
    .select([
      'thirdPartyInvoices.id',
      'thirdPartyInvoices.invoiceNumber',
      'thirdPartyInvoices.shipmentId',
      'thirdPartyInvoices.externalInvoiceNumber',
      'thirdPartyInvoices.externalInvoiceAmountCents',
      'thirdPartyInvoices.billingSettingsId',
      'thirdPartyInvoices.status',
      'thirdPartyInvoices.invoiceAmountCents',
      'thirdPartyInvoices.feeAndBalanceCents',
      'thirdPartyInvoices.factoringCompanyId',
      'factoring.name as factoringCompanyName',
      'thirdPartyInvoices.version',
    ]);
  if (keys.ids) {
    if (keys.ids.length === 0) return [];
    query = query.where('thirdPartyInvoices.id', 'in', [...keys.ids]);
  }
  if (keys.invoiceNumber !== undefined) {
    query = query.where('thirdPartyInvoices.invoiceNumber', '=', keys.invoiceNumber);
  }
  return query.execute();
}

export interface ChargeRow {
  id: string;
  thirdPartyInvoiceId: string;
  description: string;
  chargeTypeName: string;
  rateCents: number;
  units: number;
}

/** Line haul, fuel and stop-offs first, then accessorials by description. */
export async function chargesOf(tx: Tx, invoiceIds: readonly string[]): Promise<ChargeRow[]> {
  if (invoiceIds.length === 0) return [];
  return tx
    .selectFrom('thirdPartyInvoiceCharges as charge')
    .select([
      'charge.id',
      'charge.thirdPartyInvoiceId',
      'charge.description',
      'charge.chargeTypeName',
      'charge.rateCents',
      'charge.units',
    ])
    .where('charge.thirdPartyInvoiceId', 'in', [...invoiceIds])
    .orderBy(
      sql`case charge.charge_type_name when 'LineHaul' then 0 when 'FuelSurcharge' then 1 when 'StopOff' then 2 else 3 end`,
    )
    .orderBy('charge.description')
    .orderBy('charge.id')
    .execute();
}

export interface LockedInvoice {
  id: string;
  invoiceNumber: string;
  shipmentNumber: string;
  carrierCompanyId: string;
  factoringCompanyId: string | null;
  status: string;
  version: number;
  billingSettingsId: string | null;
  shipmentStatus: number | null;
  paymentTermsDays: number | null;
}

/** The invoice row locked for an update, with what the rules need to decide. */
export async function lockInvoice(
  tx: Tx,
  scope: TenantScope,
  id: string,
): Promise<LockedInvoice | undefined> {
  return tx
    .selectFrom('thirdPartyInvoices')
    .leftJoin('shipments', 'shipments.id', 'thirdPartyInvoices.shipmentId')
    .leftJoin(
      'thirdPartyBillingSettings as settings',
      'settings.id',
      'thirdPartyInvoices.billingSettingsId',
    )
    .where(thirdPartyInvoiceVisibility(scope))
    .where('thirdPartyInvoices.id', '=', id)
    .select([
      'thirdPartyInvoices.id',
      'thirdPartyInvoices.invoiceNumber',
      'thirdPartyInvoices.shipmentNumber',
      'thirdPartyInvoices.carrierCompanyId',
      'thirdPartyInvoices.factoringCompanyId',
      'thirdPartyInvoices.status',
      'thirdPartyInvoices.version',
      'thirdPartyInvoices.billingSettingsId',
      'shipments.status as shipmentStatus',
      'settings.paymentTermsDays',
    ])
    .forUpdate('thirdPartyInvoices')
    .executeTakeFirst();
}

export interface InvoiceChanges {
  externalInvoiceNumber?: string;
  externalInvoiceAmountCents?: number;
  status: string;
  /** Set when the invoice is received: now, and the due date from the payer's terms. */
  received?: { termsDays: number | null };
  settled?: boolean;
  paid?: boolean;
}

/** Writes the changes if the version is still the one read; answers the new version. */
export async function updateInvoice(
  tx: Tx,
  id: string,
  expectedVersion: number,
  changes: InvoiceChanges,
): Promise<number | undefined> {
  const now = sql<Date>`now()`;
  const row = await tx
    .updateTable('thirdPartyInvoices')
    .set((eb) => ({
      ...(changes.externalInvoiceNumber !== undefined
        ? { externalInvoiceNumber: changes.externalInvoiceNumber }
        : {}),
      ...(changes.externalInvoiceAmountCents !== undefined
        ? { externalInvoiceAmountCents: changes.externalInvoiceAmountCents }
        : {}),
      status: changes.status,
      ...(changes.received
        ? {
            receivedAt: now,
            ...(changes.received.termsDays !== null
              ? {
                  dueDate: sql<string>`((now() at time zone ${THIRD_PARTY_INVOICE_DATE_TIME_ZONE})::date + ${changes.received.termsDays}::int)`,
                }
              : {}),
          }
        : {}),
      ...(changes.settled ? { settledAt: now } : {}),
      ...(changes.paid ? { paidAt: now } : {}),
      version: eb('thirdPartyInvoices.version', '+', 1),
      updatedAt: now,
    }))
    .where('thirdPartyInvoices.id', '=', id)
    .where('thirdPartyInvoices.version', '=', expectedVersion)
    .returning('thirdPartyInvoices.version')
    .executeTakeFirst();
  return row?.version;
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
      entityType: 'third_party_invoice',
      entityId: entry.invoiceId,
      requestId: entry.requestId ?? null,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}

/** A shipment the caller may see that carries one of the caller's invoices. */
function invoiceShipment(tx: Tx, scope: TenantScope) {
  return tx
    .selectFrom('shipments')
    .where(shipmentVisibility(scope))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('thirdPartyInvoices')
          .select('thirdPartyInvoices.id')
          .whereRef('thirdPartyInvoices.shipmentId', '=', 'shipments.id')
          .where(thirdPartyInvoiceVisibility(scope)),
      ),
    );
}

export async function shipmentForInvoice(tx: Tx, scope: TenantScope, shipmentId: string) {
  return invoiceShipment(tx, scope)
    .where('shipments.id', '=', shipmentId)
    .select([
      'shipments.id',
      'shipments.shipmentNumber',
      'shipments.status',
      'shipments.originCity',
      'shipments.originState',
      'shipments.destinationCity',
      'shipments.destinationState',
    ])
    .executeTakeFirst();
}
