import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { documentedOperations, type DocumentedOperation, type JsonSchema } from './route-samples';
import { makeTestWorld, type TestWorld } from './world';

// Schema fuzzing of every operation of the OpenAPI document (issue 17): requests built from each
// operation's documented parameters and body, valid and hostile values mixed (NUL characters, huge
// numbers, wrong types, broken JSON, other content types), sent as a carrier, the operator and
// nobody. No answer may be a 5xx, every status must be one the operation documents, and every JSON
// answer must match the schema documented for its status. FUZZ_RUNS sets the number of requests
// (a few thousand in npm test, 100,000 in npm run soak); FUZZ_SEED repeats a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 1_000_000;

/** Operations left out, and why: each would end the callers' own sign-in or never answer. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/v1/notifications/stream': 'an event stream: it never ends',
};

let t: TestApp;
let world: TestWorld;
let headers: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  headers = {
    carrier: { authorization: `Bearer ${await t.tokenFor(world.users.carrierUser)}` },
    operator: { authorization: `Bearer ${await t.tokenFor(world.users.operatorUser)}` },
    nobody: {},
  };
}, 180_000);
afterAll(() => t.close());

type Operation = DocumentedOperation;

function operations(): Operation[] {
  return documentedOperations(t.app).filter(
    (operation) => !(`${operation.method} ${operation.url}` in NOT_FUZZED),
  );
}

// Values no schema asks for: what an attacker or a broken client sends.
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '99999999999',
    '-1',
    '1e308',
    'NaN',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '\u202e',
    'x'.repeat(5_000),
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, -0, true, null, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values that follow a schema, now and then replaced by a hostile one. */
function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: validOf(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function validOf(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length)
    return fc.oneof(...schema.anyOf.map((option) => validOf(option, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return fc.constant({});
      return fc.record(
        Object.fromEntries(properties.map(([key, child]) => [key, valueOf(child, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => schema.properties?.[key]) },
      );
    }
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: (schema.minimum ?? 0) + 100_000 });
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.constantFrom('someone@example.test', 'a@b.c');
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, 20),
      });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

interface Case {
  operation: Operation;
  caller: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  bodyKind: 'json' | 'broken json' | 'text/plain json' | 'none';
}

function caseOf(operation: Operation): fc.Arbitrary<Case> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  return fc.record({
    operation: fc.constant(operation),
    caller: fc.constantFrom('carrier', 'carrier', 'operator', 'nobody'),
    path: fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, valueOf(p.schema)]))),
    query: fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, valueOf(p.schema)])), {
      requiredKeys: [],
    }),
    body: operation.body ? valueOf(operation.body) : fc.constant(undefined),
    bodyKind:
      operation.method === 'GET' || operation.method === 'DELETE'
        ? fc.constant('none' as const)
        : (fc.constantFrom(
            'json',
            'json',
            'json',
            'broken json',
            'text/plain json',
          ) as fc.Arbitrary<Case['bodyKind']>),
  });
}

async function send(request: Case): Promise<{ url: string; response: LightMyRequestResponse }> {
  const { operation } = request;
  let url = operation.url;
  for (const [name, value] of Object.entries(request.path)) {
    const text = asText(value);
    // An empty segment is another route (or none): send something the router takes as the parameter.
    url = url.replace(`:${name}`, encodeURIComponent(text === '' ? ' ' : text));
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) query.set(name, asText(value));
  if (query.size > 0) url += `?${query}`;
  const payload =
    request.bodyKind === 'none'
      ? undefined
      : request.bodyKind === 'broken json'
        ? `${JSON.stringify(request.body ?? {}).slice(0, -1)}`
        : JSON.stringify(request.body ?? {});
  const response = await t.app.inject({
    method: operation.method as 'GET',
    url,
    headers: {
      ...headers[request.caller],
      host: 'portal.test',
      ...(payload !== undefined
        ? {
            'content-type':
              request.bodyKind === 'text/plain json' ? 'text/plain' : 'application/json',
          }
        : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { url, response };
}

const responseCheckers = new Map<unknown, ReturnType<typeof Compile>>();

/** What is wrong with an answer, or nothing. */
function problemWith(operation: Operation, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (!operation.statuses.has(status))
    return `answered ${status}, which it does not document (${[...operation.statuses].join(', ')})`;
  const schemas = (operation.route.schema as { response?: Record<string, unknown> } | undefined)
    ?.response;
  const schema = schemas?.[String(status)] as { content?: unknown } | undefined;
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  if (!schema || schema.content || !isJson) return undefined;
  let checker = responseCheckers.get(schema);
  if (!checker) {
    checker = Compile(schema as never);
    responseCheckers.set(schema, checker);
  }
  const body: unknown = response.json();
  if (!checker.Check(body)) {
    const [first] = checker.Errors(body);
    return `answered ${status} with a body its schema refuses: ${first?.instancePath} ${first?.message}`;
  }
  return undefined;
}

describe('schema fuzzing of every operation', () => {
  it('never answers 5xx, an undocumented status or a body its schema refuses', async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all).chain(caseOf), async (request) => {
        const { url, response } = await send(request);
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = problemWith(request.operation, response);
        const key = `${request.operation.method} ${request.operation.url}: ${problem}`;
        if (problem && !failures.has(key))
          failures.set(
            key,
            `${request.caller} ${request.operation.method} ${url} -> ${response.body.slice(0, 300)}`,
          );
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    if (process.env.RELIABILITY_REPORT)
      process.stdout.write(
        `schema fuzz: ${sent} requests over ${all.length} operations (seed ${SEED}) in ${Date.now() - started} ms; ` +
          `statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${failures.size} distinct failures\n`,
      );
    expect([...failures].map(([key, example]) => `${key}\n    e.g. ${example}`)).toEqual([]);
    expect(sent).toBe(RUNS);
  }, 1_800_000);
});
