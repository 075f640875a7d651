import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** Reference data and the server's own state survive a reset; everything else is business data. */
export const KEPT_TABLES = ['postal_codes', 'schema_migrations', 'signing_keys'] as const;

export async function businessTables(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
     where schemaname = 'public' and tablename not in (${sql.join(KEPT_TABLES.map((table) => sql.lit(table)))})
     order by tablename`.execute(db.owner);
  return rows.map((row) => row.name);
}

/** Empties every business table, restarts the numbering sequences and removes the document files. */
export async function resetDemoData(db: Database, dataDir: string): Promise<number> {
  const tables = await businessTables(db);
  const { rows: sequences } = await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`.execute(
    db.owner,
  );
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  await db.execScript(
    [
      `truncate table ${tables.map(quoted).join(', ')} restart identity cascade;`,
      ...sequences.map((sequence) => `alter sequence ${quoted(sequence.name)} restart;`),
    ].join('\n'),
  );
  await rm(join(dataDir, 'documents'), { recursive: true, force: true });
  return tables.length;
}
