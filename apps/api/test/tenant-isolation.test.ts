import { hasAccess, Permission, Role, type AccessRequirement } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRoute } from '../src/app';
import { makeUser } from '../src/seed/factories';
import { makeForeignWorld, type ForeignWorld } from './foreign-world';
import { startTestApp, type TestApp } from './harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from './world';

// The tenant-isolation matrix: every route the server has, as every kind of caller, with the ids of
// a company none of them is related to. The answer is 404 (403 where the route's access rule
// refuses the caller, as the spec's guard does), never the data. Routes are read from the server
// itself, so a route added later is covered the day it is added: an id it takes that this file
// cannot resolve fails the test until it is named below.

let t: TestApp;
let world: TestWorld;
let foreign: ForeignWorld;

interface Caller {
  name: string;
  roles: readonly string[];
  permissions: readonly string[];
  headers: () => Promise<Record<string, string>>;
}
let callers: Caller[];

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  foreign = await makeForeignWorld(t.db, world.operator.id);
  const { dispatcher, billing } = await t.db.system(async (tx) => ({
    dispatcher: await makeUser(tx, {
      companyId: world.carrier.id,
      password: TEST_PASSWORD,
      roles: [],
      permissions: [Permission.CarrierPortal],
    }),
    billing: await makeUser(tx, {
      companyId: world.carrier.id,
      password: TEST_PASSWORD,
      roles: [Role.BillTo, Role.BillingInquiry],
      permissions: [Permission.CarrierPortal],
    }),
  }));
  const bearer = (user: { id: string; companyId: string }) => async () => ({
    authorization: `Bearer ${await t.tokenFor(user)}`,
  });
  const person = (
    name: string,
    user: { id: string; companyId: string; roles: string[]; permissions: string[] },
  ) => ({
    name,
    roles: user.roles,
    permissions: user.permissions,
    headers: bearer(user),
  });
  // An integration's key and a driver link: the other two ways in.
  const key = await t.injectAs(world.users.carrierUser, {
    method: 'POST',
    url: '/api/v1/api_keys',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'matrix', permissions: ['CarrierPortal'], roles: ['AP'] }),
  });
  const link = await t.injectAs(world.users.carrierUser, {
    method: 'POST',
    url: `/api/v1/drivers/${world.users.driver.id}/links`,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  const mobile = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/mobile_authorize',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ driverToken: link.json().data.driverToken }),
  });
  const driverToken: string = mobile.json().data.accessToken;
  callers = [
    person('carrier admin', world.users.carrierUser),
    person('dispatcher', dispatcher),
    person('billing', billing),
    person('driver', world.users.driver),
    person('broker', world.users.brokerUser),
    person('factoring', world.users.factoringUser),
    person('other carrier', world.users.otherCarrierUser),
    {
      name: 'api key',
      roles: ['AP'],
      permissions: ['CarrierPortal'],
      headers: async () => ({ 'api-key': key.json().data.key }),
    },
    {
      name: 'driver link',
      roles: ['Driver'],
      permissions: ['DriverPortal'],
      headers: async () => ({ authorization: `Bearer ${driverToken}` }),
    },
  ];
  // The operator's staff see every company by design (decision 002) and are not in the matrix.
});
afterAll(() => t.close());

/** Public routes that take a parameter, and why that is no tenant's data. */
const PUBLIC_WITH_PARAMETERS: Record<string, string> = {
  '/oidc/*': 'the built-in provider; its own state is bound to the browser by cookies',
  '/oidc/interaction/:uid': 'a redirect to the sign-in page',
  '/oidc/interaction/:uid/details': 'bound to the browser by the interaction cookie (tested)',
  '/oidc/interaction/:uid/login': 'bound to the browser by the interaction cookie (tested)',
  '/oidc/interaction/:uid/password-reset':
    'bound to the browser by the interaction cookie (tested)',
};

/** Routes whose parameter is not a tenant's resource; each says why. */
const NOT_TENANT_DATA: Record<string, string> = {
  '/api/v2/trailers': 'the number a carrier gives its own new trailer, not a reference to a row',
  '/api/v2/power_units':
    'the number a carrier gives its own new power unit, not a reference to a row',
  '/api/v1/videos/:slug/file':
    'training videos shipped with the portal, the same for every company',
};

const noteJson = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          { type: 'text', version: 1, detail: 0, format: 0, mode: 'normal', style: '', text },
        ],
      },
    ],
  },
});

/** Bodies that pass validation, for writes whose schema a generated sample cannot satisfy. */
const SAMPLE_BODIES: Record<string, unknown | (() => unknown)> = {
  'PATCH /api/v2/ap_invoices/:id': { carrierInvoiceNumber: 'MX-1', invoiceAmount: 10, version: 1 },
  'PUT /api/v2/ap_invoices/:id/quick_pay': { serviceLevel: 2, version: 1 },
  'POST /api/v2/ap_invoices/:id/settle': { version: 1 },
  'POST /api/v2/ap_invoices/:id/pay': {
    checkNumber: 'MX-1',
    paymentDate: '2026-01-02',
    version: 1,
  },
  'POST /api/v1/access_requests/:id/approve': { permissions: ['CarrierPortal'] },
  'PATCH /api/v2/shipments/:id/stops/:stopId/arrival_and_departure': {
    arrivedAt: '2025-06-01T14:00:00Z',
  },
  'PUT /api/v2/shipments/:id/empty_location': {
    postalCode: '58102',
    emptyAt: '2025-06-02T10:00:00Z',
    version: 1,
  },
  'POST /api/v2/notes': () => ({
    entityType: 5,
    entityId: foreign.shipment.id,
    noteContent: 'Checking in',
    noteHTML: '<p>Checking in</p>',
    noteJSON: noteJson('Checking in'),
    notifyUsers: [],
  }),
  'PUT /api/v2/notes/:noteId': {
    noteContent: 'Edited',
    noteHTML: '<p>Edited</p>',
    noteJSON: noteJson('Edited'),
  },
  'PUT /api/v2/documents/document-trigger/:id': { fileType: 16 },
  'PATCH /api/v2/invoices/:id': () => ({
    invoiceId: foreign.thirdPartyInvoice.id,
    externalInvoiceNumber: 'INV-1001',
    version: 1,
  }),
};

/** Query strings that pass validation, for lists that need one. */
const SAMPLE_QUERIES: Record<string, string> = {
  '/api/v2/quick_searches/shipments': 'query=1',
  '/api/v2/notes': 'entityType=5',
  '/api/v2/notes/mentionable_users': 'entityType=5',
  '/api/v2/quotable_locations': 'q=Fargo',
};

/** Lists that take exactly one of their id filters: each filter is tried on its own. */
const ONE_FILTER_AT_A_TIME = new Set(['/api/v2/documents']);

function foreignValue(name: string, url: string): string | undefined {
  const f = foreign;
  // api/v2/invoices are third-party payer invoices (decision 040).
  const thirdParty = /third_party|\/api\/v2\/invoices/.test(url);
  const byName: Record<string, string> = {
    shipmentId: f.shipment.id,
    shipmentNumber: f.shipment.shipmentNumber,
    shipmentNumberOrId: f.shipment.shipmentNumber,
    orderId: f.order.id,
    orderNumber: f.order.orderNumber,
    tenderId: f.tender.id,
    tenderIdOrShipmentNumber: f.tender.id,
    caseId: f.theCase.id,
    caseNumber: f.theCase.caseNumber,
    invoiceId: thirdParty ? f.thirdPartyInvoice.id : f.apInvoice.id,
    invoiceNumber: thirdParty ? f.thirdPartyInvoice.invoiceNumber : f.apInvoice.invoiceNumber,
    apInvoiceId: f.apInvoice.id,
    apInvoiceNumber: f.apInvoice.invoiceNumber,
    // The carrier's own number for its invoice: text it types, not a reference to anything.
    carrierInvoiceNumber: 'MX-1',
    thirdPartyInvoiceId: f.thirdPartyInvoice.id,
    checkNumber: f.payment.checkNumber,
    paymentId: f.payment.id,
    documentId: f.document.id,
    noteId: f.note.id,
    entityId: f.shipment.id,
    contactId: f.users.admin.id,
    userId: f.users.admin.id,
    driverId: f.users.driver.id,
    locationId: f.location.id,
    locationNumber: f.location.locationNumber,
    tripId: f.trip.id,
    stopId: f.shipmentStopId,
    orderStopId: f.orderStopId,
    rateId: f.rate.id,
    rateRequestId: f.rateRequest.id,
    offerId: f.offer.id,
    trailerId: f.trailer.id,
    powerUnitId: f.powerUnit.id,
    trailerNumber: f.trailer.trailerNumber,
    powerUnitNumber: f.powerUnit.unitNumber,
    unitNumber: f.powerUnit.unitNumber,
    filterSetId: f.filterSet.id,
    problemId: f.trackingProblem.id,
    pickupOrderStopId: f.orderStopId,
    deliveryOrderStopId: f.orderStopId,
    apiKeyId: f.apiKey.id,
    accessRequestId: f.accessRequest.id,
    linkId: f.driverLink.id,
    carrierId: f.companies.carrier.id,
    respondingContactId: f.users.admin.id,
    companyId: f.companies.carrier.id,
    customerId: f.companies.customer.id,
    involvedPartyIds: f.companies.carrier.id,
    customerIds: f.companies.customer.id,
    carrierIds: f.companies.carrier.id,
    shipmentStopId: f.shipmentStopId,
    assigneeUserId: f.users.admin.id,
    laneId: f.savedLane.id,
    postingId: f.equipmentPosting.id,
  };
  if (name in byName) return byName[name];
  if (name !== 'id') return undefined;
  // A bare :id is what the path segment before it names.
  const segments = url.split('/');
  const before = segments[segments.indexOf(':id') - 1] ?? '';
  const bySegment: Record<string, string> = {
    shipments: f.shipment.id,
    available_shipments: f.shipment.id,
    'document-trigger': f.shipment.id,
    orders: f.order.id,
    tenders: f.tender.id,
    offers: f.offer.id,
    cases: f.theCase.id,
    invoices: f.thirdPartyInvoice.id,
    ap_invoices: f.apInvoice.id,
    third_party_payer_invoices: f.thirdPartyInvoice.id,
    third_party_invoices: f.thirdPartyInvoice.id,
    payments: f.payment.id,
    documents: f.document.id,
    notes: f.note.id,
    contacts: f.users.admin.id,
    users: f.users.admin.id,
    drivers: f.users.driver.id,
    locations: f.location.id,
    trips: f.trip.id,
    trailers: f.trailer.id,
    power_units: f.powerUnit.id,
    rates: f.rate.id,
    rate_requests: f.rateRequest.id,
    api_keys: f.apiKey.id,
    access_requests: f.accessRequest.id,
  };
  return bySegment[before];
}

/** Every value of the foreign world that must never appear in an answer. */
function foreignMarkers(): string[] {
  const f = foreign;
  return [
    f.shipment.id,
    f.shipment.shipmentNumber,
    f.order.id,
    f.order.orderNumber,
    f.tender.id,
    f.theCase.id,
    f.apInvoice.id,
    f.payment.id,
    f.payment.checkNumber,
    f.thirdPartyInvoice.id,
    f.thirdPartyInvoice.invoiceNumber,
    f.document.id,
    f.note.id,
    f.location.id,
    f.trailer.id,
    f.powerUnit.id,
    f.apiKey.id,
    f.accessRequest.id,
    f.driverLink.id,
    f.savedLane.id,
    f.equipmentPosting.id,
    f.users.admin.id,
    f.users.driver.id,
    'Receiver asked for a new appointment',
  ];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
};

/** A value that satisfies a schema, with every id-like property set to the foreign world's. */
function sample(schema: JsonSchema | undefined, url: string, name = ''): unknown {
  if (!schema) return undefined;
  const foreignId = name ? foreignValue(name, url) : undefined;
  if (foreignId !== undefined) return foreignId;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0], url, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || foreignValue(key, url) !== undefined)
          value[key] = sample(child, url, key);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, url));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2025-01-01';
      if (schema.format === 'email') return 'someone@example.test';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return undefined;
  }
}

/** Id-like names a schema takes (path, query or body) that the matrix must fill in. */
function idLikeNames(schema: JsonSchema | undefined): string[] {
  // external* numbers are what a company types about its own paperwork, not references to rows.
  return Object.keys(schema?.properties ?? {}).filter(
    (name) => /(Id|Ids|Number|NumberOrId)$/.test(name) && !name.startsWith('external'),
  );
}

// Event streams never end, so the list check cannot read them to the end. The notification stream
// takes no id and carries only the caller's own notifications (notifications.test.ts checks that
// another user's never arrive).
const STREAMS = new Set(['/api/v1/notifications/stream']);

const apiRoutes = (): CatalogRoute[] =>
  t.app.routeCatalog.filter(
    (route) =>
      !['HEAD', 'OPTIONS'].includes(route.method) &&
      (route.url === '/api' || route.url.startsWith('/api/')) &&
      !route.config.public,
  );

const pathParameters = (url: string) =>
  url
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

function expectedStatus(caller: Caller, route: CatalogRoute): 403 | 404 {
  const access = route.config.access as AccessRequirement | undefined;
  return access && !hasAccess(caller, access) ? 403 : 404;
}

function describeFailure(caller: Caller, route: CatalogRoute, response: LightMyRequestResponse) {
  return `${caller.name}: ${route.method} ${route.url} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
}

// Each sweep sends every route to every caller: minutes on a busy machine, so a longer limit.
describe('tenant isolation matrix', { timeout: 180_000 }, () => {
  it('knows every public route that takes a parameter', () => {
    const publicWithParameters = t.app.routeCatalog
      .filter((route) => route.config.public && /[:*]/.test(route.url))
      .map((route) => route.url);
    const unknown = [...new Set(publicWithParameters)].filter(
      (url) => !(url in PUBLIC_WITH_PARAMETERS),
    );
    expect(unknown, 'public routes with parameters must be reviewed and listed').toEqual([]);
  });

  it('can fill in every id any route takes', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      if (route.url in NOT_TENANT_DATA) continue;
      const schema = route.schema as { querystring?: JsonSchema; body?: JsonSchema } | undefined;
      for (const name of [
        ...pathParameters(route.url),
        ...idLikeNames(schema?.querystring),
        ...idLikeNames(schema?.body),
      ]) {
        if (foreignValue(name, route.url) === undefined)
          missing.push(`${route.method} ${route.url} :${name}`);
      }
    }
    expect(missing, 'add these to foreignValue (and the foreign world) or NOT_TENANT_DATA').toEqual(
      [],
    );
  });

  it('answers 404 (or the guard’s 403) to every caller for another company’s ids, never the data', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes()) {
      if (route.url in NOT_TENANT_DATA) continue;
      const schema = route.schema as { querystring?: JsonSchema; body?: JsonSchema } | undefined;
      const parameters = pathParameters(route.url);
      const bodyIds = idLikeNames(schema?.body);
      if (parameters.length === 0 && bodyIds.length === 0) continue;
      let url = route.url;
      for (const name of parameters)
        url = url.replace(`:${name}`, encodeURIComponent(foreignValue(name, route.url)!));
      const given = SAMPLE_BODIES[`${route.method} ${route.url}`];
      const body =
        typeof given === 'function' ? given() : (given ?? sample(schema?.body, route.url));
      for (const caller of callers) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(await caller.headers()),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        checked++;
        const expected = expectedStatus(caller, route);
        if (response.statusCode === 400)
          failures.push(
            `${describeFailure(caller, route, response)} (give a valid sample in SAMPLE_BODIES)`,
          );
        else if (response.statusCode !== expected)
          failures.push(describeFailure(caller, route, response));
        if (
          foreignMarkers().some((marker) => response.body.includes(marker) && !url.includes(marker))
        )
          failures.push(`${describeFailure(caller, route, response)} (foreign data in the answer)`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('never lists another company’s rows, even when asked for them by id', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      if (route.method !== 'GET' || pathParameters(route.url).length > 0) continue;
      if (STREAMS.has(route.url)) continue;
      // The documentation holds no tenant's rows; its rule (administrators, or any API key) is
      // tested in features/health/docs.test.ts.
      if (route.url.startsWith('/api/docs')) continue;
      const schema = route.schema as { querystring?: JsonSchema } | undefined;
      const names = idLikeNames(schema?.querystring);
      const filterSets = ONE_FILTER_AT_A_TIME.has(route.url)
        ? names.map((name) => [name])
        : [names];
      for (const filters of filterSets) {
        const query = new URLSearchParams(SAMPLE_QUERIES[route.url] ?? '');
        for (const name of filters) query.set(name, foreignValue(name, route.url)!);
        const url = `${route.url}${query.size > 0 ? `?${query}` : ''}`;
        for (const caller of callers) {
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: await caller.headers(),
          });
          const access = route.config.access as AccessRequirement | undefined;
          const expected = access && !hasAccess(caller, access) ? [403] : [200, 404];
          if (!expected.includes(response.statusCode))
            failures.push(
              `${describeFailure(caller, route, response)} ${url} (expected ${expected.join(' or ')}; give SAMPLE_QUERIES)`,
            );
          if (foreignMarkers().some((marker) => response.body.includes(marker)))
            failures.push(
              `${describeFailure(caller, route, response)} ${url} (foreign data in the answer)`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every private route without credentials', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      let url = route.url;
      for (const name of pathParameters(route.url))
        url = url.replace(`:${name}`, encodeURIComponent(foreignValue(name, route.url) ?? 'x'));
      url = url.replace('*', 'x');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      if (response.statusCode !== 401)
        failures.push(`${route.method} ${route.url} answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
