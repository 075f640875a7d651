import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, type Database } from '../apps/api/src/db/database';
import { FileDocumentStore } from '../apps/api/src/shared/storage/document-store';
import { createAppContext, type AppContext } from '../apps/api/src/shared/app-context';
import pino from 'pino';

export interface BenchServer {
  baseUrl: string;
  ctx: AppContext;
  db: Database;
  pool: pg.Pool;
  tokenForEmail(email: string): Promise<string>;
  close(): Promise<void>;
}

/** The real API, listening on a free port, on the benchmark database; a plain pg pool beside it. */
export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    APP_ENV: 'test',
    APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-00',
    PUBLIC_URL: 'http://bench.local',
    LOG_LEVEL: 'silent',
  });
  // The server's own default pool (twice the cores plus one) unless BENCH_POOL_SIZE says otherwise.
  const db = await openDatabase({
    url: databaseUrl,
    poolSize: process.env.BENCH_POOL_SIZE ? Number(process.env.BENCH_POOL_SIZE) : undefined,
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
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ctx,
    db,
    pool,
    async tokenForEmail(email) {
      const { rows } = await pool.query<{ id: string; company_id: string }>(
        'select id, company_id from users where login_email = $1',
        [email],
      );
      const user = rows[0];
      if (!user) throw new Error(`No user ${email} in the benchmark database: seed it first`);
      return ctx.tokens.issue({ userId: user.id, companyId: user.company_id });
    },
    async close() {
      await app.close();
      await db.close();
      await pool.end();
    },
  };
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

export function report(
  name: string,
  budgetMs: number,
  result: { subject: Timing; baseline: Timing },
) {
  const ratio = result.subject.median / result.baseline.median;
  const verdict = result.subject.median <= budgetMs ? 'within budget' : 'OVER BUDGET';
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  process.stdout.write(
    `${name}\n` +
      `  endpoint (HTTP, warm):  median ${ms(result.subject.median)}  p95 ${ms(result.subject.p95)}  min ${ms(result.subject.min)}  n=${result.subject.samples}\n` +
      `  bare indexed SELECT:    median ${ms(result.baseline.median)}  p95 ${ms(result.baseline.p95)}  min ${ms(result.baseline.min)}\n` +
      `  ratio endpoint/SELECT:  ${ratio.toFixed(1)}x   budget ${budgetMs} ms median: ${verdict}\n\n`,
  );
  return { name, budgetMs, ratio, ...result, withinBudget: result.subject.median <= budgetMs };
}

export async function getJson(url: string, token: string): Promise<unknown> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
