import { ShipmentStatus } from '@portal/domain';
import type {
  AvailableLoadAnswer,
  LoadBoardPage,
  LoadBoardSearchQuery,
  QuotableLocationPage,
  QuotableLocationQuery,
  TopPickPage,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden, notFound } from '../../shared/http/errors';
import { resolveLoadBoardCriteria } from '../../shared/load-board/criteria';
import { presentLoad } from '../../shared/load-board/present';
import { loadsByIds, searchLoadBoard } from '../../shared/load-board/search';
import { iso } from '../../shared/shipments/present';
import { withVisibleShipment } from '../../shared/shipments/find-shipment';
import { searchQuotablePlaces } from '../../shared/locations/places';
import * as repository from './repository';

/** The load board is a carrier's: every carrier sees the Ready to Book loads (decision 002). */
function assertCarrier(caller: Caller) {
  if (caller.scope.kind !== 'carrier' || caller.driverId) {
    throw forbidden('The load board is for carriers');
  }
}

const pageOf = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** GET api/v2/load_board: one page of a search, in the order asked for. */
export async function searchLoads(
  ctx: AppContext,
  caller: Caller,
  query: LoadBoardSearchQuery,
): Promise<LoadBoardPage> {
  assertCarrier(caller);
  const { page, pageSize, ...criteria } = query;
  return ctx.db.tenant(caller.scope, async (tx) => {
    const { filters, orderBy } = await resolveLoadBoardCriteria(tx, criteria);
    const rows = await searchLoadBoard(tx, filters, orderBy, pageOf(page, pageSize));
    return {
      data: rows.map(presentLoad),
      page,
      pageSize,
      totalCount: rows[0] ? Number(rows[0].totalCount) : 0,
    };
  });
}

const TOP_PICK_LABELS = {
  laneHistory: (count: number) =>
    `You have hauled ${count} load${count === 1 ? '' : 's'} on this lane in the last year`,
  savedLane: 'Matches one of your saved lanes',
  postedTruck: 'Near a truck you posted',
  emptyTruck: 'One of your trucks delivers nearby shortly before pickup',
};

/** GET api/v2/top_picks: Ready to Book loads ranked for the caller's carrier, best first. */
export async function topPicks(
  ctx: AppContext,
  caller: Caller,
  query: { page: number; pageSize: number },
): Promise<TopPickPage> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const picks = await repository.topPicks(
      tx,
      caller.companyId,
      pageOf(query.page, query.pageSize),
    );
    const loads = new Map(
      (
        await loadsByIds(
          tx,
          picks.map((pick) => pick.id),
        )
      ).map((row) => [row.id, row]),
    );
    const data = picks.flatMap((pick) => {
      const load = loads.get(pick.id);
      if (!load) return [];
      const reasons: TopPickPage['data'][number]['reasons'] = [];
      if (pick.laneHistory > 0)
        reasons.push({ kind: 'laneHistory', label: TOP_PICK_LABELS.laneHistory(pick.laneHistory) });
      if (pick.savedLane) reasons.push({ kind: 'savedLane', label: TOP_PICK_LABELS.savedLane });
      if (pick.postedTruck)
        reasons.push({ kind: 'postedTruck', label: TOP_PICK_LABELS.postedTruck });
      if (pick.emptyTruck) reasons.push({ kind: 'emptyTruck', label: TOP_PICK_LABELS.emptyTruck });
      return [{ ...presentLoad(load), score: Number(pick.score), reasons }];
    });
    return {
      data,
      page: query.page,
      pageSize: query.pageSize,
      totalCount: picks[0] ? Number(picks[0].totalCount) : 0,
    };
  });
}

/**
 * GET api/v2/available_shipments/{id}: one load as the Top Picks preview shows it. The carrier sees
 * Ready to Book loads and its own (so the preview still answers right after booking).
 */
export async function availableLoad(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<AvailableLoadAnswer> {
  assertCarrier(caller);
  return withVisibleShipment(ctx, caller, id, async (tx, shipment, relation) => {
    if (shipment.status !== ShipmentStatus.ReadyToBook && relation !== 'carrier') {
      throw notFound('Shipment');
    }
    const [row] = await loadsByIds(tx, [shipment.id], undefined, { anyStatus: true });
    if (!row) throw notFound('Shipment');
    const details = await repository.availableLoadDetails(tx, shipment.id, shipment.orderId);
    return {
      data: {
        ...presentLoad(row),
        stops: details.stops.map((stop) => ({
          stopNumber: stop.stopNumber,
          stopType: stop.stopType,
          locationName: stop.locationName,
          city: stop.city,
          state: stop.state,
          postalCode: stop.postalCode,
          early: iso(stop.earlyAt),
          late: iso(stop.lateAt),
          appointment: iso(stop.appointmentAt),
          ianaTimezone: stop.ianaTimezone,
        })),
        requirements: details.requirements,
        commodity: details.commodity,
        isHazmat: details.isHazmat,
        isTeamRequired: details.isTeamRequired,
      },
    };
  });
}

/**
 * GET api/v2/quotable_locations: states and provinces (GoverningDistrict) and cities or ZIP codes
 * (ZipCode) from the reference postal codes, for the load board's and the lanes' place pickers.
 */
export function searchQuotableLocations(
  ctx: AppContext,
  caller: Caller,
  query: QuotableLocationQuery,
): Promise<QuotableLocationPage> {
  return ctx.db.tenant(caller.scope, (tx) => searchQuotablePlaces(tx, query));
}
