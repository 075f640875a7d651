// Regenerates apps/api/src/db/schema.generated.ts from the migrations:
// migrates a scratch PostgreSQL database and introspects it with kysely-codegen.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `portal_codegen_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
try {
  const db = await openDatabase({ url: url.toString(), poolSize: 1 });
  await migrate(db);
  await db.close();
  execFileSync(
    'npx',
    [
      'kysely-codegen',
      '--url',
      url.toString(),
      '--dialect',
      'postgres',
      '--camel-case',
      '--date-parser',
      'string',
      '--numeric-parser',
      'number',
      '--type-mapping',
      '{"int8":"number"}',
      '--exclude-pattern',
      'schema_migrations',
      '--out-file',
      'apps/api/src/db/schema.generated.ts',
    ],
    { stdio: 'inherit' },
  );
} finally {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
