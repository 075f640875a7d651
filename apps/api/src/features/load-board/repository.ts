import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

// Top Picks and a load's details; the load board's own search is shared (shared/load-board/search.ts)
// because saved lanes and live equipment count with it too, and the quotable-place search lives with
// the reference places (shared/locations/places.ts).

const NEAR_METERS = 150 * 1609.344;

export interface TopPickRow {
  id: string;
  laneHistory: number;
  savedLane: boolean;
  postedTruck: boolean;
  emptyTruck: boolean;
  score: number;
  totalCount: number;
}

/**
 * Ready to Book loads ranked for one carrier: lanes it has hauled (by state pair, last year), its saved
 * lanes, the trucks it has posted near the pickup, and its booked loads that deliver near the pickup
 * shortly before it (a truck that will be empty there). Loads with none of these are not picks.
 */
export async function topPicks(
  tx: Tx,
  carrierCompanyId: string,
  page: { limit: number; offset: number },
): Promise<TopPickRow[]> {
  const result = await sql<TopPickRow>`
    with candidates as (
      select s.id, s.pickup_at, s.shipment_number,
        (select count(*)::int from shipments h
          where h.carrier_company_id = ${carrierCompanyId}
            and h.status >= ${ShipmentStatus.Booked}
            and h.origin_state = s.origin_state and h.destination_state = s.destination_state
            and h.pickup_at > now() - interval '365 days') as lane_history,
        exists (select 1 from saved_lanes l
                  join postal_codes o on o.postal_code = l.origin_postal_code
                  left join postal_codes d on d.postal_code = l.destination_postal_code
                 where l.company_id = ${carrierCompanyId}
                   and (l.equipment_types & s.equipment_types) <> 0
                   and earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(s.origin_latitude, s.origin_longitude))
                       <= l.origin_radius_miles * 1609.344
                   and (l.destination_state is null
                        or (d.postal_code is not null and earth_distance(ll_to_earth(d.latitude, d.longitude), ll_to_earth(s.destination_latitude, s.destination_longitude))
                            <= l.destination_radius_miles * 1609.344)
                        or (d.postal_code is null and l.destination_state = s.destination_state))
                   and (l.min_rate_cents is null or s.max_buy_cents >= l.min_rate_cents)) as saved_lane,
        exists (select 1 from equipment_postings e
                 where e.carrier_company_id = ${carrierCompanyId}
                   and (e.available_to is null or e.available_to >= now())
                   and (e.equipment_types & s.equipment_types) <> 0
                   and e.latitude is not null
                   and earth_distance(ll_to_earth(e.latitude, e.longitude), ll_to_earth(s.origin_latitude, s.origin_longitude)) <= ${NEAR_METERS}
                   and (s.pickup_at is null or s.pickup_at >= e.available_from - interval '1 day')) as posted_truck,
        exists (select 1 from shipments b
                 where b.carrier_company_id = ${carrierCompanyId}
                   and b.status between ${ShipmentStatus.Booked} and ${ShipmentStatus.AtStop}
                   and b.delivery_at between s.pickup_at - interval '48 hours' and s.pickup_at
                   and earth_distance(ll_to_earth(b.destination_latitude, b.destination_longitude), ll_to_earth(s.origin_latitude, s.origin_longitude)) <= ${NEAR_METERS}) as empty_truck
        from shipments s
       where s.status = ${ShipmentStatus.ReadyToBook}
         and (s.pickup_at is null or s.pickup_at >= now() - interval '1 day')
    ),
    scored as (
      select c.*,
             (case when c.lane_history > 0 then 3 + least(c.lane_history, 5) * 0.5 else 0 end
              + case when c.saved_lane then 5 else 0 end
              + case when c.posted_truck then 4 else 0 end
              + case when c.empty_truck then 4 else 0 end)::float8 as score
        from candidates c
    )
    select id, lane_history, saved_lane, posted_truck, empty_truck, score, count(*) over () as total_count
      from scored
     where score > 0
     order by score desc, pickup_at asc nulls last, shipment_number
     limit ${page.limit} offset ${page.offset}`.execute(tx);
  return result.rows;
}

export interface AvailableLoadDetails {
  stops: {
    stopNumber: number;
    stopType: string;
    locationName: string | null;
    city: string;
    state: string;
    postalCode: string;
    earlyAt: Date | null;
    lateAt: Date | null;
    appointmentAt: Date | null;
    ianaTimezone: string;
  }[];
  requirements: { requirement: string; description: string | null }[];
  commodity: string | null;
  isHazmat: boolean;
  isTeamRequired: boolean;
}

/** Stops, requirements and what the load is, for the preview of one load. */
export async function availableLoadDetails(
  tx: Tx,
  shipmentId: string,
  orderId: string | null,
): Promise<AvailableLoadDetails> {
  const stops = await tx
    .selectFrom('shipmentStops')
    .select([
      'stopNumber',
      'stopType',
      'locationName',
      'city',
      'state',
      'postalCode',
      'earlyAt',
      'lateAt',
      'appointmentAt',
      'ianaTimezone',
    ])
    .where('shipmentId', '=', shipmentId)
    .orderBy('stopNumber')
    .execute();
  if (!orderId)
    return { stops, requirements: [], commodity: null, isHazmat: false, isTeamRequired: false };
  const requirements = await tx
    .selectFrom('orderRequirements')
    .select(['requirement', 'description'])
    .where('orderId', '=', orderId)
    .orderBy('requirement')
    .execute();
  const order = await tx
    .selectFrom('orders')
    .select(['isHazmat', 'isTeamRequired'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  const item = await tx
    .selectFrom('orderLineItems')
    .select(['description', 'isHazmat'])
    .where('orderId', '=', orderId)
    .orderBy('description')
    .execute();
  return {
    stops,
    requirements,
    commodity: item.length ? [...new Set(item.map((line) => line.description))].join(', ') : null,
    isHazmat: (order?.isHazmat ?? false) || item.some((line) => line.isHazmat),
    isTeamRequired: order?.isTeamRequired ?? false,
  };
}
