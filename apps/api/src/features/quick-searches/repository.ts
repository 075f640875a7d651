import { TenderOfferStatus } from '@portal/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import { startsWith } from '../../shared/http/like';
import { shipmentVisibilityBranches } from '../../shared/tenancy/shipment-visibility';

/**
 * Beyond this many matches the count stops: a quick search narrows by typing, not by paging (five
 * pages of 20). Each visibility branch reads at most this many matches.
 */
export const QUICK_SEARCH_COUNT_CAP = 100;

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
 * Each visibility branch is searched on its own index in shipment-number order and cut at the cap
 * (or at the rows the page needs, past it); the union of those short lists is sorted and paged, and
 * counted in the same statement, so every branch is read once. A broker's own orders (and the loads
 * it hauls) are also matched by reference number.
 */
export async function searchShipments(tx: Tx, scope: TenantScope, criteria: QuickSearchCriteria) {
  const referencePrefix = criteria.query.toLowerCase();
  const branchQueries = (take: number) =>
    shipmentVisibilityBranches(scope).flatMap((branch) => {
      const base = tx.selectFrom('shipments').where(branch.where);
      const matches: ((query: typeof base) => typeof base)[] = [
        (query) => query.where(startsWith('shipments.shipmentNumber', criteria.query)),
      ];
      if (branch.name === 'tendered') {
        // The carrier's open tenders in the prefix, read by their own copy of the shipment number
        // (migration 0203): a short prefix then reads those few shipments, not every open tender's.
        const [numberMatch] = matches;
        matches[0] = (query) =>
          numberMatch!(query).where(
            'shipments.id',
            'in',
            tx
              .selectFrom('tenders as prefixTender')
              .select('prefixTender.shipmentId')
              .where('prefixTender.carrierCompanyId', '=', scope.companyId)
              .where('prefixTender.status', '=', sql.lit(TenderOfferStatus.Sent))
              .where(startsWith('prefixTender.shipmentNumber', criteria.query)),
          );
      }
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
          .select([
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
          ])
          .orderBy(byNumber('shipments.shipmentNumber'))
          .limit(take),
      );
    });
  const union = (take: number) =>
    sql.join(
      branchQueries(take).map((query) => sql`(${query})`),
      sql` union `,
    );

  const take = Math.max(QUICK_SEARCH_COUNT_CAP, criteria.offset + criteria.limit);
  const page = await sql<Hit & { hits: number }>`
    select *, count(*) over () as hits from (${union(take)}) as hits
     order by ${byNumber('shipment_number')} offset ${criteria.offset} limit ${criteria.limit}`.execute(
    tx,
  );
  const rows = page.rows.map(({ hits: _hits, ...row }) => row);
  // Past the last match the page is empty and tells nothing: count the numbers alone.
  const countPastTheEnd = async () => {
    const counted = await sql<{ count: number }>`select count(*)::int as count from (
        select id from (${union(QUICK_SEARCH_COUNT_CAP)}) as hits
        limit ${QUICK_SEARCH_COUNT_CAP}) as capped`.execute(tx);
    return counted.rows[0]?.count ?? 0;
  };
  // Counted up to the cap; a page read past the cap still counts its own rows.
  const totalCount = Math.max(
    rows.length > 0 ? criteria.offset + rows.length : 0,
    Math.min(
      QUICK_SEARCH_COUNT_CAP,
      page.rows[0]?.hits ?? (criteria.offset === 0 ? 0 : await countPastTheEnd()),
    ),
  );

  const orderIds = [
    ...new Set(rows.map((row) => row.orderId).filter((id): id is string => id !== null)),
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
  return { rows, references, totalCount };
}
