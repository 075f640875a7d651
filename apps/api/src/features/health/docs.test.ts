import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
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

  it('serves the OpenAPI 3.1 document generated from the route schemas, and its rendered page', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    const quickSearch = document.paths['/api/v2/quick_searches/shipments'].get;
    expect(quickSearch.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['query', 'page', 'pageSize']),
    );
    expect(document.paths['/api/v1/auth/authorize'].post.requestBody).toBeDefined();
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it("gives the documentation page a policy its styles pass, scripts from 'self' only, never framed", async () => {
    const page = await t.app.inject({ url: '/api/docs/static/index.html' });
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
