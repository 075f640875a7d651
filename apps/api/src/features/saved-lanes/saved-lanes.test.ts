import { EquipmentType, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { waitFor } from '../../../test/wait-for';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.app.ready();
});
afterAll(() => t.close());

const as = (user: keyof TestWorld['users'], request: Parameters<TestApp['injectAs']>[1]) =>
  t.injectAs(world.users[user], request);

const lane = {
  originPostalCode: '58102',
  originRadius: 100,
  destinationPostalCode: '55401',
  destinationRadius: 50,
  equipmentTypes: EquipmentType.Van | EquipmentType.Reefer,
  minRate: 1000,
};

async function notificationsFor(userId: string) {
  return t.db.system((tx) =>
    tx.selectFrom('notifications').selectAll().where('userId', '=', userId).execute(),
  );
}

describe('saved lanes', () => {
  it('creates, lists with match counts and the load board link, edits and deletes a lane', async () => {
    const matching = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '58102',
      destinationPostalCode: '55401',
    });
    await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
      originPostalCode: '58102',
      destinationPostalCode: '30303',
    });
    const created = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/saved_lanes',
      payload: lane,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      origin: { city: 'Fargo', state: 'ND', postalCode: '58102' },
      destination: { city: 'Minneapolis', state: 'MN', postalCode: '55401' },
      originRadius: 100,
      destinationRadius: 50,
      equipmentNames: ['Van', 'Reefer'],
      minRate: 1000,
      matchCount: 1,
    });
    const search = new URLSearchParams(created.json().data.loadBoardSearch);
    expect(search.get('originPostalCode')).toBe('58102');
    expect(search.get('destinationRadius')).toBe('50');
    const board = await as('carrierUser', {
      method: 'GET',
      url: `/api/v2/load_board?${created.json().data.loadBoardSearch}`,
    });
    expect(board.statusCode, board.body).toBe(200);
    expect(
      board.json().data.map((load: { shipmentNumber: string }) => load.shipmentNumber),
    ).toContain(matching.shipment.shipmentNumber);

    const id = created.json().data.id;
    const list = await as('carrierUser', { method: 'GET', url: '/api/v2/saved_lanes' });
    expect(list.json().data.map((item: { id: string }) => item.id)).toContain(id);
    const edited = await as('carrierUser', {
      method: 'PUT',
      url: `/api/v2/saved_lanes/${id}`,
      payload: { ...lane, destinationPostalCode: null, destinationState: 'GA', minRate: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      destination: { state: 'GA', city: null },
      minRate: null,
    });

    const othersView = await as('otherCarrierUser', { method: 'GET', url: '/api/v2/saved_lanes' });
    expect(othersView.json().data.map((item: { id: string }) => item.id)).not.toContain(id);
    const othersEdit = await as('otherCarrierUser', {
      method: 'PUT',
      url: `/api/v2/saved_lanes/${id}`,
      payload: lane,
    });
    expect(othersEdit.statusCode).toBe(404);
    const othersDelete = await as('otherCarrierUser', {
      method: 'DELETE',
      url: `/api/v2/saved_lanes/${id}`,
    });
    expect(othersDelete.statusCode).toBe(404);

    const deleted = await as('carrierUser', { method: 'DELETE', url: `/api/v2/saved_lanes/${id}` });
    expect(deleted.statusCode).toBe(204);
    const after = await as('carrierUser', { method: 'GET', url: '/api/v2/saved_lanes' });
    expect(after.json().data.map((item: { id: string }) => item.id)).not.toContain(id);
  });

  it.each([
    [{ ...lane, originPostalCode: '99999' }, 'originPostalCode'],
    [{ ...lane, destinationPostalCode: '00000' }, 'destinationPostalCode'],
    [{ ...lane, destinationPostalCode: null, destinationState: 'ZZ' }, 'destinationState'],
    [{ ...lane, originRadius: 501 }, 'originRadius'],
    [{ ...lane, destinationRadius: -5 }, 'destinationRadius'],
    [{ ...lane, equipmentTypes: 1 << 21 }, 'equipmentTypes'],
    [{ ...lane, minRate: -1 }, 'minRate'],
  ])(
    'refuses a bad lane with 400 naming the field, writing nothing (%#)',
    async (payload, field) => {
      const before = await as('carrierUser', { method: 'GET', url: '/api/v2/saved_lanes' });
      const response = await as('carrierUser', {
        method: 'POST',
        url: '/api/v2/saved_lanes',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
      const after = await as('carrierUser', { method: 'GET', url: '/api/v2/saved_lanes' });
      expect(after.json().data).toHaveLength(before.json().data.length);
    },
  );

  it('tells the lane’s owner within seconds when a matching load becomes Ready to Book, once', async () => {
    const created = await as('carrierUser', {
      method: 'POST',
      url: '/api/v2/saved_lanes',
      payload: {
        ...lane,
        originPostalCode: '68102',
        destinationPostalCode: '80216',
        minRate: null,
      },
    });
    expect(created.statusCode).toBe(201);
    const draft = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Draft,
      carrier: 'none',
      originPostalCode: '68102',
      destinationPostalCode: '80216',
    });
    const elsewhere = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Draft,
      carrier: 'none',
      originPostalCode: '98101',
      destinationPostalCode: '80216',
    });
    for (const made of [draft, elsewhere]) {
      const released = await as('operatorUser', {
        method: 'PATCH',
        url: `/api/v2/shipments/${made.shipment.shipmentNumber}/status`,
        payload: { status: ShipmentStatus.ReadyToBook, version: made.shipment.version },
      });
      expect(released.statusCode, released.body).toBe(200);
    }
    const told = await waitFor(
      () => notificationsFor(world.users.carrierUser.id),
      (rows) => rows.some((row) => row.body.includes(draft.shipment.shipmentNumber)),
    );
    const about = told.filter((row) => row.notificationKind === 'SavedLaneMatch');
    expect(about.map((row) => row.link)).toContain(
      `/available-freight/${draft.shipment.shipmentNumber}`,
    );
    expect(about.some((row) => row.body.includes(elsewhere.shipment.shipmentNumber))).toBe(false);
    expect(about.find((row) => row.body.includes(draft.shipment.shipmentNumber))).toMatchObject({
      title: 'New load on your saved lane',
      body: expect.stringContaining('Omaha, NE to Denver, CO'),
    });
    // Back on the board after a withdrawal: the lane was told already.
    const current = await t.db.system((tx) =>
      tx
        .selectFrom('shipments')
        .select('version')
        .where('id', '=', draft.shipment.id)
        .executeTakeFirstOrThrow(),
    );
    await as('operatorUser', {
      method: 'PATCH',
      url: `/api/v2/shipments/${draft.shipment.shipmentNumber}/status`,
      payload: { status: ShipmentStatus.Draft, version: current.version },
    });
    await as('operatorUser', {
      method: 'PATCH',
      url: `/api/v2/shipments/${draft.shipment.shipmentNumber}/status`,
      payload: { status: ShipmentStatus.ReadyToBook, version: current.version + 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = (await notificationsFor(world.users.carrierUser.id)).filter((row) =>
      row.body.includes(draft.shipment.shipmentNumber),
    );
    expect(again).toHaveLength(1);
    expect(
      (await notificationsFor(world.users.otherCarrierUser.id)).filter((row) =>
        row.body.includes(draft.shipment.shipmentNumber),
      ),
    ).toHaveLength(0);
  });
});
