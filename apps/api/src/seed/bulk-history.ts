import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema.generated';
import { IdKind, orderedId } from './bulk-freight';

type Connection = Kysely<DB>;

// History at benchmark scale (issues 11 and 12): answered tenders and worked cases on the world's
// booked and delivered shipments, generated inside the database with set-based SQL. Every choice
// comes from a hash of the row's position and the seed, so the same seed gives the same rows. Adds
// rows until the table holds the count asked for; a table that holds as many already is left alone.

export interface HistoryOptions {
  /** How many tenders the world should hold. */
  tenders?: number | undefined;
  /** How many cases the world should hold. */
  cases?: number | undefined;
  seed: number;
  now: Date;
}

export interface HistoryResult {
  tenders: number;
  cases: number;
}

async function missing(db: Connection, table: 'tenders' | 'cases', wanted: number | undefined) {
  if (!wanted) return 0;
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(
    table,
  )}`.execute(db);
  return Math.max(0, wanted - rows[0]!.count);
}

/**
 * Each booked or delivered shipment gets four tenders: the one its carrier accepted, and three that
 * other carriers rejected, sent a day or two before its pickup.
 */
async function addTenders(db: Connection, count: number, seed: number, now: Date) {
  // Ordered ids (as the bulk load's): the tender's index is its shipment's number and its position.
  const id = orderedId(
    IdKind.historyTender,
    now.getTime() - count,
    seed,
    '(p.shipment_number::bigint * 4 + p.position)',
  );
  await sql`
    with carriers as (select array_agg(id order by id) as ids from companies where kind = 'carrier'),
    picked as (
      select s.*, k.position,
             hashint8extended(s.shipment_number::bigint * 4 + k.position, ${seed}) as r
        from shipments s cross join generate_series(0, 3) as k (position)
       where s.status >= 3 and s.carrier_company_id is not null
       order by s.shipment_number, k.position
       limit ${count})
    insert into tenders (id, shipment_id, carrier_company_id, customer_company_id, status, rate_cents,
                         expires_at, sent_at, responded_at, rejection_reason, shipment_number,
                         origin_city, origin_state, origin_postal_code, destination_city,
                         destination_state, destination_postal_code, pickup_at, delivery_at,
                         equipment_types)
    select ${sql.raw(id)}, p.id,
           case when p.position = 0 then p.carrier_company_id
                else c.ids[1 + abs(p.r) % array_length(c.ids, 1)] end,
           p.customer_company_id,
           case when p.position = 0 then 1 else 2 end,
           coalesce(p.carrier_rate_cents, p.max_buy_cents, 150000),
           p.pickup_at - interval '1 day',
           p.pickup_at - make_interval(hours => 24 + p.position * 6),
           p.pickup_at - make_interval(hours => 22 + p.position * 6),
           case when p.position > 0 then 'No truck available' end,
           p.shipment_number, p.origin_city, p.origin_state, p.origin_postal_code,
           p.destination_city, p.destination_state, p.destination_postal_code,
           p.pickup_at, p.delivery_at, p.equipment_types
      from picked p cross join carriers c`.execute(db);
}

const CASE_TYPES = ['Detention', 'Lumper', 'Layover', 'TONU', 'Redelivery', 'Storage'];

/**
 * Delivered shipments get a case each, most of them resolved (paid or declined), some still new,
 * in progress or on hold; the carrier, the customer and the operator are its parties.
 */
async function addCases(db: Connection, count: number, seed: number, now: Date) {
  const id = orderedId(
    IdKind.historyCase,
    now.getTime() - count,
    seed,
    'p.shipment_number::bigint',
  );
  await sql`
    with picked as (
      select s.*, hashint8extended(s.shipment_number::bigint, ${seed}) as r
        from shipments s
       where s.status >= 7 and s.carrier_company_id is not null
         and not exists (select 1 from cases c where c.shipment_id = s.id)
       order by s.shipment_number
       limit ${count}),
    made as (
      insert into cases (id, shipment_id, order_id, carrier_company_id, customer_company_id, case_type,
                         case_source, status, resolution_type, priority, subject,
                         amount_requested_cents, amount_approved_cents, incident_at, created_at,
                         updated_at)
      select ${sql.raw(id)}, p.id, p.order_id, p.carrier_company_id, p.customer_company_id,
             (${CASE_TYPES}::text[])[1 + abs(p.r) % ${CASE_TYPES.length}],
             case when abs(p.r) % 3 = 0 then 'Email' else 'Portal' end,
             case when abs(p.r) % 100 < 80 then 'Resolved'
                  when abs(p.r) % 100 < 88 then 'New'
                  when abs(p.r) % 100 < 95 then 'InProgressAwaitingCustomer'
                  else 'OnHoldPendingDocuments' end,
             case when abs(p.r) % 100 < 60 then 'Paid'
                  when abs(p.r) % 100 < 80 then 'Declined' else 'None' end,
             'Normal',
             'Accessorial charges at delivery',
             5000 + abs(p.r) % 40000,
             case when abs(p.r) % 100 < 60 then 5000 + abs(p.r) % 40000 end,
             p.delivery_at,
             least(${now}::timestamptz, p.delivery_at + interval '4 hours'),
             least(${now}::timestamptz, p.delivery_at + interval '4 days')
        from picked p
      returning id, carrier_company_id, customer_company_id, shipment_id)
    insert into case_involved_parties (case_id, company_id, party_role)
    select made.id, party.company_id, party.role
      from made
      join shipments s on s.id = made.shipment_id
      cross join lateral (values (made.carrier_company_id, 'Carrier'),
                                 (made.customer_company_id, 'Shipper'),
                                 (s.operator_company_id, 'Operator')) as party (company_id, role)
    on conflict do nothing`.execute(db);
}

/** Tops the world's tenders and cases up to the counts asked for. */
export async function seedHistory(db: Database, options: HistoryOptions): Promise<HistoryResult> {
  return db.owner.connection().execute(async (connection) => {
    // Statements over a whole world: no request's timeout on this connection.
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      const tenders = await missing(connection, 'tenders', options.tenders);
      if (tenders > 0) await addTenders(connection, tenders, options.seed, options.now);
      const cases = await missing(connection, 'cases', options.cases);
      if (cases > 0) await addCases(connection, cases, options.seed, options.now);
      if (tenders + cases > 0)
        await sql`vacuum analyze tenders, cases, case_involved_parties`.execute(connection);
      return { tenders, cases };
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
