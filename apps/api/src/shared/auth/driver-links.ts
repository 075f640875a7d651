import { Permission, Role } from '@portal/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { loadCaller, type Caller } from './caller';
import { hashOpaqueToken } from './opaque-tokens';

/** Driver-link tokens start with this, so a leaked one is recognisable in logs and scanners. */
export const DRIVER_TOKEN_PREFIX = 'drv_';

export interface ActiveDriverLink {
  id: string;
  driverId: string;
  companyId: string;
  expiresAt: Date;
}

/** The link behind a driver token, if it exists, is not revoked and has not expired. */
export async function findActiveDriverLink(
  db: Database,
  driverToken: string,
): Promise<ActiveDriverLink | undefined> {
  if (!driverToken.startsWith(DRIVER_TOKEN_PREFIX)) return undefined;
  return db.system(async (tx) => {
    const link = await tx
      .updateTable('driverLinks')
      .set({ lastUsedAt: sql<Date>`now()` })
      .where('tokenHash', '=', hashOpaqueToken(driverToken))
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning(['id', 'driverId', 'companyId', 'expiresAt'])
      .executeTakeFirst();
    return link;
  });
}

export async function isDriverLinkActive(db: Database, linkId: string): Promise<boolean> {
  const row = await db.system((tx) =>
    tx
      .selectFrom('driverLinks')
      .select('id')
      .where('id', '=', linkId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/**
 * A driver link acts as the driver with the driver portal only, and sees only the shipments the
 * driver is assigned to, whatever roles the driver's own account has.
 */
export function loadDriverLinkCaller(
  db: Database,
  link: { driverId: string },
  via: Caller['via'],
): Promise<Caller | null> {
  return loadCaller(db, link.driverId, {
    via,
    driverId: link.driverId,
    roles: [Role.Driver],
    permissions: [Permission.DriverPortal],
    withoutPortalAccess: true,
  });
}
