import {
  ACTIVE_SHIPMENT_STATUSES,
  DEFAULT_SHIPMENT_LIST_STATUSES,
  ShipmentListName,
  ShipmentStatus,
} from '@portal/domain';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Tx } from '../../db/database';
import type { DB } from '../../db/schema.generated';
import { scopeOfValues, type TenantScope } from '../../db/tenancy';
import { compiledStatements, type StatementValue } from '../../db/compiled-statements';
import { inPrefixRange, prefixRange, type PrefixRange } from '../../shared/http/like';
import {
  shipmentVisibilityBranches,
  type VisibilityBranch,
} from '../../shared/tenancy/shipment-visibility';

// The shipment lists read each visibility branch and each status on its own index, in the list's
// order, cut at the rows the page needs, and merge those short runs: a big OR of branches (or a
// status IN list ordered by date) would make PostgreSQL read and sort every matching row, and under
// row-level security only leakproof conditions (=, <, ranges on text_pattern operators) may drive an
// index. A shipment visible for two reasons is read once: each branch leaves out the earlier ones.

export interface ShipmentListCriteria {
  list: ShipmentListName;
  statuses: readonly ShipmentStatus[];
  query?: string | undefined;
  needsUpdates: boolean;
  offset: number;
  limit: number;
  now: Date;
}

export interface ShipmentListRow {
  id: string;
  shipmentNumber: string;
  orderId: string | null;
  status: number;
  customerCompanyId: string;
  carrierCompanyId: string | null;
  tripId: string | null;
  originCity: string;
  originState: string;
  originPostalCode: string;
  originLatitude: number | null;
  originLongitude: number | null;
  destinationCity: string;
  destinationState: string;
  destinationPostalCode: string;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  pickupAt: Date | null;
  deliveryAt: Date | null;
  nextUpdateDueAt: Date | null;
  isOnTime: boolean | null;
  equipmentTypes: number;
  totalWeightPounds: number | null;
  totalMiles: number | null;
  carrierRateCents: number | null;
  shippingProNumber: string | null;
  /** The newest tracking activity with coordinates, kept on the shipment (migration 0215). */
  lastPositionAt: Date | null;
  lastPositionCity: string | null;
  lastPositionState: string | null;
  lastPositionLatitude: number | null;
  lastPositionLongitude: number | null;
  lastPositionActivityType: string | null;
}

export const LIST_COLUMNS = [
  'shipments.id',
  'shipments.shipmentNumber',
  'shipments.orderId',
  'shipments.status',
  'shipments.customerCompanyId',
  'shipments.carrierCompanyId',
  'shipments.tripId',
  'shipments.originCity',
  'shipments.originState',
  'shipments.originPostalCode',
  'shipments.originLatitude',
  'shipments.originLongitude',
  'shipments.destinationCity',
  'shipments.destinationState',
  'shipments.destinationPostalCode',
  'shipments.destinationLatitude',
  'shipments.destinationLongitude',
  'shipments.pickupAt',
  'shipments.deliveryAt',
  'shipments.nextUpdateDueAt',
  'shipments.isOnTime',
  'shipments.equipmentTypes',
  'shipments.totalWeightPounds',
  'shipments.totalMiles',
  'shipments.carrierRateCents',
  'shipments.shippingProNumber',
  'shipments.lastPositionAt',
  'shipments.lastPositionCity',
  'shipments.lastPositionState',
  'shipments.lastPositionLatitude',
  'shipments.lastPositionLongitude',
  'shipments.lastPositionActivityType',
] as const;

type ShipmentsEb = ExpressionBuilder<DB, 'shipments'>;

/** A visibility branch as the lists read it; a carrier branch may stand for one carrier of several. */
export interface ListBranch extends VisibilityBranch {
  carrierId?: string;
  /** The driver whose assignments an `assigned` branch reads. */
  assignedTo?: string;
}

/**
 * The branches a list reads: what the caller is a party to. Load-board freight has its own screens.
 * A factoring company's carriers are read one carrier at a time, each on its own index order.
 */
export function listBranches(scope: TenantScope): ListBranch[] {
  return shipmentVisibilityBranches(scope)
    .filter((branch) => branch.name !== 'loadBoard')
    .flatMap((branch): ListBranch[] =>
      branch.name === 'carrier' && scope.carrierIds.length > 1
        ? scope.carrierIds.map((carrierId) => ({
            name: 'carrier',
            carrierId,
            where: (eb) => eb('shipments.carrierCompanyId', '=', carrierId),
          }))
        : [branch],
    );
}

/** A kept count (migration 0053): one party's shipments in one status and on-time state. */
export interface KeptCountRow {
  partyKind: PartyKind;
  partyId: string;
  status: number;
  onTime: number;
  shipmentCount: number;
}

/** The branches a list reads, and the kept counts of the caller's parties where they were read. */
export interface ListParties {
  branches: ListBranch[];
  /** Every kept count of the caller's company and the carriers it factors, all kinds and statuses. */
  kept?: readonly KeptCountRow[];
}

/** Whether the list reads the customer branch only if the company is a customer (partyBranches). */
const probesCustomer = (scope: TenantScope) =>
  scope.kind !== 'customer' && scope.kind !== 'operator' && !scope.driverId;

const partyIdsOf = (scope: TenantScope) => [...new Set([scope.companyId, ...scope.carrierIds])];

const isCustomer = (scope: TenantScope, kept: readonly KeptCountRow[]) =>
  kept.some(
    (row) =>
      row.partyKind === 'customer' && row.partyId === scope.companyId && row.shipmentCount > 0,
  );

const withoutCustomer = (branches: ListBranch[]) =>
  branches.filter((branch) => branch.name !== 'customer');

/**
 * The list branches that can hold anything: a carrier or a factoring company is rarely also a
 * customer, so a branch that would read nothing is left out of every list query (and the planner
 * spared planning it). Whether the company is a customer comes from its kept counts, read whole in
 * one statement of a few rows, which then answer the list's totals too: no statement of its own.
 */
export async function partyBranches(tx: Tx, scope: TenantScope): Promise<ListParties> {
  const branches = listBranches(scope);
  if (!probesCustomer(scope)) return { branches };
  const { rows } = await partyCounts(tx, null, { partyIds: partyIdsOf(scope) });
  const kept = rows.map(keptCountOf);
  const customer = isCustomer(scope, kept);
  remember(scope.companyId, customer);
  return { branches: customer ? branches : withoutCustomer(branches), kept };
}

const keptCountOf = (row: {
  partyKind: string;
  partyId: string;
  status: number;
  onTime: number;
  shipmentCount: string | number;
}): KeptCountRow => ({
  partyKind: row.partyKind as PartyKind,
  partyId: row.partyId,
  status: row.status,
  onTime: row.onTime,
  shipmentCount: Number(row.shipmentCount),
});

/**
 * Whether each company was a customer when its list was last read. A list trusts it to choose its
 * branches, and the kept counts its page statement brings back check it in the same snapshot: a page
 * read without a customer branch the company now needs is read again. So a list is one statement,
 * and never answers from a stale guess.
 */
const knownCustomers = new Map<string, boolean>();
const KNOWN_CUSTOMERS_CAP = 10_000;

function remember(companyId: string, customer: boolean) {
  knownCustomers.delete(companyId);
  if (knownCustomers.size >= KNOWN_CUSTOMERS_CAP)
    knownCustomers.delete(knownCustomers.keys().next().value!);
  knownCustomers.set(companyId, customer);
}

/**
 * One page of a list with the branches and kept counts its totals need: one statement where the
 * company's customer standing is known, two the first time (partyBranches, then the page).
 */
export async function readShipmentList(
  tx: Tx,
  scope: TenantScope,
  criteria: ShipmentListCriteria,
): Promise<{ rows: ShipmentListRow[]; details: PageDetails; parties: ListParties }> {
  const known = probesCustomer(scope) ? knownCustomers.get(scope.companyId) : true;
  if (known === undefined) {
    const parties = await partyBranches(tx, scope);
    return { ...(await listShipmentPage(tx, scope, parties.branches, criteria)), parties };
  }
  const all = listBranches(scope);
  const branches = known ? all : withoutCustomer(all);
  const page = await listShipmentPage(tx, scope, branches, criteria, { withKept: !scope.driverId });
  const kept = page.kept;
  if (kept && probesCustomer(scope)) {
    const customer = isCustomer(scope, kept);
    remember(scope.companyId, customer);
    // A company that has become a customer since: its page again, with the customer branch. (One
    // that no longer is read an empty branch, and its answer stands.)
    if (customer && !known) {
      const parties = { branches: all, kept };
      return { ...(await listShipmentPage(tx, scope, all, criteria)), parties };
    }
  }
  return { rows: page.rows, details: page.details, parties: { branches, kept } };
}

/** The kept counts of some parties, every kind and status: compiled once per number of parties. */
const partyCounts = compiledStatements(
  () => 'parties',
  (tx, _shape: null, values: { partyIds: readonly string[] }) =>
    tx
      .selectFrom('shipmentStatusCounts')
      .select(['partyKind', 'partyId', 'status', 'onTime', 'shipmentCount'])
      .where('partyKind', 'in', PARTY_KINDS)
      .where('partyId', 'in', values.partyIds),
);

/** A branch only holds shipments of some statuses (tendered: Tendering); pair it with those only. */
function statusesOfBranch(branch: ListBranch, statuses: readonly ShipmentStatus[]) {
  return branch.name === 'tendered'
    ? statuses.filter((status) => status === ShipmentStatus.Tendering)
    : statuses;
}

/** A driver's own loads (/my-shipments), for any user assigned as a driver. */
export function assignedToBranch(driverUserId: string): ListBranch {
  return {
    name: 'assigned',
    assignedTo: driverUserId,
    where: (eb) =>
      eb(
        'shipments.id',
        'in',
        eb
          .selectFrom('shipmentDrivers as assignment')
          .select('assignment.shipmentId')
          .where('assignment.driverId', '=', driverUserId),
      ),
  };
}

/** Each branch, minus the shipments an earlier branch already counts. */
function exclusiveBranches(
  branches: readonly ListBranch[],
): { branch: ListBranch; where: (eb: ShipmentsEb) => Expression<SqlBool> }[] {
  return branches.map((branch, index) => ({
    branch,
    where: (eb: ShipmentsEb) => {
      // Carriers are distinct companies: one carrier's branch never holds another's shipments.
      const earlier = branches
        .slice(0, index)
        .filter((other) => !(branch.carrierId && other.carrierId));
      if (earlier.length === 0) return branch.where(eb);
      return eb.and([
        branch.where(eb),
        ...earlier.map(
          (other): Expression<SqlBool> => sql<SqlBool>`not coalesce(${other.where(eb)}, false)`,
        ),
      ]);
    },
  }));
}

/** The statuses a list may show: needsUpdates narrows them to the active ones. */
export function effectiveStatuses(
  statuses: readonly ShipmentStatus[],
  needsUpdates: boolean,
): ShipmentStatus[] {
  const unique = [...new Set(statuses)];
  return needsUpdates
    ? unique.filter((status) => ACTIVE_SHIPMENT_STATUSES.includes(status))
    : unique;
}

function filters(
  eb: ShipmentsEb,
  criteria: {
    query?: string | undefined;
    range?: PrefixRange;
    needsUpdates: boolean;
    now: Date | string;
  },
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (criteria.query)
    conditions.push(
      inPrefixRange('shipments.shipmentNumber', criteria.range ?? prefixRange(criteria.query)),
    );
  if (criteria.needsUpdates)
    conditions.push(eb('shipments.nextUpdateDueAt', '<=', sql<Date>`${criteria.now}`));
  return conditions;
}

const ORDER_SQL: Record<ShipmentListName, RawBuilder<unknown>> = {
  booking: sql`pickup_at desc, shipment_number desc`,
  tracking: sql`next_update_due_at asc nulls last, pickup_at desc, shipment_number desc`,
};

interface PageShape {
  kind: TenantScope['kind'];
  driver: boolean;
  /** The branches the caller's list reads (partyBranches leaves some out). */
  branches: readonly ListBranch['name'][];
  list: ShipmentListName;
  statuses: readonly ShipmentStatus[];
  search: boolean;
  needsUpdates: boolean;
  /** The kept counts of partyIds come on the first row (or the only one, of an empty page). */
  withKept: boolean;
}

interface PageValues extends Record<string, StatementValue> {
  companyId: string;
  carrierIds: readonly string[];
  partyIds: readonly string[];
  driverId: string;
  assignedTo: string;
  numberFrom: string;
  numberTo: string;
  now: string;
  take: number;
  offset: number;
  limit: number;
}

const pageShape = (shape: PageShape) =>
  [
    shape.kind,
    shape.driver,
    shape.branches.join('+'),
    shape.list,
    shape.statuses.join('+'),
    shape.search,
    shape.needsUpdates,
    shape.withKept,
  ].join(':');

/**
 * Each branch and status read on its own index in the list's order, cut at the rows the page needs,
 * and the runs merged. Built once per shape (compiledStatements): a carrier's booking list is a dozen
 * runs of 26 columns, and building it cost Node about 1.5 ms a request on the 2-core machine.
 */
const shipmentPage = compiledStatements(pageShape, (tx, shape, values: PageValues) => {
  const scope = scopeOfValues(shape, values);
  const visible = listBranches(scope);
  // The branches in the caller's order; an `assigned` branch may be any user's (/my-shipments).
  const branches = shape.branches.flatMap((name) =>
    name === 'assigned'
      ? [assignedToBranch(values.assignedTo)]
      : visible.filter((branch) => branch.name === name),
  );
  const criteria = {
    query: shape.search ? values.numberFrom : undefined,
    range: { from: values.numberFrom, to: values.numberTo },
    needsUpdates: shape.needsUpdates,
    now: values.now,
  };
  const runs = exclusiveBranches(branches).flatMap(({ branch, where: branchWhere }) =>
    statusRuns(shape, branch).map((statuses) => {
      let query = tx
        .selectFrom('shipments')
        .select(LIST_COLUMNS)
        .where(branchWhere)
        .where(
          statuses.length === 1
            ? sql<SqlBool>`shipments.status = ${statuses[0]}`
            : sql<SqlBool>`shipments.status in (${sql.join(statuses.map((status) => sql.lit(status)))})`,
        )
        .where((eb) => eb.and(filters(eb, criteria)));
      query =
        shape.list === ShipmentListName.Tracking
          ? query
              .orderBy(sql`shipments.next_update_due_at asc nulls last`)
              .orderBy('shipments.pickupAt', 'desc')
              .orderBy('shipments.shipmentNumber', 'desc')
          : query.orderBy('shipments.pickupAt', 'desc').orderBy('shipments.shipmentNumber', 'desc');
      return sql`(${query.limit(values.take)})`;
    }),
  );
  const page = sql`(select * from (${sql.join(runs, sql` union all `)}) as runs
             order by ${ORDER_SQL[shape.list]}
            offset ${values.offset} limit ${values.limit})`;
  // The page's carriers and drivers come in the same statement: a round trip each cost more than
  // reading them (the last known positions are the rows' own, migration 0215). So do the kept counts
  // its totals take, once, on the first row: a page with no rows is one row of nulls carrying them.
  return sql<ShipmentPageRow>`
    select page.*, carrier.name as carrier_name, drivers.list as drivers
           ${
             shape.withKept
               ? sql`, case when row_number() over (order by ${ORDER_SQL[shape.list]}) = 1 then
                   (select json_agg(json_build_array(k.party_kind, k.party_id, k.status, k.on_time,
                                                     k.shipment_count))
                      from shipment_status_counts k
                     where k.party_kind in (${sql.join(PARTY_KINDS.map((kind) => sql.lit(kind)))})
                       and k.party_id in (${sql.join(values.partyIds)})) end as kept_counts`
               : sql``
           }
      from ${shape.withKept ? sql`(select 1) as one left join ${page} as page on true` : sql`${page} as page`}
      left join lateral (select c.name from companies c where c.id = page.carrier_company_id) as carrier on true
      left join lateral (
        select json_agg(json_build_object('shipmentId', d.shipment_id, 'driverId', d.driver_id,
                                          'isPrimary', d.is_primary, 'firstName', u.first_name,
                                          'lastName', u.last_name)
                        order by d.is_primary desc, d.assigned_at) as list
          from shipment_drivers d join users u on u.id = d.driver_id
         where d.shipment_id = page.id) as drivers on true
     order by ${ORDER_SQL[shape.list]}`;
});

/** The parties' branches, each read on its own company column's indexes. */
const PARTY_BRANCHES: readonly ListBranch['name'][] = ['operator', 'customer', 'carrier'];

/**
 * The status runs of a branch: one per status, on the (party, status, order) indexes, except a
 * party's list in exactly the default statuses (the screen's first view), which is one run on the
 * party's partial index of those statuses in the list's order (migrations 0212, 0213). Each run
 * brings the shipments' policy with it, set up again on every execution: one run where there were
 * five. A search or needsUpdates keeps the runs per status, whose indexes narrow first.
 */
function statusRuns(shape: PageShape, branch: ListBranch): ShipmentStatus[][] {
  const statuses = statusesOfBranch(branch, shape.statuses);
  const together =
    !shape.search &&
    !shape.needsUpdates &&
    PARTY_BRANCHES.includes(branch.name) &&
    statuses.length === DEFAULT_SHIPMENT_LIST_STATUSES.length &&
    DEFAULT_SHIPMENT_LIST_STATUSES.every((status) => statuses.includes(status));
  return together ? [[...statuses].sort()] : statuses.map((status) => [status]);
}

/** A list row with its carrier's name and its drivers. */
interface ShipmentPageRow extends ShipmentListRow {
  /** On the first row where asked for: [kind, party, status, on time, count] of each kept count. */
  keptCounts?: [PartyKind, string, number, number, number][] | null;
  carrierName: string | null;
  drivers: PageDriverRow[] | null;
}

interface PageDriverRow {
  shipmentId: string;
  driverId: string;
  isPrimary: boolean;
  firstName: string;
  lastName: string;
}

export type PageDetails = Awaited<ReturnType<typeof pageDetails>>;

/** One page of a list, in the list's order, with what its rows show of other tables. */
export async function listShipmentPage(
  tx: Tx,
  scope: TenantScope,
  branches: readonly ListBranch[],
  criteria: ShipmentListCriteria,
  { withKept = false } = {},
): Promise<{ rows: ShipmentListRow[]; details: PageDetails; kept?: KeptCountRow[] }> {
  const statuses = effectiveStatuses(criteria.statuses, criteria.needsUpdates);
  if (statuses.length === 0 || branches.length === 0) {
    if (!withKept) return { rows: [], details: noDetails() };
    const { rows } = await partyCounts(tx, null, { partyIds: partyIdsOf(scope) });
    return { rows: [], details: noDetails(), kept: rows.map(keptCountOf) };
  }
  const range = criteria.query ? prefixRange(criteria.query) : { from: '', to: '' };
  const assigned = branches.find((branch) => branch.name === 'assigned');
  const { rows } = await shipmentPage(
    tx,
    {
      kind: scope.kind,
      driver: scope.driverId !== null,
      branches: [...new Set(branches.map((branch) => branch.name))],
      list: criteria.list,
      statuses,
      search: Boolean(criteria.query),
      needsUpdates: criteria.needsUpdates,
      withKept,
    },
    {
      companyId: scope.companyId,
      carrierIds: scope.carrierIds,
      partyIds: withKept ? partyIdsOf(scope) : [],
      driverId: scope.driverId ?? '',
      assignedTo: assigned ? (assigned.assignedTo ?? scope.driverId ?? '') : '',
      numberFrom: range.from,
      numberTo: range.to,
      now: criteria.now.toISOString(),
      take: criteria.offset + criteria.limit,
      offset: criteria.offset,
      limit: criteria.limit,
    },
  );
  const kept = withKept
    ? (rows[0]?.keptCounts ?? []).map(([partyKind, partyId, status, onTime, shipmentCount]) => ({
        partyKind,
        partyId,
        status,
        onTime,
        shipmentCount,
      }))
    : undefined;
  // An empty page is its one row of nulls.
  const found = rows.length === 1 && rows[0]!.id === null ? [] : rows;
  const details = noDetails();
  for (const row of found) {
    if (row.carrierCompanyId && row.carrierName !== null)
      details.carriers.set(row.carrierCompanyId, row.carrierName);
    details.drivers.push(...(row.drivers ?? []));
  }
  return { rows: found, details, ...(kept ? { kept } : {}) };
}

const noDetails = () => ({
  carriers: new Map<string, string>(),
  drivers: [] as PageDriverRow[],
});

// ---- Counting ----

type PartyKind = 'operator' | 'customer' | 'carrier' | 'self_hauled';
const PARTY_KINDS: readonly PartyKind[] = ['operator', 'customer', 'carrier', 'self_hauled'];

/** Shipments per status, split by on-time state. */
export type ShipmentTally = Map<number, { onTime: number; late: number; notYetKnown: number }>;

/** A filtered count stops here per branch: a prefix narrows by typing, not by paging. */
export const FILTERED_COUNT_CAP = 10_000;

function add(tally: ShipmentTally, status: number, onTime: number, count: number) {
  const entry = tally.get(status) ?? { onTime: 0, late: 0, notYetKnown: 0 };
  if (onTime === 1) entry.onTime += count;
  else if (onTime === 0) entry.late += count;
  else entry.notYetKnown += count;
  tally.set(status, entry);
}

/** The kept counts (migration 0053) of some parties in some statuses: from `kept` where given. */
async function keptCounts(
  tx: Tx,
  kept: readonly KeptCountRow[] | undefined,
  kind: PartyKind,
  partyIds: readonly string[],
  statuses: readonly ShipmentStatus[],
): Promise<{ status: number; onTime: number; shipmentCount: number | string }[]> {
  if (partyIds.length === 0 || statuses.length === 0) return [];
  if (kept)
    return kept.filter(
      (row) =>
        row.partyKind === kind &&
        partyIds.includes(row.partyId) &&
        statuses.includes(row.status as ShipmentStatus),
    );
  const { rows } = await keptCountsOf(tx, null, { kind, partyIds, statuses });
  return rows;
}

/** The kept counts' statement, compiled once per number of parties and statuses. */
const keptCountsOf = compiledStatements(
  () => 'kept',
  (
    tx,
    _shape: null,
    values: { kind: PartyKind; partyIds: readonly string[]; statuses: readonly ShipmentStatus[] },
  ) =>
    tx
      .selectFrom('shipmentStatusCounts')
      .select(['status', 'onTime', 'shipmentCount'])
      .where('partyKind', '=', values.kind)
      .where('partyId', 'in', values.partyIds)
      .where('status', 'in', values.statuses),
);

/**
 * How many shipments a list holds per status and on-time state. Without a number prefix or
 * needsUpdates the kept counts answer (a few rows, whatever the company's size); a tender branch, a
 * driver's assignments and filtered lists are counted live, a filtered one up to FILTERED_COUNT_CAP
 * per branch. Kept counts partyBranches has read already are not read again.
 */
export async function tallyShipments(
  tx: Tx,
  scope: TenantScope,
  { branches, kept }: ListParties,
  criteria: Pick<ShipmentListCriteria, 'statuses' | 'query' | 'needsUpdates' | 'now'>,
): Promise<ShipmentTally> {
  const tally: ShipmentTally = new Map();
  const statuses = effectiveStatuses(criteria.statuses, criteria.needsUpdates);
  if (statuses.length === 0) return tally;
  const filtered = Boolean(criteria.query) || criteria.needsUpdates;
  const names = branches.map((branch) => branch.name);
  for (const { branch, where } of exclusiveBranches(branches)) {
    const wanted = statusesOfBranch(branch, statuses);
    if (wanted.length === 0) continue;
    const keptBranch =
      !filtered &&
      (branch.name === 'operator' ||
        branch.name === 'customer' ||
        (branch.name === 'carrier' && (!names.includes('customer') || scope.kind === 'carrier')));
    if (keptBranch) {
      const kind: PartyKind =
        branch.name === 'operator'
          ? 'operator'
          : branch.name === 'customer'
            ? 'customer'
            : 'carrier';
      const parties =
        branch.name === 'carrier'
          ? branch.carrierId
            ? [branch.carrierId]
            : scope.carrierIds
          : [scope.companyId];
      for (const row of await keptCounts(tx, kept, kind, parties, wanted)) {
        add(tally, row.status, row.onTime, Number(row.shipmentCount));
      }
      // A company hauling its own order is counted by its customer branch already.
      if (branch.name === 'carrier' && names.includes('customer')) {
        for (const row of await keptCounts(tx, kept, 'self_hauled', [scope.companyId], wanted)) {
          add(tally, row.status, row.onTime, -Number(row.shipmentCount));
        }
      }
      continue;
    }
    const { rows } = await sql<{ status: number; isOnTime: boolean | null; count: number }>`
      select status, is_on_time, count(*)::int as count from (${tx
        .selectFrom('shipments')
        .select(['shipments.status', 'shipments.isOnTime'])
        .where(where)
        .where('shipments.status', 'in', wanted)
        .where((eb) => eb.and(filters(eb, criteria)))
        .limit(FILTERED_COUNT_CAP)}) as matched
      group by status, is_on_time`.execute(tx);
    for (const row of rows) {
      add(tally, row.status, row.isOnTime === null ? -1 : row.isOnTime ? 1 : 0, row.count);
    }
  }
  return tally;
}

export function tallyTotal(tally: ShipmentTally): number {
  let total = 0;
  for (const entry of tally.values()) total += entry.onTime + entry.late + entry.notYetKnown;
  return total;
}

// ---- What the page's rows show beside their own columns ----

/** What a page's rows show of other tables, read for rows already in hand (problem shipments). */
export async function pageDetails(tx: Tx, rows: readonly ShipmentListRow[]) {
  const ids = rows.map((row) => row.id);
  const carrierIds = [
    ...new Set(rows.map((row) => row.carrierCompanyId).filter((id): id is string => !!id)),
  ];
  if (ids.length === 0) return noDetails();
  const [carriers, drivers] = await Promise.all([
    carrierIds.length
      ? tx.selectFrom('companies').select(['id', 'name']).where('id', 'in', carrierIds).execute()
      : Promise.resolve([]),
    tx
      .selectFrom('shipmentDrivers as d')
      .innerJoin('users as u', 'u.id', 'd.driverId')
      .select(['d.shipmentId', 'd.driverId', 'd.isPrimary', 'u.firstName', 'u.lastName'])
      .where('d.shipmentId', 'in', ids)
      .orderBy('d.isPrimary', 'desc')
      .orderBy('d.assignedAt')
      .execute(),
  ]);
  return {
    carriers: new Map(carriers.map((carrier) => [carrier.id, carrier.name])),
    drivers,
  };
}
