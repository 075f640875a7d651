import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';
import { scopeOfValues, type TenantScope } from '../../db/tenancy';
import { compiledStatements, type StatementValue } from '../../db/compiled-statements';
import { inPrefixRange, prefixRange } from '../../shared/http/like';
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

interface SearchShape {
  kind: TenantScope['kind'];
  driver: boolean;
  includeReferenceNumbers: boolean;
}

interface SearchValues extends Record<string, StatementValue> {
  companyId: string;
  carrierIds: readonly string[];
  driverId: string;
  numberFrom: string;
  numberTo: string;
  referenceFrom: string;
  referenceTo: string;
  take: number;
}

const searchShape = (shape: SearchShape) =>
  `${shape.kind}:${shape.driver}:${shape.includeReferenceNumbers}`;

// After the id and the shipment number, in this order in every branch (a union matches by position).
const HIT_DETAILS = [
  'shipments.status',
  'shipments.orderId',
  'shipments.originCity',
  'shipments.originState',
  'shipments.originPostalCode',
  'shipments.destinationCity',
  'shipments.destinationState',
  'shipments.destinationPostalCode',
] as const;

/**
 * A carrier's Tendering shipments with an open tender to it, read from its open tenders in the
 * prefix of their own copy of the shipment number (migration 0203), in that number's order: the
 * merge of the branches then takes them as it needs them, and a short prefix reads only those
 * tenders' shipments. (Read from the shipments' side, a plan could walk every shipment of the
 * prefix in number order to find the few tendered ones.) A shipment tendered twice is kept once.
 */
function tenderedMatches(
  tx: Tx,
  carrierId: string,
  number: { from: string; to: string },
  take: number,
) {
  return tx
    .selectFrom('tenders as prefixTender')
    .innerJoin('shipments', 'shipments.id', 'prefixTender.shipmentId')
    .where('prefixTender.carrierCompanyId', '=', carrierId)
    .where('prefixTender.status', '=', sql.lit(TenderOfferStatus.Sent))
    .where(inPrefixRange('prefixTender.shipmentNumber', number))
    .where('shipments.status', '=', sql.lit(ShipmentStatus.Tendering))
    .distinctOn('prefixTender.shipmentNumber')
    .select(['shipments.id', 'prefixTender.shipmentNumber', ...HIT_DETAILS])
    .orderBy(byNumber('prefixTender.shipmentNumber'))
    .limit(take);
}

/**
 * Each visibility branch searched on its own index in shipment-number order and cut at `take` rows,
 * the matches of all joined. A broker's own orders (and the loads it hauls) are also matched by reference
 * number.
 */
function branchUnion(tx: Tx, shape: SearchShape, values: SearchValues) {
  const scope = scopeOfValues(shape, values);
  const number = { from: values.numberFrom, to: values.numberTo };
  const reference = { from: values.referenceFrom, to: values.referenceTo };
  const queries = shipmentVisibilityBranches(scope).flatMap((branch): Expression<unknown>[] => {
    if (branch.name === 'tendered')
      return [tenderedMatches(tx, scope.companyId, number, values.take)];
    const base = tx.selectFrom('shipments').where(branch.where);
    const matches: ((query: typeof base) => typeof base)[] = [
      (query) => query.where(inPrefixRange('shipments.shipmentNumber', number)),
    ];
    if (shape.includeReferenceNumbers && branch.name === 'customer') {
      matches.push((query) =>
        query.where(
          'shipments.orderId',
          'in',
          tx
            .selectFrom('referenceNumbers as reference')
            .select('reference.orderId')
            .where('reference.customerCompanyId', '=', scope.companyId)
            .where(inPrefixRange('reference.valueLower', reference)),
        ),
      );
    }
    if (shape.includeReferenceNumbers && branch.name === 'carrier') {
      matches.push((query) =>
        query.where((eb): Expression<SqlBool> =>
          eb.exists(
            eb
              .selectFrom('referenceNumbers as reference')
              .select('reference.id')
              .whereRef('reference.orderId', '=', 'shipments.orderId')
              .where(inPrefixRange('reference.valueLower', reference)),
          ),
        ),
      );
    }
    return matches.map((match) =>
      match(base)
        .select(['shipments.id', 'shipments.shipmentNumber', ...HIT_DETAILS])
        .orderBy(byNumber('shipments.shipmentNumber'))
        .limit(values.take),
    );
  });
  // A shipment may match in two branches: kept once, in number order (shipment numbers are unique,
  // so the number alone tells two rows of one shipment). The branches come sorted by number, so the
  // database merges them as they are read (a Merge Append) and stops at the `take`-th shipment: the
  // branches together read about `take` rows, not `take` each. Not with reference numbers: a
  // reference match is found from the references, and under that limit it could be planned to walk
  // the company's shipments in number order looking for the few whose order has one (400 ms for a
  // broker on the 1,000,000-shipment world, against 2 ms); its branches are read whole and sorted.
  const merged = shape.includeReferenceNumbers ? sql`` : sql` limit ${values.take}`;
  return sql`select distinct on (shipment_number) * from (${sql.join(
    queries.map((query) => sql`(${query})`),
    sql` union all `,
  )}) as branch order by ${byNumber('shipment_number')}${merged}`;
}

// The matches sorted and paged, and counted in the same statement, so every branch is read once.
// Built once per shape (compiledStatements).
const searchPage = compiledStatements(
  searchShape,
  (tx, shape, values: SearchValues & { offset: number; limit: number }) =>
    sql<Hit & { hits: number }>`
      select *, count(*) over () as hits from (${branchUnion(tx, shape, values)}) as hits
       order by ${byNumber('shipment_number')} offset ${values.offset} limit ${values.limit}`,
);

const countMatches = compiledStatements(
  searchShape,
  (tx, shape, values: SearchValues) =>
    sql<{ count: number }>`select count(*)::int as count from (
      select id from (${branchUnion(tx, shape, values)}) as hits limit ${values.take}) as capped`,
);

/**
 * Each visibility branch is searched on its own index in shipment-number order; the branches are
 * merged in that order up to the cap (or to the rows the page needs, past it), and the merged list is
 * paged and counted in the same statement, so every branch is read once.
 */
export async function searchShipments(tx: Tx, scope: TenantScope, criteria: QuickSearchCriteria) {
  const shape: SearchShape = {
    kind: scope.kind,
    driver: scope.driverId !== null,
    includeReferenceNumbers: criteria.includeReferenceNumbers,
  };
  const number = prefixRange(criteria.query);
  const reference = prefixRange(criteria.query.toLowerCase());
  const values: SearchValues = {
    companyId: scope.companyId,
    carrierIds: scope.carrierIds,
    driverId: scope.driverId ?? '',
    numberFrom: number.from,
    numberTo: number.to,
    referenceFrom: reference.from,
    referenceTo: reference.to,
    take: Math.max(QUICK_SEARCH_COUNT_CAP, criteria.offset + criteria.limit),
  };
  const page = await searchPage(tx, shape, {
    ...values,
    offset: criteria.offset,
    limit: criteria.limit,
  });
  const rows = page.rows.map(({ hits: _hits, ...row }) => row);
  // Past the last match the page is empty and tells nothing: count the numbers alone.
  const countPastTheEnd = async () => {
    const counted = await countMatches(tx, shape, { ...values, take: QUICK_SEARCH_COUNT_CAP });
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
