import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
  type JSONWebKeySet,
} from 'jose';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { secretBox } from './secret-box';

export const SIGNING_ALG = 'ES256';

export interface KeySet {
  /** The newest key signs. */
  signing: { kid: string; alg: string; key: CryptoKey; privateJwk: JWK };
  /** Every key that is not retired verifies; published at /.well-known/jwks.json. */
  publicJwks: JSONWebKeySet;
  /** Private JWKs of the active keys, for the identity provider's own signing. */
  privateJwks: JWK[];
}

/** Loads the shared key set, making the first key when there is none (once, under a lock). */
export async function loadKeySet(db: Database, appSecret: string): Promise<KeySet> {
  const box = secretBox(appSecret, 'signing-keys');
  const rows = await db.system(async (tx) => {
    await sql`select pg_advisory_xact_lock(727275)`.execute(tx);
    const existing = await tx
      .selectFrom('signingKeys')
      .selectAll()
      .where('retiredAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .execute();
    if (existing.length > 0) return existing;
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const created = await tx
      .insertInto('signingKeys')
      .values({
        kid,
        alg: SIGNING_ALG,
        publicJwk: JSON.stringify(publicJwk),
        privateJwkEncrypted: box.seal(JSON.stringify(privateJwk)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return [created];
  });
  let privateJwks: JWK[];
  try {
    privateJwks = rows.map((row) => JSON.parse(box.open(row.privateJwkEncrypted)) as JWK);
  } catch (error) {
    throw new Error(
      'The signing keys in this database were sealed with another APP_SECRET: every API node and worker on one database needs the same APP_SECRET',
      { cause: error },
    );
  }
  const newest = privateJwks[0]!;
  return {
    signing: {
      kid: newest.kid!,
      alg: newest.alg ?? SIGNING_ALG,
      key: (await importJWK(newest, newest.alg ?? SIGNING_ALG)) as CryptoKey,
      privateJwk: newest,
    },
    publicJwks: { keys: rows.map((row) => row.publicJwk as unknown as JWK) },
    privateJwks,
  };
}
