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
