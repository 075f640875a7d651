import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, type Database } from '../apps/api/src/db/database';
import { vacuumTablesDue } from '../apps/api/src/db/embedded-vacuum';
import { FileDocumentStore } from '../apps/api/src/shared/storage/document-store';
import { createAppContext, type AppContext } from '../apps/api/src/shared/app-context';
import pino from 'pino';

/** The real API listening on a free port, on either engine. */
export interface ApiServer {
  baseUrl: string;
  ctx: AppContext;
  db: Database;
  tokenForEmail(email: string): Promise<string>;
  /** The PostgreSQL server processes serving this database (none for the embedded engine). */
  backendPids(): Promise<number[]>;
  close(): Promise<void>;
}

/** The API on PostgreSQL, with a plain pg pool beside it for the bare SQL. */
export interface BenchServer extends ApiServer {
  pool: pg.Pool;
}

async function startApi(
  db: Database,
  databaseUrl: string | undefined,
): Promise<Omit<ApiServer, 'backendPids'> & { app: FastifyInstance }> {
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    APP_ENV: 'test',
    APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-00',
    PUBLIC_URL: 'http://bench.local',
    LOG_LEVEL: 'silent',
  });
  const ctx: AppContext = await createAppContext({
    config,
    db,
    logger: pino({ level: 'silent' }),
    documents: new FileDocumentStore(
      process.env.BENCH_DOCUMENTS_DIR ?? 'data/portal-bench/documents',
    ),
  });
  const app: FastifyInstance = await buildApp(ctx, { serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    ctx,
    db,
    async tokenForEmail(email) {
      const user = await db.system((tx) =>
        tx
          .selectFrom('users')
          .select(['id', 'companyId'])
          .where('loginEmail', '=', email)
          .executeTakeFirst(),
      );
      if (!user) throw new Error(`No user ${email} in the benchmark database: seed it first`);
      return ctx.tokens.issue({ userId: user.id, companyId: user.companyId });
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** The real API, listening on a free port, on the benchmark database; a plain pg pool beside it. */
export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  // The server's own default pool (twice the cores plus one) unless BENCH_POOL_SIZE says otherwise.
  const db = await openDatabase({
    url: databaseUrl,
    poolSize: process.env.BENCH_POOL_SIZE ? Number(process.env.BENCH_POOL_SIZE) : undefined,
  });
  const api = await startApi(db, databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  return {
    ...api,
    pool,
    async backendPids() {
      const { rows } = await pool.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((row) => row.pid);
    },
    async close() {
      await api.close();
      await pool.end();
    },
  };
}

/** The API on the embedded engine (PGlite) in `dataDir`, which runs in this process. */
export async function startEmbeddedServer(dataDir: string): Promise<ApiServer> {
  const db = await openDatabase({ dataDir });
  // The server's embedded vacuum takes a freshly seeded world 10 s after start (decision 254); the
  // benchmark takes it before it measures.
  await vacuumTablesDue(db);
  const api = await startApi(db, undefined);
  return { ...api, backendPids: async () => [] };
}

export interface Timing {
  median: number;
  p95: number;
  min: number;
  samples: number;
}

export function summarize(durations: number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]!, samples: sorted.length };
}

/**
 * Times two operations side by side: warm both up, then alternate them so the machine's state
 * (caches, other load) affects both alike.
 */
export async function sideBySide(
  iterations: number,
  subject: (index: number) => Promise<void>,
  baseline: (index: number) => Promise<void>,
  warmup = 20,
): Promise<{ subject: Timing; baseline: Timing }> {
  for (let index = 0; index < warmup; index++) {
    await subject(index);
    await baseline(index);
  }
  const subjectTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let index = 0; index < iterations; index++) {
    let started = performance.now();
    await subject(index);
    subjectTimes.push(performance.now() - started);
    started = performance.now();
    await baseline(index);
    baselineTimes.push(performance.now() - started);
  }
  return { subject: summarize(subjectTimes), baseline: summarize(baselineTimes) };
}

export interface BenchResult {
  name: string;
  budgetMs: number;
  maxRatio?: number | undefined;
  ratio: number;
  subject: Timing;
  baseline: Timing;
  withinBudget: boolean;
}

/** Prints a side-by-side result: within budget when the median is, and the ratio too if it has one. */
export function report(
  name: string,
  budgetMs: number,
  result: { subject: Timing; baseline: Timing },
  maxRatio?: number,
): BenchResult {
  const ratio = result.subject.median / result.baseline.median;
  const withinBudget =
    result.subject.median <= budgetMs && (maxRatio === undefined || ratio <= maxRatio);
  const verdict = withinBudget ? 'within budget' : 'OVER BUDGET';
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const budget = `budget ${budgetMs} ms median${maxRatio === undefined ? '' : `, at most ${maxRatio}x`}`;
  process.stdout.write(
    `${name}\n` +
      `  endpoint (HTTP, warm):  median ${ms(result.subject.median)}  p95 ${ms(result.subject.p95)}  min ${ms(result.subject.min)}  n=${result.subject.samples}\n` +
      `  bare indexed SELECT:    median ${ms(result.baseline.median)}  p95 ${ms(result.baseline.p95)}  min ${ms(result.baseline.min)}\n` +
      `  ratio endpoint/SELECT:  ${ratio.toFixed(1)}x   ${budget}: ${verdict}   load average ${loadavg()[0]!.toFixed(2)}\n\n`,
  );
  return { name, budgetMs, maxRatio, ratio, ...result, withinBudget };
}

// The timed requests go over node:http on kept-alive connections, as autocannon's do: fetch's own
// streams and promise chains cost the benchmark's process about 1.5 ms a request on this machine,
// time of the client's, not the portal's (decision 235).
const keptAlive = new http.Agent({ keepAlive: true });

/** Sends a request and reads its whole answer as JSON. */
export function requestJson(
  url: string,
  token: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: keptAlive,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({
              status: response.statusCode ?? 0,
              body: text ? JSON.parse(text) : undefined,
            });
          } catch {
            reject(new Error(`${url} answered ${response.statusCode} with no JSON: ${text}`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function getJson(url: string, token: string): Promise<unknown> {
  const response = await requestJson(url, token);
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}
