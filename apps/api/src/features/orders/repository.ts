import type { OrderFilterFields } from '@portal/contract';
import { addDays } from '@portal/domain';
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Tx } from '../../db/database';
import type {
  OrderLineItems,
  Orders,
  OrderStops,
  ReferenceNumbers,
} from '../../db/schema.generated';
import { localDayStarts } from '../../shared/database-zone-rules';
import { startsWithPattern } from '../../shared/http/like';

// The orders' SQL. A customer's orders are read by customer_company_id (RLS holds the same rule);
// a list row carries its first pickup, its last delivery, its totals and the live shipment it is on.

export interface OrderSummaryRow {
  id: string;
  orderNumber: string;
  status: string;
  orderSource: string;
  shippingMode: number;
  equipmentMode: number;
  purchaseOrderNumber: string | null;
  createdAt: Date;
  originCity: string | null;
  originState: string | null;
  originPostalCode: string | null;
  originCountry: string | null;
  originTimeZone: string | null;
  originLatitude: number | null;
  originLongitude: number | null;
  pickupAt: Date | null;
  pickupLateAt: Date | null;
  destinationCity: string | null;
  destinationState: string | null;
  destinationPostalCode: string | null;
  destinationCountry: string | null;
  destinationTimeZone: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  deliveryAt: Date | null;
  deliveryLateAt: Date | null;
  totalWeightPounds: number | string | null;
  totalPackageCount: number | string | null;
  shipmentId: string | null;
  shipmentNumber: string | null;
  shipmentStatus: number | null;
}

/** A shipment that is not voided and carries the order, alone or consolidated. */
export const liveShipmentOf = (orderId: RawBuilder<unknown>) => sql`(
  select s.id, s.shipment_number, s.status, s.created_at from shipments s
   where s.order_id = ${orderId} and s.status <> -1
  union all
  select s.id, s.shipment_number, s.status, s.created_at from shipment_orders so
    join shipments s on s.id = so.shipment_id
   where so.order_id = ${orderId} and s.status <> -1 and s.order_id <> ${orderId}
)`;

const O_ID = sql.raw('o.id');

const STOP_COLUMNS = sql.raw(
  'stop_number, city, state, postal_code, country, iana_timezone, latitude, longitude, early_at, late_at',
);
/** The order's first pickup (p) and last delivery (d): its origin and destination. */
export const ENDS_JOIN = sql`
  left join lateral (
    select ${STOP_COLUMNS} from order_stops where order_id = o.id and stop_type = 'Pickup'
     order by stop_number limit 1
  ) p on true
  left join lateral (
    select ${STOP_COLUMNS} from order_stops where order_id = o.id and stop_type = 'Delivery'
     order by stop_number desc limit 1
  ) d on true`;

const SUMMARY_FROM = sql`from orders o ${ENDS_JOIN}`;

export const SUMMARY_COLUMNS = sql`
  o.id, o.order_number as "orderNumber", o.status, o.order_source as "orderSource",
  o.shipping_mode as "shippingMode", o.equipment_mode as "equipmentMode",
  o.purchase_order_number as "purchaseOrderNumber", o.created_at as "createdAt",
  p.city as "originCity", p.state as "originState", p.postal_code as "originPostalCode",
  p.country as "originCountry", p.iana_timezone as "originTimeZone",
  p.latitude as "originLatitude", p.longitude as "originLongitude",
  p.early_at as "pickupAt", p.late_at as "pickupLateAt",
  d.city as "destinationCity", d.state as "destinationState",
  d.postal_code as "destinationPostalCode", d.country as "destinationCountry",
  d.iana_timezone as "destinationTimeZone",
  d.latitude as "destinationLatitude", d.longitude as "destinationLongitude",
  d.early_at as "deliveryAt", d.late_at as "deliveryLateAt",
  (select coalesce(sum(weight_pounds), 0) from order_line_items where order_id = o.id) as "totalWeightPounds",
  (select coalesce(sum(package_count), 0) from order_line_items where order_id = o.id) as "totalPackageCount",
  sh.id as "shipmentId", sh.shipment_number as "shipmentNumber", sh.status as "shipmentStatus"`;

export const SHIPMENT_JOIN = sql`
  left join lateral (
    select * from ${liveShipmentOf(O_ID)} live order by live.created_at desc limit 1
  ) sh on true`;

function filterClause(companyId: string, filters: OrderFilterFields): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`o.customer_company_id = ${companyId}`];
  if (filters.statuses?.length) parts.push(sql`o.status in (${sql.join(filters.statuses)})`);
  if (filters.shippingMode !== undefined)
    parts.push(sql`o.shipping_mode = ${filters.shippingMode}`);
  if (filters.equipmentMode !== undefined) {
    parts.push(sql`o.equipment_mode = ${filters.equipmentMode}`);
  }
  // The first pickup's local date, by the portal's zone rules (the database's may be older): the
  // day's start in the stop's zone comes from localDayStarts, the database's own conversion only
  // for a zone outside it.
  if (filters.pickupFrom) {
    parts.push(sql`p.early_at >= coalesce(
      (${localDayStarts(filters.pickupFrom)}::jsonb ->> p.iana_timezone)::timestamptz,
      ${filters.pickupFrom}::date::timestamp at time zone p.iana_timezone)`);
  }
  if (filters.pickupTo) {
    const dayAfter = addDays(filters.pickupTo, 1);
    parts.push(sql`p.early_at < coalesce(
      (${localDayStarts(dayAfter)}::jsonb ->> p.iana_timezone)::timestamptz,
      ${dayAfter}::date::timestamp at time zone p.iana_timezone)`);
  }
  const query = filters.query?.trim();
  if (query) {
    const pattern = startsWithPattern(query.toLowerCase());
    parts.push(sql`(o.order_number like ${pattern}
      or lower(o.purchase_order_number) like ${pattern}
      or lower(o.sales_order_number) like ${pattern}
      or lower(o.transfer_order_number) like ${pattern}
      or lower(o.return_authorization_number) like ${pattern}
      or exists (select 1 from reference_numbers r where r.order_id = o.id and lower(r.value) like ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

export async function findOrders(
  tx: Tx,
  companyId: string,
  filters: OrderFilterFields,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderSummaryRow[]; totalCount: number }> {
  const where = filterClause(companyId, filters);
  const rows = await sql<OrderSummaryRow>`
    select ${SUMMARY_COLUMNS} ${SUMMARY_FROM} ${SHIPMENT_JOIN}
     where ${where}
     order by o.created_at desc, o.order_number desc
     limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(tx);
  const count = await sql<{ count: string }>`
    select count(*) as count ${SUMMARY_FROM} where ${where}`.execute(tx);
  return { rows: rows.rows, totalCount: Number(count.rows[0]?.count ?? 0) };
}

export async function orderStatusTally(tx: Tx, companyId: string) {
  const rows = await tx
    .selectFrom('orders')
    .select(['status', sql<string>`count(*)`.as('count')])
    .where('customerCompanyId', '=', companyId)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

export type OrderKey = { id: string } | { orderNumber: string };

export async function findOrderSummary(
  tx: Tx,
  companyId: string,
  key: OrderKey,
): Promise<OrderSummaryRow | undefined> {
  const match = 'id' in key ? sql`o.id = ${key.id}` : sql`o.order_number = ${key.orderNumber}`;
  const result = await sql<OrderSummaryRow>`
    select ${SUMMARY_COLUMNS} ${SUMMARY_FROM} ${SHIPMENT_JOIN}
     where o.customer_company_id = ${companyId} and ${match}`.execute(tx);
  return result.rows[0];
}

export function findOrderRow(
  tx: Tx,
  companyId: string,
  key: OrderKey,
  options: { forUpdate?: boolean } = {},
) {
  let query = tx
    .selectFrom('orders')
    .selectAll()
    .where('customerCompanyId', '=', companyId)
    .where('id' in key ? 'id' : 'orderNumber', '=', 'id' in key ? key.id : key.orderNumber);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function loadOrderChildren(tx: Tx, orderId: string) {
  const [stops, lineItems, references, requirements, accessorials] = await Promise.all([
    tx
      .selectFrom('orderStops')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('stopNumber')
      .execute(),
    tx
      .selectFrom('orderLineItems')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('referenceNumbers')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('label')
      .orderBy('value')
      .execute(),
    tx
      .selectFrom('orderRequirements')
      .select('requirement')
      .where('orderId', '=', orderId)
      .orderBy('requirement')
      .execute(),
    tx
      .selectFrom('orderAccessorials')
      .select(['code', 'description'])
      .where('orderId', '=', orderId)
      .orderBy('code')
      .execute(),
  ]);
  return { stops, lineItems, references, requirements, accessorials };
}
export type OrderChildren = Awaited<ReturnType<typeof loadOrderChildren>>;

/** A location of the caller's company by its number, for a stop that names one. */
export function findCompanyLocation(tx: Tx, companyId: string, locationNumber: string) {
  return tx
    .selectFrom('locations')
    .select([
      'id',
      'locationNumber',
      'name',
      'addressLine1',
      'city',
      'province',
      'postalCode',
      'country',
      'latitude',
      'longitude',
      'ianaTimezone',
    ])
    .where('companyId', '=', companyId)
    .where('locationNumber', '=', locationNumber)
    .executeTakeFirst();
}

export function findPostalCode(tx: Tx, postalCode: string) {
  return tx
    .selectFrom('postalCodes')
    .select(['latitude', 'longitude', 'ianaTimezone'])
    .where('postalCode', '=', postalCode)
    .executeTakeFirst();
}

export async function operatorCompanyId(tx: Tx): Promise<string> {
  const row = await tx
    .selectFrom('companies')
    .select('id')
    .where('kind', '=', 'operator')
    .orderBy('createdAt')
    .executeTakeFirstOrThrow(() => new Error('No operator company: the portal has no operator'));
  return row.id;
}

/** The rows of one order as written: the order, its stops (in order) and what hangs on them. */
export interface OrderGraph {
  order: Omit<Insertable<Orders>, 'id' | 'orderNumber'>;
  stops: (Omit<Insertable<OrderStops>, 'orderId' | 'customerCompanyId' | 'stopNumber'> & {
    referenceNumbers: { label: string; value: string }[];
  })[];
  lineItems: (Omit<
    Insertable<OrderLineItems>,
    'orderId' | 'customerCompanyId' | 'pickupStopId' | 'deliveryStopId'
  > & { pickupStop: number; deliveryStop: number })[];
  referenceNumbers: Pick<Insertable<ReferenceNumbers>, 'label' | 'value'>[];
  requirements: string[];
  accessorials: { code: string; description: string }[];
}

async function insertChildren(tx: Tx, orderId: string, companyId: string, graph: OrderGraph) {
  const stops = await tx
    .insertInto('orderStops')
    .values(
      graph.stops.map(({ referenceNumbers: _references, ...stop }, index) => ({
        ...stop,
        orderId,
        customerCompanyId: companyId,
        stopNumber: index + 1,
      })),
    )
    .returning(['id', 'stopNumber'])
    .execute();
  const stopIds = stops.sort((a, b) => a.stopNumber - b.stopNumber).map((stop) => stop.id);
  await tx
    .insertInto('orderLineItems')
    .values(
      graph.lineItems.map(({ pickupStop, deliveryStop, ...item }) => ({
        ...item,
        orderId,
        customerCompanyId: companyId,
        pickupStopId: stopIds[pickupStop]!,
        deliveryStopId: stopIds[deliveryStop]!,
      })),
    )
    .execute();
  const references = [
    ...graph.referenceNumbers.map((reference) => ({ ...reference, orderStopId: null })),
    ...graph.stops.flatMap((stop, index) =>
      stop.referenceNumbers.map((reference) => ({ ...reference, orderStopId: stopIds[index]! })),
    ),
  ];
  if (references.length) {
    await tx
      .insertInto('referenceNumbers')
      .values(
        references.map((reference) => ({ ...reference, orderId, customerCompanyId: companyId })),
      )
      .execute();
  }
  if (graph.requirements.length) {
    await tx
      .insertInto('orderRequirements')
      .values(
        graph.requirements.map((requirement) => ({
          orderId,
          customerCompanyId: companyId,
          requirement,
        })),
      )
      .execute();
  }
  if (graph.accessorials.length) {
    await tx
      .insertInto('orderAccessorials')
      .values(
        graph.accessorials.map((accessorial) => ({
          ...accessorial,
          orderId,
          customerCompanyId: companyId,
        })),
      )
      .execute();
  }
}

export async function insertOrder(tx: Tx, graph: OrderGraph) {
  const order = await tx
    .insertInto('orders')
    .values(graph.order)
    .returning(['id', 'orderNumber'])
    .executeTakeFirstOrThrow();
  await insertChildren(tx, order.id, graph.order.customerCompanyId, graph);
  return order;
}

/** Replaces the order's fields and everything under it, and moves its version on. */
export async function replaceOrder(tx: Tx, orderId: string, graph: OrderGraph) {
  for (const table of [
    'referenceNumbers',
    'orderRequirements',
    'orderAccessorials',
    'orderLineItems',
  ] as const) {
    await tx.deleteFrom(table).where('orderId', '=', orderId).execute();
  }
  await tx.deleteFrom('orderStops').where('orderId', '=', orderId).execute();
  await tx
    .updateTable('orders')
    .set((eb) => ({ ...graph.order, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', orderId)
    .execute();
  await insertChildren(tx, orderId, graph.order.customerCompanyId, graph);
}
