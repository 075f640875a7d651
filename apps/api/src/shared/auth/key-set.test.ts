import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database-template';
import type { Database } from '../../db/database';
import { loadKeySet } from './key-set';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

describe('the shared signing keys', () => {
  it('are made once and found by every process with the same APP_SECRET', async () => {
    const secret = 'one-secret-for-every-node-0123456789';
    const first = await loadKeySet(db, secret);
    const second = await loadKeySet(db, secret);
    expect(second.signing.kid).toBe(first.signing.kid);
    expect(second.publicJwks).toEqual(first.publicJwks);
  });

  it('stop a process started with another APP_SECRET, saying so', async () => {
    await expect(loadKeySet(db, 'another-secret-on-one-node-0123456789')).rejects.toThrow(
      'The signing keys in this database were sealed with another APP_SECRET: every API node and worker on one database needs the same APP_SECRET',
    );
  });
});
