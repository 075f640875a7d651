import { ShipmentStatus } from '@portal/domain';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { SavedLanes } from '../../db/schema.generated';

export type SavedLaneRow = Selectable<SavedLanes>;

export function listLanes(tx: Tx, companyId: string): Promise<SavedLaneRow[]> {
  return tx
    .selectFrom('savedLanes')
    .selectAll()
    .where('companyId', '=', companyId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function findLane(tx: Tx, companyId: string, id: string) {
  return tx
    .selectFrom('savedLanes')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertLane(tx: Tx, values: Insertable<SavedLanes>) {
  return tx.insertInto('savedLanes').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateLane(tx: Tx, id: string, values: Partial<Insertable<SavedLanes>>) {
  return tx
    .updateTable('savedLanes')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteLane(tx: Tx, id: string) {
  await tx.deleteFrom('savedLanes').where('id', '=', id).execute();
}

export interface LaneMatch {
  laneId: string;
  companyId: string;
  userId: string | null;
  shipmentNumber: string;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  pickupAt: Date | null;
  maxBuyCents: number | null;
}

/**
 * Saved lanes (of every carrier) that a Ready to Book load matches and that have not been told of
 * it yet; each is recorded as told in the same statement, so a load is announced once per lane even
 * when several API processes hear of it.
 */
export async function claimLaneMatches(tx: Tx, shipmentId: string): Promise<LaneMatch[]> {
  const result = await sql<LaneMatch>`
    with load as (
      select s.* from shipments s where s.id = ${shipmentId} and s.status = ${ShipmentStatus.ReadyToBook}
    ),
    matches as (
      select l.id as lane_id, l.company_id, l.user_id
        from load s
        join saved_lanes l on (l.equipment_types & s.equipment_types) <> 0
        join postal_codes o on o.postal_code = l.origin_postal_code
        left join postal_codes d on d.postal_code = l.destination_postal_code
        join companies c on c.id = l.company_id and c.kind = 'carrier'
       where earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(s.origin_latitude, s.origin_longitude))
             <= l.origin_radius_miles * 1609.344
         and (l.destination_state is null
              or (d.postal_code is not null and earth_distance(ll_to_earth(d.latitude, d.longitude), ll_to_earth(s.destination_latitude, s.destination_longitude))
                  <= l.destination_radius_miles * 1609.344)
              or (d.postal_code is null and l.destination_state = s.destination_state))
         and (l.min_rate_cents is null or s.max_buy_cents >= l.min_rate_cents)
         and s.shipping_mode = 0
    ),
    claimed as (
      insert into saved_lane_alerts (saved_lane_id, shipment_id, company_id)
      select lane_id, ${shipmentId}, company_id from matches
      on conflict do nothing
      returning saved_lane_id
    )
    select m.lane_id, m.company_id, m.user_id, s.shipment_number, s.origin_city, s.origin_state,
           s.destination_city, s.destination_state, s.pickup_at, s.max_buy_cents
      from matches m join claimed c on c.saved_lane_id = m.lane_id cross join load s`.execute(tx);
  return result.rows;
}

/**
 * Takes the loads posted and not yet announced, oldest first, locking them so that two processes
 * never announce one load twice; marks them announced in the same transaction.
 */
export async function takeWaitingAnnouncements(tx: Tx, limit: number): Promise<string[]> {
  const waiting = await tx
    .selectFrom('loadPostedAnnouncements')
    .select(['id', 'shipmentId'])
    .where('announcedAt', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (waiting.length === 0) return [];
  await tx
    .updateTable('loadPostedAnnouncements')
    .set({ announcedAt: sql<Date>`now()` })
    .where(
      'id',
      'in',
      waiting.map((row) => row.id),
    )
    .execute();
  return [...new Set(waiting.map((row) => row.shipmentId))];
}
