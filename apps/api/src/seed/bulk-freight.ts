import { availableParallelism } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema.generated';
import { CARRIER_RATE_BANDS, TRUCKLOAD_FLOOR_CENTS, type EquipmentProfile } from './demo-catalog';
import type { Place } from './demo-places';

// Shipments at benchmark scale, generated inside the database with set-based SQL. Every value
// comes from a hash of the shipment's index and the seed (hashint8extended), so the same seed
// gives the same rows; only the uuids differ. Batches of 100,000 keep each statement's memory
// and the progress reports reasonable.

/** A cents-a-mile expression inside the equipment's band, drawn from the row's r13. */
function centsPerMile(profile: EquipmentProfile): string {
  const [low, high] = CARRIER_RATE_BANDS[profile];
  return `(${Math.round(low * 100)} + s.r13 * ${Math.round((high - low) * 100)})`;
}

export interface BulkParties {
  operatorId: string;
  demoCarrierId: string;
  otherCarrierId: string;
  customers: readonly { id: string; weight: number }[];
  carriers: readonly { id: string }[];
  /** The hubs, with the names people use; a sample of other US ZIP codes is added from the reference table. */
  places: readonly Place[];
}

export interface BulkOptions {
  count: number;
  seed: number;
  now: Date;
  parties: BulkParties;
  logger: { info(object: object, message: string): void };
  batchSize?: number;
}

const BULK_TABLES = [
  'orders',
  'order_stops',
  'order_line_items',
  'reference_numbers',
  'shipments',
  'shipment_stops',
  'tenders',
  'ap_invoices',
  'third_party_invoices',
] as const;

const AP_INVOICE_LOAD_DELIVERED_TRIGGER = 'ap_invoices_load_delivered';
// A new Ready to Book load is written down to be announced to carriers' saved lanes unless the
// system role inserts it (migrations 0130 and 0175). A superuser's connection inserts as itself (no
// role switch below), so with the trigger on, every bulk load on the board was announced as just
// posted: 13,219 on the 1,000,000-shipment world, matched and notified at the API's first start.
const NEW_LOAD_ANNOUNCED_TRIGGER = 'shipments_announce_new_load';

// Below this many rows, maintaining the indexes while inserting costs less than rebuilding them.
const REBUILD_INDEXES_FROM = 50_000;

// The rows' ids in the layout of UUID version 7 (RFC 9562): a 48-bit time in milliseconds, the
// version, 12 bits, the variant and 62 bits. The time counts up one millisecond a shipment index
// and ends at the seed's now; the 12 bits name what the id is of (IdKind); the 62 come from a hash of
// the index and the seed. Ordered ids append to each table's primary key and unique indexes, where
// random ones (gen_random_uuid) write all over them: on PostgreSQL's default 128 MB of shared
// buffers, 1,000,000 rows with two uuid indexes load in about 5 s instead of 20 to 25 s.
export const IdKind = {
  shipment: 1,
  order: 2,
  orderPickup: 3,
  orderDelivery: 4,
  lineItem: 5,
  reference: 6,
  shipmentPickup: 7,
  shipmentDelivery: 8,
  tender: 9,
  apInvoice: 10,
  thirdPartyInvoice: 11,
  historyTender: 12,
  historyCase: 13,
} as const;

/** The SQL of an ordered id of `kind` for the row whose index (a bigint expression) is `index`. */
export function orderedId(kind: number, epochMs: number, seed: number, index = 'i'): string {
  // 0x7000: the version (7) above the kind; 4611686018427387903 keeps 62 bits; 1 << 63 sets the variant (10).
  return `encode(int8send(((${epochMs}::int8 + ${index}) << 16) | ${0x7000 | kind}) || int8send((hashint8extended(${index}, ${seed * 100 + 50 + kind}) & 4611686018427387903) | (1::int8 << 63)), 'hex')::uuid`;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const uuid = (id: string) => {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`Not a uuid: ${id}`);
  return `'${id}'::uuid`;
};

/** Slots make weighted picks an index join: a company appears in as many slots as its share. */
function slots<T>(entries: readonly (readonly [T, number])[], size: number): T[] {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const result: T[] = [];
  for (const [value, weight] of entries) {
    const count = Math.max(1, Math.round((weight / total) * size));
    for (let index = 0; index < count; index++) result.push(value);
  }
  while (result.length < size) result.push(entries[result.length % entries.length]![0]);
  return result.slice(0, size);
}

function setupScript(parties: BulkParties): string {
  const others = parties.carriers.filter(
    (carrier) => carrier.id !== parties.demoCarrierId && carrier.id !== parties.otherCarrierId,
  );
  // The demo carrier hauls about 5% of the bulk freight, the isolation carrier 3%, the rest share evenly.
  const carrierSlots = slots<string>(
    [
      [parties.demoCarrierId, 50],
      [parties.otherCarrierId, 30],
      ...others.map((carrier) => [carrier.id, 920 / others.length] as const),
    ],
    1000,
  );
  const customerSlots = slots<string>(
    parties.customers.map((customer) => [customer.id, customer.weight] as const),
    100,
  );
  const hubs = parties.places
    .map(
      (place, index) =>
        `(${index}, ${literal(place.postalCode)}, ${literal(place.city)}, ${literal(place.state)}, ${literal(place.country)}, ${place.latitude}, ${place.longitude}, ${literal(place.timeZone)})`,
    )
    .join(',\n');
  return `
    drop table if exists seed_places, seed_customers, seed_carriers;
    create temp table seed_places (idx int primary key, postal_code text, city text, state text, country text,
                                   latitude float8, longitude float8, zone text);
    insert into seed_places values ${hubs};
    insert into seed_places
      select ${parties.places.length} + (row_number() over (order by postal_code))::int - 1,
             postal_code, city, state, country, latitude, longitude, iana_timezone
        from postal_codes
       where country = 'US' and iana_timezone is not null and (hashtext(postal_code) & 15) = 0;
    create temp table seed_customers (slot int primary key, company_id uuid);
    insert into seed_customers values ${customerSlots.map((id, slot) => `(${slot}, ${uuid(id)})`).join(', ')};
    create temp table seed_carriers (slot int primary key, company_id uuid);
    insert into seed_carriers values ${carrierSlots.map((id, slot) => `(${slot}, ${uuid(id)})`).join(', ')};
    analyze seed_places; analyze seed_customers; analyze seed_carriers;
  `;
}

interface Bases {
  shipment: number;
  order: number;
  tender: number;
  apInvoice: number;
  thirdParty: number;
}

function batchStatements(options: {
  seed: number;
  /** The time of the first index's ids, in milliseconds since 1970. */
  idEpochMs: number;
  lo: number;
  hi: number;
  now: Date;
  hubCount: number;
  placeCount: number;
  operatorId: string;
  bases: Bases;
}): { name: string; sql: string }[] {
  const { seed, lo, hi, hubCount, placeCount, bases } = options;
  const now = `'${options.now.toISOString()}'::timestamptz`;
  const today = `'${options.now.toISOString().slice(0, 10)}'::date`;
  const randoms = Array.from(
    { length: 20 },
    (_, index) =>
      `(hashint8extended(i, ${seed * 100 + index + 1}) & 2147483647)::float8 / 2147483648.0 as r${index + 1}`,
  ).join(',\n        ');
  const stopName = (prefix: 'o' | 'd') =>
    `${prefix}.city || ' ' || (array['Distribution Center','Warehouse','Cross-Dock','Plant','Cold Storage','Fulfillment Center'])[1 + (i % 6)::int]`;
  const address = (offset: number) =>
    `(100 + ((i * ${37 + offset}) % 9800))::text || ' ' || (array['Industrial Parkway','Commerce Drive','Distribution Way','Logistics Boulevard','Enterprise Avenue','Warehouse Road','Gateway Boulevard','Freight Court','Trade Center Drive','Terminal Road'])[1 + ((i / 7 + ${offset}) % 10)::int]`;
  const fullPostal = (prefix: 'o' | 'd') =>
    `${prefix}.postal_code || case when ${prefix}.country = 'CA' then ' ' || (1 + i % 9)::text || substr('ABCEGHJKLMNPRSTVWXYZ', 1 + (i % 20)::int, 1) || (1 + (i / 9) % 9)::text else '' end`;
  const operator = uuid(options.operatorId);
  const id = (kind: number) => orderedId(kind, options.idEpochMs, seed);

  return [
    {
      name: 'plan',
      sql: `
    create temp table seed_plan as
    with g as materialized (
      select i,
        ${randoms}
      from generate_series(${lo}::bigint, ${hi}::bigint) as i
    ),
    p as materialized (
      select g.*,
        case when r1 < 0.7 then floor(r2 * ${hubCount})::int else ${hubCount} + floor(r2 * ${placeCount - hubCount})::int end as o_idx,
        case when r3 < 0.7 then floor(r4 * ${hubCount})::int else ${hubCount} + floor(r4 * ${placeCount - hubCount})::int end as d_raw,
        floor(r5 * 380)::int - 365 as day_offset,
        360 + floor(r6 * 16)::int * 30 as pickup_minute,
        floor(r10 * 1000)::int as carrier_slot,
        floor(r11 * 100)::int as customer_slot,
        floor(r17 * 1000)::int as tender_slot
      from g
    ),
    q as materialized (
      select p.*, case when p.d_raw = p.o_idx then (p.d_raw + 1) % ${placeCount} else p.d_raw end as d_idx
      from p
    ),
    placed as materialized (
      select q.*,
        o.city as o_city, o.state as o_state, o.country as o_country, o.latitude as o_lat, o.longitude as o_lon, o.zone as o_zone,
        ${fullPostal('o')} as o_postal, ${stopName('o')} as o_name, ${address(0)} as o_address,
        d.city as d_city, d.state as d_state, d.country as d_country, d.latitude as d_lat, d.longitude as d_lon, d.zone as d_zone,
        ${fullPostal('d')} as d_postal, ${stopName('d')} as d_name, ${address(3)} as d_address,
        greatest(30, round(earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(d.latitude, d.longitude)) / 1609.344 * 1.2))::int as miles,
        ((${today} + q.day_offset) + make_interval(mins => q.pickup_minute)) at time zone o.zone as pickup_at
      from q
      join seed_places o on o.idx = q.o_idx
      join seed_places d on d.idx = q.d_idx
    ),
    timed as materialized (
      select placed.*,
        date_bin('30 minutes', pickup_at + make_interval(secs => (miles / 45.0 + 2 + floor(miles / 500.0) * 10) * 3600),
                 timestamptz '2000-01-01') as delivery_at
      from placed
    ),
    statused as materialized (
      select timed.*,
        (case
          when r7 < 0.035 then -1
          when pickup_at > ${now} + interval '1 day' then
            case when r8 < 0.08 then 0 when r8 < 0.48 then 1 when r8 < 0.60 then 2 else 3 end
          when pickup_at > ${now} then case when r8 < 0.5 then 3 else 4 end
          when delivery_at > ${now} then case when r8 < 0.8 then 5 else 6 end
          when delivery_at > ${now} - interval '7 days' then case when r8 < 0.7 then 7 else 8 end
          else case when r8 < 0.03 then 7 else 8 end
        end)::smallint as status,
        case when r12 < 0.70 then 1 when r12 < 0.88 then 4 when r12 < 0.97 then 2 else 5 end as equipment_types
      from timed
    )
    select s.*,
      ${id(IdKind.shipment)} as shipment_id,
      ${id(IdKind.order)} as order_id,
      ${id(IdKind.orderPickup)} as pickup_stop_id,
      ${id(IdKind.orderDelivery)} as delivery_stop_id,
      c.company_id as customer_id,
      case when s.status >= 3 or (s.status = -1 and s.r9 < 0.4) then k.company_id end as carrier_id,
      t.company_id as tender_carrier_id,
      case s.equipment_types when 4 then 1 when 2 then 2 else 0 end::smallint as equipment_mode,
      (round(greatest(${TRUCKLOAD_FLOOR_CENTS}, s.miles * case s.equipment_types
        when 4 then ${centsPerMile('reefer')}
        when 2 then ${centsPerMile('flatbed')}
        else ${centsPerMile('van')} end) / 500) * 500)::bigint as base_rate,
      15000 + floor(s.r14 * 29000)::int as weight,
      10 + floor(s.r15 * 16)::int as packages,
      least(${now} - interval '10 minutes', s.pickup_at - make_interval(secs => (20 + s.r16 * 200) * 3600)) as created_at,
      extract(epoch from (${now} - s.delivery_at)) / 86400 as age_days
    from statused s
    join seed_customers c on c.slot = s.customer_slot
    join seed_carriers k on k.slot = s.carrier_slot
    join seed_carriers t on t.slot = s.tender_slot`,
    },
    {
      name: 'orders',
      sql: `
    insert into orders (id, order_number, customer_company_id, operator_company_id, order_type, freight_term_type, status,
                        markup_cents, freight_value_cents, shipping_mode, equipment_mode, equipment_types, order_source,
                        purchase_order_number, created_at, updated_at)
    select order_id, (${bases.order} + i)::text, customer_id, ${operator}, 'Standard', 'Prepaid',
           case when status = -1 then 'Cancelled' when status <= 2 then 'Open' when status <= 6 then 'In Progress' else 'Completed' end,
           round(base_rate * 0.16), weight::bigint * 300, 0, equipment_mode, equipment_types, 'EDI', null, created_at, created_at
      from seed_plan`,
    },
    {
      name: 'order_stops',
      sql: `
    insert into order_stops (id, order_id, customer_company_id, stop_number, stop_type, location_number, location_name,
                             address_line1, city, state, postal_code, country, latitude, longitude, iana_timezone, early_at, late_at)
    select pickup_stop_id, order_id, customer_id, 1, 'Pickup', 'N/A', o_name, o_address, o_city, o_state, o_postal, o_country,
           o_lat, o_lon, o_zone, pickup_at, pickup_at + interval '2 hours'
      from seed_plan
    union all
    select delivery_stop_id, order_id, customer_id, 2, 'Delivery', 'N/A', d_name, d_address, d_city, d_state, d_postal, d_country,
           d_lat, d_lon, d_zone, delivery_at, delivery_at + interval '3 hours'
      from seed_plan`,
    },
    {
      name: 'order_line_items',
      sql: `
    insert into order_line_items (id, order_id, customer_company_id, pickup_stop_id, delivery_stop_id, description, freight_class,
                                  package_type, package_count, piece_count, weight_pounds)
    select ${id(IdKind.lineItem)}, order_id, customer_id, pickup_stop_id, delivery_stop_id,
           case equipment_types
             when 4 then (array['Frozen food, boxed','Fresh produce','Dairy products'])[1 + (i % 3)::int]
             when 2 then (array['Steel coils','Treated lumber','Building materials'])[1 + (i % 3)::int]
             else (array['Palletized consumer goods','Paper products','Auto parts','Packaged beverages','Housewares'])[1 + (i % 5)::int]
           end,
           (array['55','60','70','85','100'])[1 + (i % 5)::int], 'Pallet', packages, packages * 40, weight
      from seed_plan`,
    },
    {
      name: 'reference_numbers',
      sql: `
    insert into reference_numbers (id, order_id, customer_company_id, label, value)
    select ${id(IdKind.reference)}, order_id, customer_id, 'PO', '45' || lpad(((i * 7919) % 100000000)::text, 8, '0')
      from seed_plan`,
    },
    {
      name: 'shipments',
      sql: `
    insert into shipments (id, shipment_number, order_id, operator_company_id, customer_company_id, carrier_company_id, status,
                           shipping_mode, equipment_mode, equipment_types, equipment_length_feet, total_weight_pounds, total_miles,
                           max_buy_cents, carrier_rate_cents, customer_rate_cents, rate_type, charge_rate_type, origination_type,
                           service_level, origin_city, origin_state, origin_postal_code, origin_latitude, origin_longitude,
                           destination_city, destination_state, destination_postal_code, destination_latitude, destination_longitude,
                           pickup_at, delivery_at, next_update_due_at, is_on_time, booked_at, delivered_at, created_at, updated_at)
    select shipment_id, (${bases.shipment} + i)::text, order_id, ${operator}, customer_id, carrier_id, status,
           0, equipment_mode, equipment_types, case when equipment_types = 2 then 48 else 53 end, weight, miles,
           round(base_rate * 1.06 / 500) * 500,
           case when carrier_id is not null then base_rate end,
           round(base_rate * 1.16 / 500) * 500,
           case when carrier_id is not null then 'Flat' end,
           case when carrier_id is not null then 'LineHaul' end,
           case when carrier_id is not null then case when r18 < 0.65 then 'TmsContract' else 'TmsSpot' end
                when status = 2 then 'TmsContract' end,
           case when status = 1 and r19 < 0.25 then 1 else 0 end,
           o_city, o_state, o_postal, o_lat, o_lon, d_city, d_state, d_postal, d_lat, d_lon,
           pickup_at, delivery_at,
           case when status between 4 and 6 then ${now} + make_interval(secs => (r15 - 0.35) * 8 * 3600) end,
           case when status >= 5 then r14 < 0.85 end,
           case when carrier_id is not null then least(${now} - interval '5 minutes', created_at + (pickup_at - created_at) * 0.4) end,
           case when status >= 7 then least(${now} - interval '1 minute', delivery_at + interval '90 minutes') end,
           created_at,
           greatest(created_at, least(${now} - interval '1 minute', delivery_at))
      from seed_plan`,
    },
    {
      name: 'shipment_stops',
      sql: `
    insert into shipment_stops (id, shipment_id, order_stop_id, stop_number, stop_type, location_name, address_line1, city, state,
                                postal_code, country, latitude, longitude, iana_timezone, early_at, late_at, arrived_at, departed_at)
    select ${id(IdKind.shipmentPickup)}, shipment_id, pickup_stop_id, 1, 'Pickup', o_name, o_address, o_city, o_state, o_postal, o_country, o_lat, o_lon, o_zone,
           pickup_at, pickup_at + interval '2 hours',
           case when status >= 5 then least(${now} - interval '2 hours', pickup_at + make_interval(mins => (r13 * 90 - 30)::int)) end,
           case when status >= 5 then least(${now} - interval '1 minute', pickup_at + make_interval(mins => (r13 * 90 + 60)::int)) end
      from seed_plan
    union all
    select ${id(IdKind.shipmentDelivery)}, shipment_id, delivery_stop_id, 2, 'Delivery', d_name, d_address, d_city, d_state, d_postal, d_country, d_lat, d_lon, d_zone,
           delivery_at, delivery_at + interval '3 hours',
           case when status = 6 then ${now} - interval '40 minutes'
                when status >= 7 then least(${now} - interval '2 hours', delivery_at + make_interval(mins => (r12 * 100 - 30)::int)) end,
           case when status >= 7 then least(${now} - interval '1 minute', delivery_at + make_interval(mins => (r12 * 100 + 70)::int)) end
      from seed_plan`,
    },
    {
      name: 'tenders',
      sql: `
    insert into tenders (id, tender_number, shipment_id, carrier_company_id, customer_company_id, status, rate_cents, expires_at, sent_at)
    select ${id(IdKind.tender)}, (${bases.tender} + i)::text, shipment_id, tender_carrier_id, customer_id, 0, round(base_rate * 0.98 / 500) * 500,
           ${now} + make_interval(secs => (2 + r13 * 28) * 3600),
           least(${now} - interval '10 minutes', created_at + interval '3 hours')
      from seed_plan
     where status = 2`,
    },
    {
      name: 'ap_invoices',
      sql: `
    insert into ap_invoices (id, invoice_number, shipment_id, carrier_company_id, factoring_company_id, status, carrier_invoice_number,
                             invoice_amount_cents, invoice_date, due_date, received_at, settled_at, paid_at, shipment_date, created_at,
                             load_delivered)
    select ${id(IdKind.apInvoice)}, (${bases.apInvoice} + i)::text, shipment_id, carrier_id, c.factoring_company_id, a.ap_status,
           case when a.ap_status >= 1 then 'INV-' || (${bases.apInvoice} + i)::text end,
           base_rate,
           (a.received_at at time zone 'America/Chicago')::date,
           (a.received_at at time zone 'America/Chicago')::date + 30,
           a.received_at,
           case when a.ap_status >= 2 then least(${now} - interval '1 minute', a.received_at + make_interval(secs => (1 + r19 * 7) * 86400)) end,
           case when a.ap_status = 3 then least(${now} - interval '1 minute', a.received_at + make_interval(secs => (20 + r19 * 10) * 86400)) end,
           (pickup_at at time zone o_zone)::date,
           least(${now}, delivery_at + interval '2 hours'),
           a.status in (7, 8)
      from (
        select b.*,
          case when b.ap_status >= 1
               then least(${now} - interval '2 minutes', b.delivery_at + make_interval(secs => (2 + b.r17 * 58) * 3600)) end as received_at
        from (
          select seed_plan.*,
            (case
              when r20 < 0.015 then -1
              when age_days < 2 then case when r18 < 0.75 then 0 else 1 end
              when age_days < 10 then case when r18 < 0.25 then 0 when r18 < 0.7 then 1 else 2 end
              when age_days < 35 then case when r18 < 0.1 then 1 when r18 < 0.45 then 2 else 3 end
              else case when r18 < 0.97 then 3 else 2 end
            end)::smallint as ap_status
          from seed_plan
          where status >= 7 and carrier_id is not null
        ) b
      ) a
      join companies c on c.id = a.carrier_id`,
    },
    {
      name: 'third_party_invoices',
      sql: `
    insert into third_party_invoices (id, invoice_number, shipment_id, carrier_company_id, customer_company_id, factoring_company_id,
                                      billing_settings_id, status, external_invoice_number, external_invoice_amount_cents,
                                      invoice_amount_cents, fee_and_balance_cents, load_date, due_date, received_at, settled_at,
                                      paid_at, created_at, updated_at)
    select ${id(IdKind.thirdPartyInvoice)}, 'TP' || (${bases.thirdParty} + i)::text, shipment_id, carrier_id, customer_id,
           case when r19 < 0.5 then c.factoring_company_id end,
           settings.id, tp_status,
           case when tp_status <> 'DRAFT' then 'EXT-' || (${bases.thirdParty} + i)::text end,
           case when tp_status <> 'DRAFT' then base_rate end,
           base_rate,
           case when r19 < 0.5 and c.factoring_company_id is not null then round(base_rate * 0.03) else 0 end,
           (pickup_at at time zone o_zone)::date,
           case when settings.id is not null and tp_status <> 'DRAFT' then (delivery_at at time zone 'America/Chicago')::date + settings.payment_terms_days end,
           case when tp_status <> 'DRAFT' then least(${now} - interval '3 minutes', delivery_at + interval '1 day') end,
           case when tp_status in ('SETTLED', 'PAID_IN_FULL') then least(${now} - interval '2 minutes', delivery_at + interval '6 days') end,
           case when tp_status = 'PAID_IN_FULL' then least(${now} - interval '1 minute', delivery_at + interval '20 days') end,
           least(${now}, delivery_at + interval '3 hours'),
           least(${now}, delivery_at + interval '20 days')
      from (
        select seed_plan.*,
          case
            when age_days < 3 then case when r18 < 0.6 then 'DRAFT' else 'RECEIVED' end
            when age_days < 20 then case when r18 < 0.2 then 'DRAFT' when r18 < 0.7 then 'RECEIVED' else 'SETTLED' end
            when age_days < 45 then case when r18 < 0.1 then 'RECEIVED' when r18 < 0.5 then 'SETTLED' else 'PAID_IN_FULL' end
            else case when r18 < 0.9 then 'PAID_IN_FULL' else 'SETTLED' end
          end as tp_status
        from seed_plan
        where status >= 7 and carrier_id is not null and r16 < 0.05
      ) p
      join companies c on c.id = p.carrier_id and c.has3pl_network
      left join third_party_billing_settings settings
        on settings.carrier_company_id = p.carrier_id and settings.payer_company_id = p.customer_id`,
    },
  ];
}

async function numberBases(conn: Kysely<DB>): Promise<Bases> {
  const max = async (expression: string, table: string, fallback: number) => {
    const { rows } = await sql<{ value: string | number | null }>`
      select max((${sql.raw(expression)})::bigint) as value from ${sql.raw(table)} where (${sql.raw(expression)}) ~ '^[0-9]{1,18}$'`.execute(
      conn,
    );
    const value = rows[0]?.value;
    return value === null || value === undefined ? fallback : Number(value);
  };
  return {
    shipment: await max('shipment_number', 'shipments', 1_000_000),
    order: await max('order_number', 'orders', 5_000_000),
    tender: await max('tender_number', 'tenders', 700_000),
    apInvoice: await max('invoice_number', 'ap_invoices', 400_000),
    thirdParty: await max('substr(invoice_number, 3)', 'third_party_invoices', 800_000),
  };
}

interface IndexDefinition {
  name: string;
  definition: string;
}

// The slowest first, so that the lanes finish together: the GiST index of the pickups' places
// (earthdistance's cube has no sorted build) takes about a third of the indexes' time on its own, then
// the largest tables' indexes.
async function secondaryIndexes(conn: Kysely<DB>): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select quote_ident(index_class.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class table_class on table_class.oid = i.indrelid
      join pg_class index_class on index_class.oid = i.indexrelid
     where table_class.relnamespace = 'public'::regnamespace
       and table_class.relname in (${sql.join(BULK_TABLES.map((table) => sql.lit(table)))})
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by index_class.relam <> (select oid from pg_am where amname = 'btree') desc,
              pg_relation_size(table_class.oid) desc, index_class.relname`.execute(conn);
  return rows;
}

interface ForeignKey {
  tableName: string;
  name: string;
  definition: string;
}

async function foreignKeys(conn: Kysely<DB>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select quote_ident(table_class.relname) as "tableName", quote_ident(c.conname) as name,
           pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      join pg_class table_class on table_class.oid = c.conrelid
     where c.contype = 'f'
       and table_class.relnamespace = 'public'::regnamespace
       and table_class.relname in (${sql.join(BULK_TABLES.map((table) => sql.lit(table)))})
     order by table_class.relname, c.conname`.execute(conn);
  return rows;
}

// Connections loading batches at once on PostgreSQL, at most one a core: each batch is a few
// CPU-bound set-based statements, so two cores load about twice as fast as one. PGlite has one.
export const MAX_LANES = 4;

type Connection = Kysely<DB>;

/** A pooled connection goes back as it came. */
async function restoreConnection(conn: Connection, engine: Database['engine']) {
  if (engine !== 'postgres') return;
  await sql.raw('reset synchronous_commit; reset jit; reset statement_timeout').execute(conn);
}

/** What every loading connection sets before its first batch (on PostgreSQL). */
async function prepareLoadingConnection(conn: Connection, engine: Database['engine']) {
  if (engine !== 'postgres') return;
  // JIT compiles these one-off statements for seconds and gains nothing; building an index over a
  // million rows outlasts the API's statement timeout on a busy machine.
  await sql.raw('set synchronous_commit = off; set jit = off').execute(conn);
  // On its own, so that the connection's read timeout is lifted too (connection-loss.ts).
  await sql.raw('set statement_timeout = 0').execute(conn);
}

export async function seedBulkShipments(db: Database, options: BulkOptions): Promise<void> {
  const { count, logger } = options;
  const batchSize = options.batchSize ?? 100_000;
  const batches = Math.ceil(count / batchSize);
  const lanes =
    db.engine === 'postgres'
      ? Math.max(1, Math.min(MAX_LANES, availableParallelism(), batches))
      : 1;
  await db.owner.connection().execute(async (conn) => {
    const run = (script: string) => sql.raw(script).execute(conn);
    const { rows } = await sql<{ bypass: boolean }>`
      select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user`.execute(
      conn,
    );
    // Row-level security is forced on every table; a connection user that is not exempt inserts as the system role.
    const insertRole = rows[0]?.bypass ? null : 'portal_system';
    await prepareLoadingConnection(conn, db.engine);

    const bases = await numberBases(conn);
    // As PostgreSQL's "Populating a Database" advises: load without secondary indexes and foreign keys,
    // then build the indexes once and check each foreign key with one set-based query.
    const rebuild = count >= REBUILD_INDEXES_FROM ? await secondaryIndexes(conn) : [];
    const recheck = count >= REBUILD_INDEXES_FROM ? await foreignKeys(conn) : [];
    if (rebuild.length || recheck.length) {
      logger.info(
        { indexes: rebuild.length, foreignKeys: recheck.length },
        `seed: dropping ${rebuild.length} secondary indexes and ${recheck.length} foreign keys for the bulk load`,
      );
      await run(
        [
          ...recheck.map((key) => `alter table ${key.tableName} drop constraint ${key.name};`),
          ...rebuild.map((index) => `drop index ${index.name};`),
        ].join('\n'),
      );
    }
    // Each connection of a lane takes the next batch until none is left (the first lane is this one).
    const totals = new Map<string, number>();
    let nextBatch = 0;
    let done = 0;
    const loadBatches = async (lane: Connection) => {
      const runOn = (script: string) => sql.raw(script).execute(lane);
      if (lane !== conn) await prepareLoadingConnection(lane, db.engine);
      if (insertRole) await runOn(`set role ${insertRole}`);
      try {
        await runOn(setupScript(options.parties));
        const { rows: placeRows } = await sql<{
          count: number;
        }>`select count(*)::int as count from seed_places`.execute(lane);
        const placeCount = placeRows[0]?.count ?? options.parties.places.length;
        for (let batch = nextBatch++; batch < batches; batch = nextBatch++) {
          const lo = 1 + batch * batchSize;
          const hi = Math.min(count, lo + batchSize - 1);
          const started = performance.now();
          const statements = batchStatements({
            seed: options.seed,
            idEpochMs: options.now.getTime() - count,
            lo,
            hi,
            now: options.now,
            hubCount: options.parties.places.length,
            placeCount,
            operatorId: options.parties.operatorId,
            bases,
          });
          for (const statement of statements) {
            const statementStarted = performance.now();
            await runOn(statement.sql);
            totals.set(
              statement.name,
              (totals.get(statement.name) ?? 0) + performance.now() - statementStarted,
            );
          }
          await runOn('drop table seed_plan');
          done += hi - lo + 1;
          const ms = Math.round(performance.now() - started);
          logger.info(
            { done, of: count, ms },
            `seed: bulk shipments ${done.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} (batch ${(ms / 1000).toFixed(1)} s)`,
          );
        }
        await runOn('drop table if exists seed_places, seed_customers, seed_carriers');
      } finally {
        if (insertRole) await runOn('reset role');
        if (lane !== conn) await restoreConnection(lane, db.engine);
      }
    };
    // Runs work on every lane's connection at once (this one and lanes - 1 more from the pool); every
    // lane runs to its end, even when another fails, before the first failure is answered.
    const onEveryLane = async (work: (lane: Connection) => Promise<void>) => {
      const others = Array.from({ length: lanes - 1 }, () => db.owner.connection().execute(work));
      const settled = await Promise.allSettled([work(conn), ...others]);
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    };
    // The lanes take the items in turn, each on a connection prepared for loading, with `session`'s
    // settings (PostgreSQL's) for the while.
    const inTurns = async <T>(
      items: readonly T[],
      work: (lane: Connection, item: T) => Promise<unknown>,
      session?: { set: string; reset: string },
    ) => {
      let next = 0;
      await onEveryLane(async (lane) => {
        if (lane !== conn) await prepareLoadingConnection(lane, db.engine);
        if (session && db.engine === 'postgres') await sql.raw(session.set).execute(lane);
        for (let index = next++; index < items.length; index = next++)
          await work(lane, items[index]!);
        if (session && db.engine === 'postgres') await sql.raw(session.reset).execute(lane);
        if (lane !== conn) await restoreConnection(lane, db.engine);
      });
    };
    // The invoices' rows say whether their load is delivered (every bulk invoice's is); the trigger
    // that reads it from the shipment row by row (migration 0206) would cost about 30 µs an invoice.
    await run(`alter table ap_invoices disable trigger ${AP_INVOICE_LOAD_DELIVERED_TRIGGER}`);
    await run(`alter table shipments disable trigger ${NEW_LOAD_ANNOUNCED_TRIGGER}`);
    try {
      await onEveryLane(loadBatches);
      logger.info(
        Object.fromEntries([...totals].map(([name, ms]) => [name, Math.round(ms)])),
        `seed: bulk time by table (${lanes} connection${lanes === 1 ? '' : 's'} at once): ${[...totals].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      );
    } finally {
      await run(`alter table ap_invoices enable trigger ${AP_INVOICE_LOAD_DELIVERED_TRIGGER}`);
      await run(`alter table shipments enable trigger ${NEW_LOAD_ANNOUNCED_TRIGGER}`);
      if (rebuild.length) {
        const started = performance.now();
        // The indexes are built on the lanes' connections at once (CREATE INDEX on one table does not
        // block another's); with one lane, PostgreSQL's parallel workers use the other cores.
        await inTurns(rebuild, (lane, index) => sql.raw(index.definition).execute(lane), {
          set: `set maintenance_work_mem = '512MB'; set max_parallel_maintenance_workers = ${lanes > 1 ? 0 : 2}`,
          reset: 'reset maintenance_work_mem; reset max_parallel_maintenance_workers',
        });
        const ms = Math.round(performance.now() - started);
        logger.info(
          { indexes: rebuild.length, ms },
          `seed: ${rebuild.length} secondary indexes rebuilt in ${(ms / 1000).toFixed(1)} s`,
        );
      }
      if (recheck.length) {
        const started = performance.now();
        // Each key comes back unchecked (NOT VALID, a moment's lock), then is validated. Adding a
        // checked key locks both of its tables against every other key's, but validating locks only
        // its own table against another validation: the lanes validate different tables' keys at once.
        await run(
          recheck
            .map(
              (key) =>
                `alter table ${key.tableName} add constraint ${key.name} ${key.definition} not valid;`,
            )
            .join('\n'),
        );
        const tables = new Map<string, ForeignKey[]>();
        for (const key of recheck)
          tables.set(key.tableName, [...(tables.get(key.tableName) ?? []), key]);
        const byTable = [...tables.values()].sort((a, b) => b.length - a.length);
        await inTurns(byTable, async (lane, keys) => {
          for (const key of keys)
            await sql
              .raw(`alter table ${key.tableName} validate constraint ${key.name}`)
              .execute(lane);
        });
        const ms = Math.round(performance.now() - started);
        logger.info(
          { foreignKeys: recheck.length, ms },
          `seed: ${recheck.length} foreign keys restored and checked in ${(ms / 1000).toFixed(1)} s`,
        );
      }
      await restoreConnection(conn, db.engine);
    }
  });
}
