import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { AuthCache } from './auth-cache';
import type { CurrentUserRecord } from './current-user';
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
    const company = () =>
      t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me/company' });
    await warm(company);
    const counted = await transactionsDuring(async () => {
      const response = await company();
      expect(response.statusCode).toBe(200);
      expect(response.json().data.id).toBe(world.users.carrierUser.companyId);
    });
    expect(counted).toEqual({ system: 0, tenant: 1 });
  });

  it('answers GET /api/v1/me without the database while the caller is kept', async () => {
    const me = () => t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    await warm(me);
    await vi.waitFor(async () => {
      const counted = await transactionsDuring(async () => {
        const response = await me();
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({
          id: world.users.carrierUser.id,
          companyId: world.users.carrierUser.companyId,
          trackingIntegration: { samsaraIsExpired: false },
        });
      });
      expect(counted).toEqual({ system: 0, tenant: 0 });
    }, 5000);
  });

  it('answers a person’s own profile change at once, and another’s once the database announces it', async () => {
    const user = world.users.carrierUser;
    const me = async () =>
      (await t.injectAs(user, { method: 'GET', url: '/api/v1/me' })).json().data;
    await warm(() => t.injectAs(user, { method: 'GET', url: '/api/v1/me' }));
    const before = await me();
    const saved = await t.injectAs(user, {
      method: 'PUT',
      url: '/api/v1/me',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        firstName: before.firstName,
        lastName: before.lastName,
        functionTitle: 'Night Dispatcher',
        emailAddresses: [{ value: user.loginEmail, isPrimary: true }],
        phoneNumbers: [{ value: '701 555 0144', type: 'Mobile' }],
      }),
    });
    expect(saved.statusCode).toBe(200);
    // Read straight after the answer: the cached entity went with the write.
    expect(await me()).toMatchObject({
      functionTitle: 'Night Dispatcher',
      phoneNumbers: [{ value: '(701) 555-0144', type: 'Mobile' }],
    });
    await warm(() => t.injectAs(user, { method: 'GET', url: '/api/v1/me' }));
    // Written elsewhere (another process, a job): each table the entity reads is announced.
    await t.db.system((tx) =>
      tx
        .updateTable('userPhones')
        .set({ phoneType: 'Office' })
        .where('userId', '=', user.id)
        .execute(),
    );
    await vi.waitFor(
      async () => expect((await me()).phoneNumbers).toMatchObject([{ type: 'Office' }]),
      5000,
    );
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ trackingIntegrationExpiresAt: sql<Date>`now() - interval '1 day'` })
        .where('id', '=', user.companyId)
        .execute(),
    );
    await vi.waitFor(
      async () => expect((await me()).trackingIntegration).toEqual({ samsaraIsExpired: true }),
      5000,
    );
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ trackingIntegrationExpiresAt: null })
        .where('id', '=', user.companyId)
        .execute(),
    );
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

describe('the Current user kept beside the caller', () => {
  const record = (firstName: string) => ({ firstName }) as CurrentUserRecord;

  it('is read again after a write of the caller’s own, and one read during that write is not kept', async () => {
    const cache = new AuthCache(t.db, 5000);
    try {
      const loads: string[] = [];
      const load = (name: string) => async () => {
        loads.push(name);
        return record(name);
      };
      // Kept once the cache hears the database's announcements.
      await vi.waitFor(async () => {
        await cache.currentUser('u1', load('warming'));
        const loaded = loads.length;
        await cache.currentUser('u1', load('warming'));
        expect(loads.length).toBe(loaded);
      }, 5000);
      loads.length = 0;
      cache.forgetCurrentUser('u1');
      let finish!: () => void;
      const during = cache.currentUser('u1', async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        return record('read during the write');
      });
      cache.forgetCurrentUser('u1');
      finish();
      expect(await during).toEqual(record('read during the write'));
      expect(await cache.currentUser('u1', load('after'))).toEqual(record('after'));
      expect(await cache.currentUser('u1', load('unused'))).toEqual(record('after'));
      expect(loads).toEqual(['after']);
      // Another user's entity stays.
      await cache.currentUser('u2', load('other'));
      cache.forgetCurrentUser('u1');
      expect(await cache.currentUser('u2', load('unused'))).toEqual(record('other'));
    } finally {
      await cache.close();
    }
  });
});
