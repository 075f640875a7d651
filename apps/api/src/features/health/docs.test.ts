import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

describe('service endpoints', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('answers not ready once shutdown has begun', async () => {
    t.ctx.lifecycle.shuttingDown = true;
    try {
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      t.ctx.lifecycle.shuttingDown = false;
    }
  });

  it('serves the OpenAPI 3.1 document generated from the route schemas, and its rendered page, to an administrator', async () => {
    const document = (await t.injectAs(world.users.carrierUser, { url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    const quickSearch = document.paths['/api/v2/quick_searches/shipments'].get;
    expect(quickSearch.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['query', 'page', 'pageSize']),
    );
    expect(document.paths['/api/v1/auth/authorize'].post.requestBody).toBeDefined();
    const page = await t.injectAs(world.users.carrierUser, { url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it("gives the documentation page a policy its styles pass, scripts from 'self' only, never framed", async () => {
    const page = await t.injectAs(world.users.operatorUser, { url: '/api/docs/static/index.html' });
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive('script-src')?.split(/\s+/)).toEqual(['script-src', "'self'"]);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    // The test server's address is plain HTTP: nothing asks the browser to upgrade.
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('refuses the documentation without credentials (401) and to someone who is not an administrator (403)', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    const driver = await t.injectAs(world.users.driver, { url: '/api/docs/json' });
    expect(driver.statusCode).toBe(403);
    expect(driver.json().detail).toBe('You are not Authorized for this content');
    expect((await t.injectAs(world.users.factoringUser, { url: '/api/docs' })).statusCode).toBe(
      403,
    );
  });

  it('serves the documentation to an integration calling with an API key', async () => {
    const created = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'docs reader', permissions: ['CarrierPortal'] }),
    });
    const key: string = created.json().data.key;
    const answer = await t.app.inject({ url: '/api/docs/json', headers: { 'api-key': key } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().openapi).toBe('3.1.0');
  });

  it('publishes the public signing keys and nothing private', async () => {
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', kid: t.ctx.keys.signing.kid });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const response = await t.app.inject({ url: '/api/v2/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});
