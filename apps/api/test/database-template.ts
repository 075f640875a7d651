import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { migrate, readMigrations } from '../src/db/migrate';
import { repoRoot } from '../src/shared/paths';
import { loadReferenceData } from '../src/seed/reference-data';

// Each test file gets its own freshly migrated database: a copy of a template made once per run
// (a PGlite data-directory snapshot, or a PostgreSQL template database).

export const engine: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function schemaFingerprint(): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations())
    hash.update(migration.version).update(migration.checksum);
  hash.update(readFileSync(join(repoRoot, 'apps/api/src/seed/reference-data.ts')));
  return hash.digest('hex').slice(0, 16);
}

const cacheDir = join(repoRoot, 'node_modules', '.cache', 'portal-tests');
export const snapshotPath = () => join(cacheDir, `pglite-${schemaFingerprint()}.tar.gz`);
export const templateName = () => `portal_template_${schemaFingerprint()}`;

/**
 * The login role the API tests connect as on PostgreSQL, as production does (decision 185): neither
 * superuser, owner of anything nor BYPASSRLS; it may only switch to the portal's roles.
 */
export const RUNTIME_ROLE = 'portal_test_runtime';

function urlFor(database: string, user?: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

async function ensureRuntimeRole(admin: pg.Client): Promise<void> {
  const exists = await admin.query('select 1 from pg_roles where rolname = $1', [RUNTIME_ROLE]);
  if (!exists.rowCount) {
    await admin
      .query(
        `create role ${RUNTIME_ROLE} login noinherit nosuperuser nocreatedb nocreaterole nobypassrls`,
      )
      .catch(async (error: unknown) => {
        // Another run created it meanwhile.
        const again = await admin.query('select 1 from pg_roles where rolname = $1', [
          RUNTIME_ROLE,
        ]);
        if (!again.rowCount) throw error;
      });
  }
  await admin.query(`grant portal_app, portal_system, portal_jobs to ${RUNTIME_ROLE}`);
}

/** Run once per test run, before any worker starts. */
export async function prepareTemplate(): Promise<void> {
  if (engine === 'pglite') {
    const path = snapshotPath();
    if (existsSync(path)) return;
    const db = await openDatabase({});
    await migrate(db);
    await loadReferenceData(db);
    const pglite = (db as Database & { pglite?: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).pglite;
    if (!pglite) throw new Error('PGlite handle unavailable');
    const dump = await pglite.dumpDataDir('gzip');
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    return;
  }
  const name = templateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return await ensureRuntimeRole(admin);
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const db = await openDatabase({ url: urlFor(building), poolSize: 2 });
    await migrate(db);
    await loadReferenceData(db);
    await db.close();
    await admin.query(`alter database "${building}" rename to "${name}"`).catch(async () => {
      // Another run made the same template meanwhile.
      await admin.query(`drop database if exists "${building}"`);
    });
    await ensureRuntimeRole(admin);
  } finally {
    await admin.end();
  }
}

/** How a test file's database is reached (PostgreSQL only; PGlite has no connections). */
export interface TestDatabaseOptions {
  /** Rewrites the database's URL, e.g. to pass through a proxy the test breaks. */
  rewriteUrl?: (url: string) => string;
  poolSize?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Connects as the schema's owner instead of the runtime login role (seeding, migrations). */
  asOwner?: boolean;
}

/** A fresh database for one test file. */
export async function openTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const snapshot = new Blob([readFileSync(snapshotPath())]);
    const db = await openDatabase({ pgliteLoadDataDir: snapshot });
    return { db, dispose: () => db.close() };
  }
  const name = `portal_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateName()}"`);
  // A database copied from a template starts with default database rights: give the job queue's
  // role back what migration 0165 gave it in the template.
  await admin.query(`grant create on database "${name}" to portal_jobs`);
  await admin.end();
  const url = urlFor(name, options.asOwner ? undefined : RUNTIME_ROLE);
  const db = await openDatabase({
    url: options.rewriteUrl?.(url) ?? url,
    poolSize: options.poolSize ?? 4,
    connectTimeoutMs: options.connectTimeoutMs,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  return {
    db,
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
