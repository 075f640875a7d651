// Who a database transaction acts for. Built once per request from the caller's identity
// (see shared/auth), handed to Database.tenant, and mirrored by the row-level security policies.
export type ScopeKind = 'operator' | 'carrier' | 'factoring' | 'customer';

export interface TenantScope {
  readonly companyId: string;
  readonly userId: string | null;
  readonly kind: ScopeKind;
  /** Carrier companies whose freight this caller may see: itself, or the carriers a factoring company factors. */
  readonly carrierIds: readonly string[];
  /** Driver sessions see only the shipments they are assigned to. */
  readonly driverId: string | null;
}

export function scopeSettings(scope: TenantScope) {
  return {
    companyId: scope.companyId,
    userId: scope.userId ?? '',
    scope: scope.kind,
    carrierIds: scope.carrierIds.join(','),
    driverId: scope.driverId ?? '',
  };
}

/**
 * An id no row has: stands in for an empty list, which SQL cannot compare with, and for a null id
 * where a compiled statement's parameter must be a value.
 */
export const NO_ROW_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The carriers whose freight the caller sees, as a list for `in`: a customer or broker has none,
 * and an `in` with an empty string failed as an invalid uuid (a 500 the tenant matrix found).
 */
export function carrierIdList(scope: TenantScope): string[] {
  return scope.carrierIds.length ? [...scope.carrierIds] : [NO_ROW_ID];
}

/**
 * A scope whose company, carriers and driver are a compiled statement's values (placeholders while
 * it is built, see db/compiled-statements.ts); its kind and whether it is a driver's are the shape.
 */
export function scopeOfValues(
  shape: { kind: ScopeKind; driver: boolean },
  values: { companyId: string; carrierIds: readonly string[]; driverId: string },
): TenantScope {
  return {
    kind: shape.kind,
    companyId: values.companyId,
    userId: null,
    carrierIds: values.carrierIds,
    driverId: shape.driver ? values.driverId : null,
  };
}
