import { CONSOLIDATION, OrderStatus } from '@portal/domain';
import { sql, type Insertable } from 'kysely';
import type { Tx } from '../../db/database';
import type { ShipmentStops, Shipments } from '../../db/schema.generated';
import { ENDS_JOIN, SHIPMENT_JOIN, SUMMARY_COLUMNS, type OrderSummaryRow } from './repository';

// The consolidatable search: open orders of the same customer and equipment mode, on no shipment,
// whose first pickup lies within the consolidation distance of the chosen order's (a latitude and
// longitude box on the pickups' index finds them, migration 0156) and whose last delivery lies within it of the chosen order's,
// whose windows meet the chosen order's once each is widened by two days on both sides, and which
// together with it stay within the weight and unit limits.

const METERS_PER_MILE = 1609.344;
const WIDEN = sql.raw(`interval '${CONSOLIDATION.windowWidenDays} days'`);

export interface ConsolidationAnchor {
  id: string;
  companyId: string;
  equipmentMode: number;
  pickup: { latitude: number; longitude: number; earlyAt: Date; lateAt: Date };
  delivery: { latitude: number; longitude: number; earlyAt: Date; lateAt: Date };
  weightPounds: number;
  packageCount: number;
}

export type ConsolidatableRow = OrderSummaryRow & {
  pickupDistanceMiles: number;
  deliveryDistanceMiles: number;
};

const MILES_PER_DEGREE_LATITUDE = 69.05;

/** A latitude/longitude box around a point that holds the circle of the consolidation distance. */
function boxAround(point: { latitude: number; longitude: number }) {
  const latitudeDelta = CONSOLIDATION.distance / MILES_PER_DEGREE_LATITUDE;
  const cosine = Math.max(Math.cos((Math.abs(point.latitude) * Math.PI) / 180), 0.01);
  const longitudeDelta = latitudeDelta / cosine;
  return {
    minLatitude: point.latitude - latitudeDelta,
    maxLatitude: point.latitude + latitudeDelta,
    minLongitude: point.longitude - longitudeDelta,
    maxLongitude: point.longitude + longitudeDelta,
  };
}

function candidateQuery(anchor: ConsolidationAnchor) {
  const box = boxAround(anchor.pickup);
  const pickupEarth = sql`ll_to_earth(${anchor.pickup.latitude}, ${anchor.pickup.longitude})`;
  const deliveryEarth = sql`ll_to_earth(${anchor.delivery.latitude}, ${anchor.delivery.longitude})`;
  const pickupMiles = sql`earth_distance(${pickupEarth}, ll_to_earth(ps.latitude, ps.longitude)) / ${METERS_PER_MILE}`;
  const deliveryMiles = sql`earth_distance(${deliveryEarth}, ll_to_earth(d.latitude, d.longitude)) / ${METERS_PER_MILE}`;
  const from = sql`
    from order_stops ps
    join orders o on o.id = ps.order_id
    ${ENDS_JOIN}
    ${SHIPMENT_JOIN}
   where ps.stop_type = 'Pickup'
     and ps.latitude between ${box.minLatitude} and ${box.maxLatitude}
     and ps.longitude between ${box.minLongitude} and ${box.maxLongitude}
     and ${pickupMiles} <= ${CONSOLIDATION.distance}
     and ps.stop_number = p.stop_number
     and o.customer_company_id = ${anchor.companyId}
     and o.status = ${OrderStatus.Open}
     and o.id <> ${anchor.id}
     and o.equipment_mode = ${anchor.equipmentMode}
     and sh.id is null
     and d.latitude is not null
     and ${deliveryMiles} <= ${CONSOLIDATION.distance}
     and p.early_at - ${WIDEN} <= ${anchor.pickup.lateAt}::timestamptz + ${WIDEN}
     and ${anchor.pickup.earlyAt}::timestamptz - ${WIDEN} <= coalesce(p.late_at, p.early_at) + ${WIDEN}
     and d.early_at - ${WIDEN} <= ${anchor.delivery.lateAt}::timestamptz + ${WIDEN}
     and ${anchor.delivery.earlyAt}::timestamptz - ${WIDEN} <= coalesce(d.late_at, d.early_at) + ${WIDEN}
     and (select coalesce(sum(weight_pounds), 0) from order_line_items where order_id = o.id)
         <= ${CONSOLIDATION.maxWeight - anchor.weightPounds}
     and (select coalesce(sum(package_count), 0) from order_line_items where order_id = o.id)
         <= ${CONSOLIDATION.maxUnits - anchor.packageCount}`;
  return { from, pickupMiles, deliveryMiles };
}

export async function findConsolidatable(
  tx: Tx,
  anchor: ConsolidationAnchor,
  page: number,
  pageSize: number,
): Promise<{ rows: ConsolidatableRow[]; totalCount: number }> {
  const { from, pickupMiles, deliveryMiles } = candidateQuery(anchor);
  // The total comes with the page (one pass over the candidates); past the last page, counted alone.
  const rows = await sql<ConsolidatableRow & { totalCount: string }>`
    select ${SUMMARY_COLUMNS},
           ${pickupMiles} as "pickupDistanceMiles", ${deliveryMiles} as "deliveryDistanceMiles",
           count(*) over () as "totalCount"
    ${from}
    order by ${pickupMiles} + ${deliveryMiles}, o.order_number
    limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(tx);
  const first = rows.rows[0];
  if (first || page === 1) {
    return { rows: rows.rows, totalCount: Number(first?.totalCount ?? 0) };
  }
  const count = await sql<{ count: string }>`select count(*) as count ${from}`.execute(tx);
  return { rows: [], totalCount: Number(count.rows[0]?.count ?? 0) };
}

export async function insertDraftShipment(
  tx: Tx,
  shipment: Insertable<Shipments>,
  stops: Omit<Insertable<ShipmentStops>, 'shipmentId'>[],
  orders: { id: string; customerCompanyId: string }[],
) {
  const row = await tx
    .insertInto('shipments')
    .values(shipment)
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('shipmentStops')
    .values(stops.map((stop) => ({ ...stop, shipmentId: row.id })))
    .execute();
  await tx
    .insertInto('shipmentOrders')
    .values(
      orders.map((order) => ({
        shipmentId: row.id,
        orderId: order.id,
        customerCompanyId: order.customerCompanyId,
      })),
    )
    .execute();
  return row;
}
