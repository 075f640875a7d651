import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import { until } from '../../test/until';
import type { Database } from './database';
import { startEmbeddedVacuum, tablesDue, vacuumTablesDue } from './embedded-vacuum';

// The embedded engine's own autovacuum (decision 254). On PostgreSQL autovacuum does this work and
// the test database's runtime role may not vacuum the owner's tables.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded engine’s vacuum', () => {
  let db: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
    // Whatever the migrations and reference data left due is taken first, so each test sees its own.
    await vacuumTablesDue(db);
  });
  afterAll(() => dispose());

  const fill = (table: string, rows: number) =>
    db.execScript(`
      create table ${table} (id int primary key, code int not null);
      create index on ${table} (code);
      insert into ${table} select n, n % 100 from generate_series(1, ${rows}) n`);

  const dueNames = async () => (await tablesDue(db)).map((table) => table.name);

  const countPlan = async (table: string) =>
    (
      await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off, summary off)
        select count(*) from ${sql.table(table)} where code < 50`.execute(db.owner)
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('vacuums a table with many new rows, after which a count reads its index alone', async () => {
    await fill('vacuum_probe_inserted', 5000);
    expect(await tablesDue(db)).toContainEqual({
      name: 'vacuum_probe_inserted',
      vacuum: true,
      analyze: true,
    });

    expect(await vacuumTablesDue(db)).toContainEqual({
      name: 'vacuum_probe_inserted',
      vacuum: true,
      analyze: true,
    });

    expect(await dueNames()).not.toContain('vacuum_probe_inserted');
    const {
      rows: [pages],
    } = await sql<{ visible: number; all: number; tuples: number }>`
      select relallvisible as visible, relpages as all, reltuples as tuples
        from pg_class where relname = 'vacuum_probe_inserted'`.execute(db.owner);
    expect(pages!.all).toBeGreaterThan(0);
    expect(pages!.visible).toBe(pages!.all);
    expect(pages!.tuples).toBe(5000);
    const plan = await countPlan('vacuum_probe_inserted');
    expect(plan).toContain('Index Only Scan');
    expect(plan).toContain('Heap Fetches: 0');
  });

  it('vacuums a table whose visibility map was found poor, though its counts started again', async () => {
    await fill('vacuum_probe_restarted', 5000);
    await vacuumTablesDue(db);
    await db.execScript(`
      update vacuum_probe_restarted set code = code + 1 where id % 2 = 0;
      analyze vacuum_probe_restarted`);
    await db.execScript('select pg_stat_force_next_flush()');
    await db.execScript('select pg_stat_reset()');
    // As after the engine's restart: no counts, but the analyze recorded half the pages changed.
    expect(await tablesDue(db)).toContainEqual({
      name: 'vacuum_probe_restarted',
      vacuum: true,
      analyze: false,
    });
    await vacuumTablesDue(db);
    expect(await dueNames()).not.toContain('vacuum_probe_restarted');
    expect(await countPlan('vacuum_probe_restarted')).toContain('Heap Fetches: 0');
  });

  it('leaves a table alone while its changes are under autovacuum’s thresholds', async () => {
    await fill('vacuum_probe_small', 40);
    expect(await dueNames()).not.toContain('vacuum_probe_small');
  });

  it('vacuums a table after many deletes, and analyzes one after a few updates', async () => {
    await fill('vacuum_probe_deleted', 5000);
    await fill('vacuum_probe_updated', 5000);
    await vacuumTablesDue(db);

    // 3000 dead rows are past 50 + 20% of 5000; 600 changed rows past 50 + 10% of 5000 but under
    // the dead rows' threshold.
    await db.execScript(`
      delete from vacuum_probe_deleted where id <= 3000;
      update vacuum_probe_updated set code = code + 1 where id <= 600`);
    const due = await tablesDue(db);
    expect(due).toContainEqual({ name: 'vacuum_probe_deleted', vacuum: true, analyze: true });
    expect(due).toContainEqual({ name: 'vacuum_probe_updated', vacuum: false, analyze: true });

    await vacuumTablesDue(db);
    expect(await dueNames()).toEqual([]);
  });

  it('runs on its own between requests, and stops after the pass under way', async () => {
    const logger = { debug: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const vacuum = startEmbeddedVacuum(db, logger, { firstAfterMs: 0, everyMs: 20 });
    try {
      await fill('vacuum_probe_running', 5000);
      await until(dueNames, (names) => !names.includes('vacuum_probe_running'));
    } finally {
      await vacuum.stop();
    }
    expect(logger.debug).toHaveBeenCalledWith(
      {
        tables: expect.arrayContaining([
          { name: 'vacuum_probe_running', vacuum: true, analyze: true },
        ]),
      },
      'embedded tables vacuumed',
    );
    expect(logger.warn).not.toHaveBeenCalled();

    // Stopped: new rows stay due.
    await db.execScript(
      'insert into vacuum_probe_running select n, 0 from generate_series(5001, 9000) n',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await dueNames()).toContain('vacuum_probe_running');
  });
});
