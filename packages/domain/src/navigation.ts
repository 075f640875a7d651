import {
  ACCESS,
  hasAccess,
  Permission,
  userKind,
  type AccessRequirement,
  type AccessSubject,
} from './access';
import { decideRouteAccess, matchPortalRoute } from './routes';

// The side navigation of spec section 2 and the user menu of the top bar, as data: which entries
// exist, what each needs, and which badge count it shows. The shell draws them; the rules are here.

export type NavigationCount =
  | 'shipmentsNeedingUpdates'
  | 'sentTenders'
  | 'openRateRequests'
  | 'accountingActionRequired'
  | 'newCases';

export interface NavigationItem {
  readonly label: string;
  /** Inside the app; absent for Support (external) and Logout (an action). */
  readonly path?: string;
  readonly action?: 'support' | 'logout';
  readonly access?: AccessRequirement;
  readonly hiddenForBrokers?: boolean;
  /**
   * Shown to carriers only when their company has a 3PL network. A factoring user is exempt: a
   * factoring company has no network of its own and works its carriers' invoices (decision 230).
   */
  readonly needs3PLNetwork?: boolean;
  readonly count?: NavigationCount;
}

export interface NavigationGroup {
  /** Absent for the Dashboard entry, which stands alone at the top. */
  readonly label?: string;
  readonly access?: AccessRequirement;
  readonly hiddenForBrokers?: boolean;
  readonly items: readonly NavigationItem[];
}

export const SIDE_NAVIGATION: readonly NavigationGroup[] = [
  { items: [{ label: 'Dashboard', path: '/dashboard' }] },
  {
    label: 'Load Board',
    access: ACCESS.carrierPortal,
    hiddenForBrokers: true,
    items: [
      { label: 'Load Board', path: '/reloads' },
      { label: 'Live Equipment', path: '/live-equipment' },
      { label: 'Saved Lanes', path: '/saved-lanes' },
      { label: 'Top Picks', path: '/available-freight' },
    ],
  },
  {
    label: 'Manage Freight',
    items: [
      {
        label: 'Shipments',
        path: '/all-shipments',
        access: ACCESS.carrierOrDriverPortal,
        count: 'shipmentsNeedingUpdates',
      },
      { label: 'Tenders', path: '/tenders', access: ACCESS.carrierPortal, count: 'sentTenders' },
      {
        label: 'Rate Requests',
        path: '/rates',
        access: ACCESS.carrierPortal,
        count: 'openRateRequests',
      },
      // Not in the spec's navigation: the brokers' orders (decision 175), shown to whom the route admits.
      { label: 'Orders', path: '/orders' },
    ],
  },
  {
    label: 'Financials',
    items: [
      {
        label: 'Accounting',
        path: '/accounting',
        access: ACCESS.accounting,
        count: 'accountingActionRequired',
      },
      {
        label: 'Payment Remittance',
        path: '/payments',
        access: ACCESS.accounting,
      },
      {
        label: 'Third Party Payer Invoices',
        path: '/third-party-payer-invoices',
        access: {
          permissions: [
            Permission.CarrierPortal,
            Permission.FactoringCompanyPortal,
            Permission.CarrierBillingSettings,
          ],
        },
        needs3PLNetwork: true,
      },
      {
        label: 'Accessorial Requests',
        path: '/cases',
        access: ACCESS.cases,
        hiddenForBrokers: true,
        count: 'newCases',
      },
    ],
  },
  // The operator's staff move the freight cycle forward from their queues (DESIGN: Operations).
  {
    label: 'Operations',
    items: [
      { label: 'Queues', path: '/operations', access: ACCESS.operatorAdmin },
      { label: 'Tendering', path: '/operations/tendering', access: ACCESS.operatorAdmin },
      { label: 'Rate Offers', path: '/operations/rate-requests', access: ACCESS.operatorAdmin },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Videos', path: '/videos', access: ACCESS.carrierPortal },
      { label: 'Contacts', path: '/contacts', access: ACCESS.carrierPortal },
      { label: 'Locations', path: '/locations', access: ACCESS.carrierPortal },
      { label: 'Support', action: 'support' },
      { label: 'Logout', action: 'logout' },
    ],
  },
];

export interface NavigationSubject extends AccessSubject {
  readonly isBroker: boolean;
  readonly has3PLNetwork: boolean;
}

function shows(
  subject: NavigationSubject,
  entry: Pick<NavigationItem, 'access' | 'hiddenForBrokers' | 'needs3PLNetwork' | 'path'>,
): boolean {
  if (entry.hiddenForBrokers && subject.isBroker) return false;
  if (entry.needs3PLNetwork && !subject.has3PLNetwork && userKind(subject) !== 'factoring')
    return false;
  if (entry.access && !hasAccess(subject, entry.access)) return false;
  return 'path' in entry && entry.path ? opens(subject, entry.path) : true;
}

/**
 * An entry leads somewhere: its route admits the user. A route that would refuse or send the user
 * elsewhere (the dashboard for a driver, third-party invoices for a dispatcher without a billing
 * role) is not offered.
 */
function opens(subject: NavigationSubject, path: string): boolean {
  const match = matchPortalRoute(path);
  return match !== undefined && decideRouteAccess(subject, match.route).allowed;
}

/** The groups and entries this user sees; a group with nothing left in it is dropped. */
export function visibleNavigation(subject: NavigationSubject): NavigationGroup[] {
  return SIDE_NAVIGATION.filter((group) => shows(subject, group))
    .map((group) => ({ ...group, items: group.items.filter((item) => shows(subject, item)) }))
    .filter((group) => group.items.length > 0);
}

export type UserMenuEntry = 'My Profile' | 'Contacts' | 'Admin' | 'API Documentation' | 'Logout';

/**
 * The top bar's user menu: My Profile (any of the carrier, factoring or driver portals), Contacts
 * or Admin (carrier portal; Admin for administrators), API Documentation (administrators, wide
 * screens only), Logout.
 */
export function userMenuEntries(subject: AccessSubject, wideScreen: boolean): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [];
  if (hasAccess(subject, ACCESS.profile)) entries.push('My Profile');
  const isAdmin = hasAccess(subject, { roles: ACCESS.companyAdmin.roles });
  if (hasAccess(subject, ACCESS.carrierPortal)) entries.push(isAdmin ? 'Admin' : 'Contacts');
  if (isAdmin && wideScreen) entries.push('API Documentation');
  entries.push('Logout');
  return entries;
}
