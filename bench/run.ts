// `npm run bench`: benchmarks on the large demo world, PostgreSQL only.
//   createdb portal_bench; DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run seed -- --shipments 1000000 --tenders 200000 --cases 100000
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench
// Each side-by-side benchmark prints medians of the endpoint over HTTP and of a bare indexed SELECT of
// the same rows, measured alternately in the same run, and their ratio; the throughput run measures
// the endpoints against a node:http floor, alternating. The run ends with every budget of issue 18
// and of the issues' performance sections, each with its figure, ratio and verdict.
import { printBudgets, type BudgetLine } from './budgets';
import { startBenchServer, type BenchResult } from './lib';
import { apInvoiceListBench, caseListBench, tenderListBench } from './lists.bench';
import { navigationCountsBench } from './navigation-counts.bench';
import { quickSearchBench } from './quick-search.bench';
import { thirdPartyInvoicesBench } from './third-party-invoices.bench';
import { bookingListBench, shipmentDetailBench, trackingListBench } from './shipment-list.bench';
import { bookingBench, concurrentBookingCheck, loadBoardSearchBench } from './load-board.bench';
import { consolidatableSearchBench } from './orders.bench';
import {
  printCoresAllow,
  printThroughput,
  runtimeLine,
  throughputRun,
  type ThroughputEndpoint,
} from './throughput';
import { lastSeeding } from './seeding';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/portal_bench';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// The throughput run's floor and endpoint runs in turn, each `seconds` long (floor first, then
// endpoint first): a guest whose speed drifts weighs on both sides alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

const server = await startBenchServer(databaseUrl);
const lines: BudgetLine[] = [];
const median = (result: BenchResult) => `median ${result.subject.median.toFixed(2)} ms`;
const sideBySideLine = (result: BenchResult): BudgetLine => ({
  budget: `${result.name}: median under ${result.budgetMs} ms${result.maxRatio ? `, within ${result.maxRatio}x` : ''}`,
  figure: median(result),
  ratio: `${result.ratio.toFixed(1)}x bare SQL`,
  ok: result.withinBudget,
});
// BENCH_ONLY=<names, comma-separated> runs those side-by-side benchmarks alone and their budget lines:
// quick-search-2 (2-digit prefixes), quick-search, third-party, booking-list, detail, counts (the five
// navigation counts), load-board, booking (with the 50 concurrent bookings), tenders, cases,
// accounting, orders (which tops the world up to 100,000 open orders first).
const ONLY: Record<string, () => Promise<BenchResult[]>> = {
  'quick-search-2': async () => [
    await quickSearchBench(server, iterations, { lengths: [2], budgetMs: 5 }),
  ],
  'quick-search': async () => [await quickSearchBench(server, iterations)],
  'third-party': () => thirdPartyInvoicesBench(server, iterations),
  'booking-list': async () => [await bookingListBench(server, iterations)],
  detail: async () => [await shipmentDetailBench(server, iterations)],
  counts: async () => [await navigationCountsBench(server, iterations)],
  'load-board': async () => [await loadBoardSearchBench(server, iterations)],
  booking: async () => [await bookingBench(server, iterations)],
  tenders: async () => [await tenderListBench(server, iterations)],
  cases: async () => [await caseListBench(server, iterations)],
  accounting: () => apInvoiceListBench(server, iterations),
  orders: async () => [await consolidatableSearchBench(server, iterations)],
};
if (process.env.BENCH_ONLY) {
  const names = process.env.BENCH_ONLY.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !ONLY[name]);
  if (unknown.length) {
    await server.close();
    throw new Error(
      `BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${Object.keys(ONLY).join(', ')}`,
    );
  }
  try {
    for (const name of names) {
      for (const result of await ONLY[name]!()) lines.push(sideBySideLine(result));
      if (name === 'booking') {
        const race = await concurrentBookingCheck(server);
        lines.push({
          budget: '50 concurrent bookings of one load: exactly one Booked',
          figure: race.withinBudget ? 'one Booked' : 'WRONG',
          ratio: '',
          ok: race.withinBudget,
        });
      }
    }
  } finally {
    await server.close();
  }
  printBudgets(lines);
  process.exit(0);
}
try {
  const { rows } = await server.pool.query<{ count: string }>('select count(*) from shipments');
  process.stdout.write(
    `Benchmark database: ${rows[0]!.count} shipments, ${iterations} iterations each\n` +
      `${await runtimeLine(server.pool)}\n\n`,
  );
  const twoDigits = await quickSearchBench(server, iterations, { lengths: [2], budgetMs: 5 });
  const [billingPage, ...otherThirdParty] = await thirdPartyInvoicesBench(server, iterations);
  const bookingList = await bookingListBench(server, iterations);
  const detail = await shipmentDetailBench(server, iterations);
  const counts = await navigationCountsBench(server, iterations);
  const sideBySide: BenchResult[] = [
    await quickSearchBench(server, iterations),
    ...otherThirdParty,
    await trackingListBench(server, iterations),
    await loadBoardSearchBench(server, iterations),
    await bookingBench(server, iterations),
    await tenderListBench(server, iterations),
    await caseListBench(server, iterations),
    ...(await apInvoiceListBench(server, iterations)),
    await consolidatableSearchBench(server, iterations),
  ];
  const race = await concurrentBookingCheck(server);

  const carrier = await server.tokenForEmail('carrier@demo.test');
  const billing = await server.tokenForEmail('billing@demo.test');
  const { rows: shipments } = await server.pool.query<{ id: string }>(
    `select s.id from shipments s join users u on u.company_id = s.carrier_company_id
      where u.login_email = 'carrier@demo.test' order by s.shipment_number limit 1`,
  );
  const prefix = process.env.BENCH_SEARCH_PREFIX ?? '12';
  // The issue's throughput budgets: each endpoint's least share of the floor's req/s.
  const SHARES = { me: 0.1, page: 0.03, search: 0.05 };
  const endpoints: ThroughputEndpoint[] = [
    { name: 'GET /api/v1/me', path: '/api/v1/me', token: carrier, budgetShare: SHARES.me },
    {
      name: 'booking list, first page',
      path: '/api/v2/shipments?page=1&pageSize=50',
      token: carrier,
      budgetShare: SHARES.page,
    },
    {
      name: 'shipment detail',
      path: `/api/v2/shipments/${shipments[0]!.id}`,
      token: carrier,
      budgetShare: SHARES.page,
    },
    {
      name: 'third-party invoices, first page',
      path: '/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true',
      token: billing,
      budgetShare: SHARES.page,
    },
    {
      name: `quick search "${prefix}"`,
      path: `/api/v2/quick_searches/shipments?query=${prefix}`,
      token: carrier,
      budgetShare: SHARES.search,
    },
  ];
  const throughput = await throughputRun(server, endpoints, { seconds, connections, rounds });
  printThroughput(throughput, connections, rounds);
  printCoresAllow(throughput);
  const [me, list, shipment, thirdParty, search] = throughput as [
    (typeof throughput)[number],
    ...typeof throughput,
  ];

  const share = (value: number) => `${(value * 100).toFixed(1)}% of the floor`;
  const atLeast = (value: number) => `at least ${(value * 100).toFixed(0)}% of the floor`;
  lines.push(
    {
      budget: `GET /api/v1/me: ${atLeast(SHARES.me)}`,
      figure: `${me.requestsPerSecond.toFixed(0)} req/s`,
      ratio: share(me.shareOfFloor),
      ok: me.shareOfFloor >= SHARES.me,
    },
    {
      budget: 'GET /api/v1/me: p99 under 25 ms',
      figure: `p99 ${me.p99} ms`,
      ratio: '',
      ok: me.p99 < 25,
    },
    {
      budget: 'GET /api/v1/me: under 0.5 ms CPU per request (Node + PostgreSQL)',
      figure: `${(me.nodeCpuMs + me.postgresCpuMs).toFixed(2)} ms`,
      ratio: '',
      ok: me.nodeCpuMs + me.postgresCpuMs < 0.5,
    },
  );
  for (const [figure, sequential] of [
    [list!, bookingList],
    [shipment!, detail],
    [thirdParty!, billingPage!],
  ] as const) {
    lines.push(
      {
        budget: `${figure.name}: ${atLeast(SHARES.page)}`,
        figure: `${figure.requestsPerSecond.toFixed(0)} req/s`,
        ratio: share(figure.shareOfFloor),
        ok: figure.shareOfFloor >= SHARES.page,
      },
      {
        budget: `${figure.name}: median under 15 ms`,
        figure: median(sequential),
        ratio: `${sequential.ratio.toFixed(1)}x bare SQL`,
        ok: sequential.subject.median < 15,
      },
    );
  }
  lines.push(
    {
      budget: 'quick search, 2-digit prefix: median under 5 ms',
      figure: median(twoDigits),
      ratio: `${twoDigits.ratio.toFixed(1)}x bare SQL`,
      ok: twoDigits.subject.median < 5,
    },
    {
      budget: `quick search, 2-digit prefix: ${atLeast(SHARES.search)}`,
      figure: `${search!.requestsPerSecond.toFixed(0)} req/s`,
      ratio: share(search!.shareOfFloor),
      ok: search!.shareOfFloor >= SHARES.search,
    },
    {
      budget: 'the five navigation counts in parallel: median under 10 ms',
      figure: median(counts),
      ratio: `${counts.ratio.toFixed(1)}x bare SQL`,
      ok: counts.subject.median < 10,
    },
  );
  for (const result of sideBySide) lines.push(sideBySideLine(result));
  lines.push({
    budget: '50 concurrent bookings of one load: exactly one Booked',
    figure: race.withinBudget ? 'one Booked' : 'WRONG',
    ratio: '',
    ok: race.withinBudget,
  });
  lines.push(await lastSeeding(server.pool));
  lines.push(
    {
      budget: 'PGlite at least 40% of PostgreSQL req/s (default world)',
      figure: 'measured by npm run bench:pglite, not by this run',
      ratio: '',
      ok: undefined,
    },
    {
      budget: 'Lighthouse mobile: score >= 90, LCP < 2.5 s, TBT < 200 ms, CLS < 0.1',
      figure: 'measured by npm run bench:lighthouse, not by this run',
      ratio: '',
      ok: undefined,
    },
  );
} finally {
  await server.close();
}
printBudgets(lines);
