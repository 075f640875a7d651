import { EquipmentType, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database-template';
import { shipmentFor } from '../../../test/shipment-fixtures';
import { waitFor } from '../../../test/wait-for';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import type { Database } from '../../db/database';
import { announceWaitingLoads, listenForPostedLoads, SAVED_LANE_MATCH } from './lane-alerts';
import { insertLane } from './repository';

// No API process here: the database alone, as when every API node is down or restarting.
let db: Database;
let dispose: () => Promise<void>;
let world: TestWorld;

beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
  world = await makeTestWorld(db);
});
afterAll(() => dispose());

const laneAlertsFor = (userId: string, shipmentNumber: string) =>
  db.system((tx) =>
    tx
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', userId)
      .where('notificationKind', '=', SAVED_LANE_MATCH)
      .where('body', 'like', `%${shipmentNumber}%`)
      .execute(),
  );

describe('saved-lane announcements with nobody listening', () => {
  it('keeps a load posted while no process listens, and announces it once when one starts', async () => {
    await db.system((tx) =>
      insertLane(tx, {
        companyId: world.carrier.id,
        userId: world.users.carrierUser.id,
        originCity: 'Fargo',
        originState: 'ND',
        originPostalCode: '58102',
        originRadiusMiles: 100,
        destinationCity: 'Minneapolis',
        destinationState: 'MN',
        destinationPostalCode: '55401',
        destinationRadiusMiles: 100,
        equipmentTypes: EquipmentType.Van,
        minRateCents: null,
      }),
    );
    const made = await shipmentFor(db, world, {
      status: ShipmentStatus.Draft,
      carrier: 'none',
      originPostalCode: '58102',
      destinationPostalCode: '55401',
    });
    const number = made.shipment.shipmentNumber;

    // The operator puts the load on the board in its own transaction, as the status route does.
    await db.tenant(
      {
        companyId: world.operator.id,
        userId: world.users.operatorUser.id,
        kind: 'operator',
        carrierIds: [],
        driverId: null,
      },
      (tx) =>
        tx
          .updateTable('shipments')
          .set({ status: ShipmentStatus.ReadyToBook })
          .where('id', '=', made.shipment.id)
          .execute(),
    );
    // Nobody heard it: no notification yet, but the posting is written down.
    expect(await laneAlertsFor(world.users.carrierUser.id, number)).toHaveLength(0);
    const waiting = await db.system((tx) =>
      tx
        .selectFrom('loadPostedAnnouncements')
        .select(['shipmentId', 'announcedAt'])
        .where('shipmentId', '=', made.shipment.id)
        .execute(),
    );
    expect(waiting).toEqual([{ shipmentId: made.shipment.id, announcedAt: null }]);

    // An API process starts: it announces what was posted while it was away.
    const errors: unknown[] = [];
    const stop = await listenForPostedLoads(db, (error) => errors.push(error));
    const told = await waitFor(
      () => laneAlertsFor(world.users.carrierUser.id, number),
      (rows) => rows.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New load on your saved lane',
      link: `/available-freight/${number}`,
    });

    // A second process starting, or another catch-up pass, tells nobody again.
    const second = await listenForPostedLoads(db, (error) => errors.push(error));
    expect(await announceWaitingLoads(db)).toBe(0);
    await second();
    await stop();
    expect(await laneAlertsFor(world.users.carrierUser.id, number)).toHaveLength(1);
    expect(await laneAlertsFor(world.users.otherCarrierUser.id, number)).toHaveLength(0);
    expect(errors).toEqual([]);
    const announced = await db.system((tx) =>
      tx
        .selectFrom('loadPostedAnnouncements')
        .select('announcedAt')
        .where('shipmentId', '=', made.shipment.id)
        .executeTakeFirstOrThrow(),
    );
    expect(announced.announcedAt).not.toBeNull();
  });
});
