import { getJson, report, requestJson, sideBySide, type BenchServer } from './lib';

// The load board (issue 10): a 100-mile origin radius search with a pickup date range, first page,
// against the bare indexed SQL of the same rows; booking a load; 50 bookings of one load at once.

const METERS_PER_MILE = 1609.344;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function loadBoardSearchBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  // Origins where freight is: the postal codes Ready to Book loads pick up at most.
  const { rows: origins } = await server.pool.query<{
    origin_postal_code: string;
    latitude: number;
    longitude: number;
  }>(
    `select s.origin_postal_code, p.latitude, p.longitude
       from shipments s join postal_codes p on p.postal_code = s.origin_postal_code
      where s.status = 1 group by s.origin_postal_code, p.latitude, p.longitude
      order by count(*) desc limit 20`,
  );
  const from = day(0);
  const to = day(7);
  const meters = 100 * METERS_PER_MILE;
  const result = await sideBySide(
    iterations,
    async (index) => {
      const origin = origins[index % origins.length]!;
      await getJson(
        `${server.baseUrl}/api/v2/load_board?originPostalCode=${origin.origin_postal_code}&pickupFrom=${from}&pickupTo=${to}`,
        token,
      );
    },
    async (index) => {
      const origin = origins[index % origins.length]!;
      // The same rows the endpoint answers: the page with its total, each load's lane, miles and
      // price, and its first and last stops' windows, time zones and the number of stops.
      await server.pool.query(
        `with page as (
           select s.id, s.shipment_number, s.status, s.shipping_mode, s.origin_city, s.origin_state,
                  s.origin_postal_code, s.origin_latitude, s.origin_longitude, s.destination_city,
                  s.destination_state, s.destination_postal_code, s.destination_latitude,
                  s.destination_longitude, s.equipment_types, s.equipment_mode, s.total_weight_pounds,
                  s.pickup_at, s.max_buy_cents, s.total_miles, count(*) over () as total
             from shipments s
            where s.status = 1
              and earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(s.origin_latitude, s.origin_longitude)
              and earth_distance(ll_to_earth($1, $2), ll_to_earth(s.origin_latitude, s.origin_longitude)) <= $3
              and s.pickup_at >= $4::date and s.pickup_at < ($5::date + 1) and s.shipping_mode = 0
            order by s.pickup_at, s.shipment_number limit 50)
         select page.*, p.early_at, p.late_at, p.iana_timezone, d.early_at, d.late_at, d.iana_timezone,
                d.stop_number as stop_count
           from page
           left join lateral (select early_at, late_at, iana_timezone from shipment_stops st
                               where st.shipment_id = page.id order by st.stop_number limit 1) p on true
           left join lateral (select early_at, late_at, iana_timezone, stop_number from shipment_stops st
                               where st.shipment_id = page.id order by st.stop_number desc limit 1) d on true
          order by page.pickup_at, page.shipment_number`,
        [origin.latitude, origin.longitude, meters, from, to],
      );
    },
  );
  return report(
    'GET /api/v2/load_board (carrier@demo.test, 100-mile origin radius, 7-day pickup range, first 50)',
    30,
    result,
    3,
  );
}

async function post(
  url: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await requestJson(url, token, { method: 'POST', body, headers });
  return { status: response.status, body: response.body as Record<string, unknown> };
}

/** Ready to Book loads the carrier can quote, each with a spot quote made for the benchmark. */
async function quotedLoads(server: BenchServer, token: string, count: number) {
  const { rows } = await server.pool.query<{ shipment_number: string }>(
    `select shipment_number from shipments
      where status = 1 and max_buy_cents is not null and pickup_at > now()
      order by md5(shipment_number) limit $1`,
    [count],
  );
  const loads: { shipmentNumber: string; quoteId: string }[] = [];
  for (const row of rows) {
    const made = await post(
      `${server.baseUrl}/api/v2/quotes`,
      token,
      await quoteBodyFor(server, row.shipment_number),
    );
    if (made.status === 201) {
      loads.push({
        shipmentNumber: row.shipment_number,
        quoteId: (made.body.data as { id: string }).id,
      });
    }
  }
  return loads;
}

/** Puts benchmark bookings back on the board, so the world is as it was. */
async function rescind(server: BenchServer, token: string, shipmentNumbers: string[]) {
  for (const number of shipmentNumbers) {
    await post(`${server.baseUrl}/api/v2/shipments/${number}/rescind_booking`, token, {
      reason: 'Benchmark booking',
    });
  }
}

export async function bookingBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const count = Math.min(iterations, 100);
  const loads = await quotedLoads(server, token, count * 2);
  const booked: string[] = [];
  // Each booking takes a load of its own (the warm-up's too), so loads are handed out in turn.
  let next = 0;
  try {
    const result = await sideBySide(
      Math.min(count, Math.floor(loads.length / 2) - 5),
      async () => {
        const load = loads[next++ * 2]!;
        const answer = await post(
          `${server.baseUrl}/api/v2/shipments/${load.shipmentNumber}/book`,
          token,
          { rateKind: 'SpotQuote', rateId: load.quoteId },
          { 'idempotency-key': crypto.randomUUID() },
        );
        if (answer.status !== 200) throw new Error(`Booking answered ${answer.status}`);
        booked.push(load.shipmentNumber);
      },
      async (index) => {
        // The bare write: lock the row and set what a booking sets, in a transaction rolled back.
        const load = loads[index * 2 + 1]!;
        const client = await server.pool.connect();
        try {
          await client.query('begin');
          await client.query(
            'select id from shipments where shipment_number = $1 and status = 1 for update',
            [load.shipmentNumber],
          );
          await client.query(
            `update shipments set status = 3, carrier_rate_cents = max_buy_cents, booked_at = now(),
                    version = version + 1 where shipment_number = $1`,
            [load.shipmentNumber],
          );
          await client.query('rollback');
        } finally {
          client.release();
        }
      },
      5,
    );
    return report('POST /api/v2/shipments/{n}/book (carrier@demo.test, spot quote)', 50, result);
  } finally {
    await rescind(server, token, booked);
  }
}

/** 50 bookings of one load at once, by two carriers: exactly one may be Booked. */
export async function concurrentBookingCheck(server: BenchServer) {
  const carrier = await server.tokenForEmail('carrier@demo.test');
  const other = await server.tokenForEmail('other@demo.test');
  const [mine] = await quotedLoads(server, carrier, 1);
  if (!mine) throw new Error('No Ready to Book load to race for');
  const theirs = await post(
    `${server.baseUrl}/api/v2/quotes`,
    other,
    await quoteBodyFor(server, mine.shipmentNumber),
  );
  const theirQuote = (theirs.body.data as { id: string }).id;
  const raceStarted = new Date();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      post(
        `${server.baseUrl}/api/v2/shipments/${mine.shipmentNumber}/book`,
        index % 2 === 0 ? carrier : other,
        { rateKind: 'SpotQuote', rateId: index % 2 === 0 ? mine.quoteId : theirQuote },
        { 'idempotency-key': crypto.randomUUID() },
      ),
    ),
  );
  const won = answers.filter((answer) => answer.status === 200).length;
  const { rows: after } = await server.pool.query<{ status: number; bookings: number }>(
    `select s.status, (select count(*)::int from shipment_history h
                        where h.shipment_id = s.id and h.to_status = 3 and h.occurred_at >= $2) as bookings
       from shipments s where s.shipment_number = $1`,
    [mine.shipmentNumber, raceStarted],
  );
  const ok = won === 1 && after[0]!.status === 3 && after[0]!.bookings === 1;
  process.stdout.write(
    `50 concurrent bookings of load ${mine.shipmentNumber} by two carriers: ${won} succeeded, ` +
      `status ${after[0]!.status}, ${after[0]!.bookings} booking in the history: ${ok ? 'exactly one Booked' : 'WRONG'}\n\n`,
  );
  const winner = answers.findIndex((answer) => answer.status === 200);
  await rescind(server, winner % 2 === 0 ? carrier : other, [mine.shipmentNumber]);
  return { name: '50 concurrent bookings', withinBudget: ok };
}

async function quoteBodyFor(server: BenchServer, shipmentNumber: string) {
  const { rows } = await server.pool.query<{
    origin_postal_code: string;
    destination_postal_code: string;
    equipment_mode: number;
  }>(
    'select origin_postal_code, destination_postal_code, equipment_mode from shipments where shipment_number = $1',
    [shipmentNumber],
  );
  const row = rows[0]!;
  return {
    shippingMode: 0,
    equipmentMode: row.equipment_mode,
    effectiveDate: day(0),
    quoteStops: [
      { stopType: 'Pickup', postalCode: row.origin_postal_code },
      { stopType: 'Delivery', postalCode: row.destination_postal_code },
    ],
    isHazmatRequired: false,
    isTeamRequired: false,
    shipmentId: shipmentNumber,
  };
}
