import { report, requestJson, sideBySide, type BenchServer } from './lib';

// Consolidation (issue 15): with 100,000 open orders of the broker on no shipment, the consolidatable
// search for one of them over HTTP against the bare indexed SQL of the same rows.

const OPEN_ORDERS = 100_000;
const METERS_PER_MILE = 1609.344;
const RADIUS = 40 * METERS_PER_MILE;

/**
 * Tops the broker's open, unplanned orders up to 100,000 (order type "Benchmark"): each a pickup and
 * a delivery at real US places within the next 30 days, and one line item.
 */
async function ensureOpenOrders(server: BenchServer, companyId: string) {
  const { rows } = await server.pool.query<{ count: string }>(
    `select count(*) from orders o
      where o.customer_company_id = $1 and o.status = 'Open'
        and not exists (select 1 from shipments s where s.order_id = o.id)
        and not exists (select 1 from shipment_orders so where so.order_id = o.id)`,
    [companyId],
  );
  const missing = OPEN_ORDERS - Number(rows[0]!.count);
  if (missing <= 0) return;
  process.stdout.write(`Adding ${missing} open orders for the consolidation benchmark...\n`);
  await server.pool.query(
    `create temp table if not exists bench_places as
       select row_number() over (order by postal_code) as idx, postal_code, city, state,
              latitude, longitude, iana_timezone
         from postal_codes where country = 'US' and iana_timezone is not null
          and (hashtext(postal_code) & 7) = 0`,
  );
  await server.pool.query(
    `with operator as (select id from companies where kind = 'operator' order by created_at limit 1),
     made as (
       insert into orders (customer_company_id, operator_company_id, order_type, status)
       select $1, (select id from operator), 'Benchmark', 'Open' from generate_series(1, $2)
       returning id, order_number
     ),
     -- Places, windows and weights come from the order's position by number, not its random id:
     -- every world seeded alike gets the same benchmark orders.
     numbered as (
       select id, row_number() over (order by order_number::bigint) as n,
              (select count(*) from bench_places) as places from made
     ),
     stops as (
       insert into order_stops (order_id, customer_company_id, stop_number, stop_type, location_number,
                                location_name, address_line1, city, state, postal_code, country,
                                latitude, longitude, iana_timezone, early_at, late_at)
       select n.id, $1, s.stop_number, s.stop_type, 'N/A', p.city || ' Dock', '1 Main St',
              p.city, p.state, p.postal_code, 'US', p.latitude, p.longitude, p.iana_timezone,
              date_trunc('hour', now()) + ((n.n % 30) || ' days')::interval
                + ((s.stop_number - 1) * 2 || ' days')::interval,
              date_trunc('hour', now()) + ((n.n % 30) || ' days')::interval
                + ((s.stop_number - 1) * 2 || ' days')::interval + interval '4 hours'
         from numbered n
         cross join (values (1, 'Pickup'), (2, 'Delivery')) as s(stop_number, stop_type)
         join bench_places p
           on p.idx = 1 + (abs(hashtext(n.n::text || s.stop_type)) % n.places)
       returning id, order_id, stop_type
     )
     insert into order_line_items (order_id, customer_company_id, pickup_stop_id, delivery_stop_id,
                                   description, freight_class, package_count, weight_pounds)
     select p.order_id, $1, p.id, d.id, 'Palletized goods', '70',
            1 + abs(hashtext(n.n::text)) % 20, 1000 + abs(hashtext(n.n::text)) % 20000
       from stops p join stops d on d.order_id = p.order_id and d.stop_type = 'Delivery'
       join numbered n on n.id = p.order_id
      where p.stop_type = 'Pickup'`,
    [companyId, missing],
  );
  await server.pool.query('analyze orders; analyze order_stops; analyze order_line_items');
}

export async function consolidatableSearchBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('broker@demo.test');
  const { rows: users } = await server.pool.query<{ company_id: string }>(
    'select company_id from users where login_email = $1',
    ['broker@demo.test'],
  );
  const companyId = users[0]!.company_id;
  await ensureOpenOrders(server, companyId);
  // Anchors: open benchmark orders, each with its first pickup and last delivery.
  const { rows: anchors } = await server.pool.query<{
    id: string;
    order_number: string;
    equipment_mode: number;
    p_lat: number;
    p_lon: number;
    p_early: Date;
    p_late: Date;
    d_lat: number;
    d_lon: number;
    d_early: Date;
    d_late: Date;
  }>(
    `select o.id, o.order_number, o.equipment_mode,
            p.latitude as p_lat, p.longitude as p_lon, p.early_at as p_early, p.late_at as p_late,
            d.latitude as d_lat, d.longitude as d_lon, d.early_at as d_early, d.late_at as d_late
       from orders o
       join order_stops p on p.order_id = o.id and p.stop_number = 1
       join order_stops d on d.order_id = o.id and d.stop_number = 2
      where o.customer_company_id = $1 and o.order_type = 'Benchmark'
      order by md5(o.order_number) limit 50`,
    [companyId],
  );
  const result = await sideBySide(
    iterations,
    async (index) => {
      const anchor = anchors[index % anchors.length]!;
      const response = await requestJson(
        `${server.baseUrl}/api/v2/orders/consolidatable_orders`,
        token,
        { method: 'POST', body: { orderId: anchor.order_number } },
      );
      if (response.status !== 200) throw new Error(`Search answered ${response.status}`);
    },
    async (index) => {
      const a = anchors[index % anchors.length]!;
      // The same rows: open orders on no shipment near both ends, windows widened by 2 days, in
      // the weight and unit limits, with their totals; the first 50 and the count.
      await server.pool.query(
        `select o.id, o.order_number, o.status, p.city, p.state, p.early_at, d.city, d.state,
                li.weight, li.units, count(*) over () as total
           from order_stops p
           join orders o on o.id = p.order_id
           join lateral (select * from order_stops d where d.order_id = o.id and d.stop_type = 'Delivery'
                          order by d.stop_number desc limit 1) d on true
           join lateral (select sum(weight_pounds) as weight, sum(package_count) as units
                           from order_line_items where order_id = o.id) li on true
          where p.stop_type = 'Pickup'
            and p.latitude between $1 - $13::float8 and $1 + $13::float8
            and p.longitude between $2 - $14::float8 and $2 + $14::float8
            and earth_distance(ll_to_earth($1, $2), ll_to_earth(p.latitude, p.longitude)) <= $3
            and earth_distance(ll_to_earth($4, $5), ll_to_earth(d.latitude, d.longitude)) <= $3
            and o.customer_company_id = $6 and o.status = 'Open' and o.id <> $7 and o.equipment_mode = $8
            and not exists (select 1 from shipments s where s.order_id = o.id and s.status <> -1)
            and p.early_at - interval '2 days' <= $10::timestamptz + interval '2 days'
            and $9::timestamptz - interval '2 days' <= p.late_at + interval '2 days'
            and d.early_at - interval '2 days' <= $12::timestamptz + interval '2 days'
            and $11::timestamptz - interval '2 days' <= d.late_at + interval '2 days'
            and li.weight <= 45000 and li.units <= 60
          order by o.order_number limit 50`,
        [
          a.p_lat,
          a.p_lon,
          RADIUS,
          a.d_lat,
          a.d_lon,
          companyId,
          a.id,
          a.equipment_mode,
          a.p_early,
          a.p_late,
          a.d_early,
          a.d_late,
          40 / 69.05,
          40 / 69.05 / Math.cos((Math.abs(a.p_lat) * Math.PI) / 180),
        ],
      );
    },
  );
  return report(
    'POST /api/v2/orders/consolidatable_orders (broker@demo.test, 100,000 open orders, first 50)',
    100,
    result,
  );
}
