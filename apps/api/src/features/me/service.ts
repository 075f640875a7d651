import type { CurrentUser, MyCarrier, MyCompany, NotificationPreference } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { presentCurrentUser, readCurrentUser } from '../../shared/auth/current-user';
import { notFound } from '../../shared/http/errors';
import { findCompany, listNotificationPreferences } from './repository';

async function company(ctx: AppContext, caller: Caller) {
  const row = await ctx.db.tenant(caller.scope, (tx) => findCompany(tx, caller.companyId));
  if (!row) throw notFound('Company');
  return {
    ...row,
    factoringCompany:
      row.factoringId && row.factoringName
        ? { id: row.factoringId, name: row.factoringName }
        : null,
  };
}

export async function currentUser(ctx: AppContext, caller: Caller): Promise<CurrentUser> {
  // Every page asks: kept beside the caller for a few seconds (decision 232), and when read, one
  // small read by key planned once per connection (decision 220).
  const user = await ctx.identity.authCache.currentUser(caller.userId, () =>
    ctx.db.tenant(caller.scope, (tx) => readCurrentUser(tx, caller.userId), {
      genericPlans: true,
      readOnly: true,
    }),
  );
  if (!user) throw notFound('User');
  return {
    ...presentCurrentUser(user),
    roles: [...caller.roles],
    permissions: [...caller.permissions],
  };
}

export async function myCarrier(ctx: AppContext, caller: Caller): Promise<MyCarrier['data']> {
  const row = await company(ctx, caller);
  return {
    id: row.id,
    name: row.name,
    companyNumber: row.companyNumber,
    isCarrier: row.kind === 'carrier',
    isBroker: row.isBroker,
    isBookable: row.isBookable,
    isOnHold: row.isOnHold,
    doNotUse: row.doNotUse,
    mcNumber: row.mcNumber,
    dotNumber: row.dotNumber,
    scac: row.scac,
    factoringCompany: row.factoringCompany,
  };
}

export async function myCompany(ctx: AppContext, caller: Caller): Promise<MyCompany['data']> {
  const row = await company(ctx, caller);
  return {
    id: row.id,
    name: row.name,
    companyNumber: row.companyNumber,
    kind: row.kind as MyCompany['data']['kind'],
    is3PL: row.is3pl,
    isCarrier: row.kind === 'carrier',
    isBroker: row.isBroker,
    has3PLNetwork: row.has3plNetwork,
    isOnHold: row.isOnHold,
    isBookable: row.isBookable,
    mcNumber: row.mcNumber,
    dotNumber: row.dotNumber,
    scac: row.scac,
    logoDocumentId: row.logoDocumentId,
    factoringCompany: row.factoringCompany,
  };
}

export function myNotificationPreferences(
  ctx: AppContext,
  caller: Caller,
): Promise<NotificationPreference[]> {
  return ctx.db.tenant(caller.scope, (tx) => listNotificationPreferences(tx, caller.userId));
}
