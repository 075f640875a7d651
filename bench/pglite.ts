// `npm run bench:pglite`: the embedded default (PGlite) against PostgreSQL on the same endpoints, on
// the default world (issue 18: PGlite at least 40% of PostgreSQL's req/s).
//   createdb portal_default; DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_default npm run seed
//   DATA_DIR=data/portal-pglite npm run seed
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_default BENCH_PGLITE_DIR=data/portal-pglite/pglite npm run bench:pglite
// For each endpoint the PostgreSQL run comes first and the PGlite run right after it, each after
// the node:http floor, so the two are measured at nearly the same moment.
import { loadavg } from 'node:os';
import { printBudgets } from './budgets';
import { startBenchServer, startEmbeddedServer, type ApiServer } from './lib';
import {
  printThroughput,
  runtimeLine,
  throughputRun,
  type ThroughputEndpoint,
  type ThroughputFigure,
} from './throughput';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_default';
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? 'data/portal-pglite/pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The same five requests as the throughput budgets, found in each engine's own world. */
async function endpointsOf(server: ApiServer): Promise<ThroughputEndpoint[]> {
  const carrier = await server.tokenForEmail('carrier@demo.test');
  const billing = await server.tokenForEmail('billing@demo.test');
  const shipment = await server.db.system((tx) =>
    tx
      .selectFrom('shipments')
      .innerJoin('users', 'users.companyId', 'shipments.carrierCompanyId')
      .select('shipments.id')
      .where('users.loginEmail', '=', 'carrier@demo.test')
      .orderBy('shipments.shipmentNumber')
      .executeTakeFirstOrThrow(),
  );
  return [
    { name: 'GET /api/v1/me', path: '/api/v1/me', token: carrier },
    {
      name: 'booking list, first page',
      path: '/api/v2/shipments?page=1&pageSize=50',
      token: carrier,
    },
    { name: 'shipment detail', path: `/api/v2/shipments/${shipment.id}`, token: carrier },
    {
      name: 'third-party invoices, first page',
      path: '/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true',
      token: billing,
    },
    {
      name: 'quick search "10"',
      path: '/api/v2/quick_searches/shipments?query=10',
      token: carrier,
    },
  ];
}

const postgres = await startBenchServer(databaseUrl);
const embedded = await startEmbeddedServer(pgliteDir);
try {
  const onPostgres = await endpointsOf(postgres);
  const onPglite = await endpointsOf(embedded);
  const options = { seconds, connections };
  const pgFigures: ThroughputFigure[] = [];
  const pgliteFigures: ThroughputFigure[] = [];
  for (let index = 0; index < onPostgres.length; index++) {
    pgFigures.push(...(await throughputRun(postgres, [onPostgres[index]!], options)));
    pgliteFigures.push(...(await throughputRun(embedded, [onPglite[index]!], options)));
  }
  process.stdout.write(`${await runtimeLine(postgres.pool)}\n\nPostgreSQL\n`);
  printThroughput(pgFigures, connections);
  process.stdout.write(
    'PGlite (the database runs in the server process: its CPU is the Node figure)\n',
  );
  printThroughput(pgliteFigures, connections);
  printBudgets(
    pgFigures.map((figure, index) => {
      const share = pgliteFigures[index]!.requestsPerSecond / figure.requestsPerSecond;
      return {
        budget: `${figure.name}: PGlite at least 40% of PostgreSQL's req/s`,
        figure: `${pgliteFigures[index]!.requestsPerSecond.toFixed(0)} against ${figure.requestsPerSecond.toFixed(0)} req/s`,
        ratio: `${(share * 100).toFixed(0)}% (load average ${loadavg()[0]!.toFixed(2)})`,
        ok: share >= 0.4,
      };
    }),
  );
} finally {
  await postgres.close();
  await embedded.close();
}
