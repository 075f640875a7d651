import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';
import { apiRoot } from '../shared/paths';

export const MIGRATIONS_DIR = join(apiRoot, 'migrations');

export interface Migration {
  version: string;
  script: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const script = readFileSync(join(dir, name), 'utf8');
      return {
        version: name.replace(/\.sql$/, ''),
        script,
        checksum: createHash('sha256').update(script).digest('hex'),
      };
    });
}

const MIGRATION_LOCK = 727274;

/**
 * Migrations corrected after release, by version, with the checksums of their earlier text. A
 * correction may only change how a migration runs, never what it leaves behind, so a database that
 * applied an earlier text is as the corrected one leaves it: the runner records the new checksum
 * and goes on (decision 217). Any other change to an applied migration still stops start-up.
 */
export const CORRECTED_MIGRATIONS: Readonly<Record<string, readonly string[]>> = {
  // Hands its functions to portal_system after 0165 took CREATE on schema public from that role:
  // the owner now lends the right for the statement, so a new database migrates without a superuser.
  '0170_kept_counts': ['d4c2d2dae34821b643261564a8315f24b8d615b613226e2335118aff83416494'],
};

/**
 * Applies the migrations not yet applied, each in its own transaction, in file-name order, on one
 * connection holding an advisory lock so that API nodes starting together migrate once.
 * A changed file that was already applied stops start-up: migrations are forward-only (except the
 * corrections listed in CORRECTED_MIGRATIONS).
 */
export async function migrate(
  db: Database,
  migrations = readMigrations(),
  corrections = CORRECTED_MIGRATIONS,
): Promise<string[]> {
  return db.owner.connection().execute(async (connection) => {
    // Waiting for another node's migrations and building indexes on big tables may take longer
    // than a request's statement: no timeout on this connection until it goes back to the pool.
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`create table if not exists schema_migrations (
                  version text primary key,
                  checksum text not null,
                  applied_at timestamptz not null default now())`.execute(connection);
      const { rows } = await sql<{ version: string; checksum: string }>`
        select version, checksum from schema_migrations`.execute(connection);
      const done = new Map(rows.map((row) => [row.version, row.checksum]));
      const applied: string[] = [];
      for (const migration of migrations) {
        const known = done.get(migration.version);
        if (known === migration.checksum) continue;
        if (known && corrections[migration.version]?.includes(known)) {
          await sql`update schema_migrations set checksum = ${migration.checksum}
                     where version = ${migration.version}`.execute(connection);
          continue;
        }
        if (known) {
          throw new Error(
            `Migration ${migration.version} was changed after it was applied; add a new migration instead`,
          );
        }
        // Version and checksum are our own file name and a hex digest, safe to inline in the script.
        await sql
          .raw(
            `begin;\n${migration.script}\n;\ninsert into schema_migrations (version, checksum) ` +
              `values ('${migration.version}', '${migration.checksum}');\ncommit;`,
          )
          .execute(connection)
          .catch(async (error: unknown) => {
            await sql
              .raw('rollback')
              .execute(connection)
              .catch(() => undefined);
            throw new Error(`Migration ${migration.version} failed: ${(error as Error).message}`, {
              cause: error,
            });
          });
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
