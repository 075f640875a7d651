import { ShipmentStatus, TenderOfferStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';
import type { Tx } from '../../db/database';

// The kept counts of tenders, rate requests and cases (migration 0170) must always equal a count of
// the rows themselves, whatever inserts, updates and deletes happen, one row or many at a time; and
// the count endpoints must answer what a live count of the caller's rows answers.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

async function keptAndLive() {
  return t.db.system(async (tx) => {
    const kept = await sql<{ key: string; count: number }>`
      select subject || ':' || party_kind || ':' || party_id || ':' || status as key, item_count::int as count
        from kept_counts where item_count <> 0 order by 1`.execute(tx);
    const live = await sql<{ key: string; count: number }>`
      with party_rows as (
        select 'tenders' as subject, carrier_company_id as carrier, customer_company_id as customer,
               status::text as status
          from tenders
        union all
        select 'rate_requests', carrier_company_id, customer_company_id, status from rate_requests)
      select key, count(*)::int as count from (
        select subject || ':carrier:' || carrier || ':' || status as key from party_rows
        union all select subject || ':customer:' || customer || ':' || status from party_rows
        union all select subject || ':self_hauled:' || customer || ':' || status from party_rows
          where carrier = customer
        union all select 'cases:involved:' || party.company_id || ':' || c.status_group
          from case_involved_parties party join cases c on c.id = party.case_id) as keys
      group by key order by key`.execute(tx);
    return { kept: kept.rows, live: live.rows };
  });
}

async function expectKeptEqualsLive() {
  const { kept, live } = await keptAndLive();
  expect(kept).toEqual(live);
  return live;
}

const shipmentOf = async (tx: Tx, carrierCompanyId: string, customerCompanyId: string) =>
  (
    await makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId,
      carrierCompanyId,
      status: ShipmentStatus.Booked,
    })
  ).shipment;

async function newCase(tx: Tx, shipmentId: string, status: string, partyIds: string[]) {
  const made = await tx
    .insertInto('cases')
    .values({ shipmentId, caseType: 'Lumper', subject: 'Lumper at the dock', status })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('caseInvolvedParties')
    .values(
      partyIds.map((companyId, index) => ({
        caseId: made.id,
        companyId,
        partyRole: index === 0 ? 'Carrier' : 'Shipper',
      })),
    )
    .execute();
  return made.id;
}

describe('kept tender, rate request and case counts', () => {
  it('follow inserts, status and party changes, bulk updates and deletes', async () => {
    const ids = await t.db.system(async (tx) => {
      const own = await shipmentOf(tx, world.carrier.id, world.customer.id);
      const other = await shipmentOf(tx, world.otherCarrier.id, world.customer.id);
      // The broker hauls a load it sent itself: counted once for it.
      const selfHauled = await shipmentOf(tx, world.broker.id, world.broker.id);
      const tender = (shipmentId: string, carrier: string, customer: string, status: number) => ({
        shipmentId,
        carrierCompanyId: carrier,
        customerCompanyId: customer,
        status,
        rateCents: 150_000,
      });
      const tenders = await tx
        .insertInto('tenders')
        .values([
          tender(own.id, world.carrier.id, world.customer.id, TenderOfferStatus.Sent),
          tender(own.id, world.carrier.id, world.customer.id, TenderOfferStatus.Sent),
          tender(own.id, world.carrier.id, world.customer.id, TenderOfferStatus.Accepted),
          tender(other.id, world.otherCarrier.id, world.customer.id, TenderOfferStatus.Sent),
          tender(selfHauled.id, world.broker.id, world.broker.id, TenderOfferStatus.Sent),
        ])
        .returning('id')
        .execute();
      const request = (shipmentId: string, carrier: string, customer: string, status: string) => ({
        shipmentId,
        carrierCompanyId: carrier,
        customerCompanyId: customer,
        status,
      });
      const requests = await tx
        .insertInto('rateRequests')
        .values([
          request(own.id, world.carrier.id, world.customer.id, 'Sent'),
          request(own.id, world.carrier.id, world.customer.id, 'Offered'),
          request(other.id, world.otherCarrier.id, world.customer.id, 'Sent'),
          request(selfHauled.id, world.broker.id, world.broker.id, 'Sent'),
        ])
        .returning('id')
        .execute();
      const cases = [
        await newCase(tx, own.id, 'New', [world.carrier.id, world.customer.id]),
        await newCase(tx, own.id, 'InProgressAwaitingCustomer', [world.carrier.id]),
        await newCase(tx, other.id, 'New', [world.otherCarrier.id, world.customer.id]),
      ];
      return {
        own: own.id,
        other: other.id,
        selfHauled: selfHauled.id,
        tenders: tenders.map((row) => row.id),
        requests: requests.map((row) => row.id),
        cases,
      };
    });
    expect((await expectKeptEqualsLive()).length).toBeGreaterThan(10);

    // Status changes, a carrier change, an update that moves nothing, and a bulk update.
    await t.db.system(async (tx) => {
      await tx
        .updateTable('tenders')
        .set({ status: TenderOfferStatus.Rejected })
        .where('id', '=', ids.tenders[0]!)
        .execute();
      await tx
        .updateTable('tenders')
        .set({ carrierCompanyId: world.broker.id, customerCompanyId: world.broker.id })
        .where('id', '=', ids.tenders[3]!)
        .execute();
      await tx
        .updateTable('tenders')
        .set({ rejectionReason: 'No truck' })
        .where('id', '=', ids.tenders[1]!)
        .execute();
      await tx
        .updateTable('rateRequests')
        .set({ status: 'Declined' })
        .where('carrierCompanyId', '=', world.carrier.id)
        .execute();
      await tx
        .updateTable('rateRequests')
        .set({ status: 'Offered' })
        .where('id', '=', ids.requests[3]!)
        .execute();
      await tx
        .updateTable('cases')
        .set({ status: 'OnHoldPendingDocuments' })
        .where('id', '=', ids.cases[0]!)
        .execute();
      await tx
        .updateTable('cases')
        .set({ resolutionType: 'Paid', status: 'Resolved' })
        .where('id', '=', ids.cases[1]!)
        .execute();
      // A case's subject changes: no count moves.
      await tx
        .updateTable('cases')
        .set({ subject: 'Lumper receipt' })
        .where('id', '=', ids.cases[2]!)
        .execute();
    });
    await expectKeptEqualsLive();

    // Parties join, move and leave a case.
    await t.db.system(async (tx) => {
      await tx
        .insertInto('caseInvolvedParties')
        .values({ caseId: ids.cases[1]!, companyId: world.factoring.id, partyRole: 'Factor' })
        .execute();
      await tx
        .updateTable('caseInvolvedParties')
        .set({ companyId: world.broker.id })
        .where('caseId', '=', ids.cases[2]!)
        .where('companyId', '=', world.customer.id)
        .execute();
      await tx
        .deleteFrom('caseInvolvedParties')
        .where('caseId', '=', ids.cases[0]!)
        .where('companyId', '=', world.customer.id)
        .execute();
    });
    await expectKeptEqualsLive();

    // Deletes: rows one by one, a case with its parties, and a shipment with its tenders and requests.
    await t.db.system(async (tx) => {
      await tx.deleteFrom('tenders').where('id', '=', ids.tenders[2]!).execute();
      await tx.deleteFrom('rateRequests').where('id', '=', ids.requests[2]!).execute();
      await tx.deleteFrom('cases').where('id', '=', ids.cases[1]!).execute();
      await tx.deleteFrom('shipmentStops').where('shipmentId', '=', ids.selfHauled).execute();
      await tx.deleteFrom('shipments').where('id', '=', ids.selfHauled).execute();
    });
    await expectKeptEqualsLive();

    // A transaction that fails leaves the counts as they were.
    const before = await expectKeptEqualsLive();
    await expect(
      t.db.system(async (tx) => {
        await tx
          .updateTable('tenders')
          .set({ status: TenderOfferStatus.Rescinded })
          .where('carrierCompanyId', '=', world.carrier.id)
          .execute();
        throw new Error('Rolled back');
      }),
    ).rejects.toThrow('Rolled back');
    expect(await expectKeptEqualsLive()).toEqual(before);
  });

  it('answer what a live count of the caller’s rows answers', async () => {
    const live = (companyId: string, carrierIds: string[]) =>
      t.db.system(async (tx) => {
        const tenders = await sql<{ status: number; count: number }>`
          select status, count(*)::int as count from tenders
           where carrier_company_id = any (${carrierIds}::uuid[]) or customer_company_id = ${companyId}
           group by status`.execute(tx);
        const requests = await sql<{ status: string; count: number }>`
          select status, count(*)::int as count from rate_requests
           where carrier_company_id = any (${carrierIds}::uuid[]) or customer_company_id = ${companyId}
           group by status`.execute(tx);
        const cases = await sql<{ status: string; count: number }>`
          select c.status_group as status, count(*)::int as count from cases c
           where exists (select 1 from case_involved_parties p
                          where p.case_id = c.id and p.company_id = ${companyId})
           group by c.status_group`.execute(tx);
        const of = <S>(rows: { status: S; count: number }[], status: S) =>
          rows.find((row) => row.status === status)?.count ?? 0;
        return {
          tenders: {
            sent: of(tenders.rows, TenderOfferStatus.Sent),
            accepted: of(tenders.rows, TenderOfferStatus.Accepted),
            rejected: of(tenders.rows, TenderOfferStatus.Rejected),
            rescinded: of(tenders.rows, TenderOfferStatus.Rescinded),
            bookingRescinded: of(tenders.rows, TenderOfferStatus.BookingRescinded),
          },
          requests: {
            sent: of(requests.rows, 'Sent'),
            offered: of(requests.rows, 'Offered'),
            declined: of(requests.rows, 'Declined'),
          },
          cases: {
            new: of(cases.rows, 'New'),
            inProgress: of(cases.rows, 'InProgress'),
            onHold: of(cases.rows, 'OnHold'),
            resolved: of(cases.rows, 'Resolved'),
          },
        };
      });
    const callers = [
      {
        user: world.users.carrierUser,
        companyId: world.carrier.id,
        carrierIds: [world.carrier.id],
      },
      { user: world.users.brokerUser, companyId: world.broker.id, carrierIds: [world.broker.id] },
    ];
    for (const caller of callers) {
      const expected = await live(caller.companyId, caller.carrierIds);
      const get = async (url: string) => {
        const answer = await t.injectAs(caller.user, { method: 'GET', url });
        expect(answer.statusCode).toBe(200);
        return answer.json<{ data: unknown }>().data;
      };
      expect(await get('/api/v2/tenders/status_counts')).toEqual(expected.tenders);
      expect(await get('/api/v2/rate_requests/status_counts')).toEqual(expected.requests);
      expect(await get('/api/v2/cases/count_stats')).toEqual(expected.cases);
      // The lists' totals, which read the same kept counts.
      const total = async (url: string) => {
        const answer = await t.injectAs(caller.user, { method: 'GET', url });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ totalCount: number }>().totalCount;
      };
      const sum = (counts: Record<string, number>) =>
        Object.values(counts).reduce((all, count) => all + count, 0);
      expect(await total('/api/v2/cases')).toBe(sum(expected.cases));
      expect(await total('/api/v2/tenders')).toBe(sum(expected.tenders));
      expect(await total('/api/v2/tenders?statuses=0')).toBe(expected.tenders.sent);
    }
  });
});
