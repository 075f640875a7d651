import { sql } from 'kysely';
import type { Tx } from '../../db/database';

const columns = ['id', 'driverId', 'createdAt', 'expiresAt', 'revokedAt', 'lastUsedAt'] as const;

/** A user of the caller's own company who drives (holds the Driver role). */
export function findCompanyDriver(tx: Tx, companyId: string, driverId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('id', '=', driverId)
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .executeTakeFirst();
}

export function insertDriverLink(
  tx: Tx,
  values: {
    companyId: string;
    driverId: string;
    tokenHash: string;
    createdBy: string;
    hours: number;
  },
) {
  return tx
    .insertInto('driverLinks')
    .values({
      companyId: values.companyId,
      driverId: values.driverId,
      tokenHash: values.tokenHash,
      createdBy: values.createdBy,
      expiresAt: sql<Date>`now() + make_interval(hours => ${values.hours})`,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function listDriverLinks(tx: Tx, companyId: string, driverId: string) {
  return tx
    .selectFrom('driverLinks')
    .select(columns)
    .where('companyId', '=', companyId)
    .where('driverId', '=', driverId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function revokeDriverLink(tx: Tx, companyId: string, driverId: string, linkId: string) {
  return tx
    .updateTable('driverLinks')
    .set({ revokedAt: sql<Date>`coalesce(revoked_at, now())` })
    .where('companyId', '=', companyId)
    .where('driverId', '=', driverId)
    .where('id', '=', linkId)
    .returning(columns)
    .executeTakeFirst();
}
