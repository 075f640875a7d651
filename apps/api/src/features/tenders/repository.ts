import type { TenderFindQuery } from '@portal/contract';
import { TenderOfferStatus, type TenderSortProperty } from '@portal/domain';
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import { carrierIdList, type TenantScope } from '../../db/tenancy';
import { keptPartyCounts } from '../../shared/counts/kept-counts';
import { startsWith } from '../../shared/http/like';

type TenderPredicate = (eb: ExpressionBuilder<DB, 'tenders'>) => Expression<SqlBool>;

/**
 * The tenders a caller takes part in: tendered to its carrier (or a carrier it factors), sent for
 * its loads as the customer, or, for the operator, on its shipments. The same rule as the counts.
 */
export function tenderVisibility(scope: TenantScope): TenderPredicate {
  if (scope.kind === 'operator') {
    return (eb) =>
      eb.exists(
        eb
          .selectFrom('shipments')
          .select('shipments.id')
          .whereRef('shipments.id', '=', 'tenders.shipmentId')
          .where('shipments.operatorCompanyId', '=', scope.companyId),
      );
  }
  const carrierIds = carrierIdList(scope);
  return (eb) =>
    eb.or([
      eb('tenders.carrierCompanyId', 'in', carrierIds),
      eb('tenders.customerCompanyId', '=', scope.companyId),
    ]);
}

/** Tenders per status that the caller takes part in: the kept counts, the operator's live. */
export async function tenderStatusTally(tx: Tx, scope: TenantScope) {
  const kept = await keptPartyCounts(tx, 'tenders', scope);
  if (kept) return kept.map((row) => ({ status: Number(row.status), count: row.count }));
  const rows = await tx
    .selectFrom('tenders')
    .select(['tenders.status', sql<string>`count(*)`.as('count')])
    .where(tenderVisibility(scope))
    .groupBy('tenders.status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

const SORT_COLUMNS: Record<TenderSortProperty, string> = {
  sentAt: 'tenders.sentAt',
  expiresAt: 'tenders.expiresAt',
  pickupAt: 'tenders.pickupAt',
  rate: 'tenders.rateCents',
  shipmentNumber: 'tenders.shipmentNumber',
};

function tenderRows(tx: Tx) {
  return tx
    .selectFrom('tenders')
    .innerJoin('companies as customer', 'customer.id', 'tenders.customerCompanyId')
    .innerJoin('companies as carrier', 'carrier.id', 'tenders.carrierCompanyId')
    .select([
      'tenders.id',
      'tenders.tenderNumber',
      'tenders.shipmentId',
      'tenders.shipmentNumber',
      'tenders.status',
      'tenders.carrierCompanyId',
      'tenders.customerCompanyId',
      'tenders.rateCents',
      'tenders.rateType',
      'tenders.chargeRateType',
      'tenders.sentAt',
      'tenders.expiresAt',
      'tenders.expiredAt',
      'tenders.respondedAt',
      'tenders.rejectionReason',
      'tenders.originCity',
      'tenders.originState',
      'tenders.originPostalCode',
      'tenders.destinationCity',
      'tenders.destinationState',
      'tenders.destinationPostalCode',
      'tenders.pickupAt',
      'tenders.deliveryAt',
      'tenders.equipmentTypes',
      'tenders.waterfallId',
      'customer.name as customerName',
      'carrier.name as carrierName',
    ]);
}
export type TenderRow = Awaited<ReturnType<ReturnType<typeof tenderRows>['execute']>>[number];

/** The tenders of one visibility branch that pass the list's filters. */
function filteredBy(
  visible: TenderPredicate,
  filters: Omit<TenderFindQuery, 'page' | 'pageSize'>,
): TenderPredicate {
  return (eb) => {
    const conditions: Expression<SqlBool>[] = [visible(eb)];
    if (filters.statuses?.length) conditions.push(eb('tenders.status', 'in', filters.statuses));
    if (filters.customers?.length) {
      conditions.push(eb('tenders.customerCompanyId', 'in', filters.customers));
    }
    if (filters.query) {
      const text = filters.query.trim();
      conditions.push(
        eb.or([
          startsWith('tenders.shipmentNumber', text),
          startsWith('tenders.tenderNumber', text),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * The visibility of a carrier or customer caller as its two branches (tendered to its carriers, or
 * sent for its loads), so that each is read in the list's order from an index of its own.
 */
function visibilityBranches(scope: TenantScope): TenderPredicate[] | undefined {
  if (scope.kind === 'operator') return undefined;
  const carrierIds = scope.carrierIds.length ? [...scope.carrierIds] : [''];
  return [
    (eb) => eb('tenders.carrierCompanyId', 'in', carrierIds),
    (eb) => eb('tenders.customerCompanyId', '=', scope.companyId),
  ];
}

/** How many tenders the list holds: the kept counts when only statuses narrow it. */
async function tenderTotal(
  tx: Tx,
  scope: TenantScope,
  filters: Omit<TenderFindQuery, 'page' | 'pageSize'>,
  where: TenderPredicate,
) {
  if (!filters.customers?.length && !filters.query) {
    const kept = await keptPartyCounts(tx, 'tenders', scope);
    if (kept) {
      const statuses = filters.statuses?.length ? new Set(filters.statuses.map(Number)) : undefined;
      return kept
        .filter((row) => !statuses || statuses.has(Number(row.status)))
        .reduce((sum, row) => sum + row.count, 0);
    }
  }
  const total = await tx
    .selectFrom('tenders')
    .select(sql<string>`count(*)`.as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(total.count);
}

export async function findTenders(
  tx: Tx,
  scope: TenantScope,
  filters: Omit<TenderFindQuery, 'page' | 'pageSize'>,
  page: number,
  pageSize: number,
): Promise<{ rows: TenderRow[]; totalCount: number }> {
  const where = filteredBy(tenderVisibility(scope), filters);
  const direction = filters.sortDirection ?? 'desc';
  const column = SORT_COLUMNS[filters.sortProperty ?? 'sentAt'];
  const order = sql`${sql.ref(column)} ${sql.raw(direction)} nulls last, tenders.id ${sql.raw(direction)}`;
  const offset = (page - 1) * pageSize;
  const branches = visibilityBranches(scope);
  // Each branch's first offset + pageSize rows in the list's order hold the page: the ids of both,
  // merged (a tender in both once), then ordered and cut again with the rows' columns.
  const candidates = branches?.map(
    (visible) =>
      sql`(${tx
        .selectFrom('tenders')
        .select('tenders.id')
        .where(filteredBy(visible, filters))
        .orderBy(order)
        .limit(offset + pageSize)})`,
  );
  const [rows, totalCount] = await Promise.all([
    tenderRows(tx)
      .where((eb) =>
        candidates
          ? eb(
              'tenders.id',
              'in',
              sql<string>`(select id from (${sql.join(candidates, sql` union `)}) as candidate)`,
            )
          : where(eb),
      )
      .orderBy(order)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    tenderTotal(tx, scope, filters, where),
  ]);
  return { rows, totalCount };
}

/** One tender the caller takes part in, by id, tender number, or the shipment number it carries. */
export async function findTender(
  tx: Tx,
  scope: TenantScope,
  key: { id: string } | { tenderNumber: string } | { shipmentNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<TenderRow | undefined> {
  let query = tenderRows(tx).where(tenderVisibility(scope));
  if ('id' in key) query = query.where('tenders.id', '=', key.id);
  else if ('tenderNumber' in key)
    query = query.where('tenders.tenderNumber', '=', key.tenderNumber);
  else {
    // By shipment number: the open tender first, then the newest.
    query = query
      .where('tenders.shipmentNumber', '=', key.shipmentNumber)
      .orderBy(sql`case when tenders.status = ${TenderOfferStatus.Sent} then 0 else 1 end`)
      .orderBy('tenders.sentAt', 'desc')
      .limit(1);
  }
  if (options.forUpdate) query = query.forUpdate('tenders');
  return query.executeTakeFirst();
}

/** The customers of the caller's tenders, for the list's customer filter. */
export async function tenderCustomers(tx: Tx, scope: TenantScope) {
  return tx
    .selectFrom('companies')
    .select(['companies.id', 'companies.name'])
    .where((eb) =>
      eb(
        'companies.id',
        'in',
        eb.selectFrom('tenders').select('tenders.customerCompanyId').where(tenderVisibility(scope)),
      ),
    )
    .orderBy('companies.name')
    .execute();
}

export async function orderRequirements(tx: Tx, orderId: string | null) {
  if (!orderId) return [];
  return tx
    .selectFrom('orderRequirements')
    .select(['requirement', 'description'])
    .where('orderId', '=', orderId)
    .orderBy('requirement')
    .execute();
}

export async function closeTender(
  tx: Tx,
  tenderId: string,
  set: {
    status: TenderOfferStatus;
    respondedAt?: Date;
    respondedBy?: string | null;
    rejectionReason?: string | null;
    expiredAt?: Date;
  },
) {
  return tx
    .updateTable('tenders')
    .set(set)
    .where('id', '=', tenderId)
    .where('status', '=', TenderOfferStatus.Sent)
    .returning(['id'])
    .executeTakeFirst();
}

/** Open tenders of a shipment other than one. */
export async function otherOpenTenders(tx: Tx, shipmentId: string, exceptId: string) {
  return tx
    .selectFrom('tenders')
    .select(['id', 'carrierCompanyId', 'expiresAt'])
    .where('shipmentId', '=', shipmentId)
    .where('status', '=', TenderOfferStatus.Sent)
    .where('id', '<>', exceptId)
    .execute();
}
