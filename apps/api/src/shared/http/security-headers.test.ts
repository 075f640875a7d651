import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// The headers every answer carries, downloads' own, and the one host pages are served from
// (issue 17 item 10, decision 186).
let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const directives = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name, ...values] = directive.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );

describe('security headers', () => {
  it('sends a script policy without unsafe-inline, no framing, no referrer and nosniff', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { host: 'portal.test' },
    });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // PUBLIC_URL is plain HTTP here: no HSTS, which would lock the host to HTTPS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the documentation page’s scripts to its own origin', async () => {
    const page = await t.injectAs(world.users.operatorUser, { url: '/api/docs/static/index.html' });
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('asks for HTTPS only when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://portal.test' });
    try {
      const response = await secure.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { host: 'portal.test' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await secure.close();
    }
    // A second app on a database of its own: slow on a busy machine.
  }, 120_000);

  it('sends CSV exports as sandboxed attachments', async () => {
    const csv = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/ap_invoices/csv',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="invoices.csv"/);
    expect(directives(csv.headers['content-security-policy'] as string).has('sandbox')).toBe(true);
    expect(directives(csv.headers['content-security-policy'] as string).get('default-src')).toBe(
      "'none'",
    );
  });
});

describe('the public host', () => {
  it('sends a page or a sign-in opened at another host to PUBLIC_URL, path and query kept', async () => {
    for (const url of ['/auth/login?returnTo=%2Fshipments', '/shipments/123', '/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
      expect(response.statusCode, url).toBe(308);
      expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}${url}`);
    }
  });

  it('answers PUBLIC_URL’s own host, the API, the provider and health checks where they are asked', async () => {
    const atHome = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { host: 'portal.test' },
    });
    expect(atHome.statusCode).toBe(200);
    for (const url of ['/api/v1/me', '/healthz', '/oidc/.well-known/openid-configuration']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
      expect(response.statusCode, url).not.toBe(308);
    }
    // Writes are never redirected: a browser would not repeat them with their body everywhere.
    const write = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host: '127.0.0.1' },
    });
    expect(write.statusCode).not.toBe(308);
  });
});
