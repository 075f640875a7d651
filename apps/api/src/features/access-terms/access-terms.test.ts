import { ACCESS_TERMS_MESSAGES, Permission, Role } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
let newcomer: { id: string; companyId: string };

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  newcomer = await t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
      acceptedAccessTerms: false,
    }),
  );
});
afterAll(() => t.close());

const get = (url: string, as = newcomer) => t.injectAs(as, { method: 'GET', url });
const accept = (payload: Record<string, unknown>, as = newcomer) =>
  t.injectAs(as, { method: 'POST', url: '/api/v1/access_terms/acceptances', payload });
const acceptances = (userId: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('accessTermsAcceptances')
      .select(['version', 'acceptedAt'])
      .where('userId', '=', userId)
      .orderBy('acceptedAt')
      .execute(),
  );

describe('access terms', () => {
  it('refuses every piece of work to a user who has not accepted, with a clear message', async () => {
    for (const url of ['/api/v2/shipments', '/api/v1/me/company', '/api/v1/contacts']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({
        status: 403,
        title: 'Access Terms Not Accepted',
        detail: ACCESS_TERMS_MESSAGES.mustAccept,
      });
    }
    // A user who accepted is served as before.
    expect((await get('/api/v2/shipments', world.users.carrierUser)).statusCode).toBe(200);
  });

  it('still says who the user is, and shows the terms in force', async () => {
    const me = await get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      id: newcomer.id,
      hasAcceptedAccessTermsAndConditions: false,
    });
    expect((await get('/api/v1/session')).statusCode).toBe(200);
    const terms = await get('/api/v1/access_terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data).toMatchObject({
      version: '2026-11-01',
      title: 'Carrier Portal Access Terms',
      acceptedAt: null,
    });
    expect(terms.json().data.body).toContain('Your account is personal');
    const accepted = await get('/api/v1/me', world.users.carrierUser);
    expect(accepted.json().data.hasAcceptedAccessTermsAndConditions).toBe(true);
  });

  it('refuses an acceptance of no version or of another version, and stores nothing', async () => {
    const missing = await accept({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('version');
    expect((await accept({ version: '' })).statusCode).toBe(400);
    const old = await accept({ version: '2025-01-01' });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({
      detail: ACCESS_TERMS_MESSAGES.changed('2026-11-01'),
      errors: { version: [ACCESS_TERMS_MESSAGES.changed('2026-11-01')] },
    });
    expect(await acceptances(newcomer.id)).toEqual([]);
    expect((await get('/api/v2/shipments')).statusCode).toBe(403);
  });

  it('records the acceptance with its version and time, and then serves the user', async () => {
    const before = Date.now();
    const response = await accept({ version: '2026-11-01' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.version).toBe('2026-11-01');
    expect(new Date(data.acceptedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await acceptances(newcomer.id)).toEqual([
      { version: '2026-11-01', acceptedAt: new Date(data.acceptedAt) },
    ]);
    expect((await get('/api/v2/shipments')).statusCode).toBe(200);
    expect((await get('/api/v1/me')).json().data.hasAcceptedAccessTermsAndConditions).toBe(true);
    expect((await get('/api/v1/access_terms')).json().data.acceptedAt).toBe(data.acceptedAt);
    // Accepting again keeps the first time.
    const again = await accept({ version: '2026-11-01' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.acceptedAt).toBe(data.acceptedAt);
    expect(await acceptances(newcomer.id)).toHaveLength(1);
  });

  it('asks everyone again when a new version is in force, not before it is', async () => {
    await t.db.system((tx) =>
      tx
        .insertInto('accessTerms')
        .values({
          version: '2027-01-01',
          title: 'Carrier Portal Access Terms',
          body: 'Revised terms.',
          publishedAt: new Date(Date.now() + 86_400_000),
        })
        .execute(),
    );
    expect((await get('/api/v2/shipments')).statusCode).toBe(200);
    expect((await accept({ version: '2027-01-01' })).statusCode).toBe(409);

    await t.db.system((tx) =>
      tx
        .updateTable('accessTerms')
        .set({ publishedAt: new Date(Date.now() - 1000) })
        .where('version', '=', '2027-01-01')
        .execute(),
    );
    for (const user of [newcomer, world.users.carrierUser]) {
      expect((await get('/api/v2/shipments', user)).statusCode).toBe(403);
      expect((await get('/api/v1/me', user)).json().data.hasAcceptedAccessTermsAndConditions).toBe(
        false,
      );
    }
    expect((await get('/api/v1/access_terms')).json().data).toMatchObject({
      version: '2027-01-01',
      body: 'Revised terms.',
      acceptedAt: null,
    });
    expect((await accept({ version: '2027-01-01' })).statusCode).toBe(201);
    expect((await get('/api/v2/shipments')).statusCode).toBe(200);
    expect((await acceptances(newcomer.id)).map((row) => row.version)).toEqual([
      '2026-11-01',
      '2027-01-01',
    ]);
    // The other user is still asked.
    expect((await get('/api/v2/shipments', world.users.carrierUser)).statusCode).toBe(403);
  });
});
