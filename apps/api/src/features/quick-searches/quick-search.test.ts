import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import type { Tx } from '../../db/database';
import { makeShipment } from '../../seed/factories';
import { QUICK_SEARCH_COUNT_CAP } from './repository';

let t: TestApp;
let world: TestWorld;
const numbers: Record<string, string> = {};

/** An open tender of a world customer's shipment to world.carrier. */
const sendTender = (tx: Tx, shipmentId: string, rateCents: number) =>
  tx
    .insertInto('tenders')
    .values({
      shipmentId,
      carrierCompanyId: world.carrier.id,
      customerCompanyId: world.customer.id,
      status: TenderOfferStatus.Sent,
      rateCents,
    })
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    const own = await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.InTransit,
      originPostalCode: '60601',
      destinationPostalCode: '75201',
      shipment: { shipmentNumber: '8800101' },
    });
    numbers.own = own.shipment.shipmentNumber;
    await tx
      .insertInto('shipmentDrivers')
      .values({
        shipmentId: own.shipment.id,
        driverId: world.users.driver.id,
        carrierCompanyId: world.carrier.id,
      })
      .execute();
    await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Booked,
      shipment: { shipmentNumber: '8800102' },
    });
    await makeShipment(tx, {
      ...base,
      carrierCompanyId: world.otherCarrier.id,
      status: ShipmentStatus.Booked,
      shipment: { shipmentNumber: '8800201' },
    });
    await makeShipment(tx, {
      ...base,
      status: ShipmentStatus.ReadyToBook,
      shipment: { shipmentNumber: '8800301' },
    });
    await makeShipment(tx, {
      ...base,
      status: ShipmentStatus.Draft,
      shipment: { shipmentNumber: '8800401' },
    });
    const tendered = await makeShipment(tx, {
      ...base,
      status: ShipmentStatus.Tendering,
      shipment: { shipmentNumber: '8800501' },
    });
    await sendTender(tx, tendered.shipment.id, 210_000);
    await makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.broker.id,
      status: ShipmentStatus.Draft,
      shipment: { shipmentNumber: '8800601' },
      referenceNumbers: [
        { label: 'PO', value: 'PO-55_123' },
        { label: 'BOL', value: 'BOL-777' },
      ],
    });
  });
});

afterAll(() => t.close());

const search = (user: { id: string; companyId: string }, query: string) =>
  t.injectAs(user, { method: 'GET', url: `/api/v2/quick_searches/shipments?${query}` });

const numbersIn = (body: string) =>
  (JSON.parse(body) as { data: { shipmentNumber: string }[] }).data.map(
    (row) => row.shipmentNumber,
  );

describe('GET /api/v2/quick_searches/shipments', () => {
  it('refuses a request without a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/quick_searches/shipments?query=88',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('finds a carrier its own shipments by number prefix, in the spec shape', async () => {
    const response = await search(world.users.carrierUser, 'query=880010');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, totalCount: 2 });
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      shipmentNumber: '8800101',
      status: { value: 5, displayName: 'In Transit' },
      origin: { city: 'Chicago', state: 'IL', postalCode: '60601' },
      destination: { city: 'Dallas', state: 'TX', postalCode: '75201' },
      referenceNumbers: [],
    });
    expect(body.data[1].shipmentNumber).toBe('8800102');
  });

  it("never returns another company's shipment", async () => {
    expect(numbersIn((await search(world.users.otherCarrierUser, 'query=8800101')).body)).toEqual(
      [],
    );
    expect(numbersIn((await search(world.users.carrierUser, 'query=8800201')).body)).toEqual([]);
    expect(numbersIn((await search(world.users.factoringUser, 'query=88002')).body)).toEqual([]);
  });

  it('shows a carrier freight on the load board and tenders sent to it, but no one else’s drafts or tenders', async () => {
    const carrierSees = numbersIn(
      (await search(world.users.carrierUser, 'query=88&pageSize=50')).body,
    );
    expect(carrierSees).toEqual(['8800101', '8800102', '8800301', '8800501']);
    const otherSees = numbersIn(
      (await search(world.users.otherCarrierUser, 'query=88&pageSize=50')).body,
    );
    expect(otherSees).toEqual(['8800201', '8800301']);
  });

  it('shows a factoring company the shipments of the carriers it factors', async () => {
    expect(numbersIn((await search(world.users.factoringUser, 'query=88')).body)).toEqual([
      '8800101',
      '8800102',
    ]);
  });

  it('shows a driver only the shipments assigned to them', async () => {
    expect(numbersIn((await search(world.users.driver, 'query=88')).body)).toEqual(['8800101']);
  });

  it('gives brokers reference numbers and reference-number matches; others neither', async () => {
    const broker = (await search(world.users.brokerUser, 'query=po-55_')).json();
    expect(broker.data).toHaveLength(1);
    expect(broker.data[0].shipmentNumber).toBe('8800601');
    expect(broker.data[0].referenceNumbers).toEqual([
      { label: 'BOL', value: 'BOL-777' },
      { label: 'PO', value: 'PO-55_123' },
    ]);
    expect((await search(world.users.carrierUser, 'query=PO-55')).json().data).toEqual([]);
  });

  it('takes LIKE wildcards in the query literally', async () => {
    expect(numbersIn((await search(world.users.carrierUser, 'query=%25')).body)).toEqual([]);
    expect(numbersIn((await search(world.users.carrierUser, 'query=88_0')).body)).toEqual([]);
  });

  it('pages with page and pageSize', async () => {
    const second = (await search(world.users.carrierUser, 'query=88&page=2&pageSize=3')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 3, totalCount: 4 });
    expect(second.data.map((row: { shipmentNumber: string }) => row.shipmentNumber)).toEqual([
      '8800501',
    ]);
  });

  it('counts matches up to the cap of 100 in one read, and a page past the cap counts its rows', async () => {
    await t.db.system(async (tx) => {
      for (let index = 0; index < QUICK_SEARCH_COUNT_CAP + 3; index++)
        await makeShipment(tx, {
          operatorCompanyId: world.operator.id,
          customerCompanyId: world.customer.id,
          carrierCompanyId: world.carrier.id,
          status: ShipmentStatus.Booked,
          shipment: { shipmentNumber: `8822${String(index).padStart(3, '0')}` },
        });
    });
    const first = (await search(world.users.carrierUser, 'query=8822')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, totalCount: QUICK_SEARCH_COUNT_CAP });
    expect(first.data[0].shipmentNumber).toBe('8822000');
    const pastTheCap = (await search(world.users.carrierUser, 'query=8822&page=6')).json();
    expect(pastTheCap.data.map((row: { shipmentNumber: string }) => row.shipmentNumber)).toEqual([
      '8822100',
      '8822101',
      '8822102',
    ]);
    expect(pastTheCap.totalCount).toBe(QUICK_SEARCH_COUNT_CAP + 3);
    const beyond = (await search(world.users.carrierUser, 'query=8822&page=7')).json();
    expect(beyond).toMatchObject({ data: [], totalCount: QUICK_SEARCH_COUNT_CAP });
    // A narrower prefix is counted exactly.
    expect((await search(world.users.carrierUser, 'query=882201')).json().totalCount).toBe(10);
  });

  it('merges the branches in number order up to the cap, and keeps a shipment tendered twice once', async () => {
    // 8844000 tendered to the carrier twice; after it the carrier's own loads (even) and the load
    // board's (odd) alternate: 121 matches from three branches.
    await t.db.system(async (tx) => {
      const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
      const tendered = await makeShipment(tx, {
        ...base,
        status: ShipmentStatus.Tendering,
        shipment: { shipmentNumber: '8844000' },
      });
      for (const rateCents of [200_000, 205_000])
        await sendTender(tx, tendered.shipment.id, rateCents);
      for (let index = 1; index <= 120; index++)
        await makeShipment(tx, {
          ...base,
          ...(index % 2 === 0
            ? { carrierCompanyId: world.carrier.id, status: ShipmentStatus.Booked }
            : { status: ShipmentStatus.ReadyToBook }),
          shipment: { shipmentNumber: `8844${String(index).padStart(3, '0')}` },
        });
    });
    const expected = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `8844${String(from + index).padStart(3, '0')}`);
    const first = await search(world.users.carrierUser, 'query=8844');
    expect(numbersIn(first.body)).toEqual(expected(0, 20));
    expect(first.json().totalCount).toBe(QUICK_SEARCH_COUNT_CAP);
    const sixth = await search(world.users.carrierUser, 'query=8844&page=6');
    expect(numbersIn(sixth.body)).toEqual(expected(100, 20));
    expect(sixth.json().totalCount).toBe(120);
    const seventh = await search(world.users.carrierUser, 'query=8844&page=7');
    expect(numbersIn(seventh.body)).toEqual(['8844120']);
    expect(seventh.json().totalCount).toBe(121);
  });

  it.each([
    ['query=88&pageSize=0', 'pageSize'],
    ['query=88&pageSize=51', 'pageSize'],
    ['query=88&page=abc', 'page'],
    ['query=88&page=0', 'page'],
    ['page=1', 'query'],
    ['query=', 'query'],
    ['query=88&sort=desc', 'sort'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await search(world.users.carrierUser, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.detail).toContain(field);
  });
});
