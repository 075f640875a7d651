import { randomUUID } from 'node:crypto';
import { Permission, Role } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../src/seed/factories';
import { makeForeignWorld, type ForeignWorld } from './foreign-world';
import { startTestApp, type TestApp } from './harness';
import {
  documentedOperations,
  idLikeNames,
  NOT_TENANT_DATA,
  sampleBody,
  SAMPLE_QUERIES,
  worldMarkers,
  worldValue,
  type JsonSchema,
} from './route-samples';
import { makeTestWorld } from './world';

// The tenant matrix, generated from the OpenAPI document when the test runs: every operation that
// takes an id, as every kind of caller of one company ("own"), with that company's ids, another
// company's ids and ids that exist nowhere. Another company's id must be answered exactly like a
// missing one (status, and the body with the ids themselves set aside); the own ids must never
// answer 5xx or show the other company's data. An operation added later is in the matrix the day
// it is documented. TENANT_MATRIX_ROUNDS repeats the sweep with fresh missing ids (npm run soak).

const ROUNDS = Number(process.env.TENANT_MATRIX_ROUNDS ?? 1);

let t: TestApp;
let own: ForeignWorld;
let other: ForeignWorld;

interface Caller {
  name: string;
  headers: Record<string, string>;
}
let callers: Caller[];

beforeAll(async () => {
  t = await startTestApp();
  const world = await makeTestWorld(t.db);
  own = await makeForeignWorld(t.db, world.operator.id);
  other = await makeForeignWorld(t.db, world.operator.id);
  // The world's document row has no file yet: the own caller's download must find one.
  const storageKey = `matrix/${randomUUID()}`;
  await t.db.system((tx) =>
    tx.updateTable('documents').set({ storageKey }).where('id', '=', own.document.id).execute(),
  );
  await t.ctx.documents.put(storageKey, Buffer.alloc(1024), 'application/pdf', 1024);
  const people = await t.db.system(async (tx) => ({
    dispatcher: await makeUser(tx, {
      companyId: own.companies.carrier.id,
      roles: [],
      permissions: [Permission.CarrierPortal],
    }),
    billing: await makeUser(tx, {
      companyId: own.companies.carrier.id,
      roles: [Role.BillTo, Role.BillingInquiry],
      permissions: [Permission.CarrierPortal],
    }),
    customer: await makeUser(tx, {
      companyId: own.companies.customer.id,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    }),
    factoring: await makeUser(tx, {
      companyId: own.companies.factoring.id,
      roles: [Role.AR],
      permissions: [Permission.FactoringCompanyPortal],
    }),
  }));
  const bearer = async (user: { id: string; companyId: string }) => ({
    authorization: `Bearer ${await t.tokenFor(user)}`,
  });
  // The operator's staff see every company by design (decision 002): no company is another's to them.
  callers = [
    { name: 'carrier admin', headers: await bearer(own.users.admin) },
    { name: 'dispatcher', headers: await bearer(people.dispatcher) },
    { name: 'billing', headers: await bearer(people.billing) },
    { name: 'driver', headers: await bearer(own.users.driver) },
    { name: 'customer (broker) admin', headers: await bearer(people.customer) },
    { name: 'factoring', headers: await bearer(people.factoring) },
  ];
}, 180_000);
afterAll(() => t.close());

/** Every string of a world replaced by one that exists nowhere: the "missing" ids. */
function missingWorld(world: ForeignWorld): { world: ForeignWorld; values: Map<string, string> } {
  const values = new Map<string, string>();
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let missing = values.get(value);
      if (missing === undefined) {
        missing = /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)
          ? randomUUID()
          : /\d/.test(value)
            ? value.replace(/\d/g, '9')
            : `${value}-gone`;
        values.set(value, missing);
      }
      return missing;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === 'object' && !(value instanceof Date))
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, replace(child)]));
    return value;
  };
  return { world: replace(world) as ForeignWorld, values };
}

interface Operation {
  method: string;
  url: string;
  pathNames: string[];
  queryNames: string[];
  body: JsonSchema | undefined;
}

/** The private operations of the OpenAPI document that take an id, in the path, the query or the body. */
function operationsWithIds(): Operation[] {
  const operations: Operation[] = [];
  for (const { method, url, parameters, body, route } of documentedOperations(t.app)) {
    if (url.startsWith('/api/docs') || url in NOT_TENANT_DATA || route.config.public) continue;
    const query: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(
        parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      ),
    };
    const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const queryNames = idLikeNames(query);
    if (pathNames.length + queryNames.length + idLikeNames(body).length === 0) continue;
    operations.push({ method, url, pathNames, queryNames, body });
  }
  return operations;
}

function requestFor(operation: Operation, world: ForeignWorld) {
  let url = operation.url;
  for (const name of operation.pathNames)
    url = url.replace(`:${name}`, encodeURIComponent(worldValue(world, name, operation.url) ?? ''));
  const query = new URLSearchParams(SAMPLE_QUERIES[operation.url] ?? '');
  for (const name of operation.queryNames) {
    const value = worldValue(world, name, operation.url);
    if (value !== undefined) query.set(name, value);
  }
  if (query.size > 0) url += `?${query}`;
  const body =
    operation.method === 'GET' || operation.method === 'DELETE'
      ? undefined
      : sampleBody(world, operation.method, operation.url, operation.body);
  return { url, body };
}

async function send(caller: Caller, method: string, request: { url: string; body: unknown }) {
  return t.app.inject({
    method: method as 'GET',
    url: request.url,
    headers: {
      ...caller.headers,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
}

// Messages and codes are compared word for word; other strings, numbers and lists by their kind.
const KEPT_TEXT = new Set(['type', 'title', 'detail', 'message', 'code', 'error', 'field']);

function shape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => shape(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== 'requestId' && name !== 'instance')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, child]) => [name, shape(child, name)]),
    );
  if (typeof value === 'string') return KEPT_TEXT.has(key) ? value : 'string';
  if (typeof value === 'number') return key === 'status' ? value : 'number';
  return value;
}

/** The answer with every id of either world written as <id>: what a caller could tell apart. */
function answerShape(response: LightMyRequestResponse, ids: string[]): string {
  let body = response.body;
  for (const id of ids) body = body.split(id).join('<id>');
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON: compared as text.
  }
  return JSON.stringify({ status: response.statusCode, body: shape(parsed) });
}

describe('tenant matrix from the OpenAPI document', () => {
  it('answers another company’s ids exactly like missing ones, and own ids without a 5xx', async () => {
    const operations = operationsWithIds();
    expect(operations.length).toBeGreaterThan(100);
    // Texts both worlds share (a note's words) tell nothing apart.
    const ownMarkers = new Set(worldMarkers(own));
    const otherMarkers = worldMarkers(other).filter((marker) => !ownMarkers.has(marker));
    const failures: string[] = [];
    let cases = 0;
    let skipped = 0;
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const missing = missingWorld(other);
      const ids = [...missing.values.entries()]
        .flat()
        .filter((id) => id.length >= 4)
        .sort((a, b) => b.length - a.length);
      for (const operation of operations) {
        const foreignRequest = requestFor(operation, other);
        const missingRequest = requestFor(operation, missing.world);
        const ownRequest = requestFor(operation, own);
        // A name a company gives its own things (a trailer number) is the same in both worlds:
        // it is the caller's own, not another company's.
        const comparable =
          foreignRequest.url !== ownRequest.url ||
          JSON.stringify(foreignRequest.body) !== JSON.stringify(ownRequest.body);
        for (const caller of callers) {
          const label = `${caller.name}: ${operation.method} ${operation.url}`;
          const foreign = await send(caller, operation.method, foreignRequest);
          const gone = await send(caller, operation.method, missingRequest);
          cases += 2;
          if (!comparable) skipped += 2;
          else if (answerShape(foreign, ids) !== answerShape(gone, ids))
            failures.push(
              `${label}: another company's id answered ${foreign.statusCode} ${foreign.body.slice(0, 200)}; a missing one ${gone.statusCode} ${gone.body.slice(0, 200)}`,
            );
          if (foreign.statusCode >= 500 || gone.statusCode >= 500)
            failures.push(`${label}: ${foreign.statusCode} / ${gone.statusCode}`);
          if (
            otherMarkers.some(
              (marker) => foreign.body.includes(marker) && !foreignRequest.url.includes(marker),
            )
          )
            failures.push(`${label}: another company's data in the answer`);
        }
      }
      // Own ids last, reads before writes and deletions at the very end: a write may change the
      // own world the later cases look at, which only own cases see.
      const order = (operation: Operation) =>
        operation.method === 'GET' ? 0 : operation.method === 'DELETE' ? 2 : 1;
      for (const operation of [...operations].sort((a, b) => order(a) - order(b))) {
        const ownRequest = requestFor(operation, own);
        for (const caller of callers) {
          const response = await send(caller, operation.method, ownRequest);
          cases++;
          const label = `${caller.name}: ${operation.method} ${operation.url} (own ids)`;
          if (response.statusCode >= 500)
            failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          if (otherMarkers.some((marker) => response.body.includes(marker)))
            failures.push(`${label}: another company's data in the answer`);
        }
      }
    }
    if (process.env.RELIABILITY_REPORT)
      process.stdout.write(
        `tenant matrix: ${operations.length} operations x ${callers.length} callers x 3, ${ROUNDS} round(s): ` +
          `${cases} cases (${skipped} on company-scoped names, not compared), ${failures.length} failures, ` +
          `${Date.now() - started} ms\n`,
      );
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(2_000);
  }, 600_000);
});
