import { ACCESS, hasAccess, userKind, type AccessRequirement, type AccessSubject } from './access';
import { API_DOCUMENTATION_ACCESS } from './people';

// The spec's route table (portal-shell-and-invoices section 2), written once: the web's router and
// route guard read it, and so does the top bar's page title. Patterns use `:name` for a parameter.

/** Public routes: shown without a session. `/logout` finishes signing out at the provider. */
export const PUBLIC_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/logout',
  '/request-password-reset',
  '/reset-password/:resetToken',
  '/ActivateUser/:resetToken',
  '/passwordReset/:token',
  '/not-found',
  '/forgot-password',
] as const;

export type PortalSection =
  | 'dashboard'
  | 'all-shipments'
  | 'shipments'
  | 'my-shipments'
  | 'available-freight'
  | 'rates'
  | 'tenders'
  | 'equipment'
  | 'saved-lanes'
  | 'lanes'
  | 'live-equipment'
  | 'videos'
  | 'cases'
  | 'accounting'
  | 'invoices'
  | 'payments'
  | 'third-party-payer-invoices'
  | 'reloads'
  | 'contacts'
  | 'orders'
  | 'locations'
  | 'profile'
  | 'operations'
  | 'admin';

/** Which screen a route shows; several paths show the same one (every /dashboard sub-path shows the dashboard). */
export type PortalPage =
  | 'dashboard'
  | 'dashboard-shipment-preview'
  | 'dashboard-tender-preview'
  | 'dashboard-rate-preview'
  | 'dashboard-invoice-preview'
  | 'shipments'
  | 'trip'
  | 'shipment-preview'
  | 'shipment-details'
  | 'shipment-financials'
  | 'shipment-cases'
  | 'shipment-documents'
  | 'shipment-signed-rate-confirmation'
  | 'my-shipments'
  | 'available-freight'
  | 'available-freight-detail'
  | 'rates'
  | 'rate-shipment'
  | 'rate-preview'
  | 'rate-details'
  | 'tenders'
  | 'tender'
  | 'trailers'
  | 'power-units'
  | 'saved-lanes'
  | 'live-equipment'
  | 'videos'
  | 'cases'
  | 'case-preview'
  | 'case-notes'
  | 'case-documents'
  | 'case-history'
  | 'accounting'
  | 'accounting-preview'
  | 'payments'
  | 'payment-preview'
  | 'third-party-payer-invoices'
  | 'third-party-payer-invoice-preview'
  | 'reloads'
  | 'contacts'
  | 'contact-preview'
  | 'contact-edit'
  | 'contact-create'
  | 'orders'
  | 'order-create'
  | 'order-preview'
  | 'order-details'
  | 'order-logistics'
  | 'order-edit'
  | 'locations'
  | 'location-create'
  | 'location'
  | 'profile'
  | 'profile-edit'
  | 'operations'
  | 'operations-tendering'
  | 'operations-rate-requests'
  | 'access-requests'
  | 'api-keys'
  | 'api-documentation'
  | 'session-replays'
  | 'session-replay';

/** What happens to a user the route refuses. */
export type Refusal =
  /** "You are not Authorized for this content". */
  | { readonly kind: 'message' }
  /** Sent elsewhere (the dashboard and third-party invoices send refused users to all shipments). */
  | { readonly kind: 'redirect'; readonly to: string };

export interface PortalRoute {
  readonly pattern: string;
  readonly section: PortalSection;
  readonly page: PortalPage;
  /** The top bar's page title. */
  readonly title: string;
  readonly access: AccessRequirement;
  /**
   * 'refused': the spec passes a broker flag to the guard of /cases and /reloads without saying
   * what it does; here it refuses brokers, as the navigation hides the load board group, Top Picks
   * and Accessorial Requests from them. 'required': only brokers (orders). Decision 012.
   */
  readonly brokers?: 'refused' | 'required';
  readonly whenRefused: Refusal;
}

const MESSAGE: Refusal = { kind: 'message' };
const TO_ALL_SHIPMENTS: Refusal = { kind: 'redirect', to: '/all-shipments' };

type RouteSpec = Omit<PortalRoute, 'section' | 'whenRefused'> & { whenRefused?: Refusal };

function section(
  name: PortalSection,
  defaults: Pick<PortalRoute, 'access' | 'title'> &
    Partial<Pick<PortalRoute, 'brokers' | 'whenRefused'>>,
  routes: readonly (Omit<RouteSpec, 'access' | 'title'> & Partial<RouteSpec>)[],
): PortalRoute[] {
  return routes.map((route) => ({
    section: name,
    whenRefused: MESSAGE,
    ...defaults,
    ...route,
  }));
}

const dashboard = {
  access: ACCESS.carrierPortal,
  title: 'Dashboard',
  whenRefused: TO_ALL_SHIPMENTS,
};
const allShipments = { access: ACCESS.carrierOrDriverPortal, title: 'Shipments' };
const carrierOnly = { access: ACCESS.carrierPortal };
const money = { access: ACCESS.carrierOrFactoringPortal };
const accounting = { access: ACCESS.accounting };

export const PORTAL_ROUTES: readonly PortalRoute[] = [
  ...section('dashboard', dashboard, [
    { pattern: '/dashboard', page: 'dashboard' },
    { pattern: '/dashboard/shipments', page: 'dashboard' },
    { pattern: '/dashboard/rates', page: 'dashboard' },
    { pattern: '/dashboard/tenders', page: 'dashboard' },
    { pattern: '/dashboard/accounting', page: 'dashboard' },
    {
      pattern: '/dashboard/shipments/:shipmentNumber/preview',
      page: 'dashboard-shipment-preview',
    },
    { pattern: '/dashboard/tenders/:tenderId/preview', page: 'dashboard-tender-preview' },
    { pattern: '/dashboard/rates/:rateId/preview', page: 'dashboard-rate-preview' },
    { pattern: '/dashboard/accounting/:invoiceNumber/preview', page: 'dashboard-invoice-preview' },
  ]),
  ...section('all-shipments', allShipments, [
    { pattern: '/all-shipments', page: 'shipments' },
    { pattern: '/all-shipments/trip/:tripId', page: 'trip', title: 'Trip' },
    { pattern: '/all-shipments/:shipmentNumber/preview', page: 'shipment-preview' },
    { pattern: '/all-shipments/:shipmentNumber/preview/details', page: 'shipment-details' },
    { pattern: '/all-shipments/:shipmentNumber/preview/financials', page: 'shipment-financials' },
    { pattern: '/all-shipments/:shipmentNumber/preview/cases', page: 'shipment-cases' },
    { pattern: '/all-shipments/:shipmentNumber/preview/documents', page: 'shipment-documents' },
    {
      pattern: '/all-shipments/:shipmentNumber/preview/SignedRateConfirmation',
      page: 'shipment-signed-rate-confirmation',
    },
  ]),
  ...section('shipments', allShipments, [
    { pattern: '/shipments', page: 'shipments' },
    { pattern: '/shipments/:shipmentNumber', page: 'shipment-preview' },
  ]),
  ...section('my-shipments', { ...allShipments, title: 'My Shipments' }, [
    { pattern: '/my-shipments', page: 'my-shipments' },
    { pattern: '/my-shipments/:shipmentNumber', page: 'shipment-preview' },
  ]),
  ...section('available-freight', { ...carrierOnly, title: 'Top Picks', brokers: 'refused' }, [
    { pattern: '/available-freight', page: 'available-freight' },
    { pattern: '/available-freight/:shipmentNumber', page: 'available-freight-detail' },
  ]),
  ...section('rates', { ...carrierOnly, title: 'Rate Requests' }, [
    { pattern: '/rates', page: 'rates' },
    // A load's rates with Book: the load board's, so never a broker's (decision 012).
    {
      pattern: '/rates/:rateType/shipment/:shipmentNumber',
      page: 'rate-shipment',
      brokers: 'refused',
    },
    { pattern: '/rates/:rateId/preview', page: 'rate-preview' },
    { pattern: '/rates/:rateId/preview/details', page: 'rate-details' },
    { pattern: '/rates/:shipmentNumber', page: 'rate-shipment', brokers: 'refused' },
  ]),
  ...section('tenders', { ...carrierOnly, title: 'Tenders' }, [
    { pattern: '/tenders', page: 'tenders' },
    // The spec lists /tenders/{tenderId} and /tenders/{shipmentNumber}: one path, either value.
    { pattern: '/tenders/:tenderIdOrShipmentNumber', page: 'tender' },
  ]),
  ...section('equipment', { ...carrierOnly, title: 'Equipment' }, [
    { pattern: '/equipment', page: 'trailers' },
    { pattern: '/equipment/trailers', page: 'trailers' },
    { pattern: '/equipment/power-units', page: 'power-units' },
  ]),
  ...section('saved-lanes', { ...carrierOnly, title: 'Saved Lanes', brokers: 'refused' }, [
    { pattern: '/saved-lanes', page: 'saved-lanes' },
  ]),
  ...section('lanes', { ...carrierOnly, title: 'Saved Lanes', brokers: 'refused' }, [
    { pattern: '/lanes', page: 'saved-lanes' },
  ]),
  ...section('live-equipment', { ...carrierOnly, title: 'Live Equipment', brokers: 'refused' }, [
    { pattern: '/live-equipment', page: 'live-equipment' },
  ]),
  ...section('videos', { ...carrierOnly, title: 'Videos' }, [
    { pattern: '/videos', page: 'videos' },
  ]),
  ...section('cases', { access: ACCESS.cases, title: 'Accessorial Requests', brokers: 'refused' }, [
    { pattern: '/cases', page: 'cases' },
    { pattern: '/cases/:caseNumber/preview', page: 'case-preview' },
    { pattern: '/cases/:caseNumber/preview/notes', page: 'case-notes' },
    { pattern: '/cases/:caseNumber/preview/documents', page: 'case-documents' },
    { pattern: '/cases/:caseNumber/preview/history', page: 'case-history' },
  ]),
  ...section('accounting', { ...accounting, title: 'Accounting' }, [
    { pattern: '/accounting', page: 'accounting' },
    { pattern: '/accounting/:invoiceNumber/preview', page: 'accounting-preview' },
  ]),
  ...section('invoices', { ...accounting, title: 'Accounting' }, [
    { pattern: '/invoices', page: 'accounting' },
    { pattern: '/invoices/:invoiceNumber/preview', page: 'accounting-preview' },
  ]),
  ...section('payments', { ...accounting, title: 'Payment Remittance' }, [
    { pattern: '/payments', page: 'payments' },
    { pattern: '/payments/:checkNumber/preview', page: 'payment-preview' },
  ]),
  ...section(
    'third-party-payer-invoices',
    {
      access: ACCESS.thirdPartyInvoices,
      title: 'Third Party Payer Invoices',
      whenRefused: TO_ALL_SHIPMENTS,
    },
    [
      { pattern: '/third-party-payer-invoices', page: 'third-party-payer-invoices' },
      {
        pattern: '/third-party-payer-invoices/:invoiceNumber/preview',
        page: 'third-party-payer-invoice-preview',
      },
    ],
  ),
  ...section('reloads', { ...carrierOnly, title: 'Load Board', brokers: 'refused' }, [
    { pattern: '/reloads', page: 'reloads' },
  ]),
  ...section('contacts', { ...money, title: 'Contacts' }, [
    { pattern: '/contacts', page: 'contacts' },
    { pattern: '/contacts/create', page: 'contact-create' },
    { pattern: '/contacts/:contactId/preview', page: 'contact-preview' },
    { pattern: '/contacts/:contactId/edit', page: 'contact-edit' },
  ]),
  // The spec does not say who may see orders: brokers place them (decision 012).
  ...section('orders', { ...carrierOnly, title: 'Orders', brokers: 'required' }, [
    { pattern: '/orders', page: 'orders' },
    { pattern: '/orders/create', page: 'order-create' },
    { pattern: '/orders/:orderNumber/preview', page: 'order-preview' },
    { pattern: '/orders/:orderNumber/preview/details', page: 'order-details' },
    { pattern: '/orders/:orderNumber/preview/logistics', page: 'order-logistics' },
    { pattern: '/orders/:orderNumber/edit', page: 'order-edit' },
  ]),
  // Not in the spec's table: a company keeps its locations and their dock schedules here
  // (decision 172).
  ...section('locations', { ...carrierOnly, title: 'Locations' }, [
    { pattern: '/locations', page: 'locations' },
    { pattern: '/locations/create', page: 'location-create' },
    { pattern: '/locations/:locationNumber', page: 'location' },
  ]),
  ...section('profile', { access: ACCESS.profile, title: 'Profile' }, [
    { pattern: '/profile', page: 'profile' },
    { pattern: '/profile/edit', page: 'profile-edit' },
  ]),
  // Not in the spec's table: the operator's staff work their queues from here (decision 151).
  ...section('operations', { access: ACCESS.operatorAdmin, title: 'Operations' }, [
    { pattern: '/operations', page: 'operations' },
    { pattern: '/operations/tendering', page: 'operations-tendering', title: 'Tendering' },
    {
      pattern: '/operations/rate-requests',
      page: 'operations-rate-requests',
      title: 'Rate Offers',
    },
  ]),
  // Not in the spec's table: the user menu's Admin entry and API Documentation need pages
  // (decision 123). A company's administrators; the documentation to any administrator.
  ...section('admin', { access: ACCESS.companyAdmin, title: 'Admin' }, [
    { pattern: '/admin/access-requests', page: 'access-requests', title: 'Access Requests' },
    { pattern: '/admin/api-keys', page: 'api-keys', title: 'API Keys' },
    {
      pattern: '/admin/api-documentation',
      page: 'api-documentation',
      title: 'API Documentation',
      access: API_DOCUMENTATION_ACCESS,
    },
    // The operator's administrators play recorded sessions back (decision 181).
    {
      pattern: '/admin/session-replays',
      page: 'session-replays',
      title: 'Session Replays',
      access: ACCESS.operatorAdmin,
    },
    {
      pattern: '/admin/session-replays/:replayId',
      page: 'session-replay',
      title: 'Session Replay',
      access: ACCESS.operatorAdmin,
    },
  ]),
];

/** Sections of the app; an unknown path inside one is "Route Not Found", anywhere else the default landing. */
export const PORTAL_SECTIONS: ReadonlySet<string> = new Set(
  PORTAL_ROUTES.map((route) => route.section),
);

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A pattern split once: its literal segments lower-cased, its `:name` segments as written. */
const compiledPatterns = new Map<string, readonly string[]>();
function compiledPattern(pattern: string): readonly string[] {
  let segments = compiledPatterns.get(pattern);
  if (!segments) {
    segments = segmentsOf(pattern).map((segment) =>
      segment.startsWith(':') ? segment : segment.toLowerCase(),
    );
    compiledPatterns.set(pattern, segments);
  }
  return segments;
}

/** A path's segments as written (for parameters) and lower-cased (for literals). */
interface PathSegments {
  readonly written: readonly string[];
  readonly lower: readonly string[];
}

function pathSegments(pathname: string): PathSegments {
  const written = segmentsOf(pathname);
  return { written, lower: written.map((segment) => segment.toLowerCase()) };
}

function matchSegments(
  expected: readonly string[],
  actual: PathSegments,
): Record<string, string> | undefined {
  if (expected.length !== actual.written.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index++) {
    const want = expected[index]!;
    if (want.startsWith(':')) {
      try {
        params[want.slice(1)] = decodeURIComponent(actual.written[index]!);
      } catch {
        return undefined;
      }
    } else if (want !== actual.lower[index]) {
      return undefined;
    }
  }
  return params;
}

/**
 * Matches a path against a pattern as the router does: literal segments without regard to case,
 * `:name` segments take any one segment, a trailing slash is ignored.
 */
export function matchPattern(
  pattern: string,
  pathname: string,
): Record<string, string> | undefined {
  return matchSegments(compiledPattern(pattern), pathSegments(pathname));
}

export interface RouteMatch {
  readonly route: PortalRoute;
  readonly params: Readonly<Record<string, string>>;
}

const literalCount = (segments: readonly string[]) =>
  segments.filter((segment) => !segment.startsWith(':')).length;

// Literal segments win over parameters, so /contacts/create is never read as a contact id.
const BY_SPECIFICITY = PORTAL_ROUTES.map((route) => ({
  route,
  segments: compiledPattern(route.pattern),
})).sort((a, b) => literalCount(b.segments) - literalCount(a.segments));

// The shell matches the same few paths on every render (the title, the navigation's entries, the
// guard): each path's match is kept, up to this many paths, the oldest dropped first.
const MATCH_CACHE_SIZE = 256;
const matches = new Map<string, RouteMatch | null>();

export function matchPortalRoute(pathname: string): RouteMatch | undefined {
  const kept = matches.get(pathname);
  if (kept !== undefined) return kept ?? undefined;
  const actual = pathSegments(pathname);
  let found: RouteMatch | null = null;
  for (const { route, segments } of BY_SPECIFICITY) {
    const params = matchSegments(segments, actual);
    if (params) {
      // Kept and shared by every caller of this path: frozen, so none can change another's.
      found = Object.freeze({ route, params: Object.freeze(params) });
      break;
    }
  }
  if (matches.size >= MATCH_CACHE_SIZE) matches.delete(matches.keys().next().value!);
  matches.set(pathname, found);
  return found ?? undefined;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTE_PATTERNS.some((pattern) => matchPattern(pattern, pathname) !== undefined);
}

export interface RouteSubject extends AccessSubject {
  readonly isBroker: boolean;
}

export type RouteDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly refusal: Refusal };

/** The route guard: signed in, any one required role, any one permission of the group, and the broker rule. */
export function decideRouteAccess(
  subject: RouteSubject | null | undefined,
  route: PortalRoute,
): RouteDecision {
  const isBroker = subject?.isBroker === true;
  const brokerRule =
    route.brokers === 'required' ? isBroker : route.brokers === 'refused' ? !isBroker : true;
  if (subject && brokerRule && hasAccess(subject, route.access)) return { allowed: true };
  return { allowed: false, refusal: route.whenRefused };
}

/**
 * Where a user lands at the root or on an unknown top-level path: the accounting list for
 * factoring users, the dashboard for carriers, the all-shipments list for drivers, the Operations
 * page for the operator's staff, otherwise the dashboard.
 */
export function defaultLandingPath(subject: AccessSubject): string {
  if (userKind(subject) === 'other' && hasAccess(subject, ACCESS.operatorAdmin)) {
    return '/operations';
  }
  switch (userKind(subject)) {
    case 'factoring':
      return '/accounting';
    case 'driver':
      return '/all-shipments';
    default:
      return '/dashboard';
  }
}

export type PathResolution =
  | { readonly kind: 'route'; readonly match: RouteMatch }
  | { readonly kind: 'alias'; readonly to: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'landing' };

/** What the authenticated app shows at a path: a route, "Route Not Found" inside a section, or the default landing. */
export function resolvePortalPath(pathname: string): PathResolution {
  const match = matchPortalRoute(pathname);
  if (match) return { kind: 'route', match };
  const alias = caseDocumentsAlias(pathname);
  if (alias) return { kind: 'alias', to: alias };
  const first = segmentsOf(pathname)[0]?.toLowerCase();
  const inSection = first !== undefined && [...PORTAL_SECTIONS].some((name) => name === first);
  return inSection ? { kind: 'not-found' } : { kind: 'landing' };
}

/** Edits (insert, delete, substitute, swap two neighbours) between two words. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The case page's documents sub-path is misspelt in the original portal, and links with that
 * spelling are in the wild. Any near miss of "documents" (two slips at most) is taken for it.
 */
export function isDocumentsMisspelling(subPage: string): boolean {
  const word = subPage.toLowerCase();
  return word !== 'documents' && editDistance(word, 'documents') <= 2;
}

/** /cases/{caseNumber}/preview/{near miss of documents} answers with the correct spelling. */
function caseDocumentsAlias(pathname: string): string | undefined {
  const [section, caseNumber, preview, subPage, ...rest] = segmentsOf(pathname);
  if (section?.toLowerCase() !== 'cases' || preview?.toLowerCase() !== 'preview') return undefined;
  if (!caseNumber || !subPage || rest.length > 0 || !isDocumentsMisspelling(subPage))
    return undefined;
  return `/cases/${caseNumber}/preview/documents`;
}
