import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBase64 } from '../../../test/pictures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const json = (method: 'PUT' | 'DELETE', url: string, payload?: unknown) => ({
  method,
  url,
  ...(payload !== undefined
    ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }
    : {}),
});

const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Lindqvist',
  functionTitle: 'Dispatch Lead',
  linkedInProfileUrl: 'https://www.linkedin.com/in/dana-lindqvist',
  emailAddresses: [{ value: world.users.carrierUser.loginEmail!, isPrimary: true }],
  phoneNumbers: [{ value: '701 555 0101', type: 'Office' }],
  ...overrides,
});

describe('updating one’s own profile', () => {
  it('saves the contact details, normalising role names and phone numbers', async () => {
    const response = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me', profile({ roles: ['Admin', 'Bill-to', 'A-P', 'AR'] })),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      firstName: 'Dana',
      functionTitle: 'Dispatch Lead',
      roles: ['Admin', 'BillTo', 'AP', 'AR'],
      phoneNumbers: [{ value: '(701) 555-0101', type: 'Office', isPrimary: true }],
    });
    const me = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(me.json().data.lastName).toBe('Lindqvist');
  });

  it('refuses an invalid e-mail or phone, naming the field, and changes nothing', async () => {
    const badEmail = await t.injectAs(
      world.users.carrierUser,
      json(
        'PUT',
        '/api/v1/me',
        profile({ firstName: 'Changed', emailAddresses: [{ value: 'not-an-address' }] }),
      ),
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toHaveProperty(['emailAddresses/0/value']);
    const badPhone = await t.injectAs(
      world.users.carrierUser,
      json(
        'PUT',
        '/api/v1/me',
        profile({ firstName: 'Changed', phoneNumbers: [{ value: '555-01' }] }),
      ),
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toHaveProperty(['phoneNumbers/0/value']);
    const me = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(me.json().data.firstName).toBe('Dana');
  });

  it('refuses an e-mail address another person uses, in any company', async () => {
    const response = await t.injectAs(
      world.users.carrierUser,
      json(
        'PUT',
        '/api/v1/me',
        profile({
          emailAddresses: [{ value: world.users.otherCarrierUser.loginEmail!.toUpperCase() }],
        }),
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toHaveProperty(['emailAddresses/0/value']);
  });

  it('keeps the company’s last administrator an administrator', async () => {
    const response = await t.injectAs(
      world.users.otherCarrierUser,
      json(
        'PUT',
        '/api/v1/me',
        profile({
          emailAddresses: [{ value: world.users.otherCarrierUser.loginEmail! }],
          roles: ['AP'],
        }),
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('The company must keep at least one administrator');
  });

  it('lets no one but an administrator give themselves a role', async () => {
    const response = await t.injectAs(
      world.users.factoringUser,
      json(
        'PUT',
        '/api/v1/me',
        profile({
          emailAddresses: [{ value: world.users.factoringUser.loginEmail! }],
          roles: ['AR', 'Admin'],
        }),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('roles');
  });

  it('answers 401 without credentials', async () => {
    expect((await t.app.inject(json('PUT', '/api/v1/me', profile()))).statusCode).toBe(401);
  });
});

describe('the profile picture', () => {
  it('saves a picture others of the company can see, replaces it and removes it', async () => {
    const saved = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/profile_picture', {
        name: 'me.png',
        type: 'ContactProfilepicture',
        data: pngBase64(),
      }),
    );
    expect(saved.statusCode).toBe(200);
    const fileId: string = saved.json().data.fileId;
    const me = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(me.json().data.fileId).toBe(fileId);
    const picture = await t.injectAs(world.users.driver, {
      method: 'GET',
      url: `/api/v1/documents/${fileId}`,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const stranger = await t.injectAs(world.users.otherCarrierUser, {
      method: 'GET',
      url: `/api/v1/documents/${fileId}`,
    });
    expect(stranger.statusCode).toBe(404);

    const removed = await t.injectAs(
      world.users.carrierUser,
      json('DELETE', '/api/v1/me/profile_picture'),
    );
    expect(removed.json().data).toEqual({ fileId: null });
    const after = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(after.json().data.fileId).toBeNull();
  });

  it('refuses a file that is not a picture, or too large', async () => {
    const pdf = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/profile_picture', {
        name: 'me.png',
        type: 'ContactProfilepicture',
        data: Buffer.from('%PDF-1.4 not a picture').toString('base64'),
      }),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().errors.data).toEqual(['The picture must be a PNG or JPEG image']);
    const large = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/profile_picture', {
        name: 'me.png',
        type: 'ContactProfilepicture',
        data: Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64'),
      }),
    );
    expect(large.statusCode).toBe(413);
    const me = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(me.json().data.fileId).toBeNull();
  });
});

describe('notification preferences', () => {
  it('saves each kind in the portal and by e-mail, and refuses an unknown kind', async () => {
    const saved = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/notification_preferences', {
        preferences: [{ notificationKind: 'TenderReceived', byEmail: false, inApp: true }],
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toContainEqual({
      notificationKind: 'TenderReceived',
      byEmail: false,
      inApp: true,
    });
    const read = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v1/me/notification_preferences',
    });
    expect(read.json().data).toEqual([
      { notificationKind: 'TenderReceived', byEmail: false, inApp: true },
    ]);
    const unknown = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/notification_preferences', {
        preferences: [{ notificationKind: 'Nonsense', byEmail: false, inApp: true }],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['preferences/0/notificationKind']);
  });
});

describe('the tracking integration', () => {
  it('shows an expired token, and an administrator renews it with a new one', async () => {
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ trackingIntegrationExpiresAt: new Date(Date.now() - 86_400_000) })
        .where('id', '=', world.carrier.id)
        .execute(),
    );
    const before = await t.injectAs(world.users.driver, {
      method: 'GET',
      url: '/api/v1/me/tracking_integration',
    });
    expect(before.json().data).toMatchObject({
      provider: 'Samsara',
      connected: true,
      isExpired: true,
    });
    const driver = await t.injectAs(
      world.users.driver,
      json('PUT', '/api/v1/me/tracking_integration', {
        apiToken: 'samsara_api_0123456789abcdefWXYZ',
      }),
    );
    expect(driver.statusCode).toBe(403);
    const renewed = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/tracking_integration', {
        apiToken: 'samsara_api_0123456789abcdefWXYZ',
      }),
    );
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data).toMatchObject({ isExpired: false, tokenHint: 'WXYZ' });
    expect(renewed.body).not.toContain('0123456789abcdef');
    const me = await t.injectAs(world.users.carrierUser, { method: 'GET', url: '/api/v1/me' });
    expect(me.json().data.trackingIntegration.samsaraIsExpired).toBe(false);
    const short = await t.injectAs(
      world.users.carrierUser,
      json('PUT', '/api/v1/me/tracking_integration', { apiToken: 'short' }),
    );
    expect(short.statusCode).toBe(400);
  });
});
