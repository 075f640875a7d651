import type { RateRequestFindQuery } from '@portal/contract';
import { RateRequestStatus, ShipmentStatus } from '@portal/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import { carrierIdList, type TenantScope } from '../../db/tenancy';
import { keptPartyCounts } from '../../shared/counts/kept-counts';
import { startsWith } from '../../shared/http/like';

type RequestPredicate = (eb: ExpressionBuilder<DB, 'rateRequests'>) => Expression<SqlBool>;

/** Rate requests between the caller's carrier(s) and customers, or, for the operator, on its loads. */
export function rateRequestVisibility(scope: TenantScope): RequestPredicate {
  if (scope.kind === 'operator') {
    return (eb) =>
      eb.exists(
        eb
          .selectFrom('shipments')
          .select('shipments.id')
          .whereRef('shipments.id', '=', 'rateRequests.shipmentId')
          .where('shipments.operatorCompanyId', '=', scope.companyId),
      );
  }
  const carrierIds = carrierIdList(scope);
  return (eb) =>
    eb.or([
      eb('rateRequests.carrierCompanyId', 'in', carrierIds),
      eb('rateRequests.customerCompanyId', '=', scope.companyId),
    ]);
}

/**
 * Rate requests per status between the caller's carrier(s) and customers (the kept counts), or on
 * its shipments (the operator's, live).
 */
export async function rateRequestStatusTally(tx: Tx, scope: TenantScope) {
  const kept = await keptPartyCounts(tx, 'rate_requests', scope);
  if (kept) return kept;
  const rows = await tx
    .selectFrom('rateRequests')
    .select(['rateRequests.status', sql<string>`count(*)`.as('count')])
    .where(rateRequestVisibility(scope))
    .groupBy('rateRequests.status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

function requestRows(tx: Tx) {
  return tx
    .selectFrom('rateRequests')
    .innerJoin('companies as customer', 'customer.id', 'rateRequests.customerCompanyId')
    .innerJoin('companies as carrier', 'carrier.id', 'rateRequests.carrierCompanyId')
    .leftJoin('users as contact', 'contact.id', 'rateRequests.respondingContactId')
    .selectAll('rateRequests')
    .select([
      'customer.name as customerName',
      'carrier.name as carrierName',
      'contact.firstName as contactFirstName',
      'contact.lastName as contactLastName',
    ]);
}
export type RateRequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number];

export async function findRateRequests(
  tx: Tx,
  scope: TenantScope,
  filters: Omit<RateRequestFindQuery, 'page' | 'pageSize'>,
  page: number,
  pageSize: number,
) {
  const where = (eb: ExpressionBuilder<DB, 'rateRequests'>) => {
    const conditions: Expression<SqlBool>[] = [rateRequestVisibility(scope)(eb)];
    if (filters.statuses?.length)
      conditions.push(eb('rateRequests.status', 'in', filters.statuses));
    if (filters.shipmentId) conditions.push(eb('rateRequests.shipmentId', '=', filters.shipmentId));
    if (filters.query)
      conditions.push(startsWith('rateRequests.shipmentNumber', filters.query.trim()));
    // The award's own conditions (service.ts awardRefusal): an offer not yet taken, on an open load.
    if (filters.awardableOnly) {
      conditions.push(
        eb('rateRequests.status', '=', RateRequestStatus.Offered),
        eb('rateRequests.awardedAt', 'is', null),
        eb.exists(
          eb
            .selectFrom('shipments')
            .select('shipments.id')
            .whereRef('shipments.id', '=', 'rateRequests.shipmentId')
            .where('shipments.status', '=', ShipmentStatus.ReadyToBook),
        ),
      );
    }
    return eb.and(conditions);
  };
  const [rows, total] = await Promise.all([
    requestRows(tx)
      .where(where)
      .orderBy('rateRequests.requestedAt', 'desc')
      .orderBy('rateRequests.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    tx
      .selectFrom('rateRequests')
      .select(sql<string>`count(*)`.as('count'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

export async function findRateRequest(
  tx: Tx,
  scope: TenantScope,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = requestRows(tx).where(rateRequestVisibility(scope)).where('rateRequests.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('rateRequests');
  return query.executeTakeFirst();
}
