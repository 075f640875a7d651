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

/**
 * Each visibility branch searched on its own index in shipment-number order and cut at `take` rows,
 * the matches of all joined. A broker's own orders (and the loads it hauls) are also matched by reference
 * number.
 */
function branchUnion(tx: Tx, shape: SearchShape, values: SearchValues) {
  const scope = scopeOfValues(shape, values);
  const number = { from: values.numberFrom, to: values.numberTo };
  const reference = { from: values.referenceFrom, to: values.referenceTo };
  const queries = shipmentVisibilityBranches(scope).flatMap((branch) => {
    // The tendered branch's open tenders are read in the prefix alone (below): its own condition
    // (any open tender of the carrier's) adds nothing to that but a second lookup per shipment.
    const base = tx
      .selectFrom('shipments')
      .where(
        branch.name === 'tendered'
          ? (eb) => eb('shipments.status', '=', sql.lit(ShipmentStatus.Tendering))
          : branch.where,
      );
    const matches: ((query: typeof base) => typeof base)[] = [
      (query) => query.where(inPrefixRange('shipments.shipmentNumber', number)),
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
            .where(inPrefixRange('prefixTender.shipmentNumber', number)),
        );
    }
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
        .limit(values.take),
    );
  });
  // A shipment may match in two branches: kept once, in number order. Sorting the short lists by
  // number (and id) costs less than hashing whole rows as `union` would.
  return sql`select distinct on (shipment_number, id) * from (${sql.join(
    queries.map((query) => sql`(${query})`),
    sql` union all `,
  )}) as branch order by ${byNumber('shipment_number')}, id`;
}

// The matches sorted and paged, and counted in the same statement, so every branch is read once.
// Built once per shape (compiledStatements).
const searchPage = compiledStatements(
  searchShape,
  (tx, shape, values: SearchValues & { offset: number; limit: number }) =>
    sql<Hit & { hits: number }>`
      select *, count(*) over () as hits from (${branchUnion(tx, shape, values)}) as hits
       order by ${byNumber('shipment_number')}, id offset ${values.offset} limit ${values.limit}`,
);

const countMatches = compiledStatements(
  searchShape,
  (tx, shape, values: SearchValues) =>
    sql<{ count: number }>`select count(*)::int as count from (
      select id from (${branchUnion(tx, shape, values)}) as hits limit ${values.take}) as capped`,
);

/**
 * Each visibility branch is searched on its own index in shipment-number order and cut at the cap
 * (or at the rows the page needs, past it); the union of those short lists is sorted and paged, and
 * counted in the same statement, so every branch is read once.
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
