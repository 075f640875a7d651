import { isDriverOnlyUser } from '@portal/domain';
import type { Database } from '../../db/database';
import { acceptedCurrentAccessTerms } from './access-terms';
import type { ScopeKind, TenantScope } from '../../db/tenancy';

/** The authenticated caller of a request, and the tenant scope its database work runs under. */
export interface Caller {
  readonly userId: string;
  readonly companyId: string;
  readonly companyKind: ScopeKind;
  readonly companyName: string;
  readonly isBroker: boolean;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  /** Set for driver-only users and driver-link sessions. */
  readonly driverId: string | null;
  readonly via: 'token' | 'session' | 'api-key';
  readonly scope: TenantScope;
  /** The account's token version: bearer tokens carrying another one were revoked. */
  readonly tokenVersion?: number;
  /**
   * The person has not accepted the current access terms: the API does nothing for them but
   * what accepting needs (decision 180). Api keys and driver links act for no person who signs in.
   */
  readonly mustAcceptAccessTerms: boolean;
}

export interface CallerOverrides {
  driverId?: string | null;
  via?: Caller['via'];
  /** An API key acts as its company with the key's own permissions and roles. */
  roles?: readonly string[];
  permissions?: readonly string[];
  /** Driver links open a session for drivers who have no portal account of their own. */
  withoutPortalAccess?: boolean;
}

/** Loads a caller by user id, or null when the user does not exist, is disabled or may not use the portal. */
export async function loadCaller(
  db: Database,
  userId: string,
  overrides: CallerOverrides = {},
): Promise<Caller | null> {
  const row = await db.system((tx) =>
    tx
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.companyId')
      .select((eb) => [
        'u.id',
        'u.companyId',
        'u.firstName',
        'u.lastName',
        'u.loginEmail',
        'u.roles',
        'u.permissions',
        'u.disabledAt',
        'u.isPortalEnabled',
        'u.tokenVersion',
        'c.kind',
        'c.name as companyName',
        'c.isBroker',
        acceptedCurrentAccessTerms('u.id').as('hasAcceptedAccessTerms'),
        eb
          .selectFrom('companies as f')
          .select((inner) =>
            inner.fn
              .coalesce(inner.fn.agg<string[]>('array_agg', ['f.id']), inner.val<string[]>([]))
              .as('ids'),
          )
          .whereRef('f.factoringCompanyId', '=', 'c.id')
          .as('factoredCarrierIds'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst(),
  );
  if (!row || row.disabledAt || (!row.isPortalEnabled && !overrides.withoutPortalAccess))
    return null;
  const kind = row.kind as ScopeKind;
  const roles = overrides.roles ?? row.roles;
  const driverId =
    overrides.driverId !== undefined ? overrides.driverId : isDriverOnlyUser(roles) ? row.id : null;
  return {
    userId: row.id,
    companyId: row.companyId,
    companyKind: kind,
    companyName: row.companyName,
    isBroker: row.isBroker,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.loginEmail,
    roles,
    permissions: overrides.permissions ?? row.permissions,
    driverId,
    via: overrides.via ?? 'token',
    tokenVersion: row.tokenVersion,
    mustAcceptAccessTerms:
      !row.hasAcceptedAccessTerms && overrides.via !== 'api-key' && !overrides.withoutPortalAccess,
    scope: {
      companyId: row.companyId,
      userId: row.id,
      kind,
      carrierIds:
        kind === 'carrier'
          ? [row.companyId]
          : kind === 'factoring'
            ? (row.factoredCarrierIds ?? [])
            : [],
      driverId,
    },
  };
}
