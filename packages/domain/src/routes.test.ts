import { describe, expect, it } from 'vitest';
import { ACCESS, userKind } from './access';
import {
  decideRouteAccess,
  defaultLandingPath,
  isDocumentsMisspelling,
  isPublicPath,
  matchPattern,
  matchPortalRoute,
  PORTAL_ROUTES,
  resolvePortalPath,
  type RouteSubject,
} from './routes';

// The demo users of the README, as the guard sees them.
const carrier: RouteSubject = {
  roles: ['Admin', 'AP', 'AR', 'BillTo'],
  permissions: ['CarrierPortal', 'CarrierBillingSettings'],
  isBroker: false,
};
const dispatcher: RouteSubject = { roles: [], permissions: ['CarrierPortal'], isBroker: false };
const driver: RouteSubject = { roles: ['Driver'], permissions: ['DriverPortal'], isBroker: false };
const billing: RouteSubject = {
  roles: ['BillTo', 'BillingInquiry'],
  permissions: ['CarrierPortal'],
  isBroker: false,
};
const broker: RouteSubject = { roles: ['Admin'], permissions: ['CarrierPortal'], isBroker: true };
const factoring: RouteSubject = {
  roles: ['AR'],
  permissions: ['FactoringCompanyPortal'],
  isBroker: false,
};
const admin: RouteSubject = { roles: ['Admin'], permissions: ['Admin'], isBroker: false };

const routeAt = (path: string) => {
  const match = matchPortalRoute(path);
  if (!match) throw new Error(`no route for ${path}`);
  return match.route;
};
const allowed = (subject: RouteSubject, path: string) =>
  decideRouteAccess(subject, routeAt(path)).allowed;

describe('the route table', () => {
  it('lists every authenticated path of the spec', () => {
    const spec = [
      '/dashboard',
      '/dashboard/shipments',
      '/dashboard/rates',
      '/dashboard/tenders',
      '/dashboard/accounting',
      '/dashboard/shipments/1000001/preview',
      '/dashboard/tenders/t-1/preview',
      '/dashboard/rates/r-1/preview',
      '/dashboard/accounting/INV-1/preview',
      '/all-shipments',
      '/all-shipments/trip/trip-9',
      '/all-shipments/1000001/preview',
      '/all-shipments/1000001/preview/details',
      '/all-shipments/1000001/preview/financials',
      '/all-shipments/1000001/preview/cases',
      '/all-shipments/1000001/preview/documents',
      '/all-shipments/1000001/preview/SignedRateConfirmation',
      '/shipments',
      '/shipments/1000001/',
      '/my-shipments',
      '/my-shipments/1000001',
      '/available-freight',
      '/available-freight/1000001',
      '/rates',
      '/rates/spot/shipment/1000001',
      '/rates/r-1/preview',
      '/rates/r-1/preview/details',
      '/rates/1000001',
      '/tenders',
      '/tenders/t-1',
      '/equipment',
      '/equipment/trailers',
      '/equipment/power-units',
      '/saved-lanes',
      '/lanes',
      '/live-equipment',
      '/videos',
      '/cases',
      '/cases/C-1/preview',
      '/cases/C-1/preview/notes',
      '/cases/C-1/preview/documents',
      '/cases/C-1/preview/history',
      '/accounting',
      '/accounting/INV-1/preview',
      '/invoices',
      '/invoices/INV-1/preview',
      '/payments',
      '/payments/CHK-1/preview',
      '/third-party-payer-invoices',
      '/third-party-payer-invoices/TP-1/preview',
      '/reloads',
      '/contacts',
      '/contacts/c-1/preview',
      '/contacts/c-1/edit',
      '/contacts/create',
      '/orders',
      '/orders/create',
      '/orders/5000001/preview',
      '/orders/5000001/preview/details',
      '/orders/5000001/preview/logistics',
      '/orders/5000001/edit',
      '/profile',
      '/profile/edit',
      // The operator's landing (decision 151), beyond the spec's table.
      '/operations',
      // Not the spec's: the operator's queues for tendering and rate offers (decision 142).
      '/operations/tendering',
      '/operations/rate-requests',
      // Not the spec's: a company's locations and dock schedules (decision 172).
      '/locations',
      '/locations/create',
      '/locations/100234',
    ];
    const matched = spec.map((path) => matchPortalRoute(path)?.route.pattern);
    expect(matched.filter((pattern) => pattern === undefined)).toEqual([]);
    // Each path of the table is one route, and the table has no route the spec does not name
    // (but the admin pages the user menu's Admin and API Documentation open, decision 123).
    expect(new Set(matched).size).toBe(spec.length);
    expect(
      PORTAL_ROUTES.filter((route) => route.section !== 'admin')
        .map((route) => route.pattern)
        .sort(),
    ).toEqual([...(matched as string[])].sort());
  });

  it('shows the dashboard page on every dashboard sub-path and names pages for the top bar', () => {
    for (const path of ['/dashboard', '/dashboard/rates', '/dashboard/accounting'])
      expect(routeAt(path).page).toBe('dashboard');
    expect(routeAt('/available-freight').title).toBe('Top Picks');
    expect(routeAt('/cases').title).toBe('Accessorial Requests');
    expect(routeAt('/reloads').title).toBe('Load Board');
    expect(routeAt('/equipment').page).toBe('trailers');
    expect(routeAt('/equipment/power-units').page).toBe('power-units');
  });

  it('prefers literal segments and reads parameters', () => {
    expect(matchPortalRoute('/contacts/create')?.route.page).toBe('contact-create');
    expect(matchPortalRoute('/rates/r-1/preview')?.params).toEqual({ rateId: 'r-1' });
    expect(matchPortalRoute('/rates/spot/shipment/1000001')?.params).toEqual({
      rateType: 'spot',
      shipmentNumber: '1000001',
    });
    expect(matchPattern('/a/:b', '/A/x%20y')).toEqual({ b: 'x y' });
    expect(matchPattern('/a/:b', '/a/%E0%A4%A')).toBeUndefined();
    expect(matchPattern('/a', '/a/b')).toBeUndefined();
  });

  it('answers each path for itself, however many paths were matched before', () => {
    const paths = Array.from({ length: 300 }, (_, index) => `/contacts/c-${index}/edit`);
    for (const path of [...paths, ...paths.slice(0, 10)]) {
      const id = path.split('/')[2]!;
      expect(matchPortalRoute(path)).toMatchObject({
        route: { page: 'contact-edit' },
        params: { contactId: id },
      });
    }
    expect(Object.isFrozen(matchPortalRoute('/contacts/c-1/edit')?.params)).toBe(true);
    expect(matchPortalRoute('/CONTACTS/create')?.route.page).toBe('contact-create');
    expect(matchPortalRoute('/contacts/create/nothing-here')).toBeUndefined();
    expect(matchPortalRoute('/contacts/create/nothing-here')).toBeUndefined();
  });

  it('knows the public routes', () => {
    for (const path of [
      '/',
      '/login',
      '/request-password-reset',
      '/reset-password/abc',
      '/ActivateUser/abc',
      '/passwordReset/abc',
      '/not-found',
      '/forgot-password',
    ])
      expect(isPublicPath(path), path).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
  });
});

describe('the route guard', () => {
  it('opens the dashboard to carriers and sends everyone else to all shipments', () => {
    expect(allowed(carrier, '/dashboard')).toBe(true);
    expect(decideRouteAccess(driver, routeAt('/dashboard/tenders/1/preview'))).toEqual({
      allowed: false,
      refusal: { kind: 'redirect', to: '/all-shipments' },
    });
  });

  it('needs the carrier or driver portal for shipments and cases', () => {
    expect(allowed(driver, '/all-shipments/1/preview/details')).toBe(true);
    expect(allowed(driver, '/cases')).toBe(true);
    expect(allowed(factoring, '/all-shipments')).toBe(false);
    expect(decideRouteAccess(factoring, routeAt('/shipments'))).toEqual({
      allowed: false,
      refusal: { kind: 'message' },
    });
  });

  it('gives locations to carrier-portal users, brokers included', () => {
    const route = routeAt('/locations/100234');
    expect(route.page).toBe('location');
    expect(route.title).toBe('Locations');
    expect(routeAt('/locations/create').page).toBe('location-create');
    expect(route.access).toEqual(ACCESS.carrierPortal);
    expect(route.brokers).toBeUndefined();
  });

  it('needs the carrier or factoring portal for money and contacts', () => {
    for (const path of ['/accounting', '/payments/1/preview', '/invoices', '/contacts/create']) {
      expect(allowed(factoring, path), path).toBe(true);
      expect(allowed(dispatcher, path), path).toBe(true);
      expect(allowed(driver, path), path).toBe(false);
    }
  });

  it('applies the third-party invoice rule: one of three permissions and one of five roles', () => {
    expect(allowed(carrier, '/third-party-payer-invoices')).toBe(true);
    expect(allowed(billing, '/third-party-payer-invoices')).toBe(true);
    expect(allowed(factoring, '/third-party-payer-invoices/1/preview')).toBe(true);
    expect(allowed(admin, '/third-party-payer-invoices')).toBe(true);
    // The operator's staff resolve accessorial requests (decision 103).
    expect(allowed(admin, '/cases')).toBe(true);
    expect(allowed(admin, '/cases/90001/preview/notes')).toBe(true);
    // CarrierPortal but no role of the five.
    expect(decideRouteAccess(dispatcher, routeAt('/third-party-payer-invoices'))).toEqual({
      allowed: false,
      refusal: { kind: 'redirect', to: '/all-shipments' },
    });
    // A role of the five but only the driver portal.
    expect(
      allowed(
        { roles: ['AP'], permissions: ['DriverPortal'], isBroker: false },
        '/third-party-payer-invoices',
      ),
    ).toBe(false);
  });

  it('refuses brokers the load board, Top Picks and accessorial requests, and opens orders to them only', () => {
    for (const path of [
      '/reloads',
      '/cases',
      '/available-freight',
      '/available-freight/4100123',
      '/live-equipment',
      '/lanes',
      '/saved-lanes',
      // A load's rates with Book belong to the load board.
      '/rates/4100123',
      '/rates/contract/shipment/4100123',
    ]) {
      expect(allowed(broker, path), path).toBe(false);
      expect(allowed(dispatcher, path), path).toBe(true);
      expect(allowed(carrier, path), path).toBe(true);
    }
    // Rate requests are not the load board's: a broker's company may be asked for a rate.
    expect(allowed(broker, '/rates')).toBe(true);
    expect(allowed(broker, '/tenders')).toBe(true);
    expect(allowed(broker, '/orders/create')).toBe(true);
    expect(allowed(dispatcher, '/orders')).toBe(false);
  });

  it('opens the profile to any of the three portals and refuses anyone signed out', () => {
    expect(allowed(driver, '/profile')).toBe(true);
    expect(allowed(factoring, '/profile/edit')).toBe(true);
    expect(allowed(admin, '/profile')).toBe(false);
    expect(decideRouteAccess(null, routeAt('/profile')).allowed).toBe(false);
  });
});

describe('default landing', () => {
  it('lands factoring users on accounting, carriers on the dashboard, drivers on all shipments, the operator on operations', () => {
    expect(defaultLandingPath(factoring)).toBe('/accounting');
    for (const subject of [carrier, dispatcher, billing, broker])
      expect(defaultLandingPath(subject)).toBe('/dashboard');
    expect(defaultLandingPath(driver)).toBe('/all-shipments');
    // The operator's staff work their queues (decision 151).
    expect(defaultLandingPath(admin)).toBe('/operations');
    expect(userKind({ roles: ['Driver', 'AP'], permissions: ['DriverPortal'] })).toBe('driver');
    expect(userKind({ roles: [], permissions: ['FactoringCompanyPortal', 'CarrierPortal'] })).toBe(
      'carrier',
    );
  });

  it('tells an unknown path inside a section from an unknown top-level path', () => {
    expect(resolvePortalPath('/shipments/1/nope/deeper')).toEqual({ kind: 'not-found' });
    expect(resolvePortalPath('/Payments/x/y/z')).toEqual({ kind: 'not-found' });
    expect(resolvePortalPath('/no-such-area')).toEqual({ kind: 'landing' });
    expect(resolvePortalPath('/')).toEqual({ kind: 'landing' });
    expect(resolvePortalPath('/tenders/7')).toMatchObject({ kind: 'route' });
  });
});

describe('the misspelt case documents path', () => {
  it.each([
    'documnets',
    'docuemnts',
    'doucments',
    'documets',
    'documentss',
    'document',
    'Documnets',
  ])('takes %s for documents', (word) => expect(isDocumentsMisspelling(word)).toBe(true));
  it.each(['documents', 'notes', 'history', 'details', 'docs', 'comments', 'payments'])(
    'does not take %s for it',
    (word) => expect(isDocumentsMisspelling(word)).toBe(false),
  );
  it('answers /cases/{n}/preview/documnets with the correct spelling', () => {
    expect(resolvePortalPath('/cases/90003/preview/documnets')).toEqual({
      kind: 'alias',
      to: '/cases/90003/preview/documents',
    });
  });
  it('keeps other unknown case sub-pages as Route Not Found', () => {
    expect(resolvePortalPath('/cases/90003/preview/payments')).toEqual({ kind: 'not-found' });
  });
});
