import { ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment, makeUser } from '../../seed/factories';

let t: TestApp;
let world: TestWorld;
let mine: string; // shipment number assigned to the driver
let colleagues: string; // same carrier, another driver
let plainDriver: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    // A driver without a portal account: only a link lets them in.
    plainDriver = await makeUser(tx, {
      companyId: world.carrier.id,
      roles: ['Driver'],
      permissions: [],
      isPortalEnabled: false,
      loginEmail: null,
      userName: null,
    });
    const base = {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.customer.id,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Dispatched,
    };
    const a = await makeShipment(tx, base);
    const b = await makeShipment(tx, base);
    mine = a.shipment.shipmentNumber;
    colleagues = b.shipment.shipmentNumber;
    await tx
      .insertInto('shipmentDrivers')
      .values([
        { shipmentId: a.shipment.id, driverId: plainDriver.id, carrierCompanyId: world.carrier.id },
        {
          shipmentId: b.shipment.id,
          driverId: world.users.driver.id,
          carrierCompanyId: world.carrier.id,
        },
      ])
      .execute();
  });
});
afterAll(() => t.close());

const createLink = (driverId: string, as = world.users.carrierUser, body: unknown = {}) =>
  t.injectAs(as, {
    method: 'POST',
    url: `/api/v1/drivers/${driverId}/links`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const search = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v2/quick_searches/shipments?query=1', headers });

describe('driver links', () => {
  it('makes a link a dispatcher can text to a driver', async () => {
    const response = await createLink(plainDriver.id, world.users.carrierUser, {
      expiresInHours: 48,
    });
    expect(response.statusCode).toBe(201);
    const link = response.json().data;
    expect(link.driverToken).toMatch(/^drv_[\w-]{43}$/);
    expect(link.url).toBe(`http://portal.test/all-shipments?driverToken=${link.driverToken}`);
    const hours = (new Date(link.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const stored = await t.db.system((tx) =>
      tx
        .selectFrom('driverLinks')
        .select('tokenHash')
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.tokenHash).not.toContain(link.driverToken);
  });

  it('answers 404 for another company’s driver and for someone who does not drive', async () => {
    const { makeUser: make } = await import('../../seed/factories');
    const otherDriver = await t.db.system((tx) =>
      make(tx, {
        companyId: world.otherCarrier.id,
        roles: ['Driver'],
        permissions: ['DriverPortal'],
      }),
    );
    expect((await createLink(otherDriver.id)).statusCode).toBe(404);
    expect((await createLink(world.users.carrierUser.id)).statusCode).toBe(404);
    expect((await createLink(world.users.driver.id, world.users.factoringUser)).statusCode).toBe(
      403,
    );
    expect(
      (await createLink(plainDriver.id, world.users.carrierUser, { expiresInHours: 721 }))
        .statusCode,
    ).toBe(400);
  });

  it('opens a browser session in driver app mode on the driver’s own shipments only', async () => {
    const { driverToken } = (await createLink(plainDriver.id)).json().data;
    const browser = new TestBrowser(t);
    const opened = await browser.write('POST', '/auth/driver-session', { driverToken });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({ landing: '/all-shipments' });
    const session = (await browser.get('/api/v1/session')).json().data;
    expect(session).toMatchObject({
      driverMode: true,
      user: { id: plainDriver.id, roles: ['Driver'], permissions: ['DriverPortal'] },
    });
    const found = (await browser.get('/api/v2/quick_searches/shipments?query=1')).json().data;
    expect(found.map((row: { shipmentNumber: string }) => row.shipmentNumber)).toEqual([mine]);
    expect(found.map((row: { shipmentNumber: string }) => row.shipmentNumber)).not.toContain(
      colleagues,
    );
  });

  it('exchanges the token for a bearer token (mobile authorize) limited the same way', async () => {
    const { driverToken, id } = (await createLink(plainDriver.id)).json().data;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mobile_authorize',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ driverToken }),
    });
    expect(response.statusCode).toBe(200);
    const { accessToken, user } = response.json().data;
    expect(user).toMatchObject({ id: plainDriver.id, roles: ['Driver'] });
    const found = await search({ authorization: `Bearer ${accessToken}` });
    expect(found.json().data.map((row: { shipmentNumber: string }) => row.shipmentNumber)).toEqual([
      mine,
    ]);

    // Revoking the link ends the token and the sessions opened with it.
    const browser = new TestBrowser(t);
    await browser.write('POST', '/auth/driver-session', { driverToken });
    const revoked = await t.injectAs(world.users.carrierUser, {
      method: 'DELETE',
      url: `/api/v1/drivers/${plainDriver.id}/links/${id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    expect((await search({ authorization: `Bearer ${accessToken}` })).statusCode).toBe(401);
    expect((await browser.get('/api/v1/session')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mobile_authorize',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ driverToken }),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe('This driver link is not valid or has expired.');
  });

  it('refuses a forged or unknown token', async () => {
    for (const driverToken of ['drv_forged', 'not-a-driver-token']) {
      const browser = new TestBrowser(t);
      const response = await browser.write('POST', '/auth/driver-session', { driverToken });
      expect(response.statusCode).toBe(401);
      expect(browser.cookies.has('__Host-portal_session')).toBe(false);
    }
  });

  it('lists a driver’s links without their tokens, and not another company’s', async () => {
    const list = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v1/drivers/${plainDriver.id}/links`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThanOrEqual(3);
    expect(list.body).not.toContain('drv_');
    const foreign = await t.injectAs(world.users.otherCarrierUser, {
      method: 'GET',
      url: `/api/v1/drivers/${plainDriver.id}/links`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
