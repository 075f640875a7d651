import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

// The same code pointed at another OpenID Connect issuer: a second oidc-provider on a real port
// with its own (development) sign-in forms, as an external identity provider would be.
let idp: Provider;
let server: Server;
let issuer: string;
let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  // The issuer's address (its port) is needed to make it, so the server starts first.
  const handler: { handle?: ReturnType<Provider['callback']> } = {};
  server = createServer((req, res) => handler.handle!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp = new Provider(issuer, {
    clients: [
      {
        client_id: 'portal',
        client_secret: 'external-secret-external-secret',
        redirect_uris: ['http://portal.test/auth/callback'],
        post_logout_redirect_uris: ['http://portal.test/'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    // The development forms take any login; here it is the person's e-mail address.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true }),
    }),
    claims: { email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['external-issuer-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  handler.handle = idp.callback();
  t = await startTestApp({
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'external-secret-external-secret',
    OIDC_SCOPES: 'openid email',
  });
  world = await makeTestWorld(t.db);
});
afterAll(async () => {
  await t.close();
  server.close();
});

/** The browser's side of the external issuer: its own cookies, its own forms. */
class IssuerTab {
  cookies = new Map<string, string>();
  async go(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(url, issuer), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const value = pair!.slice(index + 1);
      if (value === '') this.cookies.delete(pair!.slice(0, index));
      else this.cookies.set(pair!.slice(0, index), value);
    }
    return response;
  }
  /** Follows the issuer's redirects; answers the first address outside it. */
  async follow(url: string, form?: Record<string, string>): Promise<string> {
    let response = await this.go(url, form);
    for (let hop = 0; hop < 10; hop++) {
      const location = response.headers.get('location');
      if (!location) {
        // A form page of the issuer: its address is the interaction.
        return response.url;
      }
      const next = new URL(location, issuer);
      if (next.origin !== issuer) return next.href;
      response = await this.go(next.href);
    }
    throw new Error('too many redirects');
  }
}

async function signInExternally(email: string, returnTo = '/dashboard') {
  const browser = new TestBrowser(t);
  const start = await browser.get(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const authorization = new URL(String(start.headers.location));
  expect(authorization.origin).toBe(issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  const tab = new IssuerTab();
  // The issuer's login form, then its consent form, then back to the portal.
  const login = await tab.follow(authorization.href);
  const consent = await tab.follow(login, { prompt: 'login', login: email, password: 'any' });
  const callback = await tab.follow(consent, { prompt: 'consent' });
  expect(new URL(callback).pathname).toBe('/auth/callback');
  const landed = await browser.get(callback);
  return { browser, landed: String(landed.headers.location) };
}

describe('an external OpenID Connect issuer', () => {
  it('signs a portal user in, linked once by e-mail address to the issuer’s subject', async () => {
    const email = world.users.factoringUser.loginEmail!;
    const { browser, landed } = await signInExternally(email);
    expect(landed).toBe('/dashboard');
    const session = (await browser.get('/api/v1/session')).json().data;
    expect(session.user.id).toBe(world.users.factoringUser.id);
    const links = await t.db.system((tx) =>
      tx
        .selectFrom('userIdentities')
        .selectAll()
        .where('userId', '=', world.users.factoringUser.id)
        .execute(),
    );
    expect(links).toMatchObject([{ issuer: `${issuer}`, subject: email }]);
    // The next sign-in finds the link.
    const again = await signInExternally(email, '/accounting');
    expect(again.landed).toBe('/accounting');
    // The built-in provider is not there when another issuer is configured.
    expect(
      (await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' }))
        .statusCode,
    ).toBe(404);
  });

  it('sends someone with no portal account back with a message code', async () => {
    const { browser, landed } = await signInExternally('stranger@elsewhere.test');
    expect(landed).toBe('/login?error=no_account');
    expect(browser.cookies.has('__Host-portal_session')).toBe(false);
  });

  it('signs out at the issuer’s end-session endpoint', async () => {
    const { browser } = await signInExternally(world.users.brokerUser.loginEmail!);
    const logout = await browser.write('POST', '/auth/logout');
    const redirectTo = new URL(logout.json().data.redirectTo);
    expect(redirectTo.origin).toBe(issuer);
    expect(redirectTo.pathname).toBe('/session/end');
    expect(redirectTo.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect((await browser.get('/api/v1/session')).statusCode).toBe(401);
  });
});
