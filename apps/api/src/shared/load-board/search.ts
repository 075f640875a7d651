import {
  LIQUOR_REQUIREMENT,
  LoadType,
  ShipmentStatus,
  type LoadBoardOrderBy,
} from '@portal/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Tx } from '../../db/database';

// The load board's SQL. Radii read the earthdistance indexes on Ready to Book loads (origin in
// 0001, destination in 0130): earth_box finds the index's candidates, earth_distance trims the
// box's corners to the circle.

const METERS_PER_MILE = 1609.344;
// Road miles are about 1.2 times the great-circle distance (the demo world's rule, docs/demo-world.md).
const ROAD_FACTOR = 1.2;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface PlaceFilter {
  /** Points searched with the radius; an empty list with a state filters by state alone. */
  points: GeoPoint[];
  radiusMiles: number;
  state?: string;
}

export interface LoadBoardFilters {
  origin?: PlaceFilter;
  destination?: PlaceFilter;
  /** Where deadhead is measured from: the searched origin, or a truck's empty location. */
  deadheadFrom?: GeoPoint;
  pickupFrom?: string;
  /** Inclusive calendar day. */
  pickupTo?: string;
  /** Pickup at or after this instant (posted trucks: not before the truck is empty). */
  pickupAfter?: Date;
  equipmentTypes?: number;
  includePartials: boolean;
  totalPriceMinCents?: number;
  withoutLiquor: boolean;
  shipmentNumbers?: string[];
  shipmentIds?: string[];
}

export interface LoadBoardRow {
  id: string;
  shipmentNumber: string;
  status: number;
  shippingMode: number;
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
  pickupEarly: Date | null;
  pickupLate: Date | null;
  pickupZone: string | null;
  deliveryEarly: Date | null;
  deliveryLate: Date | null;
  deliveryZone: string | null;
  stopCount: number;
  equipmentTypes: number;
  equipmentMode: number;
  weightPounds: number | null;
  miles: number | null;
  deadheadMiles: number | null;
  priceCents: number | null;
  totalCount: number;
}

const earth = (point: GeoPoint) => sql`ll_to_earth(${point.latitude}, ${point.longitude})`;

/**
 * A latitude/longitude box holding every point within `radiusMiles` of a point (a degree of latitude
 * is 69.17 miles on earthdistance's sphere; 69 keeps the box a little larger). Plain float
 * comparisons are leakproof, so under row-level security the box is an index condition
 * (shipments_available_origin_idx) where the earth_box operators are not.
 */
export function boxAround(point: GeoPoint, radiusMiles: number) {
  const latitudeSpan = radiusMiles / 69;
  const longitudeSpan =
    radiusMiles / (69 * Math.max(0.2, Math.cos((point.latitude * Math.PI) / 180)));
  return {
    latitude: [point.latitude - latitudeSpan, point.latitude + latitudeSpan] as const,
    longitude: [point.longitude - longitudeSpan, point.longitude + longitudeSpan] as const,
  };
}

function withinRadius(
  column: 'origin' | 'destination',
  filter: PlaceFilter,
): RawBuilder<SqlBool> | null {
  const lat = sql.ref(`s.${column}_latitude`);
  const lon = sql.ref(`s.${column}_longitude`);
  const parts: RawBuilder<unknown>[] = [];
  if (filter.points.length > 0) {
    const meters = filter.radiusMiles * METERS_PER_MILE;
    const circles = filter.points.map((point) => {
      const box = boxAround(point, filter.radiusMiles);
      return sql`(${lat} between ${box.latitude[0]}::float8 and ${box.latitude[1]}::float8
                  and ${lon} between ${box.longitude[0]}::float8 and ${box.longitude[1]}::float8
                  and earth_distance(${earth(point)}, ll_to_earth(${lat}, ${lon})) <= ${meters})`;
    });
    parts.push(sql`(${sql.join(circles, sql` or `)})`);
  } else if (filter.state) {
    parts.push(sql`${sql.ref(`s.${column}_state`)} = ${filter.state}`);
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : null;
}

const MILES = sql<number>`coalesce(s.total_miles, round(earth_distance(ll_to_earth(s.origin_latitude, s.origin_longitude), ll_to_earth(s.destination_latitude, s.destination_longitude)) / ${METERS_PER_MILE} * ${ROAD_FACTOR})::int)`;

function orderClause(orderBy: LoadBoardOrderBy, deadheadFrom: GeoPoint | undefined) {
  switch (orderBy) {
    case 'price':
      return sql`s.max_buy_cents desc nulls last, s.pickup_at asc nulls last, s.shipment_number`;
    case 'ratePerMile':
      return sql`(s.max_buy_cents::numeric / nullif(${MILES}, 0)) desc nulls last, s.pickup_at asc nulls last, s.shipment_number`;
    case 'deadhead':
      return deadheadFrom
        ? sql`${deadheadExpression(deadheadFrom)} asc nulls last, s.pickup_at asc nulls last, s.shipment_number`
        : sql`s.pickup_at asc nulls last, s.shipment_number`;
    case 'distance':
      return sql`${MILES} asc nulls last, s.pickup_at asc nulls last, s.shipment_number`;
    default:
      return sql`s.pickup_at asc nulls last, s.shipment_number`;
  }
}

/** The conditions of a search, on Ready to Book loads (the load board's own visibility branch). */
export function loadBoardConditions(filters: LoadBoardFilters): RawBuilder<SqlBool> {
  const where: RawBuilder<unknown>[] = [sql`s.status = ${ShipmentStatus.ReadyToBook}`];
  const origin = filters.origin && withinRadius('origin', filters.origin);
  if (origin) where.push(origin);
  const destination = filters.destination && withinRadius('destination', filters.destination);
  if (destination) where.push(destination);
  // Days as instants (the session's time zone, as a date compared with a timestamp would be): a
  // timestamptz comparison is leakproof, so the range is an index condition under row-level security.
  if (filters.pickupFrom) where.push(sql`s.pickup_at >= ${filters.pickupFrom}::date::timestamptz`);
  if (filters.pickupTo) where.push(sql`s.pickup_at < (${filters.pickupTo}::date + 1)::timestamptz`);
  if (filters.pickupAfter) where.push(sql`s.pickup_at >= ${filters.pickupAfter}`);
  if (filters.equipmentTypes) where.push(sql`(s.equipment_types & ${filters.equipmentTypes}) <> 0`);
  const modes = filters.includePartials
    ? [LoadType.TL, LoadType.LTL, LoadType.VLTL]
    : [LoadType.TL];
  where.push(sql`s.shipping_mode in (${sql.join(modes)})`);
  if (filters.totalPriceMinCents !== undefined)
    where.push(sql`s.max_buy_cents >= ${filters.totalPriceMinCents}`);
  if (filters.withoutLiquor) {
    where.push(
      sql`not exists (select 1 from order_requirements r where r.order_id = s.order_id and r.requirement = ${LIQUOR_REQUIREMENT})`,
    );
  }
  if (filters.shipmentNumbers?.length)
    where.push(sql`s.shipment_number in (${sql.join(filters.shipmentNumbers)})`);
  if (filters.shipmentIds?.length) where.push(sql`s.id in (${sql.join(filters.shipmentIds)})`);
  return sql<SqlBool>`${sql.join(where, sql` and `)}`;
}

const deadheadExpression = (from: GeoPoint) =>
  sql<number>`round(earth_distance(${earth(from)}, ll_to_earth(s.origin_latitude, s.origin_longitude)) / ${METERS_PER_MILE})::int`;

function selectLoads(filters: LoadBoardFilters) {
  const deadhead = filters.deadheadFrom
    ? deadheadExpression(filters.deadheadFrom)
    : sql<number>`null::int`;
  return sql`
    s.id, s.shipment_number, s.status, s.shipping_mode,
    s.origin_city, s.origin_state, s.origin_postal_code, s.origin_latitude, s.origin_longitude,
    s.destination_city, s.destination_state, s.destination_postal_code, s.destination_latitude,
    s.destination_longitude, s.equipment_types, s.equipment_mode, s.total_weight_pounds as weight_pounds,
    ${MILES} as miles, ${deadhead} as deadhead_miles, s.max_buy_cents as price_cents`;
}

// Any load's first and last stop windows and its number of stops, read through shipment_stops and
// so through its policy.
const WINDOWS = sql`
  left join lateral (select st.early_at, st.late_at, st.iana_timezone from shipment_stops st
                      where st.shipment_id = page.id order by st.stop_number asc limit 1) p on true
  left join lateral (select st.early_at, st.late_at, st.iana_timezone, count(*) over () as stop_count
                       from shipment_stops st
                      where st.shipment_id = page.id order by st.stop_number desc limit 1) d on true`;
const WINDOW_COLUMNS = sql`
  p.early_at as pickup_early, p.late_at as pickup_late, p.iana_timezone as pickup_zone,
  d.early_at as delivery_early, d.late_at as delivery_late, d.iana_timezone as delivery_zone,
  coalesce(d.stop_count, 0)::int as stop_count`;

// The same for Ready to Book loads, in one call of ready_load_windows() (migration 0202): the stops
// policy would plan the shipments policy twice more with every search (decision 216).
const READY_WINDOWS = sql`
  left join ready_load_windows(array(select id from page)) w on w.shipment_id = page.id`;
const READY_WINDOW_COLUMNS = sql`
  w.pickup_early, w.pickup_late, w.pickup_zone, w.delivery_early, w.delivery_late, w.delivery_zone,
  coalesce(w.stop_count, 0)::int as stop_count`;

/** One page of a search, with the count of all matches. */
export async function searchLoadBoard(
  tx: Tx,
  filters: LoadBoardFilters,
  orderBy: LoadBoardOrderBy,
  page: { limit: number; offset: number },
): Promise<LoadBoardRow[]> {
  const order = orderClause(orderBy, filters.deadheadFrom);
  const result = await sql<LoadBoardRow>`
    with page as (
      select ${selectLoads(filters)}, count(*) over () as total_count,
             row_number() over (order by ${order}) as position
        from shipments s
       where ${loadBoardConditions(filters)}
       order by ${order}
       limit ${page.limit} offset ${page.offset}
    )
    select page.*, ${READY_WINDOW_COLUMNS}
      from page ${READY_WINDOWS}
     order by page.position`.execute(tx);
  return result.rows;
}

/** The loads with these ids, windows included (Top Picks, a truck's matches). */
export async function loadsByIds(
  tx: Tx,
  ids: string[],
  deadheadFrom?: GeoPoint,
  options: { anyStatus?: boolean } = {},
): Promise<LoadBoardRow[]> {
  if (ids.length === 0) return [];
  // The caller has found the shipment visible already when it asks for any status.
  const status = options.anyStatus ? sql`true` : sql`s.status = ${ShipmentStatus.ReadyToBook}`;
  const result = await sql<LoadBoardRow>`
    with page as (
      select ${selectLoads({ includePartials: true, withoutLiquor: false, ...(deadheadFrom ? { deadheadFrom } : {}) })},
             0 as total_count
        from shipments s
       where ${status} and s.id in (${sql.join(ids)})
    )
    select page.*, ${options.anyStatus ? WINDOW_COLUMNS : READY_WINDOW_COLUMNS}
      from page ${options.anyStatus ? WINDOWS : READY_WINDOWS}`.execute(tx);
  return result.rows;
}

/** How many loads a search matches (saved lanes' match counts). */
export async function countLoadBoard(tx: Tx, filters: LoadBoardFilters): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*)::int as count from shipments s where ${loadBoardConditions(filters)}`.execute(
    tx,
  );
  return result.rows[0]?.count ?? 0;
}

export interface PostalPoint {
  postalCode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  ianaTimezone: string | null;
}

/** A postal code of the reference table (a Canadian code by its first three characters). */
export async function findPostalCode(tx: Tx, code: string): Promise<PostalPoint | undefined> {
  const trimmed = code.trim().toUpperCase().replace(/\s+/g, '');
  const candidates = [trimmed, trimmed.slice(0, 5), trimmed.slice(0, 3)];
  return tx
    .selectFrom('postalCodes')
    .select(['postalCode', 'city', 'state', 'latitude', 'longitude', 'ianaTimezone'])
    .where('postalCode', 'in', candidates)
    .orderBy(sql`length(postal_code)`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A city of the reference table: the first of its postal codes stands for it. */
export async function findCity(
  tx: Tx,
  city: string,
  state: string | undefined,
): Promise<PostalPoint | undefined> {
  let query = tx
    .selectFrom('postalCodes')
    .select(['postalCode', 'city', 'state', 'latitude', 'longitude', 'ianaTimezone'])
    .where(sql<SqlBool>`lower(city) = ${city.trim().toLowerCase()}`);
  if (state) query = query.where('state', '=', state.toUpperCase());
  return query.orderBy('postalCode').limit(1).executeTakeFirst();
}
