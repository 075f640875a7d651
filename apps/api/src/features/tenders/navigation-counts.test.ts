import {
  ApInvoiceStatus,
  isoDateInZone,
  ShipmentStatus,
  TenderOfferStatus,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment } from '../../seed/factories';

// The counts of the side navigation: tenders, rate requests, accounting and cases, each scoped to
// the caller's company.

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    // The accounting windows run on the invoices' calendar, not the UTC day.
    const today = isoDateInZone(new Date(), THIRD_PARTY_INVOICE_DATE_TIME_ZONE);
    const longAgo = '2020-01-15';
    const shipmentFor = async (carrierCompanyId: string, status: ShipmentStatus) =>
      (await makeShipment(tx, { ...base, carrierCompanyId, status })).shipment;

    const own = await shipmentFor(world.carrier.id, ShipmentStatus.Delivered);
    const other = await shipmentFor(world.otherCarrier.id, ShipmentStatus.Delivered);
    const tender = (shipmentId: string, carrierCompanyId: string, status: number) => ({
      shipmentId,
      carrierCompanyId,
      customerCompanyId: world.customer.id,
      status,
      rateCents: 150_000,
    });
    await tx
      .insertInto('tenders')
      .values([
        tender(own.id, world.carrier.id, TenderOfferStatus.Sent),
        tender(own.id, world.carrier.id, TenderOfferStatus.Sent),
        tender(own.id, world.carrier.id, TenderOfferStatus.Accepted),
        tender(other.id, world.otherCarrier.id, TenderOfferStatus.Sent),
      ])
      .execute();
    const rateRequest = (shipmentId: string, carrierCompanyId: string, status: string) => ({
      shipmentId,
      carrierCompanyId,
      customerCompanyId: world.customer.id,
      status,
    });
    await tx
      .insertInto('rateRequests')
      .values([
        rateRequest(own.id, world.carrier.id, 'Sent'),
        rateRequest(own.id, world.carrier.id, 'Offered'),
        rateRequest(other.id, world.otherCarrier.id, 'Sent'),
        rateRequest(other.id, world.otherCarrier.id, 'Sent'),
      ])
      .execute();
    const invoice = (
      shipmentId: string,
      carrierCompanyId: string,
      status: number,
      shipmentDate: string,
    ) => ({
      shipmentId,
      carrierCompanyId,
      factoringCompanyId: carrierCompanyId === world.carrier.id ? world.factoring.id : null,
      status,
      shipmentDate,
    });
    await tx
      .insertInto('apInvoices')
      .values([
        invoice(own.id, world.carrier.id, ApInvoiceStatus.Draft, today),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.Draft, longAgo),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.Received, today),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.Settled, longAgo),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.PaidInFull, today),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.PaidInFull, longAgo),
        invoice(own.id, world.carrier.id, ApInvoiceStatus.Voided, today),
        invoice(other.id, world.otherCarrier.id, ApInvoiceStatus.Draft, today),
      ])
      .execute();
    const makeCase = async (
      shipmentId: string,
      carrierCompanyId: string,
      status: string,
      resolutionType = 'None',
    ) => {
      const row = await tx
        .insertInto('cases')
        .values({
          shipmentId,
          carrierCompanyId,
          customerCompanyId: world.customer.id,
          caseType: 'Detention',
          status,
          resolutionType,
          subject: 'Detention at delivery',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('caseInvolvedParties')
        .values([
          { caseId: row.id, companyId: carrierCompanyId, partyRole: 'Carrier' },
          { caseId: row.id, companyId: world.operator.id, partyRole: 'Operator' },
        ])
        .execute();
    };
    await tx
      .insertInto('payments')
      .values([
        {
          checkNumber: 'CHK-1001',
          carrierCompanyId: world.carrier.id,
          payeeCompanyId: world.factoring.id,
          paymentDate: '2026-10-01',
          amountCents: 123_456,
        },
        {
          checkNumber: 'CHK-1002',
          carrierCompanyId: world.carrier.id,
          payeeCompanyId: world.factoring.id,
          paymentDate: '2026-11-01',
          amountCents: 50_000,
        },
        {
          checkNumber: 'CHK-2001',
          carrierCompanyId: world.otherCarrier.id,
          payeeCompanyId: world.otherCarrier.id,
          paymentDate: '2026-11-02',
          amountCents: 75_000,
        },
      ])
      .execute();
    await makeCase(own.id, world.carrier.id, 'New');
    await makeCase(own.id, world.carrier.id, 'Open');
    await makeCase(own.id, world.carrier.id, 'InProgressAwaitingCarrier');
    await makeCase(own.id, world.carrier.id, 'OnHold');
    await makeCase(own.id, world.carrier.id, 'New', 'Paid');
    await makeCase(other.id, world.otherCarrier.id, 'New');
  });
});

afterAll(async () => {
  await t?.close();
});

const get = async (user: keyof TestWorld['users'], url: string) =>
  t.injectAs(world.users[user], { method: 'GET', url });

describe('navigation counts', () => {
  it("counts the carrier's tenders per status, not another carrier's", async () => {
    const own = await get('carrierUser', '/api/v2/tenders/status_counts');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({
      sent: 2,
      accepted: 1,
      rejected: 0,
      rescinded: 0,
      bookingRescinded: 0,
    });
    const other = await get('otherCarrierUser', '/api/v2/tenders/status_counts');
    expect(other.json().data.sent).toBe(1);
  });

  it('counts open (Sent) rate requests per carrier', async () => {
    const own = await get('carrierUser', '/api/v2/rate_requests/status_counts');
    expect(own.json().data).toEqual({ sent: 1, offered: 1, declined: 0 });
    const other = await get('otherCarrierUser', '/api/v2/rate_requests/status_counts');
    expect(other.json().data).toEqual({ sent: 2, offered: 0, declined: 0 });
  });

  it('counts accounting invoices: action required (drafts) of any date, paid and active in 60 days', async () => {
    const own = await get('carrierUser', '/api/v2/invoices/counts');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ active: 3, actionRequired: 2, inProcess: 2, paid: 1 });
    // The factoring company sees the invoices remitted to it.
    const factoring = await get('factoringUser', '/api/v2/invoices/counts');
    expect(factoring.json().data).toEqual({ active: 3, actionRequired: 2, inProcess: 2, paid: 1 });
    const other = await get('otherCarrierUser', '/api/v2/invoices/counts');
    expect(other.json().data).toEqual({ active: 1, actionRequired: 1, inProcess: 0, paid: 0 });
  });

  it('answers the navigation’s Action Required count alone, as the four counts have it', async () => {
    const expected = { carrierUser: 2, factoringUser: 2, otherCarrierUser: 1 } as const;
    for (const [user, actionRequired] of Object.entries(expected)) {
      const alone = await get(
        user as keyof typeof expected,
        '/api/v2/invoices/counts/action_required',
      );
      expect(alone.statusCode).toBe(200);
      expect(alone.json()).toEqual({ data: { actionRequired } });
    }
    expect((await get('driver', '/api/v2/invoices/counts/action_required')).statusCode).toBe(403);
  });

  it('counts the cases the caller is involved in by user-facing status', async () => {
    const own = await get('carrierUser', '/api/v2/cases/count_stats');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ new: 2, inProgress: 1, onHold: 1, resolved: 1 });
    const other = await get('otherCarrierUser', '/api/v2/cases/count_stats');
    expect(other.json().data).toEqual({ new: 1, inProgress: 0, onHold: 0, resolved: 0 });
    const operator = await get('operatorUser', '/api/v2/cases/count_stats');
    expect(operator.json().data).toEqual({ new: 3, inProgress: 1, onHold: 1, resolved: 1 });
  });

  it('refuses callers without the portal permission and without a token', async () => {
    expect((await get('factoringUser', '/api/v2/tenders/status_counts')).statusCode).toBe(403);
    expect((await get('driver', '/api/v2/invoices/counts')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/cases/count_stats' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('payments', () => {
  it("lists the carrier's payments newest first, and the factoring company's remittances", async () => {
    const own = await get('carrierUser', '/api/v1/payments?pageSize=5');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ page: 1, pageSize: 5, totalCount: 2 });
    expect(own.json().data.map((payment: { checkNumber: string }) => payment.checkNumber)).toEqual([
      'CHK-1002',
      'CHK-1001',
    ]);
    expect(own.json().data[1]).toMatchObject({
      paymentDate: '2026-10-01',
      amount: 1234.56,
      payeeName: 'Capital Factoring',
    });
    const factoring = await get('factoringUser', '/api/v1/payments');
    expect(factoring.json().totalCount).toBe(2);
    const ranged = await get(
      'carrierUser',
      '/api/v1/payments?paymentStartDate=2026-10-15&paymentEndDate=2026-11-30',
    );
    expect(
      ranged.json().data.map((payment: { checkNumber: string }) => payment.checkNumber),
    ).toEqual(['CHK-1002']);
  });

  it('names the field of a bad date range', async () => {
    const bad = await get(
      'carrierUser',
      '/api/v1/payments?paymentStartDate=2026-11-30&paymentEndDate=2026-10-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('paymentEndDate');
    expect((await get('driver', '/api/v1/payments')).statusCode).toBe(403);
  });
});
