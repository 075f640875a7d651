import {
  AP_INVOICE_MESSAGES,
  AccountingFilterStatus,
  ApInvoiceStatus,
  Permission,
  Role,
  ShipmentStatus,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
  addDays,
  isoDateInZone,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment, makeUser } from '../../seed/factories';
import { makeApInvoice, uploadProofOfDelivery } from '../../seed/invoice-factories';

// Carrier (AP) invoices: the list and its filters, the detail, the carrier's submission and Quick
// Pay, the operator's settle and pay with the remittance they write, and who sees what.

type User = { id: string; companyId: string };
type Made = Awaited<ReturnType<typeof makeShipment>>;

let t: TestApp;
let world: TestWorld;
let operatorAdmin: User;
let detentionCaseNumber = '';
const today = isoDateInZone(new Date(), THIRD_PARTY_INVOICE_DATE_TIME_ZONE);

interface Spec {
  status: number;
  shipment: ShipmentStatus;
  pod?: boolean;
  factored?: boolean;
  other?: boolean;
  carrierInvoiceNumber?: string;
  shipmentDaysAgo?: number;
}
const SPECS = {
  submit: {
    status: ApInvoiceStatus.Draft,
    shipment: ShipmentStatus.Delivered,
    pod: true,
    factored: true,
  },
  noPod: { status: ApInvoiceStatus.Draft, shipment: ShipmentStatus.Delivered },
  inTransit: { status: ApInvoiceStatus.Draft, shipment: ShipmentStatus.InTransit },
  race: { status: ApInvoiceStatus.Draft, shipment: ShipmentStatus.DeliveryConfirmed, pod: true },
  received: {
    status: ApInvoiceStatus.Received,
    shipment: ShipmentStatus.DeliveryConfirmed,
    pod: true,
    carrierInvoiceNumber: 'PH-1001',
  },
  settled: {
    status: ApInvoiceStatus.Settled,
    shipment: ShipmentStatus.DeliveryConfirmed,
    pod: true,
  },
  paid: {
    status: ApInvoiceStatus.PaidInFull,
    shipment: ShipmentStatus.DeliveryConfirmed,
    pod: true,
    shipmentDaysAgo: 90,
  },
  other: {
    status: ApInvoiceStatus.Received,
    shipment: ShipmentStatus.DeliveryConfirmed,
    other: true,
  },
} satisfies Record<string, Spec>;
type Key = keyof typeof SPECS;
const invoices = {} as Record<
  Key,
  { id: string; invoiceNumber: string; made: Made; version: number }
>;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    operatorAdmin = await makeUser(tx, {
      companyId: world.operator.id,
      roles: [Role.Admin],
      permissions: [Permission.Admin],
    });
    let number = 0;
    for (const [key, spec] of Object.entries(SPECS) as [Key, Spec][]) {
      number += 1;
      const carrierId = spec.other ? world.otherCarrier.id : world.carrier.id;
      const pickupAt = new Date(Date.now() - (spec.shipmentDaysAgo ?? 3) * 24 * 3600 * 1000);
      const made = await makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: world.customer.id,
        carrierCompanyId: carrierId,
        status: spec.shipment,
        pickupAt,
        shipment: { shipmentNumber: `77001${String(number).padStart(2, '0')}` },
      });
      const { invoice } = await makeApInvoice(tx, {
        made,
        carrierCompanyId: carrierId,
        factoringCompanyId: spec.factored ? world.factoring.id : null,
        podUploaded: spec.pod ?? false,
        invoice: {
          invoiceNumber: `4100${number}`,
          status: spec.status,
          carrierInvoiceNumber:
            spec.carrierInvoiceNumber ??
            (spec.status === ApInvoiceStatus.Draft ? null : `PH-${2000 + number}`),
          invoiceDate: spec.status === ApInvoiceStatus.Draft ? null : addDays(today, -2),
        },
      });
      invoices[key] = { id: invoice.id, invoiceNumber: invoice.invoiceNumber, made, version: 1 };
    }
    // A paid accessorial request becomes a charge on the carrier's invoice.
    const detention = await tx
      .insertInto('cases')
      .values({
        shipmentId: invoices.received.made.shipment.id,
        carrierCompanyId: world.carrier.id,
        customerCompanyId: world.customer.id,
        caseType: 'Detention',
        status: 'Resolved',
        resolutionType: 'Paid',
        subject: 'Detention at Atlanta',
        amountRequestedCents: 15_000,
        amountApprovedCents: 10_000,
      })
      .returning(['id', 'caseNumber'])
      .executeTakeFirstOrThrow();
    detentionCaseNumber = detention.caseNumber;
    await tx
      .insertInto('apInvoiceCharges')
      .values({
        apInvoiceId: invoices.received.id,
        description: 'Detention at Atlanta',
        chargeTypeName: 'Detention',
        rateCents: 10_000,
        units: 1,
        caseId: detention.id,
      })
      .execute();
  });
});

afterAll(async () => {
  await t.close();
});

const carrier = () => world.users.carrierUser;

function get(user: User, url: string) {
  return t.injectAs(user, { method: 'GET', url });
}

function send(user: User, method: 'PATCH' | 'PUT' | 'POST', url: string, body: unknown) {
  return t.injectAs(user, {
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const numbers = (response: LightMyRequestResponse) =>
  (response.json().data as { invoiceNumber: string }[]).map((row) => row.invoiceNumber).sort();

async function statusOf(id: string) {
  return t.db.system((tx) =>
    tx
      .selectFrom('apInvoices')
      .select(['status', 'version', 'carrierInvoiceNumber', 'invoiceAmountCents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );
}

describe('the accounting list', () => {
  it('answers each view: Action Required, Pending, In Progress and Paid', async () => {
    const view = async (status: number) =>
      numbers(await get(carrier(), `/api/v2/ap_invoices?status=${status}`));
    expect(await view(AccountingFilterStatus.Uninvoiced)).toEqual(
      [invoices.submit, invoices.noPod, invoices.race].map((i) => i.invoiceNumber).sort(),
    );
    expect(await view(AccountingFilterStatus.Pending)).toEqual([invoices.inTransit.invoiceNumber]);
    expect(await view(AccountingFilterStatus.Invoiced)).toEqual(
      [invoices.received, invoices.settled].map((i) => i.invoiceNumber).sort(),
    );
    expect(await view(AccountingFilterStatus.Paid)).toEqual([invoices.paid.invoiceNumber]);
    const all = await get(carrier(), '/api/v2/ap_invoices');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 50, totalCount: 7 });
  });

  it('describes where the money is, in words', async () => {
    const all = await get(carrier(), '/api/v2/ap_invoices');
    const byNumber = new Map(
      (
        all.json().data as { invoiceNumber: string; payStatus: { code: string; text: string } }[]
      ).map((row) => [row.invoiceNumber, row.payStatus]),
    );
    expect(byNumber.get(invoices.noPod.invoiceNumber)?.code).toBe('waitingForDocuments');
    expect(byNumber.get(invoices.inTransit.invoiceNumber)?.code).toBe('waitingForDelivery');
    expect(byNumber.get(invoices.submit.invoiceNumber)?.code).toBe('readyToSubmit');
    expect(byNumber.get(invoices.received.invoiceNumber)?.text).toMatch(/^Received on /);
  });

  it('searches by invoice, carrier invoice or shipment number and filters by date', async () => {
    expect(numbers(await get(carrier(), '/api/v2/ap_invoices?searchTerm=PH-1001'))).toEqual([
      invoices.received.invoiceNumber,
    ]);
    expect(
      numbers(
        await get(
          carrier(),
          `/api/v2/ap_invoices?searchTerm=${invoices.noPod.made.shipment.shipmentNumber}`,
        ),
      ),
    ).toEqual([invoices.noPod.invoiceNumber]);
    const old = addDays(today, -100);
    expect(
      numbers(
        await get(
          carrier(),
          `/api/v2/ap_invoices?shipmentDate=Range&shipmentStartDate=${old}&shipmentEndDate=${addDays(today, -60)}`,
        ),
      ),
    ).toEqual([invoices.paid.invoiceNumber]);
    const last60 = await get(carrier(), '/api/v2/ap_invoices?shipmentDate=Last60Days');
    expect(numbers(last60)).not.toContain(invoices.paid.invoiceNumber);
    const invoiced = await get(carrier(), '/api/v2/ap_invoices?invoiceDate=Week');
    expect(invoiced.statusCode).toBe(200);
  });

  it('refuses bad filters, naming the field', async () => {
    const range = await get(carrier(), '/api/v2/ap_invoices?shipmentDate=Range');
    expect(range.statusCode).toBe(400);
    expect(range.json().errors).toHaveProperty('shipmentStartDate');
    const reversed = await get(
      carrier(),
      `/api/v2/ap_invoices?invoiceStartDate=${today}&invoiceEndDate=${addDays(today, -1)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toHaveProperty('invoiceEndDate');
    const big = await get(carrier(), '/api/v2/ap_invoices?pageSize=51');
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json())).toContain('pageSize');
    const status = await get(carrier(), '/api/v2/ap_invoices?status=9');
    expect(status.statusCode).toBe(400);
  });

  it('shows a factoring company only the invoices remitted to it, another carrier none of these', async () => {
    expect(numbers(await get(world.users.factoringUser, '/api/v2/ap_invoices'))).toEqual([
      invoices.submit.invoiceNumber,
    ]);
    expect(numbers(await get(world.users.otherCarrierUser, '/api/v2/ap_invoices'))).toEqual([
      invoices.other.invoiceNumber,
    ]);
    expect(numbers(await get(operatorAdmin, '/api/v2/ap_invoices'))).toHaveLength(8);
    const driver = await get(world.users.driver, '/api/v2/ap_invoices');
    expect(driver.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/ap_invoices' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports the list as CSV', async () => {
    const csv = await get(
      carrier(),
      `/api/v2/ap_invoices/csv?status=${AccountingFilterStatus.Invoiced}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Invoice Number,Status,Pay Status,Shipment Number/);
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('PH-1001');
  });
});

describe('the invoice detail', () => {
  it('answers the charges, required proof and Quick Pay options, with the ETag', async () => {
    const response = await get(carrier(), `/api/v2/ap_invoices/${invoices.submit.invoiceNumber}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(response.headers.etag).toBe('"1"');
    expect(detail.charges.map((c: { chargeTypeName: string }) => c.chargeTypeName)).toEqual([
      'LineHaul',
      'FuelSurcharge',
    ]);
    expect(detail.invoiceAmount).toBe(2196);
    expect(detail.remitTo).toMatchObject({ name: 'Capital Factoring' });
    expect(detail.missingProofOfDelivery).toBe(0);
    expect(detail.quickPayOptions).toEqual([
      {
        serviceLevel: 2,
        name: 'Quick Pay',
        fee: 76.86,
        netAmount: 2119.14,
        payDate: addDays(today, 2),
      },
      {
        serviceLevel: 3,
        name: 'Small Carrier Quick Pay',
        fee: 43.92,
        netAmount: 2152.08,
        payDate: addDays(today, 3),
      },
    ]);
    const byId = await get(carrier(), `/api/v2/ap_invoices/${invoices.submit.id}`);
    expect(byId.json().data.invoiceNumber).toBe(invoices.submit.invoiceNumber);
  });

  it('lists a paid accessorial request among the charges, naming the request', async () => {
    const response = await get(carrier(), `/api/v2/ap_invoices/${invoices.received.invoiceNumber}`);
    const charges = response.json().data.charges as {
      chargeTypeName: string;
      caseNumber: string;
    }[];
    expect(charges.map((charge) => charge.chargeTypeName)).toEqual([
      'LineHaul',
      'FuelSurcharge',
      'Detention',
    ]);
    expect(charges[2]!.caseNumber).toBe(detentionCaseNumber);
  });

  it('answers another company’s invoice exactly like a missing one', async () => {
    const other = await get(carrier(), `/api/v2/ap_invoices/${invoices.other.invoiceNumber}`);
    const missing = await get(carrier(), '/api/v2/ap_invoices/999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      title: missing.json().title,
      detail: missing.json().detail,
    });
    const bad = await get(carrier(), '/api/v2/ap_invoices/not%20a%20number');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('invoiceNumber');
  });
});

describe('the carrier submits its invoice', () => {
  const submit = (key: Key, body: Record<string, unknown>, user: User = carrier()) =>
    send(user, 'PATCH', `/api/v2/ap_invoices/${invoices[key].id}`, body);

  it('refuses a negative, non-numeric or missing amount, naming the field, and changes nothing', async () => {
    for (const invoiceAmount of [-5, 0, 12.345, 'abc']) {
      const response = await submit('submit', {
        carrierInvoiceNumber: 'PH-9001',
        invoiceAmount,
        version: 1,
      });
      expect(response.statusCode, String(invoiceAmount)).toBe(400);
      expect(JSON.stringify(response.json())).toContain('invoiceAmount');
    }
    const blank = await submit('submit', {
      carrierInvoiceNumber: '  ',
      invoiceAmount: 10,
      version: 1,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('carrierInvoiceNumber');
    expect((await statusOf(invoices.submit.id)).status).toBe(ApInvoiceStatus.Draft);
  });

  it('needs the version, and refuses a stale one', async () => {
    const missing = await submit('race', { carrierInvoiceNumber: 'PH-9002', invoiceAmount: 100 });
    expect(missing.statusCode).toBe(428);
    const stale = await submit('race', {
      carrierInvoiceNumber: 'PH-9002',
      invoiceAmount: 100,
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(AP_INVOICE_MESSAGES.changedByOthers);
  });

  it('refuses a number the carrier already used, a load not delivered and a missing proof of delivery', async () => {
    const used = await submit('submit', {
      carrierInvoiceNumber: 'ph-1001',
      invoiceAmount: 2196,
      version: 1,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().errors).toHaveProperty('carrierInvoiceNumber');
    const transit = await submit('inTransit', {
      carrierInvoiceNumber: 'PH-9003',
      invoiceAmount: 100,
      version: 1,
    });
    expect(transit.statusCode).toBe(409);
    expect(transit.json().detail).toBe(AP_INVOICE_MESSAGES.notDelivered);
    const noPod = await submit('noPod', {
      carrierInvoiceNumber: 'PH-9004',
      invoiceAmount: 100,
      version: 1,
    });
    expect(noPod.statusCode).toBe(409);
    expect(noPod.json().detail).toBe(AP_INVOICE_MESSAGES.noProofOfDelivery);
    expect((await statusOf(invoices.noPod.id)).version).toBe(1);
  });

  it('answers another company’s invoice as missing, and a factoring company may not submit', async () => {
    const foreign = await submit(
      'other',
      { carrierInvoiceNumber: 'PH-9005', invoiceAmount: 100, version: 1 },
      carrier(),
    );
    expect(foreign.statusCode).toBe(404);
    const factor = await submit(
      'submit',
      { carrierInvoiceNumber: 'PH-9006', invoiceAmount: 100, version: 1 },
      world.users.factoringUser,
    );
    expect(factor.statusCode).toBe(403);
  });

  it('submits: Draft to Received, dated today and due on standard terms', async () => {
    const response = await submit('submit', {
      carrierInvoiceNumber: 'PH-5555',
      invoiceAmount: 2196,
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail).toMatchObject({
      apInvoiceStatus: { value: ApInvoiceStatus.Received, displayName: 'Received' },
      carrierInvoiceNumber: 'PH-5555',
      invoiceDate: today,
      dueDate: addDays(today, 30),
      version: 2,
    });
    expect(detail.payStatus.code).toBe('received');
    const again = await submit('submit', {
      carrierInvoiceNumber: 'PH-5556',
      invoiceAmount: 2196,
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(AP_INVOICE_MESSAGES.notDraft);
  });

  it('a proof of delivery uploaded later lets the other invoice through', async () => {
    await t.db.system((tx) => uploadProofOfDelivery(tx, invoices.noPod.made, world.carrier.id));
    const response = await submit('noPod', {
      carrierInvoiceNumber: 'PH-5557',
      invoiceAmount: 1999.5,
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.invoiceAmount).toBe(1999.5);
  });
});

describe('Quick Pay', () => {
  it('shows the fee and the new date, and moves the due date', async () => {
    const response = await send(
      carrier(),
      'PUT',
      `/api/v2/ap_invoices/${invoices.submit.id}/quick_pay`,
      {
        serviceLevel: 2,
        version: 2,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      serviceLevel: 2,
      quickPayFee: 76.86,
      dueDate: addDays(today, 2),
      version: 3,
    });
  });

  it('cannot be chosen once the invoice is settled', async () => {
    const response = await send(
      carrier(),
      'PUT',
      `/api/v2/ap_invoices/${invoices.settled.id}/quick_pay`,
      {
        serviceLevel: 3,
        version: 1,
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(AP_INVOICE_MESSAGES.quickPayClosed);
    const bad = await send(
      carrier(),
      'PUT',
      `/api/v2/ap_invoices/${invoices.received.id}/quick_pay`,
      {
        serviceLevel: 1,
        version: 1,
      },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('the operator settles and pays', () => {
  it('only the operator may, one step at a time', async () => {
    const byCarrier = await send(
      carrier(),
      'POST',
      `/api/v2/ap_invoices/${invoices.received.id}/settle`,
      {
        version: 1,
      },
    );
    expect(byCarrier.statusCode).toBe(403);
    const payReceived = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.received.id}/pay`,
      { checkNumber: '300001', paymentDate: today, version: 1 },
    );
    expect(payReceived.statusCode).toBe(409);
    expect(payReceived.json().errors).toHaveProperty('status');
    const settleDraft = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.race.id}/settle`,
      { version: 1 },
    );
    expect(settleDraft.statusCode).toBe(409);
  });

  it('settles, then pays by check: the remittance goes to the factoring company', async () => {
    const settled = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.submit.id}/settle`,
      { version: 3 },
    );
    expect(settled.statusCode).toBe(200);
    expect(settled.json().data.payStatus.text).toMatch(/^Approved, scheduled for payment on /);
    const reused = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.submit.id}/pay`,
      { checkNumber: 'bad number!', paymentDate: today, version: 4 },
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toHaveProperty('checkNumber');
    const paid = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.submit.id}/pay`,
      {
        checkNumber: '300777',
        paymentDate: today,
        version: 4,
      },
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payStatus.text).toBe(
      `Paid by check 300777 on ${Number(today.slice(5, 7))}/${today.slice(8, 10)}/${today.slice(0, 4)}`,
    );
    const payment = await t.db.system((tx) =>
      tx
        .selectFrom('payments')
        .selectAll()
        .where('checkNumber', '=', '300777')
        .executeTakeFirstOrThrow(),
    );
    expect(payment.payeeCompanyId).toBe(world.factoring.id);
    expect(Number(payment.amountCents)).toBe(219_600 - 7_686);
  });

  it('refuses a check number already used, and writes nothing', async () => {
    const response = await send(
      operatorAdmin,
      'POST',
      `/api/v2/ap_invoices/${invoices.settled.id}/pay`,
      { checkNumber: '300777', paymentDate: today, version: 1 },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(AP_INVOICE_MESSAGES.checkNumberUsed);
    expect((await statusOf(invoices.settled.id)).status).toBe(ApInvoiceStatus.Settled);
  });
});

describe('payment remittances', () => {
  it('lists the payment for the carrier and for the factoring company it was remitted to', async () => {
    for (const user of [carrier(), world.users.factoringUser]) {
      const list = await get(user, '/api/v1/payments');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((p: { checkNumber: string }) => p.checkNumber)).toContain(
        '300777',
      );
    }
    const other = await get(world.users.otherCarrierUser, '/api/v1/payments');
    expect(other.json().data.map((p: { checkNumber: string }) => p.checkNumber)).not.toContain(
      '300777',
    );
  });

  it('finds a remittance by the start of its check number, within a date range', async () => {
    const found = await get(
      carrier(),
      `/api/v1/payments?checkNumber=3007&paymentStartDate=${today}`,
    );
    expect(found.json()).toMatchObject({ totalCount: 1, data: [{ checkNumber: '300777' }] });
    const before = await get(
      carrier(),
      `/api/v1/payments?checkNumber=3007&paymentEndDate=${addDays(today, -1)}`,
    );
    expect(before.json().totalCount).toBe(0);
    const reversed = await get(
      carrier(),
      `/api/v1/payments?paymentStartDate=${today}&paymentEndDate=${addDays(today, -1)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toHaveProperty('paymentEndDate');
  });

  it('opens a remittance by check number with the invoices it paid and their totals', async () => {
    const response = await get(world.users.factoringUser, '/api/v1/payments/300777');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      checkNumber: '300777',
      paymentDate: today,
      amount: 2119.14,
      payee: { name: 'Capital Factoring' },
      carrier: { name: 'Prairie Haulers' },
      invoiceCount: 1,
      invoiceTotal: 2196,
      feeTotal: 76.86,
      invoices: {
        page: 1,
        pageSize: 20,
        totalCount: 1,
        data: [{ invoiceNumber: invoices.submit.invoiceNumber, carrierInvoiceNumber: 'PH-5555' }],
      },
    });
    const csv = await get(carrier(), '/api/v1/payments/300777/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('remittance-300777.csv');
    expect(csv.body.split('\r\n')[1]).toContain(
      `300777,${today},Capital Factoring,Prairie Haulers`,
    );
  });

  it('answers another company’s check number like a missing one', async () => {
    const other = await get(world.users.otherCarrierUser, '/api/v1/payments/300777');
    const missing = await get(world.users.otherCarrierUser, '/api/v1/payments/999999999');
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(missing.json().detail);
    const bad = await get(carrier(), '/api/v1/payments/bad%21');
    expect(bad.statusCode).toBe(400);
  });
});

describe('the counts', () => {
  it('agree with the views', async () => {
    const response = await get(carrier(), '/api/v2/invoices/counts');
    expect(response.statusCode).toBe(200);
    // submit and noPod were submitted above; race is the one draft left on a delivered load.
    expect(response.json().data).toMatchObject({ actionRequired: 1, inProcess: 3, paid: 1 });
  });

  it('move a draft to Action Required when its load is delivered, whoever writes the invoice', async () => {
    const badge = async () =>
      (await get(carrier(), '/api/v2/invoices/counts/action_required')).json().data.actionRequired;
    const view = async (status: number) =>
      numbers(await get(carrier(), `/api/v2/ap_invoices?status=${status}`));
    const { inTransit } = invoices;
    expect(await badge()).toBe(1);
    expect(await view(AccountingFilterStatus.Pending)).toEqual([inTransit.invoiceNumber]);

    // Nobody marks a load delivered on the invoice by hand: the database reads the shipment again.
    await t.db.system((tx) =>
      tx
        .updateTable('apInvoices')
        .set({ loadDelivered: true })
        .where('id', '=', inTransit.id)
        .execute(),
    );
    expect(await badge()).toBe(1);

    // The carrier closes the load: its draft needs the carrier's invoice now.
    const closed = await send(
      carrier(),
      'PATCH',
      `/api/v2/shipments/${inTransit.made.shipment.shipmentNumber}/quick_closure`,
      {},
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await badge()).toBe(2);
    expect(await view(AccountingFilterStatus.Pending)).toEqual([]);
    expect(await view(AccountingFilterStatus.Uninvoiced)).toContain(inTransit.invoiceNumber);
    const counts = await get(carrier(), '/api/v2/invoices/counts');
    expect(counts.json().data).toMatchObject({ actionRequired: 2 });
  });
});
