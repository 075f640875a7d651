import { getJson, report, sideBySide, type BenchServer } from './lib';

// The side navigation's live counts, fetched together as the browser does on every page (and every
// minute): shipments needing updates, sent tenders, open rate requests, accounting action required
// and new accessorial requests. The baseline is a bare indexed count of the carrier's shipments.
export async function navigationCountsBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const { rows } = await server.pool.query<{ company_id: string }>(
    "select company_id from users where login_email = 'carrier@demo.test'",
  );
  const carrierId = rows[0]!.company_id;
  const urls = [
    '/api/v2/shipments/total_count?needsUpdates=true',
    '/api/v2/tenders/status_counts',
    '/api/v2/rate_requests/status_counts',
    '/api/v2/invoices/counts/action_required',
    '/api/v2/cases/count_stats',
  ];
  const result = await sideBySide(
    iterations,
    async () => {
      await Promise.all(urls.map((url) => getJson(`${server.baseUrl}${url}`, token)));
    },
    async () => {
      await server.pool.query(
        'select count(*) from shipments where carrier_company_id = $1 and status = any($2)',
        [carrierId, [4, 5, 6]],
      );
    },
  );
  return report(
    'Navigation counts: the five count endpoints in parallel (carrier@demo.test)',
    10,
    result,
  );
}
