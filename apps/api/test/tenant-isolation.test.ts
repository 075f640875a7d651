import { hasAccess, Permission, Role, type AccessRequirement } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRoute } from '../src/app';
import { makeUser } from '../src/seed/factories';
import { makeForeignWorld, type ForeignWorld } from './foreign-world';
import { startTestApp, type TestApp } from './harness';
import {
  idLikeNames,
  NOT_TENANT_DATA,
  ONE_FILTER_AT_A_TIME,
  pathParameters,
  SAMPLE_QUERIES,
  sampleBody,
  worldMarkers,
  worldValue,
  type JsonSchema,
} from './route-samples';
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
  /** A broker's user: the only caller the brokers-only routes admit, and one the load board refuses. */
  isBroker?: boolean;
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
    { ...person('broker', world.users.brokerUser), isBroker: true },
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

/** Whether the route's guard refuses the caller (its access rule, brokers only, or brokers refused). */
function guardRefuses(caller: Caller, route: CatalogRoute): boolean {
  const access = route.config.access as AccessRequirement | undefined;
  if (access && !hasAccess(caller, access)) return true;
  if (route.config.brokersRefused && caller.isBroker === true) return true;
  return Boolean(route.config.brokersOnly) && caller.isBroker !== true;
}

function expectedStatus(caller: Caller, route: CatalogRoute): 403 | 404 {
  return guardRefuses(caller, route) ? 403 : 404;
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
        if (worldValue(foreign, name, route.url) === undefined)
          missing.push(`${route.method} ${route.url} :${name}`);
      }
    }
    expect(missing, 'add these to worldValue (and the foreign world) or NOT_TENANT_DATA').toEqual(
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
        url = url.replace(`:${name}`, encodeURIComponent(worldValue(foreign, name, route.url)!));
      const body = sampleBody(foreign, route.method, route.url, schema?.body);
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
          worldMarkers(foreign).some(
            (marker) => response.body.includes(marker) && !url.includes(marker),
          )
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
        for (const name of filters) query.set(name, worldValue(foreign, name, route.url)!);
        const url = `${route.url}${query.size > 0 ? `?${query}` : ''}`;
        for (const caller of callers) {
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: await caller.headers(),
          });
          const expected = guardRefuses(caller, route) ? [403] : [200, 404];
          if (!expected.includes(response.statusCode))
            failures.push(
              `${describeFailure(caller, route, response)} ${url} (expected ${expected.join(' or ')}; give SAMPLE_QUERIES)`,
            );
          if (worldMarkers(foreign).some((marker) => response.body.includes(marker)))
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
        url = url.replace(
          `:${name}`,
          encodeURIComponent(worldValue(foreign, name, route.url) ?? 'x'),
        );
      url = url.replace('*', 'x');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      if (response.statusCode !== 401)
        failures.push(`${route.method} ${route.url} answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
