import { ShipmentStatus, TenderWaterfallStatus } from '@portal/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/database';
import type { PortalProcess } from './processes';
import { until } from './until';

/** What the restarted waterfall left behind, for the reliability figures. */
export interface WaterfallRestartOutcome {
  tenders: number;
  /** How long the restarted worker took to start, in ms (no worker ran meanwhile). */
  restartMs: number;
  /** The latest a tender expired after its deadline, or after the worker was back if later, in ms. */
  latestExpiryMs: number;
  failedJobs: number;
}

/**
 * Runs a started automatic-tendering waterfall through a worker process killed (SIGKILL) after the
 * first tender and started again, and checks that every step ran exactly once: one tender per
 * carrier in order, each expired once and on time (within 5 s of its deadline, or of the worker's
 * return for one that fell due while no worker ran), the shipment back to Ready to Book, each
 * carrier's people told once of their tender, and no failed job. Steps answer in 6 s so that the
 * run stays short.
 */
export async function runWaterfallThroughWorkerRestart(options: {
  db: Database;
  shipmentId: string;
  waterfallId: string;
  carriers: readonly string[];
  startWorker: () => Promise<PortalProcess>;
  /** Told of each worker started, so that the test can stop it whatever happens. */
  started: (worker: PortalProcess) => void;
}): Promise<WaterfallRestartOutcome> {
  const { db, waterfallId } = options;
  await db.system((tx) =>
    tx
      .updateTable('tenderWaterfallSteps')
      .set({ answerWindowSeconds: 6 })
      .where('waterfallId', '=', waterfallId)
      .execute(),
  );
  const tenders = () =>
    db.system((tx) =>
      tx
        .selectFrom('tenders')
        .selectAll()
        .where('waterfallId', '=', waterfallId)
        .orderBy('sentAt')
        .execute(),
    );

  const first = await options.startWorker();
  options.started(first);
  await until(tenders, (rows) => rows.length === 1);
  await first.stop('SIGKILL');
  const killedAt = Date.now();
  options.started(await options.startWorker());
  const restartedAt = Date.now();

  const waterfall = await until(
    () =>
      db.system((tx) =>
        tx
          .selectFrom('tenderWaterfalls')
          .selectAll()
          .where('id', '=', waterfallId)
          .executeTakeFirstOrThrow(),
      ),
    (row) => row.status !== TenderWaterfallStatus.Running,
    60_000,
  );
  expect(waterfall.status).toBe(TenderWaterfallStatus.Exhausted);
  const sent = await tenders();
  // One tender per step, to each carrier in order, each expired once and on time.
  expect(sent.map((tender) => tender.carrierCompanyId)).toEqual(options.carriers);
  let latestExpiryMs = 0;
  for (const tender of sent) {
    expect(tender.expiredAt).not.toBeNull();
    const due = Math.max(new Date(tender.expiresAt!).getTime(), restartedAt);
    const lateBy = new Date(tender.expiredAt!).getTime() - due;
    expect(lateBy).toBeLessThan(5_000);
    latestExpiryMs = Math.max(latestExpiryMs, lateBy);
  }
  const history = await db.system((tx) =>
    tx
      .selectFrom('shipmentHistory')
      .select(['toStatus'])
      .where('shipmentId', '=', options.shipmentId)
      .orderBy('occurredAt')
      .execute(),
  );
  expect(history.map((row) => row.toStatus)).toEqual([
    ShipmentStatus.Tendering,
    ShipmentStatus.ReadyToBook,
  ]);
  const notices = await db.system((tx) =>
    tx
      .selectFrom('notifications')
      .select(['userId', 'link'])
      .where('notificationKind', '=', 'NewTender')
      .where(
        'link',
        'in',
        sent.map((tender) => `/tenders/${tender.id}`),
      )
      .execute(),
  );
  // Each tender told its carrier's people once: no person twice of one tender.
  expect(new Set(notices.map((row) => row.link)).size).toBe(sent.length);
  const told = notices.map((row) => `${row.userId} ${row.link}`);
  expect(told.length).toBe(new Set(told).size);
  const failed = await db.system((tx) =>
    sql<{ count: string }>`select count(*) as count from pgboss.job
      where state = 'failed'`.execute(tx),
  );
  const failedJobs = Number(failed.rows[0]!.count);
  expect(failedJobs).toBe(0);
  return { tenders: sent.length, restartMs: restartedAt - killedAt, latestExpiryMs, failedJobs };
}
