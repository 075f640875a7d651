import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import type { Database } from './database';
import { migrate, readMigrations, type Migration } from './migrate';

// Applied migrations are forward-only: a changed file stops start-up, unless it is a listed
// correction of an earlier text, which is recorded under its new checksum.
// As the schema's owner, who runs migrations (the runtime role may not create).
let t: { db: Database; dispose(): Promise<void> };

beforeAll(async () => {
  t = await openTestDatabase({ asOwner: true });
});
afterAll(() => t.dispose());

const probe = (script: string): Migration => ({
  version: '9990_probe',
  script,
  checksum: createHash('sha256').update(script).digest('hex'),
});

const recorded = async () =>
  (
    await sql<{ checksum: string }>`
      select checksum from schema_migrations where version = '9990_probe'`.execute(t.db.owner)
  ).rows[0]?.checksum;

describe('migrate', () => {
  it('has every migration file applied, and applies nothing twice', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const { rows } = await sql<{ version: string }>`
      select version from schema_migrations where version < '9000' order by version`.execute(
      t.db.owner,
    );
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((file) => file.version));
  });

  it('refuses a changed migration, and accepts a listed correction under its new checksum', async () => {
    const first = probe('create table probe_corrections (id int);');
    expect(await migrate(t.db, [first], {})).toEqual(['9990_probe']);

    const corrected = probe('-- corrected\ncreate table probe_corrections (id int);');
    await expect(migrate(t.db, [corrected], {})).rejects.toThrow(
      'Migration 9990_probe was changed after it was applied; add a new migration instead',
    );
    // A correction of some other text is still a change.
    await expect(migrate(t.db, [corrected], { '9990_probe': ['0'.repeat(64)] })).rejects.toThrow(
      /was changed after it was applied/,
    );
    expect(await recorded()).toBe(first.checksum);

    // Listed: not run again (the table would exist twice), recorded as the corrected text.
    expect(await migrate(t.db, [corrected], { '9990_probe': [first.checksum] })).toEqual([]);
    expect(await recorded()).toBe(corrected.checksum);
    expect(await migrate(t.db, [corrected], {})).toEqual([]);
  });
});
