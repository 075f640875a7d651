import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantScope } from '../../db/tenancy';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

type User = { id: string; companyId: string };
const json = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}) => ({
  method,
  url,
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify(payload),
});
const get = (url: string, as: User = world.users.brokerUser) =>
  t.injectAs(as, { method: 'GET', url });
const post = (url: string, body: unknown, as: User = world.users.brokerUser) =>
  t.injectAs(as, json('POST', url, body));
const put = (url: string, body: unknown, as: User = world.users.brokerUser, headers = {}) =>
  t.injectAs(as, json('PUT', url, body, headers));

const ottawa = {
  name: 'Ottawa Cross-Dock',
  addressLine1: '120 Bank St',
  addressLine2: '',
  city: 'Ottawa',
  province: 'Ontario',
  postalCode: 'k1p-5n2',
  country: '',
  phoneNumbers: ['(613) 555-0142', ''],
  ediCodes: ['OTT01'],
  email: '',
  directions: '',
};
const fargo = {
  name: 'Fargo Warehouse',
  addressLine1: '2500 Main Ave',
  city: 'Fargo',
  province: 'north dakota',
  postalCode: '58102',
};

interface LocationAnswer {
  id: string;
  locationNumber: string;
  province: string;
  postalCode: string;
  country: string;
  version: number;
  [field: string]: unknown;
}

async function create(body: unknown, as: User = world.users.brokerUser): Promise<LocationAnswer> {
  const response = await post('/api/v1/locations', body, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as LocationAnswer;
}

describe('creating and reading locations', () => {
  it('applies the section 5 rules: a Canadian postal code makes it CA, a province name its code, empty strings absent', async () => {
    const location = await create(ottawa);
    expect(location).toMatchObject({
      name: 'Ottawa Cross-Dock',
      locationType: 'Warehouse',
      province: 'ON',
      postalCode: 'K1P 5N2',
      country: 'CA',
      ianaTimezone: 'America/Toronto',
      addressLine2: null,
      email: null,
      directions: null,
      phoneNumbers: ['(613) 555-0142'],
      ediCodes: ['OTT01'],
      companyId: world.broker.id,
      companyName: 'Bridge Brokerage',
      version: 1,
    });
    expect(Number(location.locationNumber)).toBeGreaterThanOrEqual(9000001);
    // Placed on the map from the FSA K1P of the reference table.
    expect(location.latitude).toBeCloseTo(45.4, 0);
    expect(location.longitude).toBeCloseTo(-75.7, 0);

    const fetched = await get(`/api/v1/locations/${location.locationNumber}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data).toEqual(location);
  });

  it('turns a US state name into its code and takes the time zone of the ZIP', async () => {
    const location = await create(fargo);
    expect(location).toMatchObject({
      province: 'ND',
      country: 'US',
      postalCode: '58102',
      ianaTimezone: 'America/Chicago',
    });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ province: 'Atlantis' }, 'province', '"Atlantis" is not a US state or Canadian province'],
      [
        { postalCode: '5810' },
        'postalCode',
        'Enter a 5-digit ZIP code (12345 or 12345-6789) or a Canadian postal code (K1A 0B1)',
      ],
      [{ country: 'CA' }, 'postalCode', 'Enter a Canadian postal code like K1A 0B1'],
      [
        { province: 'Texas', postalCode: 'M5V 2T6' },
        'province',
        'TX is not a Canadian province; a Canadian postal code needs one',
      ],
      [{ name: '   ' }, 'name', 'Enter the location name'],
      [{ city: ' ' }, 'city', 'Enter the city'],
      [
        { email: 'shipping at fargo' },
        'email',
        'Enter an e-mail address like shipping@example.com',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await post('/api/v1/locations', { ...fargo, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
    const missing = await post('/api/v1/locations', { name: 'No address' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('addressLine1');
  });

  it("answers another company's location exactly like a missing one, and RLS hides it too", async () => {
    const location = await create({ ...fargo, name: 'Private Yard' });
    const foreign = await get(
      `/api/v1/locations/${location.locationNumber}`,
      world.users.otherCarrierUser,
    );
    const missing = await get('/api/v1/locations/99999999', world.users.otherCarrierUser);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
    const update = await put(
      `/api/v1/locations/${location.locationNumber}`,
      { ...fargo, version: 1 },
      world.users.otherCarrierUser,
    );
    expect(update.statusCode).toBe(404);

    const otherScope: TenantScope = {
      companyId: world.otherCarrier.id,
      userId: world.users.otherCarrierUser.id,
      kind: 'carrier',
      carrierIds: [world.otherCarrier.id],
      driverId: null,
    };
    const seen = await t.db.tenant(otherScope, (tx) =>
      tx.selectFrom('locations').select('id').where('companyId', '=', world.broker.id).execute(),
    );
    expect(seen).toEqual([]);
    // The operator's staff see every company's.
    const asOperator = await get(
      `/api/v1/locations/${location.locationNumber}`,
      world.users.operatorUser,
    );
    expect(asOperator.statusCode).toBe(200);
  });
});

describe('listing locations', () => {
  it("lists the company's locations 50 a page and every usable location 10 a page, searched by number, name or city", async () => {
    for (let index = 0; index < 11; index++) {
      await create({ ...fargo, name: `Lister Dock ${String(index).padStart(2, '0')}` });
    }
    const company = await get('/api/v1/locations?q=lister');
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({ page: 1, pageSize: 50, totalCount: 11 });
    expect(company.json().data).toHaveLength(11);

    const all = await get('/api/v1/locations/all?q=Lister');
    expect(all.json()).toMatchObject({ page: 1, pageSize: 10, totalCount: 11 });
    expect(all.json().data.map((location: { name: string }) => location.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Lister Dock ${String(index).padStart(2, '0')}`),
    );
    const secondPage = await get('/api/v1/locations/all?q=Lister&page=2');
    expect(secondPage.json().data.map((location: { name: string }) => location.name)).toEqual([
      'Lister Dock 10',
    ]);

    const byCity = await get('/api/v1/locations?q=ottaw');
    expect(byCity.json().data.map((location: { city: string }) => location.city)).toContain(
      'Ottawa',
    );
    const number = company.json().data[0].locationNumber as string;
    const byNumber = await get(`/api/v1/locations/all?q=${number}`);
    expect(byNumber.json().data[0].locationNumber).toBe(number);

    // None of them is another company's.
    const other = await get('/api/v1/locations?q=lister', world.users.otherCarrierUser);
    expect(other.json()).toMatchObject({ totalCount: 0, data: [] });
  });

  it("lists a customer's EDI locations 10 a page; another customer answers as missing", async () => {
    const edi = await get(`/api/v1/customers/${world.broker.id}/edi_locations`);
    expect(edi.statusCode).toBe(200);
    expect(edi.json().pageSize).toBe(10);
    expect(edi.json().data.length).toBeGreaterThan(0);
    for (const location of edi.json().data as { ediCodes: string[] }[]) {
      expect(location.ediCodes.length).toBeGreaterThan(0);
    }
    const foreign = await get(`/api/v1/customers/${world.otherCarrier.id}/edi_locations`);
    const missing = await get(
      '/api/v1/customers/00000000-0000-4000-8000-000000000000/edi_locations',
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
  });
});

describe('updating a location', () => {
  it('updates with the version read; a stale or missing version writes nothing', async () => {
    const location = await create({ ...fargo, name: 'Versioned Dock' });
    const url = `/api/v1/locations/${location.locationNumber}`;
    const updated = await put(url, {
      ...fargo,
      name: 'Versioned Dock North',
      province: 'ND',
      isPrimaryLocation: true,
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Versioned Dock North',
      isPrimaryLocation: true,
      version: 2,
    });

    const stale = await put(url, { ...fargo, name: 'Lost Update', version: 1 });
    expect(stale.statusCode).toBe(409);
    const noVersion = await put(url, { ...fargo, name: 'Lost Update' });
    expect(noVersion.statusCode).toBe(428);
    const byHeader = await put(url, { ...fargo, name: 'By Header' }, world.users.brokerUser, {
      'if-match': '"2"',
    });
    expect(byHeader.statusCode).toBe(200);
    expect((await get(url)).json().data).toMatchObject({ name: 'By Header', version: 3 });

    // One primary location per company.
    const other = await create({ ...fargo, name: 'New Primary', isPrimaryLocation: true });
    expect(other.isPrimaryLocation).toBe(true);
    expect((await get(url)).json().data.isPrimaryLocation).toBe(false);
  });
});

describe('quotable places, geocoding and the external search', () => {
  it('pages the quotable index 10 at a time and searches 100 by default', async () => {
    const index = await get('/api/v1/locations/quotable?state=ND');
    expect(index.statusCode).toBe(200);
    expect(index.json().pageSize).toBe(10);
    expect(index.json().data).toHaveLength(10);
    expect(index.json().data.every((place: { state: string }) => place.state === 'ND')).toBe(true);

    const search = await get('/api/v1/locations/quotable/search?q=Fargo');
    expect(search.json().pageSize).toBe(100);
    expect(search.json().data[0]).toMatchObject({ type: 'ZipCode', city: 'Fargo', state: 'ND' });
    const byZip = await get('/api/v1/locations/quotable/search?q=5810&types=ZipCode');
    expect(byZip.json().data.length).toBeGreaterThan(1);
    expect(
      byZip
        .json()
        .data.every((place: { postalCode: string }) => place.postalCode.startsWith('5810')),
    ).toBe(true);
  });

  it('geocodes a typed address over the ZIP table, or its city and state', async () => {
    const byZip = await get('/api/v1/locations/geocode?addressLine1=1%20Main&postalCode=58102');
    expect(byZip.statusCode).toBe(200);
    expect(byZip.json().data).toMatchObject({
      addressLine1: '1 Main',
      city: 'Fargo',
      province: 'ND',
      postalCode: '58102',
      country: 'US',
      ianaTimezone: 'America/Chicago',
      source: 'postalCode',
    });
    const canadian = await get('/api/v1/locations/geocode?postalCode=M5V%202T6');
    expect(canadian.json().data).toMatchObject({
      country: 'CA',
      province: 'ON',
      postalCode: 'M5V 2T6',
      ianaTimezone: 'America/Toronto',
    });
    const byCity = await get('/api/v1/locations/geocode?city=Bismarck&province=North%20Dakota');
    expect(byCity.json().data).toMatchObject({ city: 'Bismarck', province: 'ND', source: 'city' });

    const nothing = await get('/api/v1/locations/geocode?city=Bismarck');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.postalCode).toBeDefined();
    const unknown = await get('/api/v1/locations/geocode?postalCode=00000');
    expect(unknown.statusCode).toBe(404);
  });

  it('searches external places by text with page and pageSize', async () => {
    const page = await get('/api/v1/locations/external?q=Winnipeg&pageSize=5');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 5 });
    // Canadian places are forward sortation areas: "Winnipeg (Assiniboine South / Betsworth)".
    expect(page.json().data).toHaveLength(5);
    for (const place of page.json().data) {
      expect(place).toMatchObject({ city: expect.stringMatching(/^Winnipeg/), province: 'MB' });
      expect(place).toMatchObject({ country: 'CA', ianaTimezone: 'America/Winnipeg' });
    }
  });

  it('is for the carrier portal and the operator; a driver is refused', async () => {
    const response = await get('/api/v1/locations', world.users.driver);
    expect(response.statusCode).toBe(403);
  });
});

describe('dock schedules', () => {
  it('creates a schedule open 00:00-23:59 all week with the default modes and stop types', async () => {
    const location = await create({ ...fargo, name: 'Dock Defaults' });
    const url = `/api/v1/locations/${location.locationNumber}/dock_schedules`;
    const response = await post(url, { name: 'Main Dock' });
    expect(response.statusCode, response.body).toBe(201);
    const schedule = response.json().data;
    expect(schedule).toMatchObject({
      name: 'Main Dock',
      locationNumber: location.locationNumber,
      equipmentModes: [0, 1, 2, 3],
      shippingModes: [0, 1, 2, 3],
      stopTypes: ['Shipping', 'Receiving'],
      isAppointmentRequired: false,
      version: 1,
    });
    expect(schedule.dockHours).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isClosed: false,
        isTwentyFourHour: false,
        startTime: '00:00',
        endTime: '23:59',
      })),
    );
    const listed = await get(url);
    expect(listed.json().data).toEqual([schedule]);
  });

  it('updates the hours per day, refuses hours that close before they open, and stale versions', async () => {
    const location = await create({ ...fargo, name: 'Dock Hours' });
    const url = `/api/v1/locations/${location.locationNumber}/dock_schedules`;
    const schedule = (await post(url, { name: 'Receiving Dock', stopTypes: ['Receiving'] })).json()
      .data;
    const hours = [
      {
        dayOfWeek: 0,
        isClosed: true,
        isTwentyFourHour: false,
        startTime: '00:00',
        endTime: '23:59',
      },
      {
        dayOfWeek: 1,
        isClosed: false,
        isTwentyFourHour: false,
        startTime: '07:00',
        endTime: '15:00',
      },
      {
        dayOfWeek: 6,
        isClosed: false,
        isTwentyFourHour: true,
        startTime: '08:00',
        endTime: '09:00',
      },
    ];
    const updated = await put(`${url}/${schedule.id}`, {
      name: 'Receiving Dock',
      stopTypes: ['Receiving'],
      equipmentModes: [1, 0],
      shippingModes: [0],
      isAppointmentRequired: true,
      dockHours: hours,
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      equipmentModes: [0, 1],
      shippingModes: [0],
      isAppointmentRequired: true,
      version: 2,
    });
    const days = updated.json().data.dockHours;
    expect(days[0]).toMatchObject({ isClosed: true });
    expect(days[1]).toMatchObject({ startTime: '07:00', endTime: '15:00' });
    expect(days[2]).toMatchObject({ startTime: '00:00', endTime: '23:59' });
    // A 24-hour day runs the whole day whatever times came with it.
    expect(days[6]).toMatchObject({ isTwentyFourHour: true, startTime: '00:00', endTime: '23:59' });

    const backwards = await put(`${url}/${schedule.id}`, {
      name: 'Receiving Dock',
      dockHours: [
        {
          dayOfWeek: 3,
          isClosed: false,
          isTwentyFourHour: false,
          startTime: '16:00',
          endTime: '08:00',
        },
      ],
      version: 2,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({
      'dockHours[0].endTime': ['Wednesday: the dock must close after it opens (16:00 to 08:00)'],
    });
    const badTime = await put(`${url}/${schedule.id}`, {
      name: 'Receiving Dock',
      dockHours: [
        {
          dayOfWeek: 3,
          isClosed: false,
          isTwentyFourHour: false,
          startTime: '25:00',
          endTime: '26:00',
        },
      ],
      version: 2,
    });
    expect(badTime.statusCode).toBe(400);
    expect(Object.keys(badTime.json().errors)[0]).toMatch(/^dockHours\[0\]\.startTime/);
    const noModes = await put(`${url}/${schedule.id}`, {
      name: 'Receiving Dock',
      equipmentModes: [],
      version: 2,
    });
    expect(noModes.json().errors).toHaveProperty('equipmentModes');

    const stale = await put(`${url}/${schedule.id}`, { name: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await get(url)).json().data[0]).toMatchObject({ name: 'Receiving Dock', version: 2 });

    const foreign = await put(
      `${url}/${schedule.id}`,
      { name: 'Taken Over', version: 2 },
      world.users.otherCarrierUser,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignCreate = await post(url, { name: 'Taken Over' }, world.users.otherCarrierUser);
    expect(foreignCreate.statusCode).toBe(404);
  });
});
