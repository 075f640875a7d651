import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const email = (user: { loginEmail: string | null }) => user.loginEmail!;

async function signedIn(user = world.users.carrierUser) {
  const browser = new TestBrowser(t);
  await browser.signIn(email(user), TEST_PASSWORD);
  return browser;
}

function setCookieLines(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [String(header)] : [];
}

describe('signing in through the built-in provider', () => {
  it('runs the code flow and gives the browser only a session cookie', async () => {
    const browser = new TestBrowser(t);
    const landed = await browser.signIn(
      email(world.users.carrierUser),
      TEST_PASSWORD,
      '/tenders?x=1',
    );
    expect(landed).toBe('/tenders?x=1');
    const session = await browser.get('/api/v1/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().data).toMatchObject({
      user: { id: world.users.carrierUser.id, companyName: 'Prairie Haulers' },
      driverMode: false,
      signInNotice: true,
      via: 'session',
      idleTimeoutSeconds: 3600,
    });
    // The notice shows once.
    expect((await browser.get('/api/v1/session')).json().data.signInNotice).toBe(false);
    // No token of the issuer ever reaches the browser.
    for (const value of browser.cookies.values()) expect(value).not.toMatch(/^eyJ/);
  });

  it('sets the session cookie __Host-, Secure, HttpOnly, SameSite=Strict, Path=/', async () => {
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const login = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(world.users.carrierUser),
      password: TEST_PASSWORD,
    });
    const resumed = await browser.get(login.json().data.redirectTo);
    const callback = await browser.get(String(resumed.headers.location));
    expect(callback.statusCode).toBe(303);
    const lines = setCookieLines(callback);
    const session = lines.find((line) => line.startsWith('__Host-portal_session='))!;
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).not.toMatch(/Domain=/);
    const csrf = lines.find((line) => line.startsWith('__Host-portal_csrf='))!;
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Strict/);
    // The pending sign-in cookie is Lax (it must survive the issuer's redirect) and now cleared.
    expect(lines.find((line) => line.startsWith('__Host-portal_signin='))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
  });

  it('gives a new session id at every sign-in and ends the old one', async () => {
    const browser = await signedIn();
    const first = browser.cookies.get('__Host-portal_session')!;
    await browser.signIn(email(world.users.carrierUser), TEST_PASSWORD);
    const second = browser.cookies.get('__Host-portal_session')!;
    expect(second).not.toBe(first);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: `__Host-portal_session=${first}` },
    });
    expect(stale.statusCode).toBe(401);
    expect((await browser.get('/api/v1/session')).statusCode).toBe(200);
  });

  it('stores only a hash of the cookie and seals the issuer tokens', async () => {
    const browser = await signedIn(world.users.brokerUser);
    const cookie = browser.cookies.get('__Host-portal_session')!;
    const rows = await t.db.system((tx) =>
      tx
        .selectFrom('userSessions')
        .select(['idHash', 'tokensSealed'])
        .where('userId', '=', world.users.brokerUser.id)
        .execute(),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.idHash).not.toContain(cookie);
      // No JWT (a base64url JSON header, a dot, a JSON payload) in the clear. The sealed text is
      // random base64 that may hold "eyJ" by chance, never the header and the payload together.
      expect(row.tokensSealed).not.toMatch(/eyJ[\w-]*\.eyJ/);
    }
  });

  it('answers the sign-in screen with the spec messages', async () => {
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const details = await browser.get(`/oidc/interaction/${uid}/details`);
    expect(details.json().data).toEqual({ uid, flow: 'sign-in', loginHint: null });
    const wrong = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(world.users.otherCarrierUser),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Wrong username or password');
    const unknown = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: 'nobody@nowhere.test',
      password: TEST_PASSWORD,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('Wrong username or password');
  });

  it('tells a Do Not Use carrier whom to write to, after a correct password only', async () => {
    const dnu = await t.db.system(async (tx) => {
      const { makeCompany, makeUser } = await import('../../seed/factories');
      const company = await makeCompany(tx, {
        kind: 'carrier',
        name: 'Shady Lines',
        doNotUse: true,
        doNotUseContactEmail: 'compliance@operator.test',
      });
      return makeUser(tx, {
        companyId: company.id,
        password: TEST_PASSWORD,
        roles: ['Admin'],
        permissions: ['CarrierPortal'],
      });
    });
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const wrong = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(dnu),
      password: 'wrong-password',
    });
    expect(wrong.json().detail).toBe('Wrong username or password');
    const refused = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(dnu),
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Carrier is "Do Not Use", if you have questions please email compliance@operator.test',
    );
    expect(browser.cookies.has('__Host-portal_session')).toBe(false);
  });

  it('refuses a sign-in screen of another browser or one that expired', async () => {
    const mine = new TestBrowser(t);
    const uid = await mine.startSignIn();
    const stranger = new TestBrowser(t);
    const foreign = await stranger.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(world.users.carrierUser),
      password: TEST_PASSWORD,
    });
    expect(foreign.statusCode).toBe(410);
    expect(foreign.json().detail).toBe(
      'This sign-in page has expired. Please start signing in again.',
    );
    const wrongUid = await mine.get('/oidc/interaction/not-this-one/details');
    expect(wrongUid.statusCode).toBe(410);
  });

  it('refuses sign-in requests from another site', async () => {
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const response = await browser.request({
      method: 'POST',
      url: `/oidc/interaction/${uid}/login`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({
        emailAddress: email(world.users.carrierUser),
        password: TEST_PASSWORD,
      }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps the return path inside the portal', async () => {
    for (const [returnTo, expected] of [
      ['//evil.example/x', '/'],
      ['https://evil.example/', '/'],
      ['/\\evil.example', '/'],
      ['/auth/logout', '/'],
      ['/payments/123/preview?tab=2#top', '/payments/123/preview?tab=2#top'],
    ]) {
      const browser = new TestBrowser(t);
      expect(await browser.signIn(email(world.users.carrierUser), TEST_PASSWORD, returnTo)).toBe(
        expected,
      );
    }
  });

  it('sends a callback without its pending sign-in, or with a forged state, back to sign-in', async () => {
    const stranger = new TestBrowser(t);
    const lost = await stranger.get('/auth/callback?code=abc&state=xyz');
    expect(lost.headers.location).toBe('/login?error=expired');

    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const login = await browser.write('POST', `/oidc/interaction/${uid}/login`, {
      emailAddress: email(world.users.carrierUser),
      password: TEST_PASSWORD,
    });
    const resumed = await browser.get(login.json().data.redirectTo);
    const forged = String(resumed.headers.location).replace(/state=[^&]+/, 'state=forged');
    const callback = await browser.get(forged);
    expect(callback.headers.location).toBe('/login?error=sign_in_failed');
    expect(browser.cookies.has('__Host-portal_session')).toBe(false);
  });

  it('starts the password-reset flow with the e-mail address as a hint', async () => {
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn('?flow=reset&login_hint=someone%40carrier.test');
    const details = await browser.get(`/oidc/interaction/${uid}/details`);
    expect(details.json().data).toEqual({ uid, flow: 'reset', loginHint: 'someone@carrier.test' });
  });
});

describe('wrong passwords are limited per account and per address', () => {
  it('locks an account after 3 failures from any address, with a message', async () => {
    const { makeUser } = await import('../../seed/factories');
    const user = await t.db.system((tx) =>
      makeUser(tx, {
        companyId: world.carrier.id,
        password: TEST_PASSWORD,
        permissions: ['CarrierPortal'],
      }),
    );
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const attempt = (password: string, address: string) =>
      browser.request({
        method: 'POST',
        url: `/oidc/interaction/${uid}/login`,
        headers: {
          'content-type': 'application/json',
          origin: 'http://portal.test',
          'x-forwarded-for': address,
        },
        payload: JSON.stringify({ emailAddress: email(user), password }),
      });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect((await attempt('wrong', address)).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    // The API's password sign-in shares the count.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authorize',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailAddress: email(user), password: TEST_PASSWORD }),
    });
    expect(api.statusCode).toBe(429);
    // Once the lock has passed, the right password works again and clears the count.
    await t.db.system((tx) =>
      tx
        .updateTable('authThrottle')
        .set({
          lockedUntil: sql<Date>`now() - interval '1 second'`,
          windowStartedAt: sql<Date>`now() - interval '1 hour'`,
        })
        .execute(),
    );
    expect((await attempt(TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
  });

  it('locks an address after 20 failures across accounts', async () => {
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn();
    const attempt = (emailAddress: string) =>
      browser.request({
        method: 'POST',
        url: `/oidc/interaction/${uid}/login`,
        headers: {
          'content-type': 'application/json',
          origin: 'http://portal.test',
          'x-forwarded-for': '10.9.9.9',
        },
        payload: JSON.stringify({ emailAddress, password: 'guess' }),
      });
    for (let index = 0; index < 20; index++)
      expect((await attempt(`guess${index}@nowhere.test`)).statusCode).toBe(401);
    expect((await attempt('another@nowhere.test')).statusCode).toBe(429);
  });
});

describe('the session cookie', () => {
  it('needs the CSRF token on writes, and only on writes', async () => {
    const browser = await signedIn();
    expect((await browser.get('/api/v1/api_keys')).statusCode).toBe(200);
    const without = await browser.request({
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'TMS', permissions: ['CarrierPortal'] }),
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().detail).toMatch(/CSRF/);
    const forged = await browser.request({
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged' },
      payload: JSON.stringify({ name: 'TMS', permissions: ['CarrierPortal'] }),
    });
    expect(forged.statusCode).toBe(403);
    const good = await browser.write('POST', '/api/v1/api_keys', {
      name: 'TMS',
      permissions: ['CarrierPortal'],
    });
    expect(good.statusCode).toBe(201);
  });

  it('ends after the idle timeout and after the absolute timeout', async () => {
    for (const column of ['idleExpiresAt', 'absoluteExpiresAt'] as const) {
      const browser = await signedIn(world.users.factoringUser);
      expect((await browser.get('/api/v1/session')).statusCode).toBe(200);
      await t.db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set({ [column]: sql<Date>`now() - interval '1 second'` })
          .where('userId', '=', world.users.factoringUser.id)
          .execute(),
      );
      const ended = await browser.get('/api/v1/session');
      expect(ended.statusCode).toBe(401);
      expect(ended.json().detail).toBe('Your session has ended. Please sign in again.');
    }
  });

  it('moves the idle deadline while the user works', async () => {
    const browser = await signedIn(world.users.factoringUser);
    await t.db.system((tx) =>
      tx
        .updateTable('userSessions')
        .set({
          lastSeenAt: sql<Date>`now() - interval '10 minutes'`,
          idleExpiresAt: sql<Date>`now() + interval '50 minutes'`,
        })
        .where('userId', '=', world.users.factoringUser.id)
        .execute(),
    );
    await browser.get('/api/v1/me');
    const row = await t.db.system((tx) =>
      tx
        .selectFrom('userSessions')
        .select(sql<number>`extract(epoch from idle_expires_at - now())::int`.as('left'))
        .where('userId', '=', world.users.factoringUser.id)
        .executeTakeFirstOrThrow(),
    );
    expect(row.left).toBeGreaterThan(59 * 60);
  });

  it('renews the issuer tokens when due, and ends when the issuer refuses', async () => {
    const browser = await signedIn(world.users.otherCarrierUser);
    const before = await t.db.system((tx) =>
      tx
        .selectFrom('userSessions')
        .select(['tokensSealed'])
        .where('userId', '=', world.users.otherCarrierUser.id)
        .executeTakeFirstOrThrow(),
    );
    const due = () =>
      t.db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set({ accessExpiresAt: sql<Date>`now() - interval '1 second'` })
          .where('userId', '=', world.users.otherCarrierUser.id)
          .execute(),
      );
    await due();
    expect((await browser.get('/api/v1/me')).statusCode).toBe(200);
    const after = await t.db.system((tx) =>
      tx
        .selectFrom('userSessions')
        .select(['tokensSealed', 'accessExpiresAt', 'refreshLeaseUntil'])
        .where('userId', '=', world.users.otherCarrierUser.id)
        .executeTakeFirstOrThrow(),
    );
    expect(after.tokensSealed).not.toBe(before.tokensSealed);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.refreshLeaseUntil).toBeNull();
    // The provider forgets the grant (the account was signed out everywhere): the next renewal fails.
    await t.db.system((tx) =>
      tx
        .deleteFrom('oidcPayloads')
        .where('accountId', '=', world.users.otherCarrierUser.id)
        .execute(),
    );
    await due();
    expect((await browser.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('signs out here and at the provider', async () => {
    const browser = await signedIn(world.users.driver);
    const refused = await browser.request({ method: 'POST', url: '/auth/logout' });
    expect(refused.statusCode).toBe(403);
    const logout = await browser.write('POST', '/auth/logout');
    expect(logout.statusCode).toBe(200);
    const redirectTo = new URL(logout.json().data.redirectTo);
    expect(redirectTo.pathname).toBe('/oidc/session/end');
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe('http://portal.test/');
    expect(browser.cookies.has('__Host-portal_session')).toBe(false);
    expect((await browser.get('/api/v1/session')).statusCode).toBe(401);
    // The provider asks its confirmation on the portal's /logout page, which posts it back.
    const end = await browser.get(redirectTo.href);
    const confirm = new URL(String(end.headers.location), 'http://portal.test');
    expect(confirm.pathname).toBe('/logout');
    const done = await browser.request({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://portal.test',
      },
      payload: `xsrf=${encodeURIComponent(confirm.searchParams.get('xsrf')!)}&logout=yes`,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://portal.test/');
    const sessions = await t.db.system((tx) =>
      tx
        .selectFrom('oidcPayloads')
        .select('id')
        .where('kind', '=', 'Session')
        .where('accountId', '=', world.users.driver.id)
        .execute(),
    );
    expect(sessions).toEqual([]);
  });

  it('tells the app at /auth/session whether it is signed in, without a 401', async () => {
    const stranger = new TestBrowser(t);
    const none = await stranger.get('/auth/session');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });
    const browser = await signedIn(world.users.brokerUser);
    const live = await browser.get('/auth/session');
    expect(live.json().data).toMatchObject({
      user: { id: world.users.brokerUser.id, isBroker: true },
      driverMode: false,
    });
    await t.db.system((tx) =>
      tx
        .updateTable('userSessions')
        .set({ idleExpiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', world.users.brokerUser.id)
        .execute(),
    );
    const ended = await browser.get('/auth/session');
    expect(ended.json()).toEqual({ data: null });
    expect(browser.cookies.has('__Host-portal_session')).toBe(false);
  });

  it('answers 401 without a session and the provider metadata publicly', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
    const discovery = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'portal.test' },
    });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: 'http://portal.test/oidc',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
      end_session_endpoint: 'http://portal.test/oidc/session/end',
    });
    const jwks = await t.app.inject({
      method: 'GET',
      url: '/oidc/jwks',
      headers: { host: 'portal.test' },
    });
    expect(jwks.json().keys.map((key: { kid: string }) => key.kid)).toEqual([
      t.ctx.keys.signing.kid,
    ]);
  });
});
