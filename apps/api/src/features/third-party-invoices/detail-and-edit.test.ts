import {
  INVOICE_MESSAGES,
  Permission,
  Role,
  SHIPMENT_MESSAGES,
  ShipmentStatus,
  THIRD_PARTY_INVOICE_MESSAGES,
  addDays,
  isoDateInZone,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import { makeShipment, makeUser } from '../../seed/factories';
import { makeThirdPartyInvoice } from '../../seed/invoice-factories';
import { resolveThirdPartyInvoice } from '../../shared/entities/entity-access';
import { countAndPageOfInvoices, countInvoices } from './repository';

// Details, the edit with its status machine and optimistic concurrency, the operator's status
// steps, and the invoice's shipment.

type User = { id: string; companyId: string };
type Made = Awaited<ReturnType<typeof makeShipment>>;

let t: TestApp;
let world: TestWorld;
let billingUser: User;
const invoices: Record<string, { id: string; invoiceNumber: string; made: Made }> = {};
let shipmentWithoutInvoice: Made;

const SPECS = {
  submit: { status: 'DRAFT', shipment: ShipmentStatus.Delivered, settings: true, factored: true },
  race: { status: 'DRAFT', shipment: ShipmentStatus.DeliveryConfirmed, settings: true },
  inTransit: { status: 'DRAFT', shipment: ShipmentStatus.InTransit, settings: true },
  noSettings: { status: 'DRAFT', shipment: ShipmentStatus.Delivered, settings: false },
  received: { status: 'RECEIVED', shipment: ShipmentStatus.Delivered, settings: true },
  toSettle: { status: 'RECEIVED', shipment: ShipmentStatus.Delivered, settings: true },
  settled: { status: 'SETTLED', shipment: ShipmentStatus.Delivered, settings: true },
  paid: { status: 'PAID_IN_FULL', shipment: ShipmentStatus.Delivered, settings: true },
  other: { status: 'RECEIVED', shipment: ShipmentStatus.Delivered, settings: true },
} as const;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    billingUser = await makeUser(tx, {
      companyId: world.carrier.id,
      roles: [Role.BillTo, Role.BillingInquiry],
      permissions: [Permission.CarrierPortal],
    });
    let number = 0;
    for (const [key, spec] of Object.entries(SPECS)) {
      number += 1;
      const carrierId = key === 'other' ? world.otherCarrier.id : world.carrier.id;
      const made = await makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: world.customer.id,
        carrierCompanyId: carrierId,
        status: spec.shipment,
        shipment: { shipmentNumber: `66001${String(number).padStart(2, '0')}` },
      });
      const { invoice } = await makeThirdPartyInvoice(tx, {
        made,
        carrierCompanyId: carrierId,
        factoringCompanyId: 'factored' in spec ? world.factoring.id : null,
        withBillingSettings: spec.settings,
        paymentTermsDays: 21,
        charges:
          key === 'submit'
            ? [
                {
                  description: 'Detention at Dallas',
                  chargeTypeName: 'Detention',
                  rateCents: 7_500,
                  units: 2,
                },
                {
                  description: 'Fuel surcharge',
                  chargeTypeName: 'FuelSurcharge',
                  rateCents: 55,
                  units: 720,
                },
                {
                  description: 'Line haul Chicago to Atlanta',
                  chargeTypeName: 'LineHaul',
                  rateCents: 180_000,
                  units: 1,
                },
              ]
            : key === 'race'
              ? []
              : undefined,
        invoice: {
          invoiceNumber: `TP6001${String(number).padStart(2, '0')}`,
          status: spec.status,
          feeAndBalanceCents: key === 'submit' ? 6_250 : 0,
          ...(spec.status !== 'DRAFT'
            ? { externalInvoiceNumber: 'RRF-100', externalInvoiceAmountCents: 200_000 }
            : {}),
        },
      });
      invoices[key] = { id: invoice.id, invoiceNumber: invoice.invoiceNumber, made };
    }
    shipmentWithoutInvoice = await makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.customer.id,
      carrierCompanyId: world.carrier.id,
      status: ShipmentStatus.Delivered,
      shipment: { shipmentNumber: '6600199' },
    });
  });
});

afterAll(() => t.close());

const get = (user: User, url: string) => t.injectAs(user, { method: 'GET', url });
const patch = (user: User, id: string, payload: object, ifMatch?: string) =>
  t.injectAs(user, {
    method: 'PATCH',
    url: `/api/v2/invoices/${id}`,
    payload,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });
const putStatus = (user: User, id: string, payload: object, ifMatch?: string) =>
  t.injectAs(user, {
    method: 'PUT',
    url: `/api/v2/invoices/${id}/status`,
    payload,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const row = (id: string) =>
  t.db.system((tx) =>
    tx.selectFrom('thirdPartyInvoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

async function expectUnchanged(id: string, change: () => Promise<LightMyRequestResponse>) {
  const before = await row(id);
  const response = await change();
  expect(await row(id)).toEqual(before);
  return response;
}

describe('invoice details', () => {
  it('answers the invoice detail by invoice number, with its ETag', async () => {
    const { id, invoiceNumber, made } = invoices.submit!;
    const response = await get(billingUser, `/api/v1/third_party_payer_invoices/${invoiceNumber}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    const settings = await t.db.system((tx) =>
      tx
        .selectFrom('thirdPartyInvoices')
        .select('billingSettingsId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(response.json()).toEqual({
      data: {
        id,
        invoiceNumber,
        shipmentId: made.shipment.id,
        externalInvoiceNumber: null,
        externalInvoiceAmount: null,
        thirdPartPayerBillingSettingsId: settings.billingSettingsId,
        status: 'DRAFT',
        balance: 2283.5,
        total: 2346,
        factoringCompany: { id: world.factoring.id, name: 'Capital Factoring' },
        charges: [
          {
            id: expect.any(String),
            description: 'Line haul Chicago to Atlanta',
            chargeTypeName: 'LineHaul',
            rate: 1800,
            units: 1,
          },
          {
            id: expect.any(String),
            description: 'Fuel surcharge',
            chargeTypeName: 'FuelSurcharge',
            rate: 0.55,
            units: 720,
          },
          {
            id: expect.any(String),
            description: 'Detention at Dallas',
            chargeTypeName: 'Detention',
            rate: 75,
            units: 2,
          },
        ],
        version: 1,
      },
    });
  });

  it('answers the same detail at GET api/v2/invoices/{id}; no charges and no factor read as empty', async () => {
    const byId = await get(billingUser, `/api/v2/invoices/${invoices.submit!.id}`);
    const byNumber = await get(
      billingUser,
      `/api/v1/third_party_payer_invoices/${invoices.submit!.invoiceNumber}`,
    );
    expect(byId.json()).toEqual(byNumber.json());
    expect(byId.headers.etag).toBe('"1"');
    const race = (await get(billingUser, `/api/v2/invoices/${invoices.race!.id}`)).json();
    expect(race.data).toMatchObject({ charges: [], factoringCompany: null, total: 0, balance: 0 });
  });

  it.each([
    ['%20', 'blank'],
    ['T'.repeat(200), '200 characters'],
    ['TP1%3Bdrop', 'a semicolon'],
  ])('answers "Invoice number is not valid" for %s (%s)', async (number) => {
    const response = await get(billingUser, `/api/v1/third_party_payer_invoices/${number}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: INVOICE_MESSAGES.invalidInvoiceNumber,
      errors: { invoiceNumber: [INVOICE_MESSAGES.invalidInvoiceNumber] },
    });
  });

  it("answers another company's invoice exactly like a missing one", async () => {
    const other = await get(
      billingUser,
      `/api/v1/third_party_payer_invoices/${invoices.other!.invoiceNumber}`,
    );
    const missing = await get(billingUser, '/api/v1/third_party_payer_invoices/TP0000001');
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect({ ...other.json(), requestId: undefined }).toEqual({
      ...missing.json(),
      requestId: undefined,
    });
    expect((await get(billingUser, `/api/v2/invoices/${invoices.other!.id}`)).statusCode).toBe(404);
    expect((await get(billingUser, '/api/v2/invoices/not-a-uuid')).json().errors).toHaveProperty(
      'id',
    );
  });

  it('shows a factoring company the invoices it is the remit-to of, not the others', async () => {
    expect(
      (await get(world.users.factoringUser, `/api/v2/invoices/${invoices.submit!.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await get(world.users.factoringUser, `/api/v2/invoices/${invoices.received!.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('lists invoice details at GET api/v2/invoices with the find’s filters', async () => {
    const response = await get(billingUser, '/api/v2/invoices?status=RECEIVED');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(2);
    expect(body.data.map((detail: { id: string }) => detail.id).sort()).toEqual(
      [invoices.received!.id, invoices.toSettle!.id].sort(),
    );
    expect(body.data[0]).toHaveProperty('charges');
    expect(
      (await get(billingUser, '/api/v2/invoices?pageSize=0&isAuditable=false')).json(),
    ).toEqual({
      data: [],
      page: 1,
      pageSize: 0,
      totalCount: 8,
    });
  });
});

describe('PATCH /api/v2/invoices/{id}', () => {
  it('submits a DRAFT on a delivered shipment: RECEIVED, due by the payer’s terms, new version', async () => {
    const { id } = invoices.submit!;
    const response = await patch(
      billingUser,
      id,
      { invoiceId: id, externalInvoiceNumber: '  RRF-55120 ', externalInvoiceAmount: 2196.5 },
      '"1"',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(response.json().data).toMatchObject({
      status: 'RECEIVED',
      externalInvoiceNumber: 'RRF-55120',
      externalInvoiceAmount: 2196.5,
      version: 2,
    });
    const saved = await row(id);
    expect(saved.externalInvoiceAmountCents).toBe(219_650);
    expect(saved.receivedAt).toBeInstanceOf(Date);
    const today = isoDateInZone(new Date(), THIRD_PARTY_INVOICE_DATE_TIME_ZONE);
    expect(saved.dueDate).toBe(addDays(today, 21));
    const audit = await t.db.system((tx) =>
      tx.selectFrom('auditLog').selectAll().where('entityId', '=', id).execute(),
    );
    expect(audit).toMatchObject([
      { action: 'third_party_invoice.submitted', userId: billingUser.id },
    ]);
  });

  it('corrects a RECEIVED invoice, which stays RECEIVED; the body may carry the version', async () => {
    const { id } = invoices.received!;
    const response = await patch(billingUser, id, {
      invoiceId: id,
      externalInvoiceAmount: 1999.99,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'RECEIVED',
      externalInvoiceNumber: 'RRF-100',
      externalInvoiceAmount: 1999.99,
      version: 2,
    });
  });

  it('lets one of two racing edits win and tells the other to reload', async () => {
    const { id } = invoices.race!;
    const [first, second] = await Promise.all([
      patch(billingUser, id, { invoiceId: id, externalInvoiceNumber: 'FIRST-1' }, '"1"'),
      patch(
        world.users.carrierUser,
        id,
        { invoiceId: id, externalInvoiceNumber: 'SECOND-2' },
        '"1"',
      ),
    ]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first!.statusCode === 409 ? first! : second!;
    expect(loser.json()).toMatchObject({
      status: 409,
      title: THIRD_PARTY_INVOICE_MESSAGES.notUpdated,
      detail: THIRD_PARTY_INVOICE_MESSAGES.changedByOthers,
      errors: { version: [THIRD_PARTY_INVOICE_MESSAGES.changedByOthers] },
    });
    const winner = first!.statusCode === 200 ? 'FIRST-1' : 'SECOND-2';
    expect((await row(id)).externalInvoiceNumber).toBe(winner);
    // A stale version later is refused the same way and changes nothing.
    const stale = await expectUnchanged(id, () =>
      patch(billingUser, id, { invoiceId: id, externalInvoiceNumber: 'LATE-3' }, '"1"'),
    );
    expect(stale.statusCode).toBe(409);
  });

  it.each([
    ['inTransit', THIRD_PARTY_INVOICE_MESSAGES.notDelivered, 'shipment'],
    ['noSettings', THIRD_PARTY_INVOICE_MESSAGES.notEligible, 'thirdPartPayerBillingSettingsId'],
    ['settled', THIRD_PARTY_INVOICE_MESSAGES.readOnly, 'status'],
    ['paid', THIRD_PARTY_INVOICE_MESSAGES.readOnly, 'status'],
  ])(
    'refuses to change the %s invoice with 409 and changes nothing',
    async (key, message, field) => {
      const { id } = invoices[key]!;
      const response = await expectUnchanged(id, () =>
        patch(billingUser, id, { invoiceId: id, externalInvoiceNumber: 'RRF-9' }, '"1"'),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ detail: message, errors: { [field]: [message] } });
    },
  );

  it.each([
    [{ externalInvoiceAmount: 'abc' }, 'externalInvoiceAmount'],
    [{ externalInvoiceAmount: '125.00' }, 'externalInvoiceAmount'],
    [{ externalInvoiceAmount: -5 }, 'externalInvoiceAmount'],
    [{ externalInvoiceAmount: 0 }, 'externalInvoiceAmount'],
    [{ externalInvoiceAmount: 12.345 }, 'externalInvoiceAmount'],
    [{ externalInvoiceAmount: 10_000_000 }, 'externalInvoiceAmount'],
    [{ externalInvoiceNumber: 'N'.repeat(200) }, 'externalInvoiceNumber'],
    [{ externalInvoiceNumber: 'RRF\u0007-1' }, 'externalInvoiceNumber'],
    [{ externalInvoiceNumber: '   ' }, 'externalInvoiceNumber'],
    [{}, 'externalInvoiceAmount'],
    [{ externalInvoiceNumber: 'RRF-1', comment: 'hi' }, 'comment'],
  ])('answers 400 naming the field for %j and changes nothing', async (fields, field) => {
    const { id } = invoices.toSettle!;
    const response = await expectUnchanged(id, () =>
      patch(billingUser, id, { invoiceId: id, ...fields }, '"1"'),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('names both fields when neither an invoice number nor an amount is sent', async () => {
    const { id } = invoices.toSettle!;
    const response = await patch(billingUser, id, { invoiceId: id }, '"1"');
    expect(response.json().errors).toEqual({
      externalInvoiceNumber: [THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired],
      externalInvoiceAmount: [THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired],
    });
  });

  it('needs the invoice id in the body to match the path, and a version', async () => {
    const { id } = invoices.toSettle!;
    const mismatch = await patch(
      billingUser,
      id,
      { invoiceId: invoices.received!.id, externalInvoiceNumber: 'X-1' },
      '"1"',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toHaveProperty('invoiceId');
    const noVersion = await expectUnchanged(id, () =>
      patch(billingUser, id, { invoiceId: id, externalInvoiceNumber: 'X-1' }),
    );
    expect(noVersion.statusCode).toBe(428);
    expect(noVersion.json().detail).toBe(THIRD_PARTY_INVOICE_MESSAGES.versionRequired);
    const badHeader = await patch(
      billingUser,
      id,
      { invoiceId: id, externalInvoiceNumber: 'X-1' },
      '"one"',
    );
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().errors).toHaveProperty('If-Match');
    const disagree = await patch(
      billingUser,
      id,
      { invoiceId: id, externalInvoiceNumber: 'X-1', version: 2 },
      '"1"',
    );
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json().errors).toHaveProperty('version');
  });

  it("answers another company's invoice like a missing one, and refuses users without the roles", async () => {
    const { id } = invoices.other!;
    const other = await expectUnchanged(id, () =>
      patch(billingUser, id, { invoiceId: id, externalInvoiceNumber: 'X-1' }, '"1"'),
    );
    expect(other.statusCode).toBe(404);
    const missingId = '00000000-0000-4000-8000-000000000000';
    const missing = await patch(
      billingUser,
      missingId,
      { invoiceId: missingId, externalInvoiceNumber: 'X-1' },
      '"1"',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(other.json().detail);
    const unauthenticated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/invoices/${id}`,
      payload: { invoiceId: id, externalInvoiceNumber: 'X-1' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    const driver = await patch(
      world.users.driver,
      invoices.toSettle!.id,
      { invoiceId: invoices.toSettle!.id, externalInvoiceNumber: 'X-1' },
      '"1"',
    );
    expect(driver.statusCode).toBe(403);
  });
});

describe('PUT /api/v2/invoices/{id}/status (the operator)', () => {
  it('settles a RECEIVED invoice, then marks it paid in full; then the carrier can no longer edit it', async () => {
    const { id } = invoices.toSettle!;
    const before = await row(id);
    const settled = await putStatus(
      world.users.operatorUser,
      id,
      { status: 'SETTLED' },
      `"${before.version}"`,
    );
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ status: 'SETTLED', version: before.version + 1 });
    expect((await row(id)).settledAt).toBeInstanceOf(Date);

    const edit = await expectUnchanged(id, () =>
      patch(
        billingUser,
        id,
        { invoiceId: id, externalInvoiceNumber: 'LATE-1' },
        `"${before.version + 1}"`,
      ),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(THIRD_PARTY_INVOICE_MESSAGES.readOnly);

    const paid = await putStatus(world.users.operatorUser, id, {
      status: 'PAID_IN_FULL',
      version: before.version + 1,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('PAID_IN_FULL');
    expect((await row(id)).paidAt).toBeInstanceOf(Date);

    const back = await expectUnchanged(id, () =>
      putStatus(world.users.operatorUser, id, { status: 'SETTLED' }, `"${before.version + 2}"`),
    );
    expect(back.statusCode).toBe(409);
  });

  it('moves one step at a time and never to RECEIVED or DRAFT', async () => {
    const { id } = invoices.inTransit!;
    const skip = await expectUnchanged(id, () =>
      putStatus(world.users.operatorUser, id, { status: 'SETTLED' }, '"1"'),
    );
    expect(skip.statusCode).toBe(409);
    expect(skip.json().detail).toContain('one step at a time');
    const received = await putStatus(world.users.operatorUser, id, { status: 'RECEIVED' }, '"1"');
    expect(received.statusCode).toBe(400);
    expect(received.json().errors).toHaveProperty('status');
  });

  it('is for the operator only', async () => {
    const { id } = invoices.received!;
    for (const user of [world.users.carrierUser, billingUser, world.users.factoringUser]) {
      const response = await expectUnchanged(id, () =>
        putStatus(user, id, { status: 'SETTLED' }, '"2"'),
      );
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a stale version', async () => {
    const { id } = invoices.received!;
    const response = await expectUnchanged(id, () =>
      putStatus(world.users.operatorUser, id, { status: 'SETTLED' }, '"1"'),
    );
    expect(response.statusCode).toBe(409);
  });
});

describe("the invoice's shipment", () => {
  it('answers the shipment detail for an invoice from its shipmentId', async () => {
    const { made } = invoices.inTransit!;
    const response = await get(
      billingUser,
      `/api/v1/third_party_payer_invoices/shipments/${made.shipment.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: made.shipment.id,
        shipmentNumber: made.shipment.shipmentNumber,
        status: { value: ShipmentStatus.InTransit, displayName: 'In Transit' },
        origin: { city: 'Chicago', state: 'IL' },
        destination: { city: 'Atlanta', state: 'GA' },
      },
    });
  });

  it('answers "Shipment ID is not valid" for a missing or malformed id', async () => {
    for (const shipmentId of ['%20', 'abc', '1234']) {
      const response = await get(
        billingUser,
        `/api/v1/third_party_payer_invoices/shipments/${shipmentId}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: SHIPMENT_MESSAGES.invalidShipmentId,
        errors: { shipmentId: [SHIPMENT_MESSAGES.invalidShipmentId] },
      });
    }
  });

  it('answers 404 for shipments without one of the caller’s invoices', async () => {
    const paths = [
      `/api/v1/third_party_payer_invoices/shipments/${invoices.other!.made.shipment.id}`,
      `/api/v1/third_party_payer_invoices/shipments/${shipmentWithoutInvoice.shipment.id}`,
    ];
    for (const path of paths) expect((await get(billingUser, path)).statusCode).toBe(404);
    // The factor sees the shipment of an invoice it is the remit-to of, not of the carrier's others.
    const factored = invoices.submit!.made.shipment.id;
    const notFactored = invoices.received!.made.shipment.id;
    expect(
      (
        await get(
          world.users.factoringUser,
          `/api/v1/third_party_payer_invoices/shipments/${factored}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await get(
          world.users.factoringUser,
          `/api/v1/third_party_payer_invoices/shipments/${notFactored}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("reads the invoice shipment's order dropoffs from the shipments API, for the factor too", async () => {
    const { made } = invoices.submit!;
    const response = await get(
      world.users.factoringUser,
      `/api/v2/shipments/${made.shipment.shipmentNumber}/order_dropoffs`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        orderNumber: made.order.orderNumber,
        dropoffs: [
          expect.objectContaining({
            stopId: made.deliveryStop.id,
            locationName: made.deliveryStop.locationName,
            city: 'Atlanta',
            state: 'GA',
          }),
        ],
      },
    ]);
  });
});

describe('scoping, both walls', () => {
  it('scopes in the application too: without row-level security the queries still see only the caller’s invoices', async () => {
    const filters = { isAuditable: false, actionRequired: false };
    const factoringScope = {
      companyId: world.factoring.id,
      userId: world.users.factoringUser.id,
      kind: 'factoring' as const,
      carrierIds: [world.carrier.id],
      driverId: null,
    };
    const carrierScope = {
      ...factoringScope,
      companyId: world.carrier.id,
      kind: 'carrier' as const,
    };
    // The system role sees every row, so only the application's own predicate narrows these.
    await t.db.system(async (tx) => {
      const factored = await countAndPageOfInvoices(tx, factoringScope, filters, {
        offset: 0,
        limit: 50,
      });
      expect(factored.rows.map((card) => card.id)).toEqual([invoices.submit!.id]);
      expect(factored.totalCount).toBe(1);
      expect(await countInvoices(tx, carrierScope, filters)).toBe(8);
      expect(
        await countInvoices(tx, { ...carrierScope, driverId: world.users.driver.id }, filters),
      ).toBe(0);
      // Documents and notes find their invoice by the same rule: the factor reaches the invoice
      // remitted to it, never another invoice of the carrier it factors.
      expect(
        (await resolveThirdPartyInvoice(tx, factoringScope, invoices.submit!.invoiceNumber))?.id,
      ).toBe(invoices.submit!.id);
      expect(
        await resolveThirdPartyInvoice(tx, factoringScope, invoices.received!.invoiceNumber),
      ).toBeNull();
      expect(
        (await resolveThirdPartyInvoice(tx, carrierScope, invoices.received!.id))?.number,
      ).toBe(invoices.received!.invoiceNumber);
    });
  });

  it('shows a factoring session only its remit-to invoices and a driver session none', async () => {
    const scope = {
      companyId: world.factoring.id,
      userId: world.users.factoringUser.id,
      kind: 'factoring' as const,
      carrierIds: [world.carrier.id],
      driverId: null,
    };
    const seen = await t.db.tenant(scope, (tx) =>
      tx.selectFrom('thirdPartyInvoices').select('id').execute(),
    );
    expect(seen.map((invoice) => invoice.id)).toEqual([invoices.submit!.id]);
    const driverSees = await t.db.tenant(
      {
        companyId: world.carrier.id,
        userId: world.users.driver.id,
        kind: 'carrier',
        carrierIds: [world.carrier.id],
        driverId: world.users.driver.id,
      },
      (tx) => tx.selectFrom('thirdPartyInvoices').select('id').execute(),
    );
    expect(driverSees).toEqual([]);
  });
});
