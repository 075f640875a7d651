import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShipmentStatus, TenderWaterfallStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, engine } from '../../../test/database-template';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';
import { repoRoot } from '../../shared/paths';

// `npm run worker` as its own process against PostgreSQL: killed (SIGKILL) in the middle of a
// waterfall and started again, it loses no tender job and runs none twice.

let t: TestApp;
let world: TestWorld;
let dataDir: string;
const workers: ChildProcess[] = [];

async function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_ENV: 'test',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://portal.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!output.includes('worker ready')) reject(new Error(`worker exited ${code}: ${output}`));
    });
  });
  return child;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(engine !== 'postgres')('the worker as its own process', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-worker-'));
    t = await startTestApp();
    world = await makeTestWorld(t.db);
  });

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is killed mid-waterfall and started again: every step runs exactly once', async () => {
    const shipment = await t.db.system(
      async (tx) =>
        (
          await makeShipment(tx, {
            operatorCompanyId: world.operator.id,
            customerCompanyId: world.customer.id,
            carrierCompanyId: null,
            status: ShipmentStatus.ReadyToBook,
          })
        ).shipment,
    );
    const carriers = [world.carrier.id, world.otherCarrier.id, world.broker.id];
    const started = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
      payload: {
        carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1400 },
        carriers: carriers.map((carrierId) => ({ carrierId, answerWindowMinutes: 1 })),
      },
    });
    expect(started.statusCode).toBe(200);
    const waterfallId = started.json().data.waterfall.id as string;
    await t.db.system((tx) =>
      tx
        .updateTable('tenderWaterfallSteps')
        .set({ answerWindowSeconds: 6 })
        .where('waterfallId', '=', waterfallId)
        .execute(),
    );
    const database = await sql<{ name: string }>`select current_database() as name`.execute(
      t.db.owner,
    );
    const url = new URL(adminUrl);
    url.pathname = `/${database.rows[0]!.name}`;

    const tenders = () =>
      t.db.system((tx) =>
        tx
          .selectFrom('tenders')
          .selectAll()
          .where('waterfallId', '=', waterfallId)
          .orderBy('sentAt')
          .execute(),
      );

    const first = await startWorker(url.toString());
    await until(tenders, (rows) => rows.length === 1);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startWorker(url.toString());
    const waterfall = await until(
      () =>
        t.db.system((tx) =>
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
    expect(sent.map((tender) => tender.carrierCompanyId)).toEqual(carriers);
    for (const tender of sent) {
      expect(tender.expiredAt).not.toBeNull();
      const lateBy = new Date(tender.expiredAt!).getTime() - new Date(tender.expiresAt!).getTime();
      expect(lateBy).toBeLessThan(5_000);
    }
    const history = await t.db.system((tx) =>
      tx
        .selectFrom('shipmentHistory')
        .select(['toStatus'])
        .where('shipmentId', '=', shipment.id)
        .orderBy('occurredAt')
        .execute(),
    );
    expect(history.map((row) => row.toStatus)).toEqual([
      ShipmentStatus.Tendering,
      ShipmentStatus.ReadyToBook,
    ]);
    const notices = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select('link')
        .where('notificationKind', '=', 'NewTender')
        .where(
          'link',
          'in',
          sent.map((tender) => `/tenders/${tender.id}`),
        )
        .execute(),
    );
    expect(notices.length).toBe(new Set(notices.map((row) => row.link)).size);
    const failed = await sql<{ count: string }>`select count(*) as count from pgboss.job
      where state = 'failed'`.execute(t.db.owner);
    expect(Number(failed.rows[0]!.count)).toBe(0);
  }, 120_000);
});
