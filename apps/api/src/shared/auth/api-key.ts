import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { unauthorized } from '../http/errors';
import type { AuthCache } from './auth-cache';
import type { Authenticator } from './authenticate';
import { loadCaller, type Caller } from './caller';
import { hashOpaqueToken } from './opaque-tokens';

export const API_KEY_HEADER = 'api-key';
export const API_KEY_PREFIX = 'cpk_';

/**
 * `api-key: cpk_...`: an integration acting as the key's company, with the key's own roles and
 * permissions (never more than its creator had). Only the key's SHA-256 is stored.
 */
export function apiKeyAuthenticator(db: Database, cache: AuthCache): Authenticator {
  return async (request) => {
    const given = request.headers[API_KEY_HEADER];
    if (given === undefined) return null;
    if (typeof given !== 'string' || !given.startsWith(API_KEY_PREFIX))
      throw unauthorized('The api-key header does not hold a valid key');
    // The key and its caller are looked up again every few seconds; revoking one empties the cache.
    const caller = await cache.caller(`api-key:${hashOpaqueToken(given)}`, () =>
      loadApiKeyCaller(db, given),
    );
    if (!caller) throw unauthorized('The api key is not valid or was revoked');
    return caller;
  };
}

/** The key's caller, or null when the key is unknown, revoked or its creator may no longer act. */
async function loadApiKeyCaller(db: Database, given: string): Promise<Caller | null> {
  const key = await db.system((tx) =>
    tx
      .selectFrom('apiKeys')
      .select([
        'id',
        'companyId',
        'createdBy',
        'roles',
        'permissions',
        sql<boolean>`last_used_at is null or last_used_at < now() - interval '1 minute'`.as(
          'stale',
        ),
      ])
      .where('keyHash', '=', hashOpaqueToken(given))
      .where('revokedAt', 'is', null)
      .executeTakeFirst(),
  );
  if (!key?.createdBy) return null;
  // When a key was last used is kept to the minute: no write on every request.
  if (key.stale) {
    await db.system((tx) =>
      tx
        .updateTable('apiKeys')
        .set({ lastUsedAt: sql<Date>`now()` })
        .where('id', '=', key.id)
        .execute(),
    );
  }
  const caller = await loadCaller(db, key.createdBy, {
    via: 'api-key',
    roles: key.roles,
    permissions: key.permissions,
  });
  if (!caller || caller.companyId !== key.companyId) return null;
  return caller;
}
