import { sql } from 'kysely';
import type { Tx } from '../../db/database';

const columns = [
  'k.id',
  'k.name',
  'k.keyPrefix',
  'k.roles',
  'k.permissions',
  'k.createdAt',
  'k.lastUsedAt',
  'k.revokedAt',
  'u.id as creatorId',
  'u.firstName as creatorFirstName',
  'u.lastName as creatorLastName',
] as const;

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

export function listApiKeys(tx: Tx, companyId: string) {
  return tx
    .selectFrom('apiKeys as k')
    .leftJoin('users as u', 'u.id', 'k.createdBy')
    .select(columns)
    .where('k.companyId', '=', companyId)
    .orderBy('k.createdAt', 'desc')
    .orderBy('k.id')
    .execute();
}

export function findApiKey(tx: Tx, companyId: string, id: string) {
  return tx
    .selectFrom('apiKeys as k')
    .leftJoin('users as u', 'u.id', 'k.createdBy')
    .select(columns)
    .where('k.companyId', '=', companyId)
    .where('k.id', '=', id)
    .executeTakeFirst();
}

export function insertApiKey(
  tx: Tx,
  values: {
    companyId: string;
    name: string;
    keyPrefix: string;
    keyHash: string;
    roles: string[];
    permissions: string[];
    createdBy: string;
  },
) {
  return tx.insertInto('apiKeys').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Revoking twice keeps the first time. */
export function revokeApiKey(tx: Tx, companyId: string, id: string) {
  return tx
    .updateTable('apiKeys')
    .set({ revokedAt: sql<Date>`coalesce(revoked_at, now())` })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}
