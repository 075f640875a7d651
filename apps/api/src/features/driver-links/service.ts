import type { CreateDriverLinkBody, DriverLink } from '@portal/contract';
import { Role, parseRole } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { DRIVER_TOKEN_PREFIX } from '../../shared/auth/driver-links';
import { newOpaqueToken } from '../../shared/auth/opaque-tokens';
import { notFound } from '../../shared/http/errors';
import {
  findCompanyDriver,
  insertDriverLink,
  listDriverLinks,
  revokeDriverLink,
} from './repository';

interface LinkRow {
  id: string;
  driverId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

function toDriverLink(row: LinkRow): DriverLink {
  return {
    id: row.id,
    driverId: row.driverId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function requireDriver(ctx: AppContext, caller: Caller, driverId: string) {
  const driver = await ctx.db.tenant(caller.scope, (tx) =>
    findCompanyDriver(tx, caller.companyId, driverId),
  );
  // Someone else's driver, or someone who does not drive, answers like a missing one.
  if (!driver || !driver.roles.some((name) => parseRole(name) === Role.Driver))
    throw notFound('Driver');
}

/**
 * A link for a driver to follow from a text message: it opens the portal in driver app mode on
 * that driver's shipments only. The token is shown once; only its hash is kept.
 */
export async function createDriverLink(
  ctx: AppContext,
  caller: Caller,
  driverId: string,
  body: CreateDriverLinkBody,
): Promise<DriverLink & { driverToken: string; url: string }> {
  await requireDriver(ctx, caller, driverId);
  const { token, hash } = newOpaqueToken(DRIVER_TOKEN_PREFIX);
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    insertDriverLink(tx, {
      companyId: caller.companyId,
      driverId,
      tokenHash: hash,
      createdBy: caller.userId,
      hours: body.expiresInHours ?? 168,
    }),
  );
  return {
    ...toDriverLink(row),
    driverToken: token,
    url: `${ctx.config.PUBLIC_URL}/all-shipments?driverToken=${token}`,
  };
}

export async function listLinks(
  ctx: AppContext,
  caller: Caller,
  driverId: string,
): Promise<DriverLink[]> {
  await requireDriver(ctx, caller, driverId);
  const rows = await ctx.db.tenant(caller.scope, (tx) =>
    listDriverLinks(tx, caller.companyId, driverId),
  );
  return rows.map(toDriverLink);
}

/** Revoking ends the sessions and tokens opened with the link at their next request. */
export async function revokeLink(
  ctx: AppContext,
  caller: Caller,
  driverId: string,
  linkId: string,
): Promise<DriverLink> {
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    revokeDriverLink(tx, caller.companyId, driverId, linkId),
  );
  if (!row) throw notFound('Driver link');
  return toDriverLink(row);
}
