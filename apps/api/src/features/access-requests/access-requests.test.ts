import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

let sequence = 0;
async function submit(companyNumber: string, overrides: Record<string, unknown> = {}) {
  sequence++;
  const body = {
    companyNumber,
    firstName: 'Emily',
    lastName: `Sanders${sequence}`,
    emailAddress: `emily.sanders${sequence}@carrier.test`,
    message: 'I started as a day dispatcher this week.',
    ...overrides,
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/access_requests',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${sequence}` },
    payload: JSON.stringify(body),
  });
  return { response, body };
}

const openCount = async (as: { id: string; companyId: string }) =>
  (await t.injectAs(as, { method: 'GET', url: '/api/v1/access_requests/open_count' })).json().data
    .count;

const listFor = async (as: { id: string; companyId: string }, query = '') =>
  (await t.injectAs(as, { method: 'GET', url: `/api/v1/access_requests${query}` })).json();

describe('access requests', () => {
  it('answers the same whether the company exists', async () => {
    const known = await submit(world.carrier.companyNumber);
    const unknown = await submit('no-such-company');
    expect(known.response.statusCode).toBe(202);
    expect(unknown.response.statusCode).toBe(202);
    expect(unknown.response.json()).toEqual(known.response.json());
  });

  it('shows a company’s administrators their own requests and the open count', async () => {
    const before = await openCount(world.users.carrierUser);
    await submit(world.carrier.companyNumber);
    await submit(world.otherCarrier.companyNumber);
    expect(await openCount(world.users.carrierUser)).toBe(before + 1);
    const page = await listFor(world.users.carrierUser, '?status=Open');
    expect(page.totalCount).toBe(before + 1);
    expect(
      page.data.every((row: { companyId: string }) => row.companyId === world.carrier.id),
    ).toBe(true);
    // The operator's administrators see every company's.
    const all = await listFor(world.users.operatorUser, '?status=Open');
    expect(new Set(all.data.map((row: { companyId: string }) => row.companyId))).toEqual(
      new Set([world.carrier.id, world.otherCarrier.id]),
    );
    // Not for users without the Admin role.
    const driver = await t.injectAs(world.users.driver, {
      method: 'GET',
      url: '/api/v1/access_requests/open_count',
    });
    expect(driver.statusCode).toBe(403);
  });

  it('approves: makes the user, e-mails an activation link that sets the password, and signs in', async () => {
    const { body } = await submit(world.carrier.companyNumber);
    const request = (await listFor(world.users.carrierUser, '?status=Open')).data.find(
      (row: { email: string }) => row.email === body.emailAddress,
    );
    const approved = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v1/access_requests/${request.id}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ permissions: ['CarrierPortal'], roles: ['A-P'] }),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'Approved',
      decidedBy: { id: world.users.carrierUser.id },
    });
    const mail = await t.db.system((tx) =>
      tx
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', body.emailAddress)
        .executeTakeFirstOrThrow(),
    );
    expect(mail.subject).toBe('Activate your Carrier Portal account');
    const resetToken = /http:\/\/portal\.test\/ActivateUser\/([\w-]+)/.exec(mail.textBody)![1];
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password_reset',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ resetToken, newPassword: 'First-Password-9' }),
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data.user).toMatchObject({
      companyId: world.carrier.id,
      roles: ['AP'],
      permissions: ['CarrierPortal'],
      firstName: 'Emily',
    });
    expect(
      await new TestBrowser(t).signIn(body.emailAddress, 'First-Password-9', '/dashboard'),
    ).toBe('/dashboard');
  });

  it('denies, refuses to decide twice, and keeps other companies’ requests out of reach', async () => {
    const { body } = await submit(world.carrier.companyNumber);
    const request = (await listFor(world.users.carrierUser, '?status=Open')).data.find(
      (row: { email: string }) => row.email === body.emailAddress,
    );
    const foreign = await t.injectAs(world.users.otherCarrierUser, {
      method: 'POST',
      url: `/api/v1/access_requests/${request.id}/deny`,
    });
    expect(foreign.statusCode).toBe(404);
    const denied = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v1/access_requests/${request.id}/deny`,
    });
    expect(denied.json().data.status).toBe('Denied');
    const twice = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v1/access_requests/${request.id}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ permissions: ['CarrierPortal'] }),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This request was already denied');
  });

  it('refuses an address that already has a user, and more than the approver holds', async () => {
    const { body } = await submit(world.carrier.companyNumber, {
      emailAddress: world.users.otherCarrierUser.loginEmail,
    });
    const request = (await listFor(world.users.carrierUser, '?status=Open')).data.find(
      (row: { email: string }) => row.email === body.emailAddress,
    );
    const approve = (permissions: string[]) =>
      t.injectAs(world.users.carrierUser, {
        method: 'POST',
        url: `/api/v1/access_requests/${request.id}/approve`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ permissions }),
      });
    expect((await approve(['Admin'])).statusCode).toBe(400);
    const taken = await approve(['CarrierPortal']);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('A user with this e-mail address already exists');
    const unchanged = (await listFor(world.users.carrierUser)).data.find(
      (row: { id: string }) => row.id === request.id,
    );
    expect(unchanged.status).toBe('Open');
  });

  it('validates the request and names the field', async () => {
    const { response } = await submit(world.carrier.companyNumber, {
      emailAddress: 'not-an-address',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['emailAddress']);
  });
});
