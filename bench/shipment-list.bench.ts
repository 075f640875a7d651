import { DEFAULT_SHIPMENT_LIST_STATUSES } from '@portal/domain';
import { getJson, report, sideBySide, type BenchServer } from './lib';

// The booking list's first page as the demo carrier opens /shipments (default statuses, 50 rows,
// with its total count), against a bare indexed SELECT of the same 50 rows.
export async function bookingListBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await companyOf(server, 'carrier@demo.test');
  const statuses = [...DEFAULT_SHIPMENT_LIST_STATUSES];
  const result = await sideBySide(
    iterations,
    async () => {
      await getJson(`${server.baseUrl}/api/v2/shipments?page=1&pageSize=50`, token);
    },
    async () => {
      await server.pool.query(
        `select id, shipment_number, order_id, status, carrier_company_id, origin_city, origin_state,
                origin_postal_code, origin_latitude, origin_longitude, destination_city, destination_state,
                destination_postal_code, destination_latitude, destination_longitude, pickup_at, delivery_at,
                next_update_due_at, is_on_time, equipment_types, total_weight_pounds, total_miles,
                carrier_rate_cents, shipping_pro_number
           from shipments
          where carrier_company_id = $1 and status = any($2::smallint[])
          order by pickup_at desc, shipment_number desc
          limit 50`,
        [carrierId, statuses],
      );
    },
  );
  return report(
    'GET /api/v2/shipments booking list, first page (carrier@demo.test, default statuses, 50 rows + total)',
    15,
    result,
  );
}

// The tracking list with needsUpdates (what a dispatcher works through), and the navigation's count.
export async function trackingListBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await companyOf(server, 'carrier@demo.test');
  const result = await sideBySide(
    iterations,
    async () => {
      await getJson(
        `${server.baseUrl}/api/v2/shipments?list=tracking&needsUpdates=true&page=1&pageSize=50`,
        token,
      );
      await getJson(`${server.baseUrl}/api/v2/shipments/total_count?needsUpdates=true`, token);
    },
    async () => {
      await server.pool.query(
        `select id, shipment_number, status, next_update_due_at, pickup_at
           from shipments
          where carrier_company_id = $1 and status in (4, 5, 6) and next_update_due_at <= now()
          order by next_update_due_at, pickup_at desc, shipment_number desc
          limit 50`,
        [carrierId],
      );
      await server.pool.query(
        `select count(*) from shipments
          where carrier_company_id = $1 and status in (4, 5, 6) and next_update_due_at <= now()`,
        [carrierId],
      );
    },
  );
  return report(
    'GET /api/v2/shipments?list=tracking&needsUpdates=true + total_count (carrier@demo.test)',
    50,
    result,
  );
}

// One shipment's detail as the carrier opens it, against the bare SELECT of its row and its stops.
export async function shipmentDetailBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await companyOf(server, 'carrier@demo.test');
  const { rows: sample } = await server.pool.query<{ id: string }>(
    `select id from shipments where carrier_company_id = $1 order by md5(shipment_number) limit 50`,
    [carrierId],
  );
  const result = await sideBySide(
    iterations,
    async (index) => {
      await getJson(
        `${server.baseUrl}/api/v2/shipments/${sample[index % sample.length]!.id}`,
        token,
      );
    },
    async (index) => {
      const id = sample[index % sample.length]!.id;
      await server.pool.query('select * from shipments where id = $1', [id]);
      await server.pool.query(
        'select * from shipment_stops where shipment_id = $1 order by stop_number',
        [id],
      );
    },
  );
  return report('GET /api/v2/shipments/{id} shipment detail (carrier@demo.test)', 15, result);
}

async function companyOf(server: BenchServer, email: string): Promise<string> {
  const { rows } = await server.pool.query<{ company_id: string }>(
    'select company_id from users where login_email = $1',
    [email],
  );
  return rows[0]!.company_id;
}
