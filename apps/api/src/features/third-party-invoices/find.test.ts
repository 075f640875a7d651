import {
  DocumentType,
  EntityType,
  NOT_AUTHORIZED_MESSAGE,
  Permission,
  Role,
  ShipmentStatus,
  THIRD_PARTY_INVOICE_VIEWS,
  isThirdPartyInvoiceActionRequired,
  type ShipmentStatus as ShipmentStatusValue,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import type { Tx } from '../../db/database';
import { makeCompany, makeShipment, makeUser } from '../../seed/factories';
import { makeThirdPartyInvoice, uploadProofOfDelivery } from '../../seed/invoice-factories';

// The find (GET api/v1/third_party_payer_invoices) over a small world whose every invoice has a
// known status, shipment status, billing settings, factoring, dates and documents.

let t: TestApp;
let world: TestWorld;
let billingUser: { id: string; companyId: string };
let dispatcher: { id: string; companyId: string };
let logoDocumentId: string;
const ids: Record<string, string> = {};
const stops: Record<string, { orderStopId: string; shipmentId: string }> = {};

interface Fixture {
  key: string;
  carrier: 'carrier' | 'otherCarrier';
  status: 'DRAFT' | 'RECEIVED' | 'SETTLED' | 'PAID_IN_FULL';
  shipmentStatus: ShipmentStatusValue;
  settings: boolean;
  factored?: boolean;
  createdAt: string;
  loadDate: string;
  payer?: 'customer' | 'paperMill';
  podUploaded?: boolean;
  external?: string;
}

// Carrier invoices A-H and J; I belongs to another carrier.
const FIXTURES: Fixture[] = [
  {
    key: 'A',
    carrier: 'carrier',
    status: 'DRAFT',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: true,
    createdAt: '2026-03-02T15:00:00Z',
    loadDate: '2026-03-01',
  },
  {
    key: 'B',
    carrier: 'carrier',
    status: 'DRAFT',
    shipmentStatus: ShipmentStatus.InTransit,
    settings: true,
    createdAt: '2026-03-03T15:00:00Z',
    loadDate: '2026-03-04',
  },
  {
    key: 'C',
    carrier: 'carrier',
    status: 'RECEIVED',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: true,
    createdAt: '2026-03-05T15:00:00Z',
    loadDate: '2026-03-03',
    payer: 'paperMill',
    podUploaded: true,
    external: 'PHX-55_01',
  },
  {
    key: 'D',
    carrier: 'carrier',
    status: 'RECEIVED',
    shipmentStatus: ShipmentStatus.DeliveryConfirmed,
    settings: true,
    createdAt: '2026-03-09T15:00:00Z',
    loadDate: '2026-03-08',
    external: 'PHX-7001',
  },
  {
    key: 'E',
    carrier: 'carrier',
    status: 'SETTLED',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: true,
    createdAt: '2026-03-10T15:00:00Z',
    loadDate: '2026-03-09',
  },
  // 04:30 UTC on the 11th is 23:30 on the 10th in Chicago: its invoice date is March 10.
  {
    key: 'F',
    carrier: 'carrier',
    status: 'PAID_IN_FULL',
    shipmentStatus: ShipmentStatus.DeliveryConfirmed,
    settings: true,
    factored: true,
    createdAt: '2026-03-11T04:30:00Z',
    loadDate: '2026-03-10',
    podUploaded: true,
  },
  {
    key: 'G',
    carrier: 'carrier',
    status: 'DRAFT',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: false,
    createdAt: '2026-03-12T15:00:00Z',
    loadDate: '2026-03-11',
  },
  {
    key: 'H',
    carrier: 'carrier',
    status: 'RECEIVED',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: false,
    factored: true,
    createdAt: '2026-03-13T15:00:00Z',
    loadDate: '2026-03-12',
    podUploaded: true,
  },
  {
    key: 'J',
    carrier: 'carrier',
    status: 'DRAFT',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: true,
    factored: true,
    createdAt: '2026-03-14T15:00:00Z',
    loadDate: '2026-03-13',
    payer: 'paperMill',
  },
  {
    key: 'I',
    carrier: 'otherCarrier',
    status: 'DRAFT',
    shipmentStatus: ShipmentStatus.Delivered,
    settings: true,
    createdAt: '2026-03-10T15:00:00Z',
    loadDate: '2026-03-09',
  },
];

async function addDocument(
  tx: Tx,
  fields: {
    companyId: string;
    fileType: number;
    entityType: number;
    shipmentId?: string;
    orderStopId?: string;
    deletedAt?: Date;
  },
) {
  const row = await tx
    .insertInto('documents')
    .values({
      companyId: fields.companyId,
      fileType: fields.fileType,
      entityType: fields.entityType,
      name: 'scan.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      sha256: '0'.repeat(64),
      storageKey: `test/${Math.random().toString(36).slice(2)}`,
      shipmentId: fields.shipmentId ?? null,
      orderStopId: fields.orderStopId ?? null,
      deletedAt: fields.deletedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    const paperMill = await makeCompany(tx, { kind: 'customer', name: 'Keystone Paper Mills' });
    billingUser = await makeUser(tx, {
      companyId: world.carrier.id,
      roles: [Role.BillTo, Role.BillingInquiry],
      permissions: [Permission.CarrierPortal],
    });
    dispatcher = await makeUser(tx, {
      companyId: world.carrier.id,
      roles: [],
      permissions: [Permission.CarrierPortal],
    });
    logoDocumentId = await addDocument(tx, {
      companyId: world.carrier.id,
      fileType: DocumentType.CustomerProfilePicture,
      entityType: EntityType.CARRIER,
    });
    await tx
      .updateTable('companies')
      .set({ logoDocumentId })
      .where('id', '=', world.carrier.id)
      .execute();

    let number = 0;
    for (const fixture of FIXTURES) {
      number += 1;
      const carrierId = world[fixture.carrier].id;
      const made = await makeShipment(tx, {
        operatorCompanyId: world.operator.id,
        customerCompanyId: fixture.payer === 'paperMill' ? paperMill.id : world.customer.id,
        carrierCompanyId: carrierId,
        status: fixture.shipmentStatus,
        shipment: { shipmentNumber: `77001${String(number).padStart(2, '0')}` },
      });
      const { invoice } = await makeThirdPartyInvoice(tx, {
        made,
        carrierCompanyId: carrierId,
        factoringCompanyId: fixture.factored ? world.factoring.id : null,
        withBillingSettings: fixture.settings,
        podUploaded: fixture.podUploaded ?? false,
        invoice: {
          invoiceNumber: `TP9001${String(number).padStart(2, '0')}`,
          status: fixture.status,
          createdAt: new Date(fixture.createdAt),
          loadDate: fixture.loadDate,
          externalInvoiceNumber: fixture.external ?? null,
          ...(fixture.key === 'D' ? { dueDate: '2026-04-08' } : {}),
          ...(fixture.key === 'F' ? { feeAndBalanceCents: 5_550 } : {}),
        },
      });
      ids[fixture.key] = invoice.id;
      stops[fixture.key] = { orderStopId: made.deliveryStop.id, shipmentId: made.shipment.id };
      if (fixture.key === 'A') {
        // Another kind of document on the stop does not satisfy the proof of delivery.
        await addDocument(tx, {
          companyId: carrierId,
          fileType: DocumentType.ShipmentMiscellaneous,
          entityType: EntityType.ORDER_STOP,
          orderStopId: made.deliveryStop.id,
        });
      }
      if (fixture.key === 'D') {
        // D also needs the bill of lading (uploaded); its proof of delivery was uploaded, then deleted.
        await tx
          .insertInto('requiredDocuments')
          .values({
            fileType: DocumentType.BillOfLading,
            description: 'Signed bill of lading',
            entityType: EntityType.SHIPMENT,
            shipmentId: made.shipment.id,
            orderId: made.order.id,
            thirdPartyInvoiceId: invoice.id,
          })
          .execute();
        await addDocument(tx, {
          companyId: carrierId,
          fileType: DocumentType.BillOfLading,
          entityType: EntityType.SHIPMENT,
          shipmentId: made.shipment.id,
        });
        await addDocument(tx, {
          companyId: carrierId,
          fileType: DocumentType.ProofOfDelivery,
          entityType: EntityType.ORDER_STOP,
          orderStopId: made.deliveryStop.id,
          deletedAt: new Date(),
        });
      }
      if (fixture.key === 'E') await uploadProofOfDelivery(tx, made, carrierId);
    }
    // E's upload was deleted later.
    await tx
      .updateTable('documents')
      .set({ deletedAt: new Date() })
      .where('orderStopId', 'in', (eb) =>
        eb
          .selectFrom('requiredDocuments')
          .select('orderStopId')
          .where('thirdPartyInvoiceId', '=', ids.E!),
      )
      .execute();
  });
});

afterAll(() => t.close());

interface Page {
  data: { invoiceNumber: string; invoiceId: string }[];
  page: number;
  pageSize: number;
  totalCount: number;
}

const find = async (user: { id: string; companyId: string }, query = '') => {
  const response = await t.injectAs(user, {
    method: 'GET',
    url: `/api/v1/third_party_payer_invoices${query ? `?${query}` : ''}`,
  });
  return response;
};

const keysOf = (page: Page) =>
  page.data.map((card) => FIXTURES[Number(card.invoiceNumber.slice(-2)) - 1]!.key);

const keysFor = async (user: { id: string; companyId: string }, query = '') => {
  const response = await find(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return keysOf(response.json<Page>());
};

describe('GET /api/v1/third_party_payer_invoices', () => {
  it('refuses a request without a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/third_party_payer_invoices',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses users without one of the five roles, and drivers', async () => {
    for (const user of [dispatcher, world.users.driver]) {
      const response = await find(user);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(NOT_AUTHORIZED_MESSAGE);
    }
  });

  it('answers the list card of section 3, newest first, auditable only by default', async () => {
    const response = await find(world.users.carrierUser);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page & { data: Record<string, unknown>[] }>();
    expect(page).toMatchObject({ page: 1, pageSize: 50, totalCount: 7 });
    expect(keysOf(page)).toEqual(['J', 'F', 'E', 'D', 'C', 'B', 'A']);
    const d = page.data.find((card) => card.invoiceId === ids.D);
    expect(d).toEqual({
      invoiceId: ids.D,
      invoiceNumber: 'TP900104',
      shipmentNumber: '7700104',
      customerName: 'Acme Shippers',
      carrierLogoURL: `/api/v1/documents/${logoDocumentId}`,
      status: { status: 'RECEIVED', description: 'Received' },
      dueDateTimeStamp: '2026-04-08',
      createDateTimeStamp: '2026-03-09T15:00:00.000Z',
      invoiceAmount: 2196,
      feeAndBalance: 0,
      shipmentStatus: { value: 8, description: 'Delivery Confirmed' },
      numberOfRequiredDocuments: 2,
      numberOfUploadedRequiredDocuments: 1,
    });
    const f = page.data.find((card) => card.invoiceId === ids.F);
    expect(f).toMatchObject({ feeAndBalance: 55.5, dueDateTimeStamp: null });
  });

  it('counts required documents as uploaded only for a live document of the right type on the right entity', async () => {
    const page = (await find(world.users.carrierUser)).json<{
      data: {
        invoiceNumber: string;
        numberOfRequiredDocuments: number;
        numberOfUploadedRequiredDocuments: number;
      }[];
    }>();
    const counts = Object.fromEntries(
      page.data.map((card) => [
        FIXTURES[Number(card.invoiceNumber.slice(-2)) - 1]!.key,
        `${card.numberOfRequiredDocuments}/${card.numberOfUploadedRequiredDocuments}`,
      ]),
    );
    expect(counts).toEqual({
      A: '1/0',
      B: '1/0',
      C: '1/1',
      D: '2/1',
      E: '1/0',
      F: '1/1',
      J: '1/0',
    });
  });

  it('keeps the counts as documents come and go, whoever uploads them', async () => {
    const countsOfB = async () => {
      const page = (await find(world.users.carrierUser, 'query=TP900102')).json<{
        data: { numberOfRequiredDocuments: number; numberOfUploadedRequiredDocuments: number }[];
      }>();
      const [card] = page.data;
      return `${card!.numberOfRequiredDocuments}/${card!.numberOfUploadedRequiredDocuments}`;
    };
    expect(await countsOfB()).toBe('1/0');
    // The factoring company may upload on its carrier's shipment though B is not factored to it.
    const factoringScope = {
      companyId: world.factoring.id,
      userId: world.users.factoringUser.id,
      kind: 'factoring' as const,
      carrierIds: [world.carrier.id],
      driverId: null,
    };
    const documentId = await t.db.tenant(factoringScope, (tx) =>
      addDocument(tx, {
        companyId: world.factoring.id,
        fileType: DocumentType.ProofOfDelivery,
        entityType: EntityType.ORDER_STOP,
        shipmentId: stops.B!.shipmentId,
        orderStopId: stops.B!.orderStopId,
      }),
    );
    expect(await countsOfB()).toBe('1/1');
    const carrierScope = {
      ...factoringScope,
      companyId: world.carrier.id,
      kind: 'carrier' as const,
    };
    await t.db.tenant(carrierScope, (tx) =>
      tx
        .updateTable('documents')
        .set({ deletedAt: new Date() })
        .where('id', '=', documentId)
        .execute(),
    );
    expect(await countsOfB()).toBe('1/0');
  });

  it('shows every invoice when isAuditable is false', async () => {
    expect(await keysFor(world.users.carrierUser, 'isAuditable=false')).toEqual([
      'J',
      'H',
      'G',
      'F',
      'E',
      'D',
      'C',
      'B',
      'A',
    ]);
  });

  it('filters by status', async () => {
    expect(await keysFor(world.users.carrierUser, 'status=DRAFT')).toEqual(['J', 'B', 'A']);
    expect(await keysFor(world.users.carrierUser, 'status=RECEIVED')).toEqual(['D', 'C']);
    expect(await keysFor(world.users.carrierUser, 'status=SETTLED')).toEqual(['E']);
    expect(await keysFor(world.users.carrierUser, 'status=PAID_IN_FULL')).toEqual(['F']);
    expect(await keysFor(world.users.carrierUser, 'status=DRAFT&isAuditable=false')).toEqual([
      'J',
      'G',
      'B',
      'A',
    ]);
  });

  it('filters action required: delivered, open, not submitted or missing a document', async () => {
    expect(await keysFor(world.users.carrierUser, 'actionRequired=true')).toEqual(['J', 'D', 'A']);
    expect(await keysFor(world.users.carrierUser, 'actionRequired=true&isAuditable=false')).toEqual(
      ['J', 'G', 'D', 'A'],
    );
    expect(await keysFor(world.users.carrierUser, 'actionRequired=false')).toHaveLength(7);
  });

  it('filters by invoice date in the billing zone, both ends inclusive', async () => {
    expect(
      await keysFor(
        world.users.carrierUser,
        'invoiceDateStart=2026-03-10&invoiceDateEnd=2026-03-10',
      ),
    ).toEqual(['F', 'E']);
    expect(await keysFor(world.users.carrierUser, 'invoiceDateStart=2026-03-11')).toEqual(['J']);
    expect(await keysFor(world.users.carrierUser, 'invoiceDateEnd=2026-03-03')).toEqual(['B', 'A']);
  });

  it('filters by load date, both ends inclusive', async () => {
    expect(
      await keysFor(world.users.carrierUser, 'loadDateStart=2026-03-03&loadDateEnd=2026-03-08'),
    ).toEqual(['D', 'C', 'B']);
    expect(await keysFor(world.users.carrierUser, 'loadDateEnd=2026-03-01')).toEqual(['A']);
  });

  it('searches invoice, shipment and external numbers by their start and customer names anywhere', async () => {
    expect(await keysFor(world.users.carrierUser, 'query=tp90010')).toHaveLength(7);
    expect(await keysFor(world.users.carrierUser, 'query=TP900103')).toEqual(['C']);
    expect(await keysFor(world.users.carrierUser, 'query=7700104')).toEqual(['D']);
    expect(await keysFor(world.users.carrierUser, 'query=phx-')).toEqual(['D', 'C']);
    expect(await keysFor(world.users.carrierUser, 'query=phx-55_')).toEqual(['C']);
    expect(await keysFor(world.users.carrierUser, 'query=paper')).toEqual(['J', 'C']);
    expect(await keysFor(world.users.carrierUser, 'query=%20%20')).toHaveLength(7);
    // Wildcards are taken literally; the middle of a number does not match.
    expect(await keysFor(world.users.carrierUser, 'query=%25')).toEqual([]);
    expect(await keysFor(world.users.carrierUser, 'query=00104')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(
      await keysFor(world.users.carrierUser, 'status=DRAFT&actionRequired=true&query=paper'),
    ).toEqual(['J']);
  });

  it('pages with page and pageSize, and answers only the count for pageSize 0', async () => {
    const second = (await find(world.users.carrierUser, 'page=2&pageSize=3')).json<Page>();
    expect(second).toMatchObject({ page: 2, pageSize: 3, totalCount: 7 });
    expect(keysOf(second)).toEqual(['D', 'C', 'B']);
    const beyond = (await find(world.users.carrierUser, 'page=9&pageSize=3')).json<Page>();
    expect(beyond).toMatchObject({ data: [], totalCount: 7 });
    const count = (
      await find(world.users.carrierUser, 'pageSize=0&actionRequired=true&isAuditable=true')
    ).json<Page>();
    expect(count).toEqual({ data: [], page: 1, pageSize: 0, totalCount: 3 });
  });

  it('answers every view badge as the domain rule counts the rows in the database', async () => {
    const raw = await t.db.system((tx) =>
      tx
        .selectFrom('thirdPartyInvoices as invoice')
        .innerJoin('shipments', 'shipments.id', 'invoice.shipmentId')
        .select([
          'invoice.id',
          'invoice.status',
          'invoice.billingSettingsId',
          'shipments.status as shipmentStatus',
        ])
        .where('invoice.carrierCompanyId', '=', world.carrier.id)
        .execute(),
    );
    const required = await t.db.system((tx) =>
      tx
        .selectFrom('requiredDocuments')
        .selectAll()
        .where('thirdPartyInvoiceId', 'is not', null)
        .execute(),
    );
    const documents = await t.db.system((tx) =>
      tx.selectFrom('documents').selectAll().where('deletedAt', 'is', null).execute(),
    );
    const uploaded = (requirement: (typeof required)[number]) =>
      documents.some(
        (document) =>
          document.fileType === requirement.fileType &&
          ((requirement.entityType === EntityType.ORDER_STOP &&
            document.orderStopId === requirement.orderStopId) ||
            (requirement.entityType === EntityType.SHIPMENT &&
              document.shipmentId === requirement.shipmentId)),
      );
    const expected = (params: (typeof THIRD_PARTY_INVOICE_VIEWS)[number]['params']) =>
      raw.filter((invoice) => {
        const requirements = required.filter((row) => row.thirdPartyInvoiceId === invoice.id);
        if (params.status && invoice.status !== params.status) return false;
        if ((params.isAuditable ?? true) && invoice.billingSettingsId === null) return false;
        if (
          params.actionRequired &&
          !isThirdPartyInvoiceActionRequired({
            status: invoice.status,
            shipmentStatus: invoice.shipmentStatus as ShipmentStatusValue,
            numberOfRequiredDocuments: requirements.length,
            numberOfUploadedRequiredDocuments: requirements.filter(uploaded).length,
          })
        ) {
          return false;
        }
        return true;
      }).length;
    for (const view of THIRD_PARTY_INVOICE_VIEWS) {
      const params = new URLSearchParams({ pageSize: String(view.countPageSize) });
      for (const [name, value] of Object.entries(view.params)) params.set(name, String(value));
      const answer = (await find(billingUser, params.toString())).json<Page>();
      expect(answer.totalCount, view.label).toBe(expected(view.params));
      expect(answer.data.length).toBeLessThanOrEqual(view.countPageSize);
    }
  });

  it('shows a factoring company the invoices it is the remit-to of, nothing else', async () => {
    expect(await keysFor(world.users.factoringUser)).toEqual(['J', 'F']);
    expect(await keysFor(world.users.factoringUser, 'isAuditable=false')).toEqual(['J', 'H', 'F']);
    expect(await keysFor(world.users.factoringUser, 'actionRequired=true')).toEqual(['J']);
  });

  it('does not gate the API on a 3PL network: a carrier without one still reads the invoices it billed', async () => {
    const other = await t.db.system((tx) =>
      tx
        .selectFrom('companies')
        .select('has3plNetwork')
        .where('id', '=', world.otherCarrier.id)
        .executeTakeFirstOrThrow(),
    );
    expect(other.has3plNetwork).toBe(false);
    expect(await keysFor(world.users.otherCarrierUser)).toEqual(['I']);
  });

  it("never shows another company's invoices; the operator sees all", async () => {
    expect(await keysFor(world.users.otherCarrierUser)).toEqual(['I']);
    expect(await keysFor(world.users.brokerUser)).toEqual([]);
    expect(await keysFor(world.users.operatorUser, 'isAuditable=false')).toHaveLength(10);
  });

  it.each([
    ['status=VOID', 'status'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=-1', 'pageSize'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['invoiceDateStart=2026-02-30', 'invoiceDateStart'],
    ['loadDateEnd=yesterday', 'loadDateEnd'],
    ['invoiceDateStart=2026-03-10&invoiceDateEnd=2026-03-09', 'invoiceDateEnd'],
    ['loadDateStart=2026-03-10&loadDateEnd=2026-03-09', 'loadDateEnd'],
    ['isAuditable=maybe', 'isAuditable'],
    ['actionRequired=2', 'actionRequired'],
    [`query=${'9'.repeat(51)}`, 'query'],
    ['sort=desc', 'sort'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await find(world.users.carrierUser, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.detail).toContain(field);
  });
});
