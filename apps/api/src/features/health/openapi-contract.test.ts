import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ShipmentStatus } from '@portal/domain';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShipment } from '../../seed/factories';
import { apiRoot } from '../../shared/paths';
import { TEST_PUBLIC_URL, startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD } from '../../../test/world';

// The OpenAPI document is a contract a client generator can use: it lints clean under Redocly's
// recommended rules, names every operation once, and a client generated from it type-checks and
// makes real calls (decision 155).

/**
 * What this file uses of test/openapi-client/real-calls.ts, whose own types come from the generated
 * schema (checked by the test that generates it).
 */
interface RealCalls {
  portalClient(baseUrl: string, fetch: (request: Request) => Promise<Response>): unknown;
  signIn(
    client: unknown,
    emailAddress: string,
    password: string,
  ): Promise<{ status: number; accessToken: string; expiresIn: number; userId: string }>;
  currentUser(client: unknown, accessToken: string): Promise<Record<string, unknown>>;
  bookingList(
    client: unknown,
    accessToken: string,
    filters: { statuses: number[]; page?: number; pageSize?: number; numberPrefix?: string },
  ): Promise<{
    status: number;
    totalCount?: number;
    shipments?: { shipmentNumber: string; status: number }[];
  }>;
  shipment(client: unknown, accessToken: string, id: string): Promise<Record<string, unknown>>;
}

type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        tags?: string[];
        parameters?: {
          name: string;
          in: string;
          required?: boolean;
          schema?: { default?: unknown };
        }[];
      }
    >
  >;
};

let t: TestApp;
let world: Awaited<ReturnType<typeof makeTestWorld>>;
let document: OpenApiDocument;
// The typed client's calls (real-calls.ts) and, beside them, the types generated here (not in git).
const clientDir = join(apiRoot, 'test/openapi-client');

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  // The documentation is for administrators (decision 123).
  document = (await t.injectAs(world.users.operatorUser, { url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/**
 * Findings accepted on purpose, each with its reason. The spec names both
 * /api/v2/shipments/filter_sets/{filterSetId} and /api/v2/shipments/{id}/requirements (and their
 * like): the router takes a literal segment before a parameter, so they never collide.
 * GET /auth/session (null without a session) and GET /api/v1/client_config (public settings) have
 * no client error to declare. The portal's licence is proprietary: no SPDX identifier or URL names it.
 */
const ACCEPTED = [
  { ruleId: 'no-ambiguous-paths' },
  { ruleId: 'operation-4xx-response', pointer: '#/paths/~1auth~1session/get/responses' },
  { ruleId: 'operation-4xx-response', pointer: '#/paths/~1api~1v1~1client_config/get/responses' },
  { ruleId: 'info-license-strict', pointer: '#/info/license' },
];

describe('the OpenAPI contract', () => {
  it("lints clean under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${TEST_PUBLIC_URL}/api/docs/json`,
      config,
    });
    const findings = problems
      .map((problem) => ({
        ruleId: problem.ruleId,
        severity: problem.severity,
        pointer: problem.location[0]?.pointer,
        message: problem.message,
      }))
      .filter(
        (finding) =>
          !ACCEPTED.some(
            (accepted) =>
              accepted.ruleId === finding.ruleId &&
              (!('pointer' in accepted) || accepted.pointer === finding.pointer),
          ),
      );
    expect(findings).toEqual([]);
  });

  it('names every operation once, tags it, and says where the server is', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter(({ operation }) => !operation.tags?.length)).toEqual([]);
    expect(document.servers).toEqual([expect.objectContaining({ url: TEST_PUBLIC_URL })]);
    expect(document.paths['/api/v1/me']?.get?.operationId).toBe('getV1Me');
  });

  it('lets a client leave out a query parameter the server fills in with its default', () => {
    const parameters = operations().flatMap(({ path, method, operation }) =>
      (operation.parameters ?? []).map((parameter) => ({ at: `${method} ${path}`, ...parameter })),
    );
    const defaulted = parameters.filter(
      (parameter) => parameter.in === 'query' && parameter.schema?.default !== undefined,
    );
    expect(defaulted.length).toBeGreaterThan(10);
    expect(defaulted.filter((parameter) => parameter.required)).toEqual([]);
    const shipments = document.paths['/api/v2/shipments']?.get?.parameters ?? [];
    expect(shipments.find((parameter) => parameter.name === 'page')).toMatchObject({
      required: false,
      schema: { default: 1 },
    });
  });

  it('generates types from the document, against which the client calls type-check, and refuses wrong paths and parameters', async () => {
    const types = astToString(
      await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]),
    );
    // Whole or not at all: the suites of both databases write it.
    const written = join(clientDir, `schema.generated.d.ts.${process.pid}`);
    writeFileSync(written, types);
    renameSync(written, join(clientDir, 'schema.generated.d.ts'));
    const program = ts.createProgram([join(clientDir, 'real-calls.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    // None: the calls match the document, and each call in refusedByTheTypes is refused (an
    // expected error that does not come is itself reported).
    expect(diagnostics).toEqual([]);
  }, 120_000);

  it('makes real calls through the typed client: sign-in, the current user, a filtered page, a 404', async () => {
    const { carrier, otherCarrier, operator, customer, users } = world;
    const numbers = await t.db.system(async (tx) => {
      const make = async (carrierCompanyId: string, status: ShipmentStatus) =>
        (
          await makeShipment(tx, {
            operatorCompanyId: operator.id,
            customerCompanyId: customer.id,
            carrierCompanyId,
            status,
          })
        ).shipment.shipmentNumber;
      return {
        booked: [
          await make(carrier.id, ShipmentStatus.Booked),
          await make(carrier.id, ShipmentStatus.Booked),
          await make(carrier.id, ShipmentStatus.Booked),
        ],
        delivered: await make(carrier.id, ShipmentStatus.Delivered),
        otherCarriers: await make(otherCarrier.id, ShipmentStatus.Booked),
      };
    });
    // Imported by path: `tsc -b` would otherwise follow it to the generated types, which a fresh
    // clone has not got; the test above type-checks it.
    const calls = (await import(join(clientDir, 'real-calls.ts'))) as RealCalls;
    // The client's requests go to the app in process.
    const client = calls.portalClient(TEST_PUBLIC_URL, async (request) => {
      const url = new URL(request.url);
      const body = request.body ? await request.text() : undefined;
      const answer = await t.app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(body === undefined ? {} : { payload: body }),
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: answer.headers as Record<string, string>,
      });
    });

    const session = await calls.signIn(client, users.carrierUser.loginEmail!, TEST_PASSWORD);
    expect(session).toEqual({
      status: 200,
      accessToken: expect.any(String),
      expiresIn: expect.any(Number),
      userId: users.carrierUser.id,
    });
    const token = session.accessToken;

    expect(await calls.currentUser(client, token)).toEqual({
      status: 200,
      id: users.carrierUser.id,
      companyId: carrier.id,
      companyKind: 'carrier',
      hasAcceptedAccessTermsAndConditions: true,
    });
    expect(await calls.currentUser(client, 'not-a-token')).toMatchObject({
      status: 401,
      id: undefined,
    });

    // Booked only, two a page: the second page holds the third booked shipment.
    const secondPage = await calls.bookingList(client, token, {
      statuses: [ShipmentStatus.Booked],
      page: 2,
      pageSize: 2,
    });
    expect(secondPage).toMatchObject({ status: 200, page: 2, pageSize: 2, totalCount: 3 });
    expect(secondPage.shipments).toHaveLength(1);
    const firstPage = await calls.bookingList(client, token, {
      statuses: [ShipmentStatus.Booked],
      page: 1,
      pageSize: 2,
    });
    expect(
      [...firstPage.shipments!, ...secondPage.shipments!].map((s) => s.shipmentNumber).sort(),
    ).toEqual([...numbers.booked].sort());
    for (const listed of [...firstPage.shipments!, ...secondPage.shipments!])
      expect(listed.status).toBe(ShipmentStatus.Booked);
    // Without page and pageSize (optional in the document: they have defaults), the first page of 50.
    expect(
      await calls.bookingList(client, token, { statuses: [ShipmentStatus.Booked] }),
    ).toMatchObject({ status: 200, page: 1, pageSize: 50, totalCount: 3 });
    // Booked and Delivered, by the delivered one's number.
    expect(
      await calls.bookingList(client, token, {
        statuses: [ShipmentStatus.Booked, ShipmentStatus.Delivered],
        page: 1,
        pageSize: 10,
        numberPrefix: numbers.delivered,
      }),
    ).toMatchObject({
      status: 200,
      totalCount: 1,
      shipments: [{ shipmentNumber: numbers.delivered, status: ShipmentStatus.Delivered }],
    });

    expect(await calls.shipment(client, token, numbers.booked[0]!)).toEqual({
      status: 200,
      shipmentNumber: numbers.booked[0],
      problem: undefined,
    });
    // Another carrier's shipment answers exactly like a missing one: 404, the Problem typed.
    for (const id of [numbers.otherCarriers, '99999999']) {
      expect(await calls.shipment(client, token, id)).toEqual({
        status: 404,
        shipmentNumber: undefined,
        problem: { status: 404, title: 'Not Found', detail: expect.any(String) },
      });
    }
  });
});
