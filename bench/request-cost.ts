// `npm run bench:requests`: what one authenticated request costs, on any seeded PostgreSQL database.
//   createdb portal_scratch; DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_scratch npm run seed -- --reset
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_scratch npm run bench:requests
// The API listens in this process; autocannon runs in a process of its own (10 connections) so the
// server's CPU time per request can be read from this process alone. PostgreSQL's statements per
// request come from pg_stat_statements when it is installed, otherwise from pg_stat_database's
// transaction counter (xact_commit) per request.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { startBenchServer } from './lib';
import { AUTOCANNON, processCpuMs, runtimeLine } from './throughput';

// Every statement the server sends is one call of pg's Client.query (one round trip): counted here.
let roundTrips = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const run = promisify(execFile);
const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/portal_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// A two-digit prefix that matches many shipments: 10 in the default world (numbers from 1000001), 12 on the big one.
const searchPrefix = process.env.BENCH_SEARCH_PREFIX ?? '10';
const autocannon = (args: string[]) => run(process.execPath, [AUTOCANNON, ...args]);

const server = await startBenchServer(databaseUrl);
try {
  const carrier = await server.tokenForEmail('carrier@demo.test');
  const billing = await server.tokenForEmail('billing@demo.test');
  const { rows } = await server.pool.query<{ id: string }>(
    `select s.id from shipments s join users u on u.company_id = s.carrier_company_id
      where u.login_email = 'carrier@demo.test' order by s.shipment_number limit 1`,
  );
  const shipmentId = rows[0]?.id;
  if (!shipmentId) throw new Error('carrier@demo.test has no shipment: seed the database first');
  const endpoints: { name: string; path: string; token: string; acceptEncoding?: string }[] = [
    { name: 'GET /api/v1/me', path: '/api/v1/me', token: carrier },
    {
      name: 'booking list, first page',
      path: '/api/v2/shipments?page=1&pageSize=50',
      token: carrier,
    },
    {
      // What a browser's request costs: the same page, answered in Brotli (decision 260).
      name: 'booking list, first page, Brotli',
      path: '/api/v2/shipments?page=1&pageSize=50',
      token: carrier,
      acceptEncoding: 'gzip, deflate, br',
    },
    { name: 'shipment detail', path: `/api/v2/shipments/${shipmentId}`, token: carrier },
    {
      name: 'third-party invoices, first page',
      path: '/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true',
      token: billing,
    },
    {
      name: `quick search "${searchPrefix}"`,
      path: `/api/v2/quick_searches/shipments?query=${searchPrefix}`,
      token: carrier,
    },
  ];
  const backends = async () =>
    (
      await server.pool.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  const transactions = async () => {
    const result = await server.pool.query<{ xacts: string }>(
      'select xact_commit + xact_rollback as xacts from pg_stat_database where datname = current_database()',
    );
    return Number(result.rows[0]!.xacts);
  };
  process.stdout.write(
    `${connections} connections, ${seconds} s each, database ${new URL(databaseUrl).pathname.slice(1)}\n` +
      `${await runtimeLine(server.pool, 'the server and autocannon')}\n\n` +
      '| request | req/s | p50 | p99 | bytes / answer | Node CPU / request | PostgreSQL CPU / request | statements / request | transactions / request |\n' +
      '|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const endpoint of endpoints) {
    const url = `${server.baseUrl}${endpoint.path}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${endpoint.token}` } });
    if (!check.ok) throw new Error(`${endpoint.name} answered ${check.status}`);
    // Warm up the plans and caches, then measure.
    const headers = [
      '-H',
      `authorization=Bearer ${endpoint.token}`,
      ...(endpoint.acceptEncoding ? ['-H', `accept-encoding=${endpoint.acceptEncoding}`] : []),
    ];
    await autocannon(['-c', String(connections), '-d', '2', '-j', ...headers, url]);
    // pg_stat_database is updated by each backend lazily; give it a moment before and after.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const xactsBefore = await transactions();
    const pids = await backends();
    const pgCpuBefore = processCpuMs(pids);
    const tripsBefore = roundTrips;
    const cpuBefore = process.cpuUsage();
    const { stdout } = await autocannon([
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-j',
      ...headers,
      url,
    ]);
    const cpu = process.cpuUsage(cpuBefore);
    const trips = roundTrips - tripsBefore;
    const pgCpu = processCpuMs(pids) - pgCpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const xacts = (await transactions()) - xactsBefore - 2;
    const result = JSON.parse(stdout) as {
      requests: { total: number; average: number };
      latency: { p50: number; p99: number };
      throughput: { total: number };
      non2xx: number;
    };
    if (result.non2xx > 0)
      throw new Error(`${endpoint.name}: ${result.non2xx} answers were not 2xx`);
    const total = result.requests.total;
    process.stdout.write(
      `| ${endpoint.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ` +
        `${Math.round(result.throughput.total / total)} | ` +
        `${((cpu.user + cpu.system) / 1000 / total).toFixed(2)} ms | ${(pgCpu / total).toFixed(2)} ms | ` +
        `${(trips / total).toFixed(1)} | ${(xacts / total).toFixed(2)} |\n`,
    );
  }
} finally {
  await server.close();
}
