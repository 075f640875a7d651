import { join, resolve } from 'node:path';
import { openDatabase } from './database';
import { migrate } from './migrate';

// npm run migrate: applies the migrations not yet applied to MIGRATION_DATABASE_URL (the schema
// owner, decision 185) or DATABASE_URL (PostgreSQL), or else to the PGlite database under DATA_DIR.
// Production runs this before starting new API nodes.

const url = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const db = await openDatabase({ url, dataDir: join(dataDir, 'pglite'), poolSize: 1 });
try {
  const applied = await migrate(db);
  process.stdout.write(
    applied.length === 0
      ? 'The database is up to date.\n'
      : `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`,
  );
} finally {
  await db.close();
}
