import { sql, type Expression, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import { startsWith } from '../../shared/http/like';
import { shipmentVisibilityBranches } from '../../shared/tenancy/shipment-visibility';

/** Beyond this many matches the count stops: a quick search narrows by typing, not by paging. */
export const QUICK_SEARCH_COUNT_CAP = 1000;

export interface QuickSearchCriteria {
  query: string;
  includeReferenceNumbers: boolean;
  offset: number;
  limit: number;
}

interface Hit {
  id: string;
  shipmentNumber: string;
  status: number;
  orderId: string | null;
  originCity: string;
  originState: string;
  originPostalCode: string;
  destinationCity: string;
  destinationState: string;
  destinationPostalCode: string;
}

// Shipment numbers are ordered bytewise (`using ~<~`), the order of the text_pattern_ops prefix
// indexes: an index then hands each branch its matches already sorted and the scan stops at the
// rows needed, where the database's own collation would make it read and sort every match. Shipment
// numbers are digits, on which both orders agree.
const byNumber = (column: string) => sql`${sql.ref(column)} using ~<~`;

/**
 * Each visibility branch is searched on its own index in shipment-number order and cut at the rows
 * the page needs; the union of those short lists is sorted and paged. A broker's own orders (and the
 * loads it hauls) are also matched by reference number. The total is counted only when the page
 * does not tell it, and then on the numbers alone, each branch stopping at the cap.
 */
export async function searchShipments(tx: Tx, scope: TenantScope, criteria: QuickSearchCriteria) {
  const referencePrefix = criteria.query.toLowerCase();
  const branchQueries = (take: number, columns: 'page' | 'count') =>
    shipmentVisibilityBranches(scope).flatMap((branch) => {
      const base = tx.selectFrom('shipments').where(branch.where);
      const matches: ((query: typeof base) => typeof base)[] = [
        (query) => query.where(startsWith('shipments.shipmentNumber', criteria.query)),
      ];
      if (criteria.includeReferenceNumbers && branch.name === 'customer') {
        matches.push((query) =>
          query.where(
            'shipments.orderId',
            'in',
            tx
              .selectFrom('referenceNumbers as reference')
              .select('reference.orderId')
              .where('reference.customerCompanyId', '=', scope.companyId)
              .where(startsWith('reference.valueLower', referencePrefix)),
          ),
        );
      }
      if (criteria.includeReferenceNumbers && branch.name === 'carrier') {
        matches.push((query) =>
          query.where((eb): Expression<SqlBool> =>
            eb.exists(
              eb
                .selectFrom('referenceNumbers as reference')
                .select('reference.id')
                .whereRef('reference.orderId', '=', 'shipments.orderId')
                .where(startsWith('reference.valueLower', referencePrefix)),
            ),
          ),
        );
      }
      return matches.map((match) =>
        match(base)
          .select(
            columns === 'count'
              ? ['shipments.id', 'shipments.shipmentNumber']
              : [
                  'shipments.id',
                  'shipments.shipmentNumber',
                  'shipments.status',
                  'shipments.orderId',
                  'shipments.originCity',
                  'shipments.originState',
                  'shipments.originPostalCode',
                  'shipments.destinationCity',
                  'shipments.destinationState',
                  'shipments.destinationPostalCode',
                ],
          )
          .orderBy(byNumber('shipments.shipmentNumber'))
          .limit(take),
      );
    });
  const union = (take: number, columns: 'page' | 'count') =>
    sql.join(
      branchQueries(take, columns).map((query) => sql`(${query})`),
      sql` union `,
    );

  const rows =
    await sql<Hit>`select * from (${union(criteria.offset + criteria.limit, 'page')}) as hits
             order by ${byNumber('shipment_number')} offset ${criteria.offset} limit ${criteria.limit}`.execute(
      tx,
    );
  // A short page that is not past the end holds the last match: the total is known without a count.
  const pageTellsTotal =
    rows.rows.length < criteria.limit && (rows.rows.length > 0 || criteria.offset === 0);
  const countCapped = async () => {
    const counted = await sql<{ count: number }>`select count(*)::int as count from (
        select id from (${union(QUICK_SEARCH_COUNT_CAP, 'count')}) as hits
        limit ${QUICK_SEARCH_COUNT_CAP}) as capped`.execute(tx);
    return counted.rows[0]?.count ?? 0;
  };
  const totalCount = pageTellsTotal
    ? Math.min(QUICK_SEARCH_COUNT_CAP, criteria.offset + rows.rows.length)
    : await countCapped();

  const orderIds = [
    ...new Set(rows.rows.map((row) => row.orderId).filter((id): id is string => id !== null)),
  ];
  const references =
    criteria.includeReferenceNumbers && orderIds.length > 0
      ? await tx
          .selectFrom('referenceNumbers')
          .select(['orderId', 'label', 'value'])
          .where('orderId', 'in', orderIds)
          .where('orderStopId', 'is', null)
          .orderBy('label')
          .execute()
      : [];
  return { rows: rows.rows, references, totalCount };
}
