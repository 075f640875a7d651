import {
  DEFAULT_SHIPMENT_LIST_STATUSES,
  SHIPMENT_STATUSES,
  shipmentNeedsUpdate,
  ShipmentListName,
  type ShipmentStatus,
} from '@portal/domain';
import type {
  FilterSet,
  FilterSetBody,
  FilterSetListQuery,
  MyShipmentsQuery,
  ProblemShipmentPage,
  ProblemShipmentsQuery,
  ShipmentCountQuery,
  ShipmentListItem,
  ShipmentListPage,
  ShipmentListQuery,
  ShipmentOnTimeCounts,
  ShipmentStatusCountQuery,
  ShipmentStatusCounts,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { SavedFilterSets } from '../../db/schema.generated';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, notFound } from '../../shared/http/errors';
import { canSeeCarrierRate, shipmentRelation } from '../../shared/shipments/find-shipment';
import {
  destinationOf,
  dollars,
  equipmentNames,
  iso,
  originOf,
  personName,
  statusValue,
} from '../../shared/shipments/present';
import * as filterSets from './filter-sets-repository';
import {
  assignedToBranch,
  listBranches,
  listShipmentPage,
  pageDetails,
  type PageDetails,
  partyBranches,
  readShipmentList,
  tallyShipments,
  tallyTotal,
  type ListParties,
  type ShipmentListCriteria,
  type ShipmentListRow,
} from './list-repository';
import { listProblemShipments, openProblemsOf } from './problems-repository';

function statusesOrDefault(statuses: readonly number[] | undefined): ShipmentStatus[] {
  return (statuses && statuses.length > 0 ? statuses : DEFAULT_SHIPMENT_LIST_STATUSES).filter(
    (status): status is ShipmentStatus => SHIPMENT_STATUSES.includes(status as ShipmentStatus),
  );
}

function toListItem(
  caller: Caller,
  row: ShipmentListRow,
  details: PageDetails,
  now: Date,
): ShipmentListItem {
  const relation = shipmentRelation(caller, row as never);
  return {
    id: row.id,
    shipmentNumber: row.shipmentNumber,
    status: statusValue(row.status),
    origin: originOf(row),
    destination: destinationOf(row),
    lastKnownPosition:
      row.lastPositionAt !== null
        ? {
            latitude: row.lastPositionLatitude!,
            longitude: row.lastPositionLongitude!,
            city: row.lastPositionCity,
            state: row.lastPositionState,
            at: iso(row.lastPositionAt)!,
            activityType: row.lastPositionActivityType!,
          }
        : null,
    pickupAt: iso(row.pickupAt),
    deliveryAt: iso(row.deliveryAt),
    nextUpdateDueAt: iso(row.nextUpdateDueAt),
    needsUpdate: shipmentNeedsUpdate(
      row.status as ShipmentStatus,
      row.nextUpdateDueAt ? new Date(row.nextUpdateDueAt) : null,
      now,
    ),
    isOnTime: row.isOnTime,
    carrier: row.carrierCompanyId
      ? { id: row.carrierCompanyId, name: details.carriers.get(row.carrierCompanyId) ?? '' }
      : null,
    drivers: details.drivers
      .filter((driver) => driver.shipmentId === row.id)
      .map((driver) => ({
        id: driver.driverId,
        name: personName(driver),
        isPrimary: driver.isPrimary,
      })),
    equipmentTypes: equipmentNames(row.equipmentTypes),
    totalWeightPounds: row.totalWeightPounds,
    totalMiles: row.totalMiles,
    carrierRate: canSeeCarrierRate(relation) ? dollars(row.carrierRateCents) : null,
    shippingProNumber: row.shippingProNumber,
    tripId: row.tripId,
  };
}

/**
 * A list or count without a search text plans alike for every caller and page: its statements run on
 * their generic plans, planned once per connection (decision 220). A search text keeps per-call
 * plans, whose estimates follow the text.
 */
function listPlans(searchText: string | undefined) {
  return { genericPlans: searchText === undefined, readOnly: true };
}

/** One page of a shipment list with its total, as the lists answer it. */
async function readListPage(
  tx: Tx,
  caller: Caller,
  parties: ListParties,
  criteria: ShipmentListCriteria,
  paging: { page: number; pageSize: number },
): Promise<ShipmentListPage> {
  const { rows, details } = await listShipmentPage(tx, caller.scope, parties.branches, criteria);
  return listPage(tx, caller, parties, criteria, paging, rows, details);
}

/** A page read, with its total. */
async function listPage(
  tx: Tx,
  caller: Caller,
  parties: ListParties,
  criteria: ShipmentListCriteria,
  paging: { page: number; pageSize: number },
  rows: readonly ShipmentListRow[],
  details: PageDetails,
): Promise<ShipmentListPage> {
  const totalCount = tallyTotal(await tallyShipments(tx, caller.scope, parties, criteria));
  return {
    data: rows.map((row) => toListItem(caller, row, details, criteria.now)),
    page: paging.page,
    pageSize: paging.pageSize,
    totalCount,
  };
}

/** The booking list (newest pickup first) or the tracking list (most overdue update first). */
export async function listShipments(
  ctx: AppContext,
  caller: Caller,
  query: ShipmentListQuery,
): Promise<ShipmentListPage> {
  const now = new Date();
  const criteria = {
    list: query.list ?? ShipmentListName.Booking,
    statuses: statusesOrDefault(query.statuses),
    query: query.query?.trim() || undefined,
    needsUpdates: query.needsUpdates ?? false,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    now,
  };
  return ctx.db.tenant(
    caller.scope,
    async (tx) => {
      const { rows, details, parties } = await readShipmentList(tx, caller.scope, criteria);
      return listPage(tx, caller, parties, criteria, query, rows, details);
    },
    listPlans(criteria.query),
  );
}

/** The count alone: the navigation's "shipments needing updates" asks with needsUpdates=true. */
export async function shipmentTotalCount(
  ctx: AppContext,
  caller: Caller,
  query: ShipmentCountQuery,
): Promise<{ totalCount: number }> {
  const text = query.query?.trim() || undefined;
  return ctx.db.tenant(
    caller.scope,
    async (tx) => ({
      totalCount: tallyTotal(
        await tallyShipments(tx, caller.scope, await partyBranches(tx, caller.scope), {
          statuses: statusesOrDefault(query.statuses),
          query: text,
          needsUpdates: query.needsUpdates ?? false,
          now: new Date(),
        }),
      ),
    }),
    listPlans(text),
  );
}

export async function shipmentStatusCounts(
  ctx: AppContext,
  caller: Caller,
  query: ShipmentStatusCountQuery,
): Promise<ShipmentStatusCounts> {
  const tally = await ctx.db.tenant(
    caller.scope,
    async (tx) =>
      tallyShipments(tx, caller.scope, await partyBranches(tx, caller.scope), {
        statuses: SHIPMENT_STATUSES,
        query: query.query?.trim() || undefined,
        needsUpdates: query.needsUpdates ?? false,
        now: new Date(),
      }),
    { readOnly: true },
  );
  return {
    data: SHIPMENT_STATUSES.map((status) => {
      const entry = tally.get(status);
      return {
        status: statusValue(status),
        count: entry ? entry.onTime + entry.late + entry.notYetKnown : 0,
      };
    }),
  };
}

export async function shipmentOnTimeCounts(
  ctx: AppContext,
  caller: Caller,
  query: ShipmentCountQuery,
): Promise<ShipmentOnTimeCounts> {
  const tally = await ctx.db.tenant(
    caller.scope,
    async (tx) =>
      tallyShipments(tx, caller.scope, await partyBranches(tx, caller.scope), {
        statuses: statusesOrDefault(query.statuses),
        query: query.query?.trim() || undefined,
        needsUpdates: query.needsUpdates ?? false,
        now: new Date(),
      }),
    { readOnly: true },
  );
  const counts = { onTime: 0, late: 0, notYetKnown: 0 };
  for (const entry of tally.values()) {
    counts.onTime += entry.onTime;
    counts.late += entry.late;
    counts.notYetKnown += entry.notYetKnown;
  }
  return { data: { ...counts, total: counts.onTime + counts.late + counts.notYetKnown } };
}

/**
 * /my-shipments: the loads the caller drives. A driver session is already limited to its
 * assignments; any other user sees the loads they are assigned to as a driver.
 */
export async function myShipments(
  ctx: AppContext,
  caller: Caller,
  query: MyShipmentsQuery,
): Promise<ShipmentListPage> {
  const now = new Date();
  const parties = { branches: [assignedToBranch(caller.driverId ?? caller.userId)] };
  const criteria = {
    list: ShipmentListName.Booking,
    statuses: statusesOrDefault(query.statuses),
    needsUpdates: false,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    now,
  };
  return ctx.db.tenant(
    caller.scope,
    (tx) => readListPage(tx, caller, parties, criteria, query),
    listPlans(undefined),
  );
}

export async function problemShipments(
  ctx: AppContext,
  caller: Caller,
  query: ProblemShipmentsQuery,
): Promise<ProblemShipmentPage> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const { rows, totalCount } = await listProblemShipments(tx, listBranches(caller.scope), {
      query: query.query?.trim() || undefined,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const [details, problems] = await Promise.all([
      pageDetails(tx, rows),
      openProblemsOf(
        tx,
        rows.map((row) => row.id),
      ),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        shipmentNumber: row.shipmentNumber,
        status: statusValue(row.status),
        origin: originOf(row),
        destination: destinationOf(row),
        carrier: row.carrierCompanyId
          ? { id: row.carrierCompanyId, name: details.carriers.get(row.carrierCompanyId) ?? '' }
          : null,
        openProblems: problems
          .filter((problem) => problem.shipmentId === row.id)
          .map((problem) => ({
            id: problem.id,
            problemType: problem.problemType,
            description: problem.description,
            reportedAt: iso(problem.reportedAt)!,
            reportedBy: problem.reporterId
              ? {
                  id: problem.reporterId,
                  name: personName({
                    firstName: problem.reporterFirstName ?? '',
                    lastName: problem.reporterLastName ?? '',
                  }),
                }
              : null,
            resolvedAt: iso(problem.resolvedAt),
          })),
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalCount,
    };
  });
}

// ---- Saved filter sets ----

function toFilterSet(row: Selectable<SavedFilterSets>): FilterSet {
  return {
    id: row.id,
    listName: row.listName.replace(/^shipments\./, '') as FilterSet['listName'],
    viewName: row.viewName,
    filterFields: row.filterFields as FilterSet['filterFields'],
    createdAt: iso(row.createdAt)!,
  };
}

export async function getFilterSets(ctx: AppContext, caller: Caller, query: FilterSetListQuery) {
  const rows = await ctx.db.tenant(caller.scope, (tx) =>
    filterSets.listFilterSets(
      tx,
      caller.userId,
      query.listName ? [query.listName] : [ShipmentListName.Booking, ShipmentListName.Tracking],
    ),
  );
  return { data: rows.map(toFilterSet) };
}

const duplicateView = (viewName: string) =>
  conflict(`You already have a view named "${viewName}" on this list`, {
    viewName: ['A view with this name already exists'],
  });

export async function createFilterSet(ctx: AppContext, caller: Caller, body: FilterSetBody) {
  const viewName = body.viewName.trim();
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    if (await filterSets.findFilterSetByName(tx, caller.userId, body.listName, viewName)) {
      throw duplicateView(viewName);
    }
    return filterSets.insertFilterSet(tx, {
      userId: caller.userId,
      companyId: caller.companyId,
      listName: body.listName,
      viewName,
      filterFields: body.filterFields,
    });
  });
  return { data: toFilterSet(row) };
}

export async function replaceFilterSet(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: FilterSetBody,
) {
  const viewName = body.viewName.trim();
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    const existing = await filterSets.findFilterSet(tx, caller.userId, id);
    if (!existing) throw notFound('Filter set');
    const sameName = await filterSets.findFilterSetByName(
      tx,
      caller.userId,
      body.listName,
      viewName,
    );
    if (sameName && sameName.id !== id) throw duplicateView(viewName);
    return filterSets.updateFilterSet(tx, id, {
      listName: body.listName,
      viewName,
      filterFields: body.filterFields,
    });
  });
  return { data: toFilterSet(row) };
}

export async function removeFilterSet(ctx: AppContext, caller: Caller, id: string) {
  await ctx.db.tenant(caller.scope, async (tx) => {
    const existing = await filterSets.findFilterSet(tx, caller.userId, id);
    if (!existing) throw notFound('Filter set');
    await filterSets.deleteFilterSet(tx, id);
  });
}
