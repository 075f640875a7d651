import { Permission } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system((tx) =>
    tx
      .insertInto('notificationPreferences')
      .values([
        {
          userId: world.users.carrierUser.id,
          companyId: world.carrier.id,
          notificationKind: 'TenderSent',
          byEmail: true,
          inApp: false,
        },
        {
          userId: world.users.carrierUser.id,
          companyId: world.carrier.id,
          notificationKind: 'CaseUpdated',
          byEmail: false,
          inApp: true,
        },
        {
          userId: world.users.otherCarrierUser.id,
          companyId: world.otherCarrier.id,
          notificationKind: 'TenderSent',
          byEmail: false,
          inApp: false,
        },
      ])
      .execute(),
  );
});
afterAll(() => t.close());

const get = (url: string, as: { id: string; companyId: string }) =>
  t.injectAs(as, { method: 'GET', url });

describe('the current user', () => {
  it('answers every field of the spec’s Current user entity', async () => {
    const response = await get('/api/v1/me', world.users.carrierUser);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(
      [
        'id',
        'contactId',
        'companyId',
        'companyName',
        'companyNumber',
        'companyKind',
        'firstName',
        'lastName',
        'userName',
        'title',
        'functionTitle',
        'roles',
        'permissions',
        'accessLevels',
        'emailAddresses',
        'phoneNumbers',
        'isPortalEnabled',
        'linkedInProfileUrl',
        'locations',
        'is3PL',
        'isCarrier',
        'isBroker',
        'isOnHold',
        'isBookable',
        'has3PLNetwork',
        'fileId',
        'hasAcceptedAccessTermsAndConditions',
        'trackingIntegration',
      ].sort(),
    );
    expect(response.json().data).toMatchObject({
      id: world.users.carrierUser.id,
      has3PLNetwork: true,
    });
  });

  it('answers the user’s e-mails, phones and locations', async () => {
    const user = await t.db.system(async (tx) => {
      const made = await makeUser(tx, {
        companyId: world.carrier.id,
        loginEmail: 'located@carrier.test',
        mobilePhone: '+1 312 555 0199',
        permissions: [Permission.CarrierPortal],
      });
      await tx
        .insertInto('userEmails')
        .values({ userId: made.id, value: 'second@carrier.test', isPrimary: false })
        .execute();
      const location = await tx
        .insertInto('locations')
        .values({
          companyId: world.carrier.id,
          locationNumber: 'LOC-ME-1',
          name: 'Chicago yard',
          addressLine1: '1 Yard Way',
          city: 'Chicago',
          province: 'IL',
          postalCode: '60601',
          ianaTimezone: 'America/Chicago',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('userLocations')
        .values({ userId: made.id, locationId: location.id })
        .execute();
      return { ...made, locationId: location.id };
    });
    const data = (await get('/api/v1/me', user)).json().data;
    expect(data.emailAddresses).toEqual([
      { value: 'located@carrier.test', type: 'Work', isPrimary: true },
      { value: 'second@carrier.test', type: 'Work', isPrimary: false },
    ]);
    expect(data.phoneNumbers).toEqual([
      { value: '+1 312 555 0199', extension: null, type: 'Mobile', isPrimary: true },
    ]);
    expect(data.locations).toEqual([
      { id: user.locationId, name: 'Chicago yard', city: 'Chicago', state: 'IL' },
    ]);
  });

  it('answers me/carrier with isBroker and isBookable', async () => {
    const broker = await get('/api/v1/me/carrier', world.users.brokerUser);
    expect(broker.json().data).toMatchObject({
      id: world.broker.id,
      isBroker: true,
      isBookable: true,
      isCarrier: true,
    });
    const carrier = await get('/api/v1/me/carrier', world.users.carrierUser);
    expect(carrier.json().data).toMatchObject({
      isBroker: false,
      factoringCompany: { id: world.factoring.id, name: 'Capital Factoring' },
    });
  });

  it('answers me/company and only the caller’s own notification preferences', async () => {
    const company = await get('/api/v1/me/company', world.users.factoringUser);
    expect(company.json().data).toMatchObject({
      id: world.factoring.id,
      kind: 'factoring',
      isCarrier: false,
    });
    const preferences = await get('/api/v1/me/notification_preferences', world.users.carrierUser);
    expect(preferences.json().data).toEqual([
      { notificationKind: 'CaseUpdated', byEmail: false, inApp: true },
      { notificationKind: 'TenderSent', byEmail: true, inApp: false },
    ]);
  });

  it('answers 401 without credentials', async () => {
    for (const url of [
      '/api/v1/me',
      '/api/v1/me/carrier',
      '/api/v1/me/company',
      '/api/v1/me/notification_preferences',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
