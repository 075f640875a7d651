import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../shared/paths';
import { TEST_PUBLIC_URL, startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld } from '../../../test/world';

// The OpenAPI document is a contract a client generator can use: it lints clean under Redocly's
// recommended rules, names every operation once, and a client generated from it type-checks and
// makes real calls (decision 155).

type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
};

let t: TestApp;
let world: Awaited<ReturnType<typeof makeTestWorld>>;
let document: OpenApiDocument;
const generated = join(repoRoot, 'apps/api/node_modules/.cache/openapi-client');

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  // The documentation is for administrators (decision 123).
  document = (await t.injectAs(world.users.operatorUser, { url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
  rmSync(generated, { recursive: true, force: true });
});

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

  it('generates a typed client that type-checks, and refuses a path the API does not have', async () => {
    const types = astToString(
      await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]),
    );
    mkdirSync(generated, { recursive: true });
    writeFileSync(join(generated, 'schema.d.ts'), types);
    writeFileSync(
      join(generated, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';
const client = createClient<paths>({ baseUrl: 'http://portal.test' });
export async function me() {
  const { data } = await client.GET('/api/v1/me');
  return data?.data.firstName;
}
export async function search() {
  const { data } = await client.GET('/api/v2/quick_searches/shipments', {
    params: { query: { query: '10', page: 1, pageSize: 20 } },
  });
  return data?.data.map((shipment) => shipment.shipmentNumber);
}
`,
    );
    writeFileSync(
      join(generated, 'wrong.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';
const client = createClient<paths>({ baseUrl: 'http://portal.test' });
export const nothing = client.GET('/api/v1/no_such_path');
`,
    );
    const diagnostics = (file: string) => {
      const program = ts.createProgram([join(generated, file)], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      return ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    };
    expect(diagnostics('client.ts')).toEqual([]);
    // The same call as client.ts's first, on a path the document does not have: refused.
    expect(diagnostics('wrong.ts')).not.toEqual([]);
  }, 120_000);

  it('makes real calls with the generated client', async () => {
    const token = await t.tokenFor(world.users.carrierUser);
    // The client's requests go to the app in process.
    const client = createClient<Record<string, never>>({
      baseUrl: TEST_PUBLIC_URL,
      headers: { authorization: `Bearer ${token}` },
      fetch: async (request: Request) => {
        const answer = await t.app.inject({
          method: request.method as 'GET',
          url: new URL(request.url).pathname + new URL(request.url).search,
          headers: Object.fromEntries(request.headers),
        });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: answer.headers as Record<string, string>,
        });
      },
    });
    const me = await client.GET('/api/v1/me' as never);
    expect(me.response.status).toBe(200);
    expect((me.data as unknown as { data: { id: string } }).data.id).toBe(
      world.users.carrierUser.id,
    );
    const refused = await client.GET(
      '/api/v1/me' as never,
      {
        headers: { authorization: 'Bearer not-a-token' },
      } as never,
    );
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ status: 401 });
  });
});
