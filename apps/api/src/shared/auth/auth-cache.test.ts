import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  // The cache on, as a server runs it (the other API tests turn it off).
  t = await startTestApp({ AUTH_CACHE_SECONDS: '5' });
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

/** The transactions the database opens while `run` goes: system ones are authentication's. */
async function transactionsDuring(run: () => Promise<unknown>) {
  const system = vi.spyOn(t.db, 'system');
  const tenant = vi.spyOn(t.db, 'tenant');
  try {
    await run();
    return { system: system.mock.calls.length, tenant: tenant.mock.calls.length };
  } finally {
    system.mockRestore();
    tenant.mockRestore();
  }
}

async function signedIn(user: { loginEmail: string | null }) {
  const browser = new TestBrowser(t);
  await browser.signIn(user.loginEmail!, TEST_PASSWORD);
  return browser;
}

/** The cache listens for the database's announcements before it serves anything. */
async function warm(request: () => Promise<{ statusCode: number }>) {
  await vi.waitFor(async () => {
    expect((await request()).statusCode).toBe(200);
    expect((await transactionsDuring(request)).system).toBe(0);
  }, 5000);
}

describe('the authentication cache', () => {
  it('looks a bearer token’s caller up once, then answers from the cache in one transaction', async () => {
    const me = () => t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    await warm(me);
    const counted = await transactionsDuring(async () => {
      const response = await me();
      expect(response.statusCode).toBe(200);
      expect(response.json().data.id).toBe(world.users.carrierUser.id);
    });
    expect(counted).toEqual({ system: 0, tenant: 1 });
  });

  it('answers a session from the cache, and ends it at once on sign-out', async () => {
    const browser = await signedIn(world.users.factoringUser);
    await warm(() => browser.get('/api/v1/me'));
    const cookie = browser.cookies.get('__Host-portal_session')!;
    expect((await browser.write('POST', '/auth/logout')).statusCode).toBe(200);
    const replayed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      cookies: { '__Host-portal_session': cookie },
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().detail).toBe('Your session has ended. Please sign in again.');
  });

  it('drops a session whose deadline the database moved earlier, once it hears of it', async () => {
    const browser = await signedIn(world.users.brokerUser);
    await warm(() => browser.get('/api/v1/me'));
    await t.db.system((tx) =>
      tx
        .updateTable('userSessions')
        .set({ idleExpiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', world.users.brokerUser.id)
        .execute(),
    );
    await vi.waitFor(
      async () => expect((await browser.get('/api/v1/me')).statusCode).toBe(401),
      5000,
    );
  });

  it('stops serving a caller whose roles or account changed, once the database announces it', async () => {
    const user = world.users.otherCarrierUser;
    const me = () => t.injectAs(user, { method: 'GET', url: '/api/v1/me' });
    await warm(me);
    await t.db.system((tx) =>
      tx
        .updateTable('users')
        .set({ disabledAt: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute(),
    );
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), 5000);
    await t.db.system((tx) =>
      tx.updateTable('users').set({ disabledAt: null }).where('id', '=', user.id).execute(),
    );
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(200), 5000);
  });

  it('refuses a revoked api key at once', async () => {
    const created = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Cached key', permissions: ['CarrierPortal'] }),
    });
    const { key, id } = created.json().data;
    const withKey = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'api-key': key } });
    await warm(withKey);
    await t.injectAs(world.users.carrierUser, { method: 'DELETE', url: `/api/v1/api_keys/${id}` });
    expect((await withKey()).statusCode).toBe(401);
  });
});
