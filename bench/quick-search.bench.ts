import { prefixRange } from '../apps/api/src/shared/http/like';
import { getJson, report, sideBySide, type BenchServer } from './lib';

// The top bar's shipment search as the demo carrier types a number: prefixes of its own shipment
// numbers (of growing length, or of two digits, which match the most), against the same rows read by
// a bare indexed SELECT. The SELECT reads the carrier's prefix in the order of its text_pattern_ops
// index, bytewise (`using ~<~`), as the endpoint does: ordered by the database's collation, a 2-digit
// prefix would read and sort every match and take over 100 ms, which says nothing of the endpoint.
export async function quickSearchBench(
  server: BenchServer,
  iterations: number,
  { lengths, budgetMs }: { lengths: readonly number[]; budgetMs: number } = {
    lengths: [3, 4, 5, 7],
    budgetMs: 50,
  },
) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const { rows: carrierRows } = await server.pool.query<{ company_id: string }>(
    "select company_id from users where login_email = 'carrier@demo.test'",
  );
  const carrierId = carrierRows[0]!.company_id;
  const { rows: sample } = await server.pool.query<{ shipment_number: string }>(
    `select shipment_number from shipments where carrier_company_id = $1
     order by md5(shipment_number) limit 50`,
    [carrierId],
  );
  const prefixes = sample.flatMap((row) =>
    lengths.map((length) => row.shipment_number.slice(0, length)),
  );
  const result = await sideBySide(
    iterations,
    async (index) => {
      const query = prefixes[index % prefixes.length]!;
      await getJson(`${server.baseUrl}/api/v2/quick_searches/shipments?query=${query}`, token);
    },
    async (index) => {
      const query = prefixes[index % prefixes.length]!;
      await server.pool.query(
        `select id, shipment_number, status, origin_city, origin_state, origin_postal_code,
                destination_city, destination_state, destination_postal_code
           from shipments
          where carrier_company_id = $1 and shipment_number ~>=~ $2 and shipment_number ~<~ $3
          order by shipment_number using ~<~ limit 20`,
        [carrierId, query, prefixRange(query).to],
      );
    },
  );
  return report(
    `GET /api/v2/quick_searches/shipments (carrier@demo.test, number prefixes of ${lengths.join(', ')} digits)`,
    budgetMs,
    result,
  );
}
