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

const create = (body: unknown, as = world.users.carrierUser) =>
  t.injectAs(as, {
    method: 'POST',
    url: '/api/v1/api_keys',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const withKey = (key: string, url = '/api/v1/me') =>
  t.app.inject({ method: 'GET', url, headers: { 'api-key': key } });

describe('API keys', () => {
  it('makes a key that acts as the company with the key’s own permissions', async () => {
    const response = await create({
      name: 'TMS integration',
      permissions: ['carrierportal'],
      roles: ['ap'],
    });
    expect(response.statusCode).toBe(201);
    const { key, keyPrefix, ...item } = response.json().data;
    expect(key).toMatch(/^cpk_[\w-]{43}$/);
    expect(key.startsWith(keyPrefix)).toBe(true);
    expect(item).toMatchObject({
      name: 'TMS integration',
      permissions: ['CarrierPortal'],
      roles: ['AP'],
      createdBy: { id: world.users.carrierUser.id },
      revokedAt: null,
    });
    const me = await withKey(key);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      companyId: world.carrier.id,
      permissions: ['CarrierPortal'],
      roles: ['AP'],
    });
    // Its own permissions, not its creator's: no company administration.
    expect((await withKey(key, '/api/v1/api_keys')).statusCode).toBe(403);
    const stored = await t.db.system((tx) =>
      tx
        .selectFrom('apiKeys')
        .select(['keyHash'])
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.keyHash).not.toContain(key);
  });

  it('lists keys without the keys themselves, and revokes one for good', async () => {
    const { key, id } = (
      await create({ name: 'Billing export', permissions: ['CarrierPortal'] })
    ).json().data;
    const list = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v1/api_keys',
    });
    expect(list.json().data.map((row: { name: string }) => row.name)).toContain('Billing export');
    expect(list.body).not.toContain(key);
    const revoked = await t.injectAs(world.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v1/api_keys/${id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const refused = await withKey(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('The api key is not valid or was revoked');
  });

  it('gives away nothing its creator does not hold', async () => {
    const permission = await create({ name: 'x', permissions: ['FactoringCompanyPortal'] });
    expect(permission.statusCode).toBe(400);
    expect(permission.json().errors).toEqual({
      permissions: ['permissions: FactoringCompanyPortal cannot be given here'],
    });
    const role = await create({ name: 'x', permissions: ['CarrierPortal'], roles: ['BillTo'] });
    expect(role.json().errors).toEqual({ roles: ['roles: BillTo is not one of your own roles'] });
    const unknown = await create({ name: 'x', permissions: ['Everything'] });
    expect(unknown.json().errors).toEqual({
      permissions: ['permissions: "Everything" is not a permission'],
    });
    const empty = await create({ name: 'x', permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['permissions']);
  });

  it('is for company administrators only, and not for keys', async () => {
    expect(
      (await create({ name: 'x', permissions: ['DriverPortal'] }, world.users.driver)).statusCode,
    ).toBe(403);
    const { key } = (
      await create({ name: 'admin key', permissions: ['CarrierPortal'], roles: ['Admin'] })
    ).json().data;
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'child', permissions: ['CarrierPortal'] }),
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().detail).toBe('API keys cannot manage API keys');
  });

  it('answers 404 for another company’s key and 401 for a malformed header', async () => {
    const { id } = (await create({ name: 'mine', permissions: ['CarrierPortal'] })).json().data;
    const foreign = await t.injectAs(world.users.otherCarrierUser, {
      method: 'DELETE',
      url: `/api/v1/api_keys/${id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await withKey('not-a-key')).statusCode).toBe(401);
    expect((await withKey('cpk_unknown')).statusCode).toBe(401);
  });
});
