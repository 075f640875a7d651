import { ShipmentStatus, TenderOfferStatus, TenderWaterfallStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { until } from '../../../test/until';
import { makeShipment } from '../../seed/factories';

// Automatic tendering in the API process's job queue: the waterfall sends each tender, expires it
// on time, hands the load to the next carrier, and stops on an accept or at the end of the list.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function readyToBook() {
  return t.db.system(
    async (tx) =>
      (
        await makeShipment(tx, {
          operatorCompanyId: world.operator.id,
          customerCompanyId: world.customer.id,
          carrierCompanyId: null,
          status: ShipmentStatus.ReadyToBook,
        })
      ).shipment,
  );
}

const rate = { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1650 };

function start(shipmentNumber: string, carriers: string[], user = world.users.operatorUser) {
  return t.injectAs(user, {
    method: 'POST',
    url: `/api/v2/shipments/${shipmentNumber}/automatic_tendering`,
    payload: {
      carrierRate: rate,
      carriers: carriers.map((carrierId) => ({ carrierId, answerWindowMinutes: 60 })),
    },
  });
}

/** Shortens every answer window of a waterfall (the API takes whole minutes). */
async function windowsOf(waterfallId: string, seconds: number) {
  await t.db.system((tx) =>
    tx
      .updateTable('tenderWaterfallSteps')
      .set({ answerWindowSeconds: seconds })
      .where('waterfallId', '=', waterfallId)
      .execute(),
  );
}

const tendersOf = (waterfallId: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('tenders')
      .selectAll()
      .where('waterfallId', '=', waterfallId)
      .orderBy('sentAt')
      .execute(),
  );

const waterfallOf = (waterfallId: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('tenderWaterfalls')
      .selectAll()
      .where('id', '=', waterfallId)
      .executeTakeFirstOrThrow(),
  );

const statusOf = (shipmentId: string) =>
  t.db.system(
    async (tx) =>
      (
        await tx
          .selectFrom('shipments')
          .select('status')
          .where('id', '=', shipmentId)
          .executeTakeFirstOrThrow()
      ).status,
  );

describe('starting a waterfall', () => {
  it('is for the operator, on a Ready to Book load, with distinct bookable carriers', async () => {
    const shipment = await readyToBook();
    const carrierTry = await start(
      shipment.shipmentNumber,
      [world.carrier.id],
      world.users.carrierUser,
    );
    expect(carrierTry.statusCode).toBe(403);
    const twice = await start(shipment.shipmentNumber, [world.carrier.id, world.carrier.id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty(['carriers.1.carrierId']);
    const notCarrier = await start(shipment.shipmentNumber, [world.customer.id]);
    expect(notCarrier.statusCode).toBe(400);
    const empty = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
      payload: { carrierRate: { ...rate, rate: -1 }, carriers: [] },
    });
    expect(empty.statusCode).toBe(400);
    const booked = await t.db.system(
      async (tx) =>
        (
          await makeShipment(tx, {
            operatorCompanyId: world.operator.id,
            customerCompanyId: world.customer.id,
            carrierCompanyId: world.carrier.id,
            status: ShipmentStatus.Booked,
          })
        ).shipment,
    );
    const late = await start(booked.shipmentNumber, [world.carrier.id]);
    expect(late.statusCode).toBe(409);
    const nothing = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
    });
    expect(nothing.json().data).toMatchObject({ canStart: true, waterfall: null });
  });
});

describe('the waterfall in the job queue', () => {
  beforeAll(async () => {
    await t.ctx.jobs.startWorking();
  });

  it('sends, expires on time, moves on, and puts the load back on the board at the end', async () => {
    const shipment = await readyToBook();
    const started = await start(shipment.shipmentNumber, [world.carrier.id, world.otherCarrier.id]);
    expect(started.statusCode).toBe(200);
    const waterfallId = started.json().data.waterfall.id as string;
    await windowsOf(waterfallId, 5);

    const [first] = await until(
      () => tendersOf(waterfallId),
      (rows) => rows.length >= 1,
    );
    expect(first).toMatchObject({
      carrierCompanyId: world.carrier.id,
      status: TenderOfferStatus.Sent,
    });
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.Tendering);

    // The carrier hears of it in the widget and by e-mail, with a link that opens it.
    const notified = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select(['link', 'title'])
        .where('userId', '=', world.users.carrierUser.id)
        .where('link', '=', `/tenders/${first!.id}`)
        .execute(),
    );
    expect(notified).toHaveLength(1);
    const mails = await t.db.system((tx) =>
      tx
        .selectFrom('emailOutbox')
        .selectAll()
        .where('subject', 'like', `New tender ${first!.tenderNumber}%`)
        .execute(),
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails[0])).toContain(`/tenders/${first!.id}`);

    // Nobody answers: it expires within 5 s of its time and the next carrier gets the load.
    const [expired, second] = await until(
      () => tendersOf(waterfallId),
      (rows) => rows.length >= 2,
    );
    expect(expired!.status).toBe(TenderOfferStatus.Rescinded);
    expect(expired!.expiredAt).not.toBeNull();
    const lateBy =
      new Date(expired!.expiredAt!).getTime() - new Date(expired!.expiresAt!).getTime();
    expect(lateBy).toBeGreaterThanOrEqual(0);
    expect(lateBy).toBeLessThan(5_000);
    expect(second).toMatchObject({
      carrierCompanyId: world.otherCarrier.id,
      status: TenderOfferStatus.Sent,
    });
    const refused = await t.injectAs(world.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${expired!.id}/offers`,
      payload: { status: 1, carrierRate: rate },
    });
    expect(refused.statusCode).toBe(409);

    // The last carrier rejects: the list has ended and the load is Ready to Book again.
    const rejected = await t.injectAs(world.users.otherCarrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${second!.id}/offers`,
      payload: { status: 2, rejectionReason: 'Rate too low' },
    });
    expect(rejected.statusCode).toBe(200);
    const finished = await until(
      () => waterfallOf(waterfallId),
      (row) => row.status !== TenderWaterfallStatus.Running,
    );
    expect(finished.status).toBe(TenderWaterfallStatus.Exhausted);
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.ReadyToBook);
    expect(await tendersOf(waterfallId)).toHaveLength(2);
    // The operator's staff saw the expiry and the rejection.
    const told = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select('title')
        .where('userId', '=', world.users.operatorUser.id)
        .where('notificationKind', '=', 'TenderAnswered')
        .execute(),
    );
    expect(told.map((row) => row.title)).toEqual(
      expect.arrayContaining([
        `Tender ${expired!.tenderNumber} expired`,
        `Tender ${second!.tenderNumber} rejected`,
      ]),
    );
  }, 60_000);

  it('stops when a carrier accepts: the load is booked, no further tender goes out', async () => {
    const shipment = await readyToBook();
    const started = await start(shipment.shipmentNumber, [world.otherCarrier.id, world.carrier.id]);
    const waterfallId = started.json().data.waterfall.id as string;
    const [first] = await until(
      () => tendersOf(waterfallId),
      (rows) => rows.length >= 1,
    );
    const accepted = await t.injectAs(world.users.otherCarrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${first!.id}/offers`,
      payload: { status: 1, carrierRate: rate },
    });
    expect(accepted.statusCode).toBe(200);
    const finished = await until(
      () => waterfallOf(waterfallId),
      (row) => row.status !== TenderWaterfallStatus.Running,
    );
    expect(finished.status).toBe(TenderWaterfallStatus.Accepted);
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.Booked);
    expect(await tendersOf(waterfallId)).toHaveLength(1);
    // The operator's staff heard of the acceptance, with a link to the load's waterfall.
    const told = await t.db.system((tx) =>
      tx
        .selectFrom('notifications')
        .select(['title', 'body', 'link'])
        .where('userId', '=', world.users.operatorUser.id)
        .where('notificationKind', '=', 'TenderAnswered')
        .where('title', '=', `Tender ${first!.tenderNumber} accepted`)
        .execute(),
    );
    expect(told).toEqual([
      {
        title: `Tender ${first!.tenderNumber} accepted`,
        body: expect.stringContaining(
          `accepted tender ${first!.tenderNumber} for shipment ${shipment.shipmentNumber}`,
        ),
        link: `/operations/tendering?shipment=${shipment.shipmentNumber}`,
      },
    ]);
  }, 60_000);

  it('the operator stops a waterfall: the open tender is rescinded, the load is Ready to Book', async () => {
    const shipment = await readyToBook();
    const started = await start(shipment.shipmentNumber, [world.carrier.id]);
    const waterfallId = started.json().data.waterfall.id as string;
    const [first] = await until(
      () => tendersOf(waterfallId),
      (rows) => rows.length >= 1,
    );
    const stopped = await t.injectAs(world.users.operatorUser, {
      method: 'DELETE',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data.waterfall.status).toBe('Stopped');
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.ReadyToBook);
    const late = await t.injectAs(world.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${first!.id}/offers`,
      payload: { status: 1, carrierRate: rate },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('rescinded');
  }, 60_000);
});

describe('a tender by hand, outside a waterfall', () => {
  const tender = (
    shipmentNumber: string,
    payload: Record<string, unknown>,
    user = world.users.operatorUser,
  ) =>
    t.injectAs(user, {
      method: 'POST',
      url: `/api/v2/shipments/${shipmentNumber}/tenders`,
      payload: {
        carrierRate: rate,
        carrierId: world.carrier.id,
        answerWindowMinutes: 90,
        ...payload,
      },
    });

  it('goes to one carrier with its answer window; the carrier accepts it and the load is Booked', async () => {
    const shipment = await readyToBook();
    const before = Date.now();
    const sent = await tender(shipment.shipmentNumber, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const state = sent.json().data;
    expect(state.shipmentStatus.displayName).toBe('Tendering');
    expect(state.canStart).toBe(false);
    expect(state.waterfall).toBeNull();
    expect(state.manualTenders).toHaveLength(1);
    const [manual] = state.manualTenders;
    expect(manual).toMatchObject({
      carrier: { id: world.carrier.id },
      tenderStatus: { value: TenderOfferStatus.Sent },
      rate: 1650,
      isExpired: false,
    });
    const window = new Date(manual.expiresAt).getTime() - before;
    expect(window).toBeGreaterThan(89 * 60_000);
    expect(window).toBeLessThan(91 * 60_000);

    // The carrier finds it among its tenders and answers it as any tender.
    const detail = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/tenders/${manual.tenderId}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ waterfallId: null, answerRefusal: null });
    const accepted = await t.injectAs(world.users.carrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${manual.tenderId}/offers`,
      payload: { status: 1, carrierRate: rate },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.Booked);
    // The other carrier never saw it.
    const elsewhere = await t.injectAs(world.users.otherCarrierUser, {
      method: 'GET',
      url: `/api/v2/tenders/${manual.tenderId}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a rejection puts the load back on the board', async () => {
    const shipment = await readyToBook();
    const sent = await tender(shipment.shipmentNumber, { carrierId: world.otherCarrier.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const tenderId = sent.json().data.manualTenders[0].tenderId as string;
    const rejected = await t.injectAs(world.users.otherCarrierUser, {
      method: 'PUT',
      url: `/api/v2/tenders/${tenderId}/offers`,
      payload: { status: 2, rejectionReason: 'No truck that day' },
    });
    expect(rejected.statusCode).toBe(200);
    await until(
      () => statusOf(shipment.id),
      (status) => status === ShipmentStatus.ReadyToBook,
    );
    const read = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
    });
    expect(read.json().data).toMatchObject({
      canStart: true,
      manualTenders: [
        {
          tenderId,
          tenderStatus: { value: TenderOfferStatus.Rejected },
          rejectionReason: 'No truck that day',
        },
      ],
    });
  }, 30_000);

  it('is the operator’s, on a Ready to Book load, to a bookable carrier, with a window in range', async () => {
    const shipment = await readyToBook();
    expect((await tender(shipment.shipmentNumber, {}, world.users.carrierUser)).statusCode).toBe(
      403,
    );
    const notCarrier = await tender(shipment.shipmentNumber, { carrierId: world.customer.id });
    expect(notCarrier.statusCode).toBe(400);
    expect(notCarrier.json().errors).toHaveProperty('carrierId');
    const window = await tender(shipment.shipmentNumber, { answerWindowMinutes: 0 });
    expect(window.statusCode).toBe(400);
    expect(JSON.stringify(window.json())).toContain('answerWindowMinutes');
    expect(await statusOf(shipment.id)).toBe(ShipmentStatus.ReadyToBook);

    expect((await tender(shipment.shipmentNumber, {})).statusCode).toBe(200);
    const again = await tender(shipment.shipmentNumber, { carrierId: world.otherCarrier.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('a tender is sent on a Ready to Book load');
  });
});
