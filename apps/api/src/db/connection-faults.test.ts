import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, engine } from '../../test/database-template';
import { startTestApp, type TestApp } from '../../test/harness';
import { startFaultyProxy, type FaultyProxy } from '../../test/tcp-proxy';
import { makeTestWorld } from '../../test/world';

// PostgreSQL only: PGlite runs in process and has no connection to lose.
describe.skipIf(engine !== 'postgres')('PostgreSQL connection faults under load', () => {
  let proxy: FaultyProxy;
  let t: TestApp;
  let user: { id: string; companyId: string };
  const target = new URL(adminUrl);

  beforeAll(async () => {
    proxy = await startFaultyProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    t = await startTestApp(
      {},
      {
        rewriteUrl: (url) => {
          const through = new URL(url);
          through.host = `127.0.0.1:${proxy.port}`;
          return through.toString();
        },
        poolSize: 10,
        connectTimeoutMs: 1_000,
        statementTimeoutMs: 1_500,
      },
    );
    const world = await makeTestWorld(t.db);
    user = world.users.carrierUser;
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  interface Outcome {
    status: number;
    ms: number;
    retryAfter?: string;
  }

  /** Ten clients asking in a loop (the current user and the shipments list) until stopped. */
  function load(clients = 10) {
    let running = true;
    const outcomes: Outcome[] = [];
    const loops = Array.from({ length: clients }, async (_, index) => {
      while (running) {
        const started = performance.now();
        const response = await t.injectAs(user, {
          method: 'GET',
          url: index % 2 ? '/api/v1/me' : '/api/v2/shipments?pageSize=5',
        });
        const retryAfter = response.headers['retry-after'];
        outcomes.push({
          status: response.statusCode,
          ms: performance.now() - started,
          ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
        });
      }
    });
    return async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    };
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Milliseconds until readiness and a caller's request both answer 200 again. */
  async function timeToHealthy(): Promise<number> {
    const started = performance.now();
    for (;;) {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      const me = await t.injectAs(user, { method: 'GET', url: '/api/v1/me' });
      if (ready.statusCode === 200 && me.statusCode === 200) return performance.now() - started;
      if (performance.now() - started > 10_000) throw new Error('not healthy after 10 s');
      await sleep(20);
    }
  }

  function summary(outcomes: Outcome[]) {
    const count = (status: number) =>
      outcomes.filter((outcome) => outcome.status === status).length;
    return {
      requests: outcomes.length,
      ok: count(200),
      unavailable: count(503),
      slowestMs: Math.round(Math.max(...outcomes.map((outcome) => outcome.ms))),
    };
  }

  function expectOnlyOkOr503(outcomes: Outcome[]) {
    for (const outcome of outcomes) {
      expect([200, 503]).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome.retryAfter).toBe('2');
    }
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(5_000);
  }

  it('20 connection resets fail only the requests using them (503, Retry-After); the pool heals', async () => {
    const stop = load();
    await sleep(300);
    for (let reset = 0; reset < 20; reset++) {
      proxy.resetAll();
      await sleep(300);
    }
    const outcomes = await stop();
    if (process.env.RELIABILITY_REPORT) console.info('resets', summary(outcomes));
    expectOnlyOkOr503(outcomes);
    expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    // Between resets the pool opens new connections and requests go through.
    expect(outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(10);
    expect(await timeToHealthy()).toBeLessThan(2_000);
  }, 30_000);

  it('a LISTEN connection lost to a reset listens again: notifications come back', async () => {
    const received: string[] = [];
    const stop = await t.db.listen('fault_test', (payload) => received.push(payload));
    try {
      proxy.resetAll();
      const started = performance.now();
      let sent = 0;
      while (!received.length) {
        if (performance.now() - started > 5_000) throw new Error('no notification after 5 s');
        await sql`select pg_notify('fault_test', ${String(++sent)})`
          .execute(t.db.owner)
          .catch(() => undefined);
        await sleep(100);
      }
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await stop();
    }
  });

  it('two blackouts answer 503 within the bound, and the server is healthy within 2 s after each', async () => {
    for (let round = 0; round < 2; round++) {
      const stop = load();
      await sleep(200);
      proxy.blackout();
      await sleep(3_000);
      proxy.restore();
      const recovery = await timeToHealthy();
      const outcomes = await stop();
      if (process.env.RELIABILITY_REPORT)
        console.info('blackout', round, recovery, summary(outcomes));
      expectOnlyOkOr503(outcomes);
      expect(outcomes.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(0);
      expect(recovery).toBeLessThan(2_000);
    }
  }, 60_000);
});
