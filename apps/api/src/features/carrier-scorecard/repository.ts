import { sql } from 'kysely';
import type { Tx } from '../../db/database';

// The SQL behind a carrier's scorecard: its own shipments, tenders and accessorial requests over a
// window. A stop is on time when it was reached by its appointment, or by the end of its window.

export function findCarrier(tx: Tx, carrierId: string) {
  return tx
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', carrierId)
    .where('kind', '=', 'carrier')
    .executeTakeFirst();
}

export async function stopPunctuality(tx: Tx, carrierId: string, since: Date) {
  // First pickup and last delivery of each shipment the carrier hauled (dispatched or later).
  const row = await sql<{
    shipments: string;
    pickupOnTime: string;
    pickupMeasured: string;
    deliveryOnTime: string;
    deliveryMeasured: string;
  }>`
    with hauled as (
      select s.id from shipments s
      where s.carrier_company_id = ${carrierId}
        and s.status >= 4
        and s.pickup_at >= ${since}
    ),
    ends as (
      select st.shipment_id, st.stop_type, st.arrived_at,
             coalesce(st.appointment_at, st.late_at) as due_at,
             row_number() over (partition by st.shipment_id, st.stop_type
                                order by case when st.stop_type = 'Pickup' then st.stop_number
                                              else -st.stop_number end) as rank
      from shipment_stops st
      join hauled h on h.id = st.shipment_id
    )
    select
      (select count(*) from hauled) as shipments,
      count(*) filter (where stop_type = 'Pickup' and arrived_at <= due_at) as pickup_on_time,
      count(*) filter (where stop_type = 'Pickup') as pickup_measured,
      count(*) filter (where stop_type = 'Delivery' and arrived_at <= due_at) as delivery_on_time,
      count(*) filter (where stop_type = 'Delivery') as delivery_measured
    from ends
    where rank = 1 and arrived_at is not null and due_at is not null
  `.execute(tx);
  const counts = row.rows[0]!;
  return {
    shipments: Number(counts.shipments),
    pickupOnTime: Number(counts.pickupOnTime),
    pickupMeasured: Number(counts.pickupMeasured),
    deliveryOnTime: Number(counts.deliveryOnTime),
    deliveryMeasured: Number(counts.deliveryMeasured),
  };
}

/** Tenders the carrier answered: Accepted (1) or Rejected (2). */
export async function tenderAnswers(tx: Tx, carrierId: string, since: Date) {
  const row = await tx
    .selectFrom('tenders')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('status', '=', 1).as('accepted'),
      eb.fn.count<string>('id').filterWhere('status', 'in', [1, 2]).as('answered'),
    ])
    .where('carrierCompanyId', '=', carrierId)
    .where('sentAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { accepted: Number(row.accepted), answered: Number(row.answered) };
}

/** Accessorial requests (claims) raised on the carrier's loads; open until resolved or voided. */
export async function claims(tx: Tx, carrierId: string, since: Date) {
  const row = await tx
    .selectFrom('cases')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn
        .count<string>('id')
        .filterWhere((inner) =>
          inner.and([
            inner('status', 'not in', ['Resolved', 'Voided']),
            inner('resolutionType', 'not in', ['Paid', 'Declined']),
          ]),
        )
        .as('open'),
    ])
    .where('carrierCompanyId', '=', carrierId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), open: Number(row.open) };
}
