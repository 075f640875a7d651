import { valuesOf, type ValueOf } from './enum-values';

export const Permission = {
  CarrierPortal: 'CarrierPortal',
  DriverPortal: 'DriverPortal',
  FactoringCompanyPortal: 'FactoringCompanyPortal',
  CarrierBillingSettings: 'CarrierBillingSettings',
  Admin: 'Admin',
} as const;
export type Permission = ValueOf<typeof Permission>;

export const PERMISSIONS: readonly Permission[] = valuesOf(Permission);

export const Role = {
  Admin: 'Admin',
  Driver: 'Driver',
  BillTo: 'BillTo',
  BillingInquiry: 'BillingInquiry',
  AP: 'AP',
  AR: 'AR',
} as const;
export type Role = ValueOf<typeof Role>;

export const ROLES: readonly Role[] = valuesOf(Role);

export const NOT_AUTHORIZED_MESSAGE = 'You are not Authorized for this content';

/**
 * Removes spaces and hyphens, capitalising each joined word: "Bill-to" -> "BillTo",
 * "Billing Inquiry" -> "BillingInquiry". Letters already in capitals stay so ("AP").
 */
export function normalizeRoleName(name: string): string {
  return name
    .trim()
    .split(/[\s-]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The known role a free-form name stands for, matched without regard to case. */
export function parseRole(name: string): Role | undefined {
  const normalized = normalizeRoleName(name).toLowerCase();
  return ROLES.find((role) => role.toLowerCase() === normalized);
}

export function parsePermission(name: string): Permission | undefined {
  const wanted = name.trim().toLowerCase();
  return PERMISSIONS.find((permission) => permission.toLowerCase() === wanted);
}

export interface AccessSubject {
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
}

export interface AccessRequirement {
  /** Any one of these roles; omitted means no role is needed. */
  readonly roles?: readonly Role[];
  /** Any one of these permissions; omitted means no permission is needed. */
  readonly permissions?: readonly Permission[];
}

export function hasRole(subject: Pick<AccessSubject, 'roles'>, role: Role): boolean {
  return subject.roles.some((name) => parseRole(name) === role);
}

export function hasPermission(
  subject: Pick<AccessSubject, 'permissions'>,
  permission: Permission,
): boolean {
  return subject.permissions.some((name) => parsePermission(name) === permission);
}

/**
 * Signed in, holding any one required role and any one required permission. An empty list
 * grants nothing, so a requirement written by mistake as [] fails closed.
 */
export function hasAccess(
  subject: AccessSubject | null | undefined,
  need: AccessRequirement,
): boolean {
  if (!subject) return false;
  if (need.roles && !need.roles.some((role) => hasRole(subject, role))) return false;
  if (
    need.permissions &&
    !need.permissions.some((permission) => hasPermission(subject, permission))
  ) {
    return false;
  }
  return true;
}

/**
 * The spec's access rules, named once. The route table (routes.ts), the navigation
 * (navigation.ts) and the API's route configuration all read these.
 */
export const ACCESS = {
  /** Dashboard, Top Picks, rates, tenders, equipment, lanes, load board, videos. */
  carrierPortal: { permissions: [Permission.CarrierPortal] },
  /** Shipments and accessorial requests (cases). */
  carrierOrDriverPortal: { permissions: [Permission.CarrierPortal, Permission.DriverPortal] },
  /**
   * Accessorial requests: the spec's guard (carrier or driver portal), plus the operator's staff,
   * who resolve them (decision 103).
   */
  cases: {
    permissions: [Permission.CarrierPortal, Permission.DriverPortal, Permission.Admin],
  },
  /** Accounting, invoices, payments and contacts. */
  carrierOrFactoringPortal: {
    permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal],
  },
  /**
   * Accounting, invoices and payments: the carrier and factoring portals, and the operator's staff
   * who settle and pay carrier invoices there (docs/decisions/110).
   */
  accounting: {
    permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal, Permission.Admin],
  },
  /** Third-party payer invoices: one of three permissions and one of five roles. */
  thirdPartyInvoices: {
    permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal, Permission.Admin],
    roles: [Role.Admin, Role.BillTo, Role.BillingInquiry, Role.AP, Role.AR],
  },
  /** Profile, and the My Profile entry of the user menu. */
  profile: {
    permissions: [
      Permission.CarrierPortal,
      Permission.FactoringCompanyPortal,
      Permission.DriverPortal,
    ],
  },
  /** A company's administrator: API keys and access requests of the company. */
  companyAdmin: {
    roles: [Role.Admin],
    permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal, Permission.Admin],
  },
  /**
   * Reading shipments through the API: carriers and drivers, factoring companies (the loads behind the
   * invoices they buy) and the operator. Which shipments each sees is the tenant scope's business.
   */
  shipmentRead: {
    permissions: [
      Permission.CarrierPortal,
      Permission.DriverPortal,
      Permission.FactoringCompanyPortal,
      Permission.Admin,
    ],
  },
  /** Running a load (arrivals, paperwork, status): what each may do is decided per shipment. */
  shipmentRun: {
    permissions: [Permission.CarrierPortal, Permission.DriverPortal, Permission.Admin],
  },
  /**
   * Locations and their dock schedules: the company's own, kept by its carrier-portal users (brokers
   * place orders from them), and every company's for the operator's staff (decision 170).
   */
  locations: { permissions: [Permission.CarrierPortal, Permission.Admin] },
  /** Dispatching: drivers and equipment are the carrier's office's (or the operator's) to assign. */
  shipmentDispatch: { permissions: [Permission.CarrierPortal, Permission.Admin] },
  /** The operator's administrators: the e-mail outbox, every company's access requests. */
  operatorAdmin: { roles: [Role.Admin], permissions: [Permission.Admin] },
} as const satisfies Record<string, AccessRequirement>;

/** A driver user holds the Driver role and nothing else. */
export function isDriverOnlyUser(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((name) => parseRole(name) === Role.Driver);
}

export type UserKind = 'factoring' | 'carrier' | 'driver' | 'other';

/**
 * Which of the spec's user types someone is, for the default landing: a driver-only user is a
 * driver; then the carrier portal wins over the factoring portal, and the driver portal comes last.
 */
export function userKind(subject: AccessSubject): UserKind {
  if (isDriverOnlyUser(subject.roles)) return 'driver';
  if (hasPermission(subject, Permission.CarrierPortal)) return 'carrier';
  if (hasPermission(subject, Permission.FactoringCompanyPortal)) return 'factoring';
  if (hasPermission(subject, Permission.DriverPortal)) return 'driver';
  return 'other';
}

/** The expired tracking-token dialog is for admins, never for a driver-only user. */
export function canSeeExpiredTrackingTokenDialog(roles: readonly string[]): boolean {
  return !isDriverOnlyUser(roles) && roles.some((name) => parseRole(name) === Role.Admin);
}
