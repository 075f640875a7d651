import type { ApiKey, CreateApiKeyBody } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { API_KEY_PREFIX } from '../../shared/auth/api-key';
import type { Caller } from '../../shared/auth/caller';
import { grantableAccess } from '../../shared/auth/grants';
import { newOpaqueToken } from '../../shared/auth/opaque-tokens';
import { forbidden, notFound } from '../../shared/http/errors';
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './repository';

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    roles: row.roles,
    permissions: row.permissions,
    createdBy:
      row.creatorId && row.creatorFirstName !== null && row.creatorLastName !== null
        ? { id: row.creatorId, firstName: row.creatorFirstName, lastName: row.creatorLastName }
        : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

// A key never makes or revokes keys: that takes a person.
function assertPerson(caller: Caller) {
  if (caller.via === 'api-key') throw forbidden('API keys cannot manage API keys');
}

export async function listKeys(ctx: AppContext, caller: Caller): Promise<ApiKey[]> {
  assertPerson(caller);
  const rows = await ctx.db.tenant(caller.scope, (tx) => listApiKeys(tx, caller.companyId));
  return rows.map(toApiKey);
}

export async function createKey(
  ctx: AppContext,
  caller: Caller,
  body: CreateApiKeyBody,
): Promise<ApiKey & { key: string }> {
  assertPerson(caller);
  const { permissions, roles } = grantableAccess(caller, body);
  const { token: key, hash } = newOpaqueToken(API_KEY_PREFIX);
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    const { id } = await insertApiKey(tx, {
      companyId: caller.companyId,
      name: body.name.trim(),
      keyPrefix: key.slice(0, API_KEY_PREFIX.length + 8),
      keyHash: hash,
      roles,
      permissions,
      createdBy: caller.userId,
    });
    return findApiKey(tx, caller.companyId, id);
  });
  if (!row) throw notFound('API key');
  return { ...toApiKey(row), key };
}

export async function revokeKey(ctx: AppContext, caller: Caller, id: string): Promise<ApiKey> {
  assertPerson(caller);
  const row = await ctx.db.tenant(caller.scope, async (tx) => {
    const revoked = await revokeApiKey(tx, caller.companyId, id);
    return revoked ? findApiKey(tx, caller.companyId, id) : undefined;
  });
  if (!row) throw notFound('API key');
  // A revoked key stops working at once in this process (others hear of it from the database).
  ctx.identity.authCache.clear();
  return toApiKey(row);
}
