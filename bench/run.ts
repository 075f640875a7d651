// `npm run bench`: benchmarks on the large demo world, PostgreSQL only.
//   createdb portal_bench; DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run seed -- --shipments 1000000
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench
// Each benchmark prints medians of the endpoint over HTTP and of a bare indexed SELECT of the same rows,
// measured alternately in the same run, and their ratio.
import { startBenchServer } from './lib';
import { navigationCountsBench } from './navigation-counts.bench';
import { quickSearchBench } from './quick-search.bench';
import { thirdPartyInvoicesBench } from './third-party-invoices.bench';
import { bookingListBench, trackingListBench } from './shipment-list.bench';
import { bookingBench, concurrentBookingCheck, loadBoardSearchBench } from './load-board.bench';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/portal_bench';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);

const server = await startBenchServer(databaseUrl);
try {
  const { rows } = await server.pool.query<{ count: string }>('select count(*) from shipments');
  process.stdout.write(
    `Benchmark database: ${rows[0]!.count} shipments, ${iterations} iterations each\n\n`,
  );
  const results = [
    await quickSearchBench(server, iterations),
    ...(await thirdPartyInvoicesBench(server, iterations)),
    await bookingListBench(server, iterations),
    await trackingListBench(server, iterations),
    await navigationCountsBench(server, iterations),
    await loadBoardSearchBench(server, iterations),
    await bookingBench(server, iterations),
    await concurrentBookingCheck(server),
  ];
  const over = results.filter((result) => !result.withinBudget);
  process.stdout.write(
    over.length === 0 ? 'All within budget.\n' : `${over.length} over budget.\n`,
  );
} finally {
  await server.close();
}
