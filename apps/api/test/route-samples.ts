import type { FastifyInstance } from 'fastify';
import type { CatalogRoute } from '../src/app';
import { buildStopDateTime } from '@portal/domain';
import type { ForeignWorld } from './foreign-world';

// What the generated route tests send: a world's value for every id-like name a route takes, and
// bodies and queries that pass validation. Shared by the tenant-isolation matrix (one foreign world,
// every route) and the tenant matrix (own, another company's and missing ids, from the OpenAPI document).

/** Routes whose parameter is not a tenant's resource; each says why. */
export const NOT_TENANT_DATA: Record<string, string> = {
  '/api/v2/trailers': 'the number a carrier gives its own new trailer, not a reference to a row',
  '/api/v2/power_units':
    'the number a carrier gives its own new power unit, not a reference to a row',
  '/api/v1/videos/:slug/file':
    'training videos shipped with the portal, the same for every company',
  '/api/v2/orders':
    'a new order: its reference numbers are text the broker types about its own paperwork',
};

/** A valid order with two typed-in stops (orders.test.ts covers the rules). */
const orderSample = () => {
  const stop = (type: string, date: string, postalCode: string, city: string, state: string) => ({
    type,
    locationNumber: 'N/A',
    location: { name: `${city} Dock`, addressLine1: '1 Main St', city, state, postalCode },
    earlyDateTime: buildStopDateTime(date, '08:00', postalCode),
    lateDateTime: buildStopDateTime(date, '12:00', postalCode),
    appointmentDateTime: '',
  });
  return {
    shippingMode: 0,
    equipmentMode: 0,
    equipmentTypes: [1],
    stops: [
      stop('Pickup', '2031-03-01', '60601', 'Chicago', 'IL'),
      stop('Delivery', '2031-03-03', '30303', 'Atlanta', 'GA'),
    ],
    lineItems: [
      {
        id: 'new-1',
        pickupStop: 0,
        deliveryStop: 1,
        description: 'Palletized dry goods',
        freightClass: '70',
        packageCount: 10,
        weightPounds: 12000,
      },
    ],
  };
};

export const noteJson = (text: string) => ({
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
export const SAMPLE_BODIES: Record<string, unknown | ((f: ForeignWorld) => unknown)> = {
  'PUT /api/v2/orders/:orderNumber': () => ({ ...orderSample(), version: 1 }),
  'POST /api/v2/orders/draft_shipments': (f: ForeignWorld) => ({ orderIds: [f.order.id] }),
  // A later chunk: another's recording, or one that never started, answers 404 either way.
  'POST /api/v1/session_replays/:replayId/chunks': {
    sequence: 1,
    path: '/dashboard',
    events: [{ type: 3, data: { source: 2 }, timestamp: 2 }],
  },
  'PATCH /api/v2/ap_invoices/:id': { carrierInvoiceNumber: 'MX-1', invoiceAmount: 10, version: 1 },
  'PUT /api/v2/ap_invoices/:id/quick_pay': { serviceLevel: 2, version: 1 },
  'POST /api/v2/ap_invoices/:id/settle': { version: 1 },
  'PUT /api/v1/locations/:locationNumber': {
    name: 'Taken Over',
    addressLine1: '1 Main St',
    city: 'Fargo',
    province: 'ND',
    postalCode: '58102',
    version: 1,
  },
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
  'POST /api/v2/notes': (f: ForeignWorld) => ({
    entityType: 5,
    entityId: f.shipment.id,
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
  'PATCH /api/v2/invoices/:id': (f: ForeignWorld) => ({
    invoiceId: f.thirdPartyInvoice.id,
    externalInvoiceNumber: 'INV-1001',
    version: 1,
  }),
};

/** Query strings that pass validation, for lists that need one. */
export const SAMPLE_QUERIES: Record<string, string> = {
  '/api/v2/quick_searches/shipments': 'query=1',
  '/api/v2/notes': 'entityType=5',
  '/api/v2/notes/mentionable_users': 'entityType=5',
  '/api/v2/quotable_locations': 'q=Fargo',
  '/api/v1/locations/quotable/search': 'q=Fargo',
  '/api/v1/locations/external': 'q=Fargo',
  '/api/v1/locations/geocode': 'postalCode=58102',
};

/** Lists that take exactly one of their id filters: each filter is tried on its own. */
export const ONE_FILTER_AT_A_TIME = new Set(['/api/v2/documents']);

export function worldValue(f: ForeignWorld, name: string, url: string): string | undefined {
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
    scheduleId: f.dockSchedule.id,
    // A dock schedule's id in the customer's own TMS: text it types, not a reference to a row.
    tmsCompanyId: 'TMS-1',
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
    orderIds: f.order.id,
    replayId: f.sessionReplay.id,
    // An order's reference numbers: text the broker types about its own paperwork.
    chemtracAccountNumber: 'MX-1',
    salesOrderNumber: 'MX-1',
    purchaseOrderNumber: 'MX-1',
    transferOrderNumber: 'MX-1',
    returnAuthorizationNumber: 'MX-1',
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

/** Every value of a world that must never appear in an answer to an unrelated caller. */
export function worldMarkers(f: ForeignWorld): string[] {
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

export type JsonSchema = {
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

/** A value that satisfies a schema, with every id-like property set to the world's. */
export function sample(
  f: ForeignWorld,
  schema: JsonSchema | undefined,
  url: string,
  name = '',
): unknown {
  if (!schema) return undefined;
  const foreignId = name ? worldValue(f, name, url) : undefined;
  if (foreignId !== undefined) return foreignId;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(f, schema.anyOf[0], url, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || worldValue(f, key, url) !== undefined)
          value[key] = sample(f, child, url, key);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(f, schema.items, url));
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
export function idLikeNames(schema: JsonSchema | undefined): string[] {
  // external* numbers are what a company types about its own paperwork, not references to rows.
  return Object.keys(schema?.properties ?? {}).filter(
    (name) => /(Id|Ids|Number|NumberOrId)$/.test(name) && !name.startsWith('external'),
  );
}

export const pathParameters = (url: string) =>
  url
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/** The body a write is sent with: a known valid one, or one generated from its schema. */
export function sampleBody(
  f: ForeignWorld,
  method: string,
  url: string,
  schema: JsonSchema | undefined,
): unknown {
  const given = SAMPLE_BODIES[`${method} ${url}`];
  return typeof given === 'function' ? given(f) : (given ?? sample(f, schema, url));
}

export interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the server's OpenAPI document, with the route it documents. */
export interface DocumentedOperation {
  method: string;
  /** Fastify's form of the path (:id), which the samples and the route catalog use. */
  url: string;
  parameters: OpenApiParameter[];
  body: JsonSchema | undefined;
  statuses: Set<number>;
  route: CatalogRoute;
}

/** Every /api operation of the OpenAPI document the server makes, read when the test runs. */
export function documentedOperations(app: FastifyInstance): DocumentedOperation[] {
  const document = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: OpenApiParameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          responses?: Record<string, unknown>;
        }
      >
    >;
  };
  const catalog = new Map(app.routeCatalog.map((route) => [`${route.method} ${route.url}`, route]));
  const found: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    if (!url.startsWith('/api/')) continue;
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const route = catalog.get(`${method} ${url}`);
      if (!route) continue;
      found.push({
        method,
        url,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        statuses: new Set(Object.keys(operation.responses ?? {}).map(Number)),
        route,
      });
    }
  }
  return found;
}
