import { randomUUID } from 'node:crypto';
import { PEOPLE_MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;
let terminalId: string;
let otherTerminalId: string;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  const location = (companyId: string, name: string) =>
    t.db.system((tx) =>
      tx
        .insertInto('locations')
        .values({
          companyId,
          locationNumber: `L-${randomUUID().slice(0, 8)}`,
          name,
          addressLine1: '1 Main St',
          city: 'Fargo',
          province: 'ND',
          postalCode: '58102',
          ianaTimezone: 'America/Chicago',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  terminalId = (await location(world.carrier.id, 'Fargo Terminal')).id;
  otherTerminalId = (await location(world.otherCarrier.id, 'Other Yard')).id;
  await t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      firstName: 'Marisol',
      lastName: 'Quintero',
      roles: ['Driver'],
      permissions: ['DriverPortal'],
      password: TEST_PASSWORD,
    }),
  );
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => ({
  method,
  url,
  ...(payload !== undefined
    ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }
    : {}),
});
const get = (url: string, as: { id: string; companyId: string } = world.users.carrierUser) =>
  t.injectAs(as, { method: 'GET', url });

const newContact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Avery',
  lastName: 'Lindgren',
  functionTitle: 'Billing Clerk',
  roles: ['Bill-to', 'AP'],
  permissions: ['CarrierPortal'],
  isPortalEnabled: true,
  emailAddresses: [{ value: `avery.${randomUUID().slice(0, 6)}@prairie.test`, isPrimary: true }],
  phoneNumbers: [{ value: '(701) 555-0144', type: 'Mobile' }],
  locations: [terminalId],
  ...overrides,
});

describe('contacts', () => {
  let created: { id: string; emailAddresses: { value: string }[] };

  it('creates a contact with portal access whose activation e-mail lets them sign in', async () => {
    const body = newContact();
    const response = await t.injectAs(
      world.users.carrierUser,
      send('POST', '/api/v1/contacts', body),
    );
    expect(response.statusCode).toBe(201);
    created = response.json().data;
    expect(response.json().data).toMatchObject({
      firstName: 'Avery',
      roles: ['BillTo', 'AP'],
      permissions: ['CarrierPortal'],
      isPortalEnabled: true,
      isActivated: false,
      companyId: world.carrier.id,
      phoneNumbers: [{ value: '(701) 555-0144', type: 'Mobile', isPrimary: true }],
      locations: [{ id: terminalId, name: 'Fargo Terminal' }],
    });
    const address = body.emailAddresses[0]!.value;
    const mail = await t.db.system((tx) =>
      tx
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', address)
        .executeTakeFirstOrThrow(),
    );
    expect(mail.subject).toBe('Activate your Carrier Portal account');
    const resetToken = /\/ActivateUser\/([\w-]+)/.exec(mail.textBody)![1];
    const activated = await t.app.inject(
      send('POST', '/api/v1/auth/password_reset', { resetToken, newPassword: 'First-Password-9' }),
    );
    expect(activated.statusCode).toBe(200);
    const signIn = await t.app.inject(
      send('POST', '/api/v1/auth/authorize', {
        emailAddress: address,
        password: 'First-Password-9',
      }),
    );
    expect(signIn.statusCode).toBe(200);
    expect((await get(`/api/v1/contacts/${created.id}`)).json().data.isActivated).toBe(true);
  });

  it('lists by role, 50 to a page, and matches names fuzzily', async () => {
    const all = await get('/api/v1/contacts');
    expect(all.json()).toMatchObject({ page: 1, pageSize: 50 });
    expect(all.json().totalCount).toBeGreaterThanOrEqual(3);
    const drivers = await get('/api/v1/contacts?roles=Driver');
    expect(drivers.json().data.every((c: { roles: string[] }) => c.roles.includes('Driver'))).toBe(
      true,
    );
    expect(drivers.json().totalCount).toBe(2);
    const fuzzy = await get('/api/v1/contacts?fuzzyMatch=marisl%20quintro');
    expect(fuzzy.json().data.map((c: { lastName: string }) => c.lastName)).toEqual(['Quintero']);
    const byBillTo = await get('/api/v1/contacts?roles=bill-to');
    expect(byBillTo.json().data.map((c: { id: string }) => c.id)).toEqual([created.id]);
    const bad = await get('/api/v1/contacts?roles=Captain');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a duplicate e-mail, an invalid phone, a foreign location and a permission the company cannot have', async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [
        { emailAddresses: [{ value: world.users.otherCarrierUser.loginEmail }] },
        'emailAddresses/0/value',
        409,
      ],
      [{ phoneNumbers: [{ value: '12345' }] }, 'phoneNumbers/0/value', 400],
      [{ locations: [otherTerminalId] }, 'locations', 400],
      [{ permissions: ['FactoringCompanyPortal'] }, 'permissions', 400],
      [{ roles: ['Captain'] }, 'roles', 400],
    ];
    const before = (await get('/api/v1/contacts')).json().totalCount;
    for (const [overrides, field, status] of cases) {
      const response = await t.injectAs(
        world.users.carrierUser,
        send('POST', '/api/v1/contacts', newContact(overrides)),
      );
      expect(response.statusCode, field).toBe(status);
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
    }
    expect((await get('/api/v1/contacts')).json().totalCount).toBe(before);
  });

  it('updates a contact and refuses to take Admin from the company’s last administrator', async () => {
    // Signing in after the activation moved the version on since it was created.
    const { version } = (await get(`/api/v1/contacts/${created.id}`)).json().data;
    const updated = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v1/contacts/${created.id}`, {
        ...newContact({ emailAddresses: created.emailAddresses, roles: ['AR'], locations: [] }),
        id: created.id,
        companyId: world.carrier.id,
        functionTitle: 'Receivables',
        linkedInProfileUrl: 'linkedin.com/in/avery',
        version,
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.version).toBe(version + 1);
    expect(updated.json().data).toMatchObject({
      roles: ['AR'],
      functionTitle: 'Receivables',
      linkedInProfileUrl: 'https://linkedin.com/in/avery',
      locations: [],
    });
    const lastAdmin = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v1/contacts/${world.users.carrierUser.id}`, {
        firstName: 'Pat',
        lastName: 'Admin',
        roles: ['AP'],
        permissions: ['CarrierPortal'],
        isPortalEnabled: true,
        emailAddresses: [{ value: world.users.carrierUser.loginEmail }],
        phoneNumbers: [],
        version: (await get(`/api/v1/contacts/${world.users.carrierUser.id}`)).json().data.version,
      }),
    );
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().detail).toBe('The company must keep at least one administrator');
    expect(
      (await get(`/api/v1/contacts/${world.users.carrierUser.id}`)).json().data.roles,
    ).toContain('Admin');
  });

  it('refuses an edit made from an older version, or without one, and writes nothing', async () => {
    const current = (await get(`/api/v1/contacts/${created.id}`)).json().data;
    const edit = (overrides: Record<string, unknown>) => ({
      ...newContact({
        emailAddresses: current.emailAddresses,
        roles: current.roles,
        locations: [],
      }),
      functionTitle: 'Collections',
      ...overrides,
    });
    // Someone else saved first: the version read is stale.
    const first = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v1/contacts/${created.id}`, edit({ version: current.version })),
    );
    expect(first.statusCode).toBe(200);
    const stale = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v1/contacts/${created.id}`, {
        ...edit({ version: current.version }),
        functionTitle: 'Overwritten',
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(PEOPLE_MESSAGES.staleContact);
    expect(stale.json().errors.version).toEqual([PEOPLE_MESSAGES.staleContact]);
    // The same through If-Match.
    const staleHeader = await t.injectAs(world.users.carrierUser, {
      ...send('PUT', `/api/v1/contacts/${created.id}`, edit({ functionTitle: 'Overwritten' })),
      headers: { 'content-type': 'application/json', 'if-match': `"${current.version}"` },
    });
    expect(staleHeader.statusCode).toBe(409);
    const without = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v1/contacts/${created.id}`, edit({ functionTitle: 'Overwritten' })),
    );
    expect(without.statusCode).toBe(428);
    const read = (await get(`/api/v1/contacts/${created.id}`)).json().data;
    expect(read).toMatchObject({ functionTitle: 'Collections', version: current.version + 1 });
  });

  it('keeps another company’s contacts out of reach, and writing to administrators', async () => {
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/contacts/${created.id}` },
      send('PUT', `/api/v1/contacts/${created.id}`, newContact()),
      send('DELETE', `/api/v1/contacts/${created.id}`),
      send('POST', `/api/v1/contacts/${created.id}/activation`),
    ]) {
      const response = await t.injectAs(world.users.otherCarrierUser, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const driver = await t.injectAs(
      world.users.driver,
      send('POST', '/api/v1/contacts', newContact()),
    );
    expect(driver.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(401);
  });

  it('deletes a contact, who can no longer sign in, but never oneself', async () => {
    const self = await t.injectAs(
      world.users.carrierUser,
      send('DELETE', `/api/v1/contacts/${world.users.carrierUser.id}`),
    );
    expect(self.statusCode).toBe(409);
    const deleted = await t.injectAs(
      world.users.carrierUser,
      send('DELETE', `/api/v1/contacts/${created.id}`),
    );
    expect(deleted.json()).toEqual({ resultId: created.id });
    expect((await get(`/api/v1/contacts/${created.id}`)).statusCode).toBe(404);
    const signIn = await t.app.inject(
      send('POST', '/api/v1/auth/authorize', {
        emailAddress: created.emailAddresses[0]!.value,
        password: 'First-Password-9',
      }),
    );
    expect(signIn.statusCode).toBe(401);
  });
});
