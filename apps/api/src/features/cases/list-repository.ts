import type { CaseListSort } from '@portal/contract';
import { isGuid } from '@portal/domain';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import type { TenantScope } from '../../db/tenancy';
import { keptInvolvedCaseCounts } from '../../shared/counts/kept-counts';
import { caseListVisibility } from '../../shared/tenancy/case-visibility';

/** A half-open range of instants [from, until). */
export interface InstantRange {
  from?: Date | undefined;
  until?: Date | undefined;
}

/** The list's filters once the service has checked them and turned days into instants. */
export interface CaseCriteria {
  shipmentId?: string | undefined;
  orderId?: string | undefined;
  caseSources?: readonly string[] | undefined;
  caseTypes?: readonly string[] | undefined;
  caseStatuses?: readonly string[] | undefined;
  statusGroups?: readonly string[] | undefined;
  casePriority?: string | undefined;
  involvedPartyIds?: readonly string[] | undefined;
  customerIds?: readonly string[] | undefined;
  carrierIds?: readonly string[] | undefined;
  assignees?: readonly string[] | undefined;
  activeOnly?: boolean | undefined;
  unassignedOnly?: boolean | undefined;
  incident?: InstantRange | undefined;
  followUp?: InstantRange | undefined;
  search?: string | undefined;
}

type CaseQuery<O> = SelectQueryBuilder<DB, 'cases', O>;

const nonEmpty = (values: readonly string[] | undefined): values is readonly string[] =>
  values !== undefined && values.length > 0;

function inRange(
  query: CaseQuery<object>,
  column: 'cases.incidentAt' | 'cases.followUpAt',
  range: InstantRange | undefined,
): CaseQuery<object> {
  let next = query;
  if (range?.from) next = next.where(column, '>=', range.from);
  if (range?.until) next = next.where(column, '<', range.until);
  return next;
}

function searchCondition(eb: ExpressionBuilder<DB, 'cases'>, text: string) {
  const words = text.trim();
  const pattern = `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const branches = [eb('cases.subject', 'ilike', pattern)];
  if (/^\d{1,18}$/.test(words)) {
    branches.push(eb('cases.caseNumber', '=', words));
    branches.push(
      eb(
        'cases.shipmentId',
        'in',
        eb.selectFrom('shipments').select('shipments.id').where('shipmentNumber', '=', words),
      ),
    );
  }
  return eb.or(branches);
}

/** The caller's cases narrowed by the filters: the one WHERE the list and the counts share. */
export function filteredCases(tx: Tx, scope: TenantScope, criteria: CaseCriteria) {
  let query: CaseQuery<object> = tx.selectFrom('cases').where(caseListVisibility(scope));
  // Filters by shipment or order take the id or the number people know.
  const { shipmentId, orderId } = criteria;
  if (shipmentId)
    query = isGuid(shipmentId)
      ? query.where('cases.shipmentId', '=', shipmentId)
      : query.where('cases.shipmentId', 'in', (eb) =>
          eb
            .selectFrom('shipments')
            .select('shipments.id')
            .where('shipmentNumber', '=', shipmentId),
        );
  if (orderId)
    query = isGuid(orderId)
      ? query.where('cases.orderId', '=', orderId)
      : query.where('cases.orderId', 'in', (eb) =>
          eb.selectFrom('orders').select('orders.id').where('orderNumber', '=', orderId),
        );
  if (nonEmpty(criteria.caseSources))
    query = query.where('cases.caseSource', 'in', [...criteria.caseSources]);
  if (nonEmpty(criteria.caseTypes))
    query = query.where('cases.caseType', 'in', [...criteria.caseTypes]);
  if (nonEmpty(criteria.caseStatuses))
    query = query.where('cases.status', 'in', [...criteria.caseStatuses]);
  if (nonEmpty(criteria.statusGroups))
    query = query.where('cases.statusGroup', 'in', [...criteria.statusGroups]);
  if (criteria.casePriority) query = query.where('cases.priority', '=', criteria.casePriority);
  if (nonEmpty(criteria.involvedPartyIds)) {
    const ids = [...criteria.involvedPartyIds];
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('caseInvolvedParties as named')
          .select('named.caseId')
          .whereRef('named.caseId', '=', 'cases.id')
          .where('named.companyId', 'in', ids),
      ),
    );
  }
  if (nonEmpty(criteria.customerIds))
    query = query.where('cases.customerCompanyId', 'in', [...criteria.customerIds]);
  if (nonEmpty(criteria.carrierIds))
    query = query.where('cases.carrierCompanyId', 'in', [...criteria.carrierIds]);
  if (nonEmpty(criteria.assignees))
    query = query.where('cases.assigneeUserId', 'in', [...criteria.assignees]);
  if (criteria.activeOnly) query = query.where('cases.statusGroup', '<>', 'Resolved');
  if (criteria.unassignedOnly) query = query.where('cases.assigneeUserId', 'is', null);
  query = inRange(query, 'cases.incidentAt', criteria.incident);
  query = inRange(query, 'cases.followUpAt', criteria.followUp);
  if (criteria.search) {
    const text = criteria.search;
    query = query.where((eb) => searchCondition(eb, text));
  }
  return query;
}

const ORDER: Record<
  CaseListSort,
  { column: `cases.${string}`; direction: 'asc' | 'desc'; nulls?: 'last' }
> = {
  'createdAt:desc': { column: 'cases.createdAt', direction: 'desc' },
  'createdAt:asc': { column: 'cases.createdAt', direction: 'asc' },
  'updatedAt:desc': { column: 'cases.updatedAt', direction: 'desc' },
  'followUpAt:asc': { column: 'cases.followUpAt', direction: 'asc', nulls: 'last' },
  'amountRequested:desc': {
    column: 'cases.amountRequestedCents',
    direction: 'desc',
    nulls: 'last',
  },
  'caseNumber:desc': { column: 'cases.caseNumber', direction: 'desc' },
};

/** One page of the list, with the names the cards show. Ties break on the id, so pages are stable. */
export function casePage(
  tx: Tx,
  scope: TenantScope,
  criteria: CaseCriteria,
  paging: { sort: CaseListSort; offset: number; limit: number },
) {
  const order = ORDER[paging.sort];
  const orderBy = sql`${sql.ref(order.column)} ${sql.raw(order.direction)}${sql.raw(
    order.nulls ? ' nulls last' : '',
  )}`;
  return filteredCases(tx, scope, criteria)
    .leftJoin('shipments', 'shipments.id', 'cases.shipmentId')
    .leftJoin('companies as carrier', 'carrier.id', 'cases.carrierCompanyId')
    .leftJoin('companies as customer', 'customer.id', 'cases.customerCompanyId')
    .select([
      'cases.id',
      'cases.caseNumber',
      'cases.caseType',
      'cases.caseSource',
      'cases.status',
      'cases.resolutionType',
      'cases.priority',
      'cases.subject',
      'cases.amountRequestedCents',
      'cases.amountApprovedCents',
      'cases.incidentAt',
      'cases.followUpAt',
      'cases.createdAt',
      'cases.updatedAt',
      'cases.assigneeUserId',
      'carrier.id as carrierId',
      'carrier.name as carrierName',
      'customer.id as customerId',
      'customer.name as customerName',
      'shipments.id as shipmentId',
      'shipments.shipmentNumber',
      'shipments.originCity',
      'shipments.originState',
      'shipments.destinationCity',
      'shipments.destinationState',
    ])
    .orderBy(orderBy)
    .orderBy('cases.id', order.direction)
    .offset(paging.offset)
    .limit(paging.limit)
    .execute();
}

/**
 * The kept counts (migration 0170) when they answer: no filters, a company that is not the operator
 * and not a driver session.
 */
function keptCaseCounts(tx: Tx, scope: TenantScope, criteria: CaseCriteria) {
  if (scope.kind === 'operator' || scope.driverId || !unfiltered(criteria)) return undefined;
  return keptInvolvedCaseCounts(tx, scope.companyId);
}

export async function caseCount(tx: Tx, scope: TenantScope, criteria: CaseCriteria) {
  const kept = await keptCaseCounts(tx, scope, criteria);
  if (kept) return kept.reduce((sum, row) => sum + row.count, 0);
  const row = await filteredCases(tx, scope, criteria)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the criteria narrow nothing: no value set, every list empty, every range open. */
function unfiltered(criteria: CaseCriteria): boolean {
  return Object.values(criteria).every((value: unknown) => {
    if (value === undefined || value === false || value === '') return true;
    if (Array.isArray(value)) return value.length === 0;
    if (typeof value === 'object' && value !== null)
      return Object.values(value).every((bound) => bound === undefined);
    return false;
  });
}

/** Cases per user-facing status group under the filters (the kept counts where they answer). */
export async function caseGroupCounts(tx: Tx, scope: TenantScope, criteria: CaseCriteria) {
  const kept = await keptCaseCounts(tx, scope, criteria);
  if (kept) return kept.map((row) => ({ group: row.status, count: row.count }));
  const rows = await filteredCases(tx, scope, criteria)
    .select(['cases.statusGroup', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('cases.statusGroup')
    .execute();
  return rows.map((row) => ({ group: row.statusGroup ?? 'New', count: Number(row.count) }));
}

/** The companies on the caller's cases, by the role they play, for the filter choices. */
export function partiesOnCases(tx: Tx, scope: TenantScope) {
  return tx
    .selectFrom('caseInvolvedParties as party')
    .innerJoin('companies', 'companies.id', 'party.companyId')
    .select(['companies.id', 'companies.name', 'party.partyRole'])
    .where('party.caseId', 'in', (eb) =>
      eb.selectFrom('cases').select('cases.id').where(caseListVisibility(scope)),
    )
    .groupBy(['companies.id', 'companies.name', 'party.partyRole'])
    .orderBy('companies.name')
    .execute();
}

/** The operator's staff who work cases (users holding the Admin permission). */
export function operatorStaff(tx: Tx) {
  return tx
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.id', 'users.firstName', 'users.lastName'])
    .where('companies.kind', '=', 'operator')
    .where(sql<boolean>`'Admin' = any (users.permissions)`)
    .where('users.disabledAt', 'is', null)
    .orderBy('users.lastName')
    .orderBy('users.firstName')
    .execute();
}
