import { EquipmentType, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const as = (user: keyof TestWorld['users'], request: Parameters<TestApp['injectAs']>[1]) =>
  t.injectAs(world.users[user], request);

const hours = (count: number) => new Date(Date.now() + count * 3600 * 1000);

describe('live equipment', () => {
  it('posts a truck, shows its matching loads nearest first, and takes it down', async () => {
    const near = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '53204',
      destinationPostalCode: '30303',
      pickupAt: hours(30),
    });
    const nearest = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '60601',
      destinationPostalCode: '30303',
      pickupAt: hours(26),
    });
    const tooEarly = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '60601',
      destinationPostalCode: '30303',
      pickupAt: hours(2),
    });
    const reefer = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '60601',
      pickupAt: hours(30),
      shipment: { equipmentTypes: EquipmentType.Reefer },
    });
    const posted = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/equipment_postings',
      payload: {
        equipmentTypes: EquipmentType.Van,
        postalCode: '60601',
        availableFrom: hours(24).toISOString(),
        destinationState: 'GA',
        note: 'Team drivers',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const truck = posted.json().data;
    expect(truck).toMatchObject({
      location: { city: 'Chicago', state: 'IL', postalCode: '60601' },
      equipmentNames: ['Van'],
      destination: { state: 'GA' },
      note: 'Team drivers',
      matchCount: 2,
    });
    // A post with no end expires a day after the truck is available.
    expect(new Date(truck.availableTo).getTime() - new Date(truck.availableFrom).getTime()).toBe(
      24 * 3600 * 1000,
    );
    const matches = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/equipment_postings/${truck.id}/matches`,
    });
    expect(matches.statusCode, matches.body).toBe(200);
    const numbers = matches
      .json()
      .data.map((load: { shipmentNumber: string }) => load.shipmentNumber);
    expect(numbers).toEqual([nearest.shipment.shipmentNumber, near.shipment.shipmentNumber]);
    expect(numbers).not.toContain(tooEarly.shipment.shipmentNumber);
    expect(numbers).not.toContain(reefer.shipment.shipmentNumber);
    expect(matches.json().data[0].deadheadMiles).toBe(0);

    const list = await as('carrierUser', { method: 'GET', url: '/api/v2/equipment_postings' });
    expect(list.json().data.map((item: { id: string }) => item.id)).toContain(truck.id);
    const others = await as('otherCarrierUser', {
      method: 'GET',
      url: `/api/v2/equipment_postings/${truck.id}/matches`,
    });
    expect(others.statusCode).toBe(404);
    expect(
      (
        await as('otherCarrierUser', {
          method: 'DELETE',
          url: `/api/v2/equipment_postings/${truck.id}`,
        })
      ).statusCode,
    ).toBe(404);
    const removed = await as('carrierUser', {
      method: 'DELETE',
      url: `/api/v2/equipment_postings/${truck.id}`,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('hides a post once it has expired', async () => {
    const expired = await t.db.system((tx) =>
      tx
        .insertInto('equipmentPostings')
        .values({
          carrierCompanyId: world.carrier.id,
          equipmentTypes: 1,
          city: 'Fargo',
          state: 'ND',
          postalCode: '58102',
          latitude: 46.87,
          longitude: -96.79,
          availableFrom: hours(-48),
          availableTo: hours(-1),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const list = await as('carrierUser', { method: 'GET', url: '/api/v2/equipment_postings' });
    expect(list.json().data.map((item: { id: string }) => item.id)).not.toContain(expired.id);
  });

  it.each([
    [{ postalCode: '99999' }, 'postalCode'],
    [{ equipmentTypes: 1 << 22 }, 'equipmentTypes'],
    [{ availableTo: hours(1).toISOString(), availableFrom: hours(5).toISOString() }, 'availableTo'],
    [
      { availableFrom: hours(-50).toISOString(), availableTo: hours(-49).toISOString() },
      'availableTo',
    ],
    [{ destinationPostalCode: '00000' }, 'destinationPostalCode'],
    [{ availableFrom: 'tomorrow' }, 'availableFrom'],
  ])('refuses a bad post with 400 naming the field (%#)', async (change, field) => {
    const response = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/equipment_postings',
      payload: {
        equipmentTypes: EquipmentType.Van,
        postalCode: '60601',
        availableFrom: hours(1).toISOString(),
        ...change,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});
