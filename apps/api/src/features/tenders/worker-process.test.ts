import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, engine, RUNTIME_ROLE } from '../../../test/database-template';
import { startTestApp, type TestApp } from '../../../test/harness';
import { fromSource, startPortalProcess, type PortalProcess } from '../../../test/processes';
import { runWaterfallThroughWorkerRestart } from '../../../test/waterfall-restart';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';

// `npm run worker` as its own process against PostgreSQL: killed (SIGKILL) in the middle of a
// waterfall and started again, it loses no tender job and runs none twice.

let t: TestApp;
let world: TestWorld;
let dataDir: string;
const workers: PortalProcess[] = [];

function startWorker(databaseUrl: string): Promise<PortalProcess> {
  return startPortalProcess(
    fromSource('apps/api/src/worker.ts'),
    {
      DATABASE_URL: databaseUrl,
      APP_ENV: 'test',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://portal.test',
    },
    'worker ready',
  );
}

describe.skipIf(engine !== 'postgres')('the worker as its own process', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-worker-'));
    t = await startTestApp();
    world = await makeTestWorld(t.db);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
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
    const database = await sql<{ name: string }>`select current_database() as name`.execute(
      t.db.owner,
    );
    const url = new URL(adminUrl);
    url.pathname = `/${database.rows[0]!.name}`;
    // The worker connects as production's does: the login role that owns nothing (decision 185).
    url.username = RUNTIME_ROLE;
    url.password = '';

    await runWaterfallThroughWorkerRestart({
      db: t.db,
      shipmentId: shipment.id,
      waterfallId,
      carriers,
      startWorker: () => startWorker(url.toString()),
      started: (worker) => workers.push(worker),
    });
  }, 120_000);
});
