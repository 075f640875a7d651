import { EntityType } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, engine } from '../../test/database-template';
import { startTestApp, type TestApp } from '../../test/harness';
import { editorState } from '../../test/note-editor';
import { startFaultyProxy, type FaultyProxy } from '../../test/tcp-proxy';
import { makeTestWorld } from '../../test/world';
import { makeShipment } from '../seed/factories';

// PostgreSQL only: PGlite runs in process and has no connection to lose.
describe.skipIf(engine !== 'postgres')('PostgreSQL connection faults under load', () => {
  let proxy: FaultyProxy;
  let t: TestApp;
  let user: { id: string; companyId: string };
  let shipmentNumber: string;
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
    // The carrier's shipment, on which the writers add notes.
    const { shipment } = await t.db.system((tx) =>
      makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: world.customer.id,
        carrierCompanyId: world.carrier.id,
      }),
    );
    shipmentNumber = shipment.shipmentNumber;
    // The first note of a process is slow (its code warming up): not part of any measurement.
    await attempt({ key: 'warm-up', text: 'fault write warm-up', attempts: [] });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  interface Outcome {
    status: number;
    ms: number;
    retryAfter?: string;
    detail?: string;
  }

  /** One note a writer adds, tried again with the same Idempotency-Key until the API acknowledges it. */
  interface Write {
    key: string;
    text: string;
    attempts: Outcome[];
    /** The note's id in the API's 201, once acknowledged. */
    noteId?: string;
    /** When the latest attempt was sent. */
    lastSentAt?: Date;
  }

  const outcomeOf = (response: {
    statusCode: number;
    headers: Record<string, unknown>;
  }): Omit<Outcome, 'ms'> => {
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.statusCode,
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
    };
  };

  /** Sends a write once; records the attempt and, on a 201, the note's id. */
  async function attempt(write: Write) {
    const started = performance.now();
    write.lastSentAt = new Date();
    const response = await t.injectAs(user, {
      method: 'POST',
      url: '/api/v2/notes',
      headers: { 'idempotency-key': write.key },
      payload: {
        entityType: EntityType.SHIPMENT,
        entityId: shipmentNumber,
        entityDescription: `Shipment ${shipmentNumber}`,
        entityLink: `/shipments/${shipmentNumber}`,
        noteContent: write.text,
        noteHTML: `<p>${write.text}</p>`,
        noteJSON: editorState(write.text),
        notifyUsers: [],
      },
    });
    const outcome: Outcome = { ...outcomeOf(response), ms: performance.now() - started };
    if (response.statusCode === 201)
      write.noteId = response.json<{ data: { id: string } }>().data.id;
    else outcome.detail = response.json<{ detail?: string }>().detail;
    write.attempts.push(outcome);
  }

  /**
   * Ten clients until stopped: six ask in a loop (the current user and the shipments list), four
   * add notes, each with its own Idempotency-Key, sending a note again with the same key until the
   * API acknowledges it (201) before going on to the next.
   */
  function load(label: string, readers = 6, writers = 4) {
    let running = true;
    const outcomes: Outcome[] = [];
    const writes: Write[] = [];
    const reading = Array.from({ length: readers }, async (_, index) => {
      while (running) {
        const started = performance.now();
        const response = await t.injectAs(user, {
          method: 'GET',
          url: index % 2 ? '/api/v1/me' : '/api/v2/shipments?pageSize=5',
        });
        outcomes.push({ ...outcomeOf(response), ms: performance.now() - started });
      }
    });
    const writing = Array.from({ length: writers }, async (_, writer) => {
      for (let sequence = 0; running; sequence++) {
        const key = `${label}-${writer}-${sequence}`;
        const write: Write = { key, text: `fault write ${key}`, attempts: [] };
        writes.push(write);
        while (running && !write.noteId) await attempt(write);
      }
    });
    return async () => {
      running = false;
      await Promise.all([...reading, ...writing]);
      return { outcomes, writes };
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

  /** The notes of these writes as the database holds them: id and text, one row per note. */
  async function notesOf(writes: Write[]) {
    const rows = await t.db.system((tx) =>
      tx
        .selectFrom('notes')
        .select(['id', 'noteContent', 'createdAt'])
        .where(
          'noteContent',
          'in',
          writes.map((write) => write.text),
        )
        .execute(),
    );
    return rows;
  }

  /**
   * No acknowledged write lost, none doubled: every note the API acknowledged is in the database
   * exactly once, under the id it answered. The writes left unacknowledged when the load stopped are
   * then sent again with their keys (the database is back): each lands once too. Finally every
   * write is sent once more with its key: the answer is its note again, nothing is added.
   */
  async function expectEachWriteOnce(writes: Write[]) {
    const attempts = writes.flatMap((write) => write.attempts);
    for (const outcome of attempts) {
      // 409: the retry came while the database was still committing the attempt before it, whose
      // answer was lost (idempotency.ts); the next retry gets the stored answer.
      expect([201, 503, 409]).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome.retryAfter).toBe('2');
      if (outcome.status === 409)
        expect(outcome.detail).toBe(
          'A request with this Idempotency-Key is already being processed',
        );
    }
    expect(Math.max(...attempts.map((outcome) => outcome.ms))).toBeLessThan(5_000);
    const acknowledged = writes.filter((write) => write.noteId);
    const figures = {
      writes: writes.length,
      attempts: attempts.length,
      acknowledged: acknowledged.length,
      retried: writes.filter((write) => write.attempts.length > 1).length,
      unavailable: attempts.filter((outcome) => outcome.status === 503).length,
      twinInProgress: attempts.filter((outcome) => outcome.status === 409).length,
      found: 0,
      // Acknowledged by the stored answer: an earlier attempt had written the note, its answer lost.
      acknowledgedByReplay: 0,
      unacknowledgedFound: 0,
    };
    expect(acknowledged.length).toBeGreaterThan(0);
    // Some writes met a fault: a fault that no write met would prove nothing about writes.
    expect(attempts.some((outcome) => outcome.status === 503)).toBe(true);

    const during = await notesOf(writes);
    for (const write of acknowledged) {
      const found = during.filter((row) => row.noteContent === write.text);
      expect(found.map((row) => row.id)).toEqual([write.noteId]);
      figures.found++;
      if (found[0]!.createdAt < write.lastSentAt!) figures.acknowledgedByReplay++;
    }
    // A write not acknowledged may still have landed (its answer lost with the connection): once.
    for (const write of writes.filter((write) => !write.noteId)) {
      const landed = during.filter((row) => row.noteContent === write.text);
      expect(landed.length).toBeLessThanOrEqual(1);
      figures.unacknowledgedFound += landed.length;
    }

    for (const write of writes.filter((write) => !write.noteId)) await attempt(write);
    const noteIds = new Map(writes.map((write) => [write.key, write.noteId]));
    for (const write of writes) await attempt(write);
    expect(writes.map((write) => [write.key, write.noteId])).toEqual([...noteIds]);
    expect(writes.every((write) => write.attempts.at(-1)?.status === 201)).toBe(true);
    const after = await notesOf(writes);
    expect(after).toHaveLength(writes.length);
    expect(new Set(after.map((row) => row.noteContent)).size).toBe(writes.length);
    for (const write of writes)
      expect(after.find((row) => row.noteContent === write.text)?.id).toBe(write.noteId);
    return figures;
  }

  it('20 connection resets fail only the requests using them (503, Retry-After); the pool heals; no acknowledged write lost or doubled', async () => {
    const stop = load('reset');
    // A second of calm first: writes acknowledged before the faults must survive them too.
    await sleep(1_000);
    for (let reset = 0; reset < 20; reset++) {
      proxy.resetAll();
      await sleep(300);
    }
    const { outcomes, writes } = await stop();
    if (process.env.RELIABILITY_REPORT) console.info('resets', summary(outcomes));
    expectOnlyOkOr503(outcomes);
    expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    // Between resets the pool opens new connections and requests go through.
    expect(outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(10);
    expect(await timeToHealthy()).toBeLessThan(2_000);
    const figures = await expectEachWriteOnce(writes);
    if (process.env.RELIABILITY_REPORT) console.info('resets, writes', figures);
  }, 40_000);

  it('a write whose COMMIT holds but whose answer is lost: the retry with its Idempotency-Key answers the same note, stored once', async () => {
    const write: Write = { key: 'lost-answer', text: 'fault write lost-answer', attempts: [] };
    let answerLost = false;
    void proxy.loseNextCommitAnswer().then(() => (answerLost = true));
    await attempt(write);
    expect(answerLost).toBe(true);
    expect(write.attempts[0]).toMatchObject({ status: 503, retryAfter: '2' });
    expect(write.noteId).toBeUndefined();
    // The write held though the API could not say so.
    const stored = await notesOf([write]);
    expect(stored).toHaveLength(1);
    await attempt(write);
    expect(write.attempts[1]?.status).toBe(201);
    expect(write.noteId).toBe(stored[0]!.id);
    expect(await notesOf([write])).toEqual(stored);
  });

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

  it('two blackouts answer 503 within the bound, the server is healthy within 2 s after each, no acknowledged write lost or doubled', async () => {
    for (let round = 0; round < 2; round++) {
      const stop = load(`blackout${round}`);
      await sleep(1_000);
      proxy.blackout();
      await sleep(3_000);
      proxy.restore();
      const recovery = await timeToHealthy();
      const { outcomes, writes } = await stop();
      if (process.env.RELIABILITY_REPORT)
        console.info('blackout', round, recovery, summary(outcomes));
      expectOnlyOkOr503(outcomes);
      expect(outcomes.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(0);
      expect(recovery).toBeLessThan(2_000);
      const figures = await expectEachWriteOnce(writes);
      if (process.env.RELIABILITY_REPORT) console.info('blackout', round, 'writes', figures);
    }
  }, 60_000);
});
