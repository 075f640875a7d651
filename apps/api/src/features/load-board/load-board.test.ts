import { EquipmentType, LIQUOR_REQUIREMENT, ShipmentStatus } from '@portal/domain';
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

// Each test posts its loads on a day of its own and searches that day, so tests do not see each
// other's loads.
let nextDay = 0;
function freshDay(): { day: string; at: (hour: number) => Date } {
  nextDay += 3;
  const base = Date.UTC(2031, 0, 1) + nextDay * 24 * 3600 * 1000;
  return {
    day: new Date(base).toISOString().slice(0, 10),
    at: (hour: number) => new Date(base + hour * 3600 * 1000),
  };
}

async function postLoad(
  pickupAt: Date,
  overrides: {
    origin?: string;
    destination?: string;
    status?: ShipmentStatus;
    carrier?: 'own' | 'other' | 'none';
    shipment?: Record<string, unknown>;
  } = {},
) {
  const made = await shipmentFor(t.db, world, {
    status: overrides.status ?? ShipmentStatus.ReadyToBook,
    carrier: overrides.carrier ?? 'none',
    originPostalCode: overrides.origin ?? '60601',
    destinationPostalCode: overrides.destination ?? '30303',
    pickupAt,
    shipment: { totalMiles: 720, maxBuyCents: 216_000, ...overrides.shipment },
  });
  return made;
}

function search(query: string, user: keyof TestWorld['users'] = 'carrierUser') {
  return t.injectAs(world.users[user], { method: 'GET', url: `/api/v2/load_board?${query}` });
}

const numbers = (response: { json(): { data: { shipmentNumber: string }[] } }) =>
  response.json().data.map((item) => item.shipmentNumber);

describe('GET /api/v2/load_board', () => {
  it('finds Ready to Book loads within the origin radius and shows lane, windows, equipment, miles, deadhead and money', async () => {
    const { day, at } = freshDay();
    const chicago = await postLoad(at(14));
    const milwaukee = await postLoad(at(15), { origin: '53204' });
    const atlanta = await postLoad(at(16), { origin: '30303', destination: '60601' });
    const booked = await postLoad(at(17), { status: ShipmentStatus.Booked, carrier: 'other' });

    const wide = await search(`originPostalCode=60601&pickupFrom=${day}&pickupTo=${day}`);
    expect(wide.statusCode, wide.body).toBe(200);
    expect(numbers(wide)).toEqual([
      chicago.shipment.shipmentNumber,
      milwaukee.shipment.shipmentNumber,
    ]);
    expect(numbers(wide)).not.toContain(atlanta.shipment.shipmentNumber);
    expect(numbers(wide)).not.toContain(booked.shipment.shipmentNumber);
    const first = wide.json().data[0];
    expect(first).toMatchObject({
      status: { value: ShipmentStatus.ReadyToBook, displayName: 'Ready to Book' },
      origin: { city: 'Chicago', state: 'IL', postalCode: '60601' },
      destination: { city: 'Atlanta', state: 'GA', postalCode: '30303' },
      equipmentTypes: 1,
      equipmentNames: ['Van'],
      weightPounds: 38000,
      miles: 720,
      deadheadMiles: 0,
      price: 2160,
      ratePerMile: 3,
      stopCount: 2,
      pickup: { early: at(14).toISOString(), ianaTimezone: 'America/Chicago' },
    });
    expect(first.delivery.early).not.toBeNull();
    const milwaukeeItem = wide.json().data[1];
    expect(milwaukeeItem.deadheadMiles).toBeGreaterThan(60);
    expect(milwaukeeItem.deadheadMiles).toBeLessThan(100);
    expect(wide.json()).toMatchObject({ page: 1, pageSize: 50, totalCount: 2 });

    const narrow = await search(
      `originPostalCode=60601&originRadius=50&pickupFrom=${day}&pickupTo=${day}`,
    );
    expect(numbers(narrow)).toEqual([chicago.shipment.shipmentNumber]);

    const byCity = await search(
      `originCity=Milwaukee&originState=WI&originRadius=10&pickupFrom=${day}&pickupTo=${day}`,
    );
    expect(byCity.statusCode, byCity.body).toBe(200);
    expect(numbers(byCity)).toEqual([milwaukee.shipment.shipmentNumber]);

    const byDestinationState = await search(
      `destinationState=IL&pickupFrom=${day}&pickupTo=${day}`,
    );
    expect(numbers(byDestinationState)).toEqual([atlanta.shipment.shipmentNumber]);

    const byDestination = await search(
      `destinationPostalCode=60601&destinationRadius=25&pickupFrom=${day}&pickupTo=${day}`,
    );
    expect(numbers(byDestination)).toEqual([atlanta.shipment.shipmentNumber]);
  });

  it('searches more origins (originLocations), each with the origin radius, and orders by deadhead from the first', async () => {
    const { day, at } = freshDay();
    const chicago = await postLoad(at(14));
    const milwaukee = await postLoad(at(15), { origin: '53204' });
    const atlanta = await postLoad(at(16), { origin: '30303', destination: '60601' });
    const dallas = await postLoad(at(17), { origin: '75201' });

    const both = await search(
      `originPostalCode=60601&originRadius=50&originLocations=30303&pickupFrom=${day}&pickupTo=${day}&orderBy=deadhead`,
    );
    expect(both.statusCode, both.body).toBe(200);
    // Chicago is 0 miles from the searched origin, Atlanta about 590: nearest first.
    expect(numbers(both)).toEqual([
      chicago.shipment.shipmentNumber,
      atlanta.shipment.shipmentNumber,
    ]);
    expect(numbers(both)).not.toContain(milwaukee.shipment.shipmentNumber);
    expect(numbers(both)).not.toContain(dallas.shipment.shipmentNumber);

    // Repeated or comma-separated, and without a first origin: the radius of each is the default 100.
    const repeated = await search(
      `originLocations=30303&originLocations=75201&pickupFrom=${day}&pickupTo=${day}`,
    );
    const commas = await search(`originLocations=30303,75201&pickupFrom=${day}&pickupTo=${day}`);
    expect(numbers(repeated)).toEqual([
      atlanta.shipment.shipmentNumber,
      dallas.shipment.shipmentNumber,
    ]);
    expect(numbers(commas)).toEqual(numbers(repeated));

    const unknown = await search(`originLocations=30303,00000&pickupFrom=${day}&pickupTo=${day}`);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toContain('originLocations[1]');
  });

  it('narrows by equipment, partials, price, liquor and selected shipments, and orders as asked', async () => {
    const { day, at } = freshDay();
    const van = await postLoad(at(10), { shipment: { maxBuyCents: 150_000 } });
    const reefer = await postLoad(at(11), {
      shipment: { equipmentTypes: EquipmentType.Reefer, maxBuyCents: 300_000, totalMiles: 1500 },
    });
    const ltl = await postLoad(at(12), { shipment: { shippingMode: 1, maxBuyCents: 60_000 } });
    const liquor = await postLoad(at(13), { shipment: { maxBuyCents: 250_000, totalMiles: 500 } });
    await t.db.system((tx) =>
      tx
        .insertInto('orderRequirements')
        .values({
          orderId: liquor.order.id,
          customerCompanyId: world.customer.id,
          requirement: LIQUOR_REQUIREMENT,
          description: 'Beer and wine; state liquor permit required',
        })
        .execute(),
    );
    const days = `pickupFrom=${day}&pickupTo=${day}`;
    const all = [van, reefer, liquor].map((made) => made.shipment.shipmentNumber);
    expect(numbers(await search(days))).toEqual(all);
    expect(numbers(await search(`${days}&includePartials=true`))).toEqual([
      van.shipment.shipmentNumber,
      reefer.shipment.shipmentNumber,
      ltl.shipment.shipmentNumber,
      liquor.shipment.shipmentNumber,
    ]);
    expect(numbers(await search(`${days}&equipmentTypes=${EquipmentType.Reefer}`))).toEqual([
      reefer.shipment.shipmentNumber,
    ]);
    expect(
      numbers(await search(`${days}&equipmentTypes=${EquipmentType.Reefer | EquipmentType.Van}`)),
    ).toEqual(all);
    expect(numbers(await search(`${days}&totalPriceMin=2000`))).toEqual([
      reefer.shipment.shipmentNumber,
      liquor.shipment.shipmentNumber,
    ]);
    expect(numbers(await search(`${days}&missingLiquorRequirements=true`))).toEqual([
      van.shipment.shipmentNumber,
      reefer.shipment.shipmentNumber,
    ]);
    expect(
      numbers(
        await search(
          `selectedShipments=${van.shipment.shipmentNumber},${liquor.shipment.shipmentNumber}`,
        ),
      ),
    ).toEqual([van.shipment.shipmentNumber, liquor.shipment.shipmentNumber]);
    expect(numbers(await search(`${days}&orderBy=price`))).toEqual([
      reefer.shipment.shipmentNumber,
      liquor.shipment.shipmentNumber,
      van.shipment.shipmentNumber,
    ]);
    // $2,500 / 500 mi = $5.00; $1,500 / 720 = $2.08; $3,000 / 1,500 = $2.00.
    expect(numbers(await search(`${days}&orderBy=ratePerMile`))).toEqual([
      liquor.shipment.shipmentNumber,
      van.shipment.shipmentNumber,
      reefer.shipment.shipmentNumber,
    ]);
    expect(numbers(await search(`${days}&orderBy=distance`))).toEqual([
      liquor.shipment.shipmentNumber,
      van.shipment.shipmentNumber,
      reefer.shipment.shipmentNumber,
    ]);
  });

  it('pages 50 at a time', async () => {
    const { day, at } = freshDay();
    const made = [];
    for (let index = 0; index < 52; index++) made.push(await postLoad(at(index % 20)));
    const first = await search(`pickupFrom=${day}&pickupTo=${day}`);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 50, totalCount: 52 });
    expect(first.json().data).toHaveLength(50);
    const second = await search(`pickupFrom=${day}&pickupTo=${day}&page=2`);
    expect(second.json().data).toHaveLength(2);
    const seen = new Set([...numbers(first), ...numbers(second)]);
    expect(seen.size).toBe(52);
  });

  it.each([
    ['originPostalCode=99999', 'originPostalCode'],
    ['destinationPostalCode=00000', 'destinationPostalCode'],
    ['originCity=Atlantis&originState=GA', 'originCity'],
    ['originState=ZZ', 'originState'],
    ['originPostalCode=60601&originRadius=-1', 'originRadius'],
    ['originPostalCode=60601&originRadius=501', 'originRadius'],
    ['destinationRadius=900', 'destinationRadius'],
    ['pickupFrom=2031-02-10&pickupTo=2031-02-01', 'pickupTo'],
    [`equipmentTypes=${1 << 20}`, 'equipmentTypes'],
    ['orderBy=cheapest', 'orderBy'],
    ['pageSize=500', 'pageSize'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors ?? {})).toContain(field);
  });

  it('is for carriers: 401 without a token, 403 for a factoring company or a driver', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/load_board' })).statusCode).toBe(401);
    expect((await search('', 'factoringUser')).statusCode).toBe(403);
    expect((await search('', 'driver')).statusCode).toBe(403);
  });
});

describe('GET /api/v2/quotable_locations', () => {
  const find = (query: string) =>
    t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/quotable_locations?${query}`,
    });

  it('finds cities, ZIP codes and states, 10 a page', async () => {
    const city = await find('q=Fargo');
    expect(city.statusCode, city.body).toBe(200);
    expect(city.json().pageSize).toBe(10);
    expect(city.json().data[0]).toMatchObject({
      type: 'ZipCode',
      city: 'Fargo',
      state: 'ND',
      name: expect.stringMatching(/^Fargo, ND \d{5}$/),
    });
    const zip = await find('q=5810');
    expect(zip.json().data.length).toBeGreaterThan(0);
    expect(
      zip.json().data.every((place: { postalCode: string }) => place.postalCode.startsWith('5810')),
    ).toBe(true);
    const states = await find('q=North&types=GoverningDistrict');
    expect(states.json().data.map((place: { name: string }) => place.name)).toEqual(
      expect.arrayContaining(['North Dakota', 'North Carolina']),
    );
    // A whole postal code, as printed on a load, finds the place it belongs to.
    const canadian = await find(`q=${encodeURIComponent('G1M 7P6')}`);
    expect(canadian.json().data[0]).toMatchObject({ postalCode: 'G1M', state: 'QC' });
    const zipPlus4 = await find('q=58102-1234');
    expect(zipPlus4.json().data[0]).toMatchObject({ postalCode: '58102', city: 'Fargo' });
    const narrowed = await find('q=Portland, ME');
    expect(narrowed.json().data.map((place: { state: string }) => place.state)).toEqual(['ME']);
  });

  it('refuses an empty query and a page size over 100', async () => {
    expect((await find('q=')).statusCode).toBe(400);
    expect((await find('q=Fargo&pageSize=101')).statusCode).toBe(400);
  });
});

describe('Top Picks and the load preview', () => {
  it('ranks loads on a saved lane, near a posted truck and on a hauled lane; loads with no reason are not picks', async () => {
    const { at } = freshDay();
    const onLane = await postLoad(at(9), { origin: '58102', destination: '55401' });
    const nearTruck = await postLoad(at(10), { origin: '80216', destination: '75201' });
    const unrelated = await postLoad(at(11), { origin: '98101', destination: '97201' });
    await t.db.system(async (tx) => {
      await tx
        .insertInto('savedLanes')
        .values({
          companyId: world.carrier.id,
          userId: world.users.carrierUser.id,
          originCity: 'Fargo',
          originState: 'ND',
          originPostalCode: '58102',
          originRadiusMiles: 50,
          destinationCity: 'Minneapolis',
          destinationState: 'MN',
          destinationPostalCode: '55401',
          destinationRadiusMiles: 50,
          equipmentTypes: EquipmentType.Van,
        })
        .execute();
      const denver = await tx
        .selectFrom('postalCodes')
        .selectAll()
        .where('postalCode', '=', '80216')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('equipmentPostings')
        .values({
          carrierCompanyId: world.carrier.id,
          equipmentTypes: EquipmentType.Van,
          city: denver.city,
          state: denver.state,
          postalCode: denver.postalCode,
          latitude: denver.latitude,
          longitude: denver.longitude,
          availableFrom: at(0),
          availableTo: at(48),
        })
        .execute();
    });
    const response = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/top_picks',
    });
    expect(response.statusCode, response.body).toBe(200);
    const picks = response.json().data as {
      shipmentNumber: string;
      reasons: { kind: string; label: string }[];
    }[];
    const lane = picks.find((pick) => pick.shipmentNumber === onLane.shipment.shipmentNumber);
    const truck = picks.find((pick) => pick.shipmentNumber === nearTruck.shipment.shipmentNumber);
    expect(lane?.reasons.map((reason) => reason.kind)).toContain('savedLane');
    expect(truck?.reasons.map((reason) => reason.kind)).toContain('postedTruck');
    expect(picks.map((pick) => pick.shipmentNumber)).not.toContain(
      unrelated.shipment.shipmentNumber,
    );
    expect(response.json().pageSize).toBe(50);

    const other = await t.injectAs(world.users.otherCarrierUser, {
      method: 'GET',
      url: '/api/v2/top_picks',
    });
    expect(
      (other.json().data as { shipmentNumber: string }[]).map((pick) => pick.shipmentNumber),
    ).not.toContain(onLane.shipment.shipmentNumber);
  });

  it('picks loads on a lane the carrier has hauled and where its truck will be empty, ranked by their reasons', async () => {
    const { at } = freshDay();
    // Hauled: a delivered Miami to Boston load of its own.
    await postLoad(at(1), {
      origin: '33101',
      destination: '02108',
      status: ShipmentStatus.Delivered,
      carrier: 'own',
    });
    // Empty soon: a booked load of its own that delivers in Phoenix 10 hours after its pickup.
    await shipmentFor(t.db, world, {
      carrier: 'own',
      status: ShipmentStatus.Booked,
      originPostalCode: '30303',
      destinationPostalCode: '85004',
      pickupAt: at(2),
      transitHours: 10,
    });
    const hauledLane = await postLoad(at(20), { origin: '33101', destination: '02108' });
    const nearEmptyTruck = await postLoad(at(30), { origin: '85004', destination: '89101' });
    // Too late: the truck will have been empty for more than two days.
    const tooLate = await postLoad(at(80), { origin: '85004', destination: '87102' });

    const response = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: '/api/v2/top_picks',
    });
    expect(response.statusCode, response.body).toBe(200);
    const picks = response.json().data as {
      shipmentNumber: string;
      reasons: { kind: string; label: string }[];
    }[];
    const order = picks.map((pick) => pick.shipmentNumber);
    const hauled = picks.find((pick) => pick.shipmentNumber === hauledLane.shipment.shipmentNumber);
    const empty = picks.find(
      (pick) => pick.shipmentNumber === nearEmptyTruck.shipment.shipmentNumber,
    );
    expect(hauled?.reasons).toEqual([{ kind: 'laneHistory', label: expect.stringContaining('1') }]);
    expect(empty?.reasons.map((reason) => reason.kind)).toEqual(['emptyTruck']);
    expect(order).not.toContain(tooLate.shipment.shipmentNumber);
    // A truck soon empty nearby (4) ranks above one hauled lane (3.5).
    expect(order.indexOf(nearEmptyTruck.shipment.shipmentNumber)).toBeLessThan(
      order.indexOf(hauledLane.shipment.shipmentNumber),
    );
  });

  it('previews a load with its stops and requirements; another carrier’s booked load is 404', async () => {
    const { at } = freshDay();
    const load = await postLoad(at(8), { origin: '58102', destination: '60601' });
    const preview = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/available_shipments/${load.shipment.shipmentNumber}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      shipmentNumber: load.shipment.shipmentNumber,
      origin: { city: 'Fargo', state: 'ND' },
      stops: [
        { stopNumber: 1, stopType: 'Pickup', city: 'Fargo' },
        { stopNumber: 2, stopType: 'Delivery', city: 'Chicago' },
      ],
      commodity: 'Palletized dry goods',
    });
    const theirs = await postLoad(at(9), { status: ShipmentStatus.Booked, carrier: 'other' });
    const hidden = await t.injectAs(world.users.carrierUser, {
      method: 'GET',
      url: `/api/v2/available_shipments/${theirs.shipment.shipmentNumber}`,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
