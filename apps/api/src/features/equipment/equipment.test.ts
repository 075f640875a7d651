import { EQUIPMENT_MESSAGES } from '@portal/domain';
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

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => ({
  method,
  url,
  ...(payload !== undefined
    ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }
    : {}),
});
const get = (url: string, as = world.users.carrierUser) => t.injectAs(as, { method: 'GET', url });

describe('trailers', () => {
  let trailerId: string;

  it('creates a trailer with its equipment type, length, plate, VIN and year', async () => {
    const response = await t.injectAs(
      world.users.carrierUser,
      send('POST', '/api/v2/trailers', {
        trailerNumber: ' R-5301 ',
        equipmentType: 4,
        lengthFeet: 53,
        licensePlate: 'nd 4421',
        licenseState: 'nd',
        vin: '1grab0622kb700123',
        modelYear: 2021,
        make: 'Great Dane',
      }),
    );
    expect(response.statusCode).toBe(201);
    trailerId = response.json().data.id;
    expect(response.json().data).toMatchObject({
      trailerNumber: 'R-5301',
      equipmentType: { value: 4, displayName: 'Reefer' },
      lengthFeet: 53,
      licensePlate: 'ND 4421',
      licenseState: 'ND',
      vin: '1GRAB0622KB700123',
      isActive: true,
      photoFileId: null,
    });
    const list = await get('/api/v2/trailers?pageSize=1');
    expect(list.json()).toMatchObject({ totalCount: 1, pageSize: 1 });
    const search = await get('/api/v2/trailers?q=4421');
    expect(search.json().data.map((row: { id: string }) => row.id)).toEqual([trailerId]);
    expect((await get('/api/v2/trailers?equipmentTypes=5')).json().totalCount).toBe(1);
    expect((await get('/api/v2/trailers?equipmentTypes=1')).json().totalCount).toBe(0);
    expect((await get('/api/v2/trailers?make=great%20dane')).json().totalCount).toBe(1);
  });

  it('refuses bad input naming the field, and a number the company already uses', async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ trailerNumber: 'X1', equipmentType: 3 }, 'equipmentType', 400],
      [{ trailerNumber: 'X1', equipmentType: 1, vin: 'SHORT' }, 'vin', 400],
      [{ trailerNumber: 'X1', equipmentType: 1, modelYear: 2999 }, 'modelYear', 400],
      [{ trailerNumber: 'R-5301', equipmentType: 1 }, 'trailerNumber', 409],
    ];
    for (const [body, field, status] of cases) {
      const response = await t.injectAs(
        world.users.carrierUser,
        send('POST', '/api/v2/trailers', body),
      );
      expect(response.statusCode, field).toBe(status);
      expect(Object.keys(response.json().errors ?? {}).join(' '), field).toContain(field);
    }
    expect((await get('/api/v2/trailers')).json().totalCount).toBe(1);
  });

  it('edits the trailer and saves its photo as a Trailer Picture', async () => {
    const edited = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}`, {
        trailerNumber: 'R-5301',
        equipmentType: 1,
        lengthFeet: 48,
        version: 1,
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      equipmentType: { value: 1 },
      lengthFeet: 48,
      vin: null,
      version: 2,
    });
    const photo = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}/photo`, {
        name: 'trailer.png',
        data: pngBase64(),
      }),
    );
    expect(photo.statusCode).toBe(200);
    const fileId: string = photo.json().data.photoFileId;
    const document = await t.db.system((tx) =>
      tx
        .selectFrom('documents')
        .select(['fileType', 'companyId'])
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow(),
    );
    expect(document).toEqual({ fileType: 98, companyId: world.carrier.id });
    const picture = await get(`/api/v1/documents/${fileId}`);
    expect(picture.headers['content-type']).toBe('image/png');
    const notPicture = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}/photo`, {
        name: 'trailer.png',
        data: Buffer.from('plain text').toString('base64'),
      }),
    );
    expect(notPicture.statusCode).toBe(415);
  });

  it('refuses a trailer edit made from an older version, or without one, writing nothing', async () => {
    const current = (await get(`/api/v2/trailers/${trailerId}`)).json().data;
    const edit = { trailerNumber: 'R-5301', equipmentType: 1, make: 'Utility' };
    const saved = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}`, { ...edit, version: current.version }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(current.version + 1);
    const stale = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}`, {
        ...edit,
        make: 'Wabash',
        version: current.version,
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(EQUIPMENT_MESSAGES.staleTrailer);
    const staleHeader = await t.injectAs(world.users.carrierUser, {
      ...send('PUT', `/api/v2/trailers/${trailerId}`, { ...edit, make: 'Wabash' }),
      headers: { 'content-type': 'application/json', 'if-match': `W/"${current.version}"` },
    });
    expect(staleHeader.statusCode).toBe(409);
    const without = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/trailers/${trailerId}`, { ...edit, make: 'Wabash' }),
    );
    expect(without.statusCode).toBe(428);
    expect((await get(`/api/v2/trailers/${trailerId}`)).json().data).toMatchObject({
      make: 'Utility',
      version: current.version + 1,
    });
  });

  it('keeps another company’s trailer out of reach: 404, nothing changed', async () => {
    for (const request of [
      { method: 'GET' as const, url: `/api/v2/trailers/${trailerId}` },
      send('PUT', `/api/v2/trailers/${trailerId}`, {
        trailerNumber: 'MINE',
        equipmentType: 1,
        version: 1,
      }),
      send('DELETE', `/api/v2/trailers/${trailerId}`),
      send('PUT', `/api/v2/trailers/${trailerId}/photo`, { name: 'a.png', data: pngBase64() }),
    ]) {
      const response = await t.injectAs(world.users.otherCarrierUser, request);
      expect(response.statusCode, request.method).toBe(404);
    }
    expect((await get('/api/v2/trailers', world.users.otherCarrierUser)).json().totalCount).toBe(0);
    expect((await get(`/api/v2/trailers/${trailerId}`)).json().data.trailerNumber).toBe('R-5301');
  });

  it('retires the trailer: it leaves the list and the dispatch search, and shows among the retired', async () => {
    const retired = await t.injectAs(
      world.users.carrierUser,
      send('DELETE', `/api/v2/trailers/${trailerId}`),
    );
    expect(retired.json().data).toMatchObject({ isActive: false });
    expect(retired.json().data.retiredAt).not.toBeNull();
    expect((await get('/api/v2/trailers')).json().totalCount).toBe(0);
    expect((await get('/api/v2/trailers?status=retired')).json().totalCount).toBe(1);
    const dispatch = await get('/api/v2/equipment_searches/trailers?q=R-5');
    expect(dispatch.json().totalCount).toBe(0);
  });

  it('answers 401 without credentials and 403 to a factoring company', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/trailers' })).statusCode).toBe(401);
    expect((await get('/api/v2/trailers', world.users.factoringUser)).statusCode).toBe(403);
  });
});

describe('power units', () => {
  it('creates, finds in the dispatch search, edits and retires a power unit', async () => {
    const created = await t.injectAs(
      world.users.carrierUser,
      send('POST', '/api/v2/power_units', {
        unitNumber: 'T-88',
        make: 'Peterbilt',
        modelYear: 2020,
      }),
    );
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.id;
    const dispatch = await get('/api/v2/equipment_searches/power_units?q=T-8');
    expect(dispatch.json().data.map((unit: { id: string }) => unit.id)).toEqual([id]);
    const duplicate = await t.injectAs(
      world.users.carrierUser,
      send('POST', '/api/v2/power_units', { unitNumber: 'T-88' }),
    );
    expect(duplicate.statusCode).toBe(409);
    const edited = await t.injectAs(
      world.users.carrierUser,
      send('PUT', `/api/v2/power_units/${id}`, { unitNumber: 'T-89', licensePlate: 'mn 7' }),
    );
    expect(edited.json().data).toMatchObject({
      unitNumber: 'T-89',
      licensePlate: 'MN 7',
      make: null,
    });
    await t.injectAs(world.users.carrierUser, send('DELETE', `/api/v2/power_units/${id}`));
    expect((await get('/api/v2/power_units')).json().totalCount).toBe(0);
    expect((await get('/api/v2/equipment_searches/power_units?q=T-8')).json().totalCount).toBe(0);
    const foreign = await get(`/api/v2/power_units/${id}`, world.users.otherCarrierUser);
    expect(foreign.statusCode).toBe(404);
  });
});
