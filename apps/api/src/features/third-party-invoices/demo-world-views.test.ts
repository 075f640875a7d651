import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  THIRD_PARTY_INVOICE_STATUSES,
  THIRD_PARTY_INVOICE_VIEWS,
  isThirdPartyInvoiceActionRequired,
  isThirdPartyInvoiceAuditable,
  type ShipmentStatus,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { DEMO_PASSWORD, seedDemoWorld } from '../../seed/demo-world';

// The list's views on the demo world, as billing@demo.test and factoring@demo.test see them: each
// badge equals what the domain rules count in the database's own rows, and the world holds every
// state the list and detail screens show.

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  // Seeding restarts sequences and analyzes: the schema owner's work (decision 185).
  t = await startTestApp({}, { asOwner: true });
  dataDir = mkdtempSync(join(tmpdir(), 'tpi-demo-world-'));
  await seedDemoWorld(t.db, { shipments: 400, dataDir });
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RawInvoice {
  id: string;
  status: string;
  billingSettingsId: string | null;
  factoringCompanyId: string | null;
  carrierCompanyId: string;
  shipmentStatus: number;
  charges: number;
  required: number;
  uploaded: number;
}

/** Every invoice with its required documents counted straight from the documents table. */
async function rawInvoices(): Promise<RawInvoice[]> {
  const { rows } = await sql<RawInvoice>`
    select i.id, i.status, i.billing_settings_id, i.factoring_company_id, i.carrier_company_id,
           s.status as shipment_status,
           (select count(*)::int from third_party_invoice_charges c where c.third_party_invoice_id = i.id) as charges,
           (select count(*)::int from required_documents r where r.third_party_invoice_id = i.id) as required,
           (select count(*)::int from required_documents r where r.third_party_invoice_id = i.id
              and exists (select 1 from documents d where d.deleted_at is null and d.file_type = r.file_type
                            and ((r.entity_type = 14 and d.order_stop_id = r.order_stop_id)
                              or (r.entity_type = 5 and d.shipment_id = r.shipment_id)))) as uploaded
      from third_party_invoices i join shipments s on s.id = i.shipment_id`.execute(t.db.owner);
  return rows;
}

async function demoUser(email: string) {
  return t.db.system((tx) =>
    tx
      .selectFrom('users')
      .select(['id', 'companyId'])
      .where('loginEmail', '=', email)
      .executeTakeFirstOrThrow(),
  );
}

const isActionRequired = (invoice: RawInvoice) =>
  isThirdPartyInvoiceActionRequired({
    status: invoice.status,
    shipmentStatus: invoice.shipmentStatus as ShipmentStatus,
    numberOfRequiredDocuments: invoice.required,
    numberOfUploadedRequiredDocuments: invoice.uploaded,
  });

describe('third-party invoice views on the demo world', () => {
  it.each([
    ['billing@demo.test', 'carrier'],
    ['factoring@demo.test', 'factoring'],
  ] as const)('gives %s each view badge as the rules count the rows', async (email, kind) => {
    const user = await demoUser(email);
    const all = await rawInvoices();
    const mine = all.filter((invoice) =>
      kind === 'carrier'
        ? invoice.carrierCompanyId === user.companyId
        : invoice.factoringCompanyId === user.companyId,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const view of THIRD_PARTY_INVOICE_VIEWS) {
      const params = new URLSearchParams({ pageSize: String(view.countPageSize) });
      for (const [name, value] of Object.entries(view.params)) params.set(name, String(value));
      const response = await t.injectAs(user, {
        method: 'GET',
        url: `/api/v1/third_party_payer_invoices?${params.toString()}`,
      });
      expect(response.statusCode).toBe(200);
      const expected = mine.filter(
        (invoice) =>
          (!view.params.status || invoice.status === view.params.status) &&
          (!(view.params.isAuditable ?? true) || isThirdPartyInvoiceAuditable(invoice)) &&
          (!view.params.actionRequired || isActionRequired(invoice)),
      ).length;
      expect(response.json().totalCount, `${email} ${view.label}`).toBe(expected);
    }
    // The cards' document counts are the documents table's own.
    const page = await t.injectAs(user, {
      method: 'GET',
      url: '/api/v1/third_party_payer_invoices?isAuditable=false',
    });
    for (const card of page.json().data as {
      invoiceId: string;
      numberOfRequiredDocuments: number;
      numberOfUploadedRequiredDocuments: number;
    }[]) {
      const raw = mine.find((invoice) => invoice.id === card.invoiceId)!;
      expect([card.numberOfRequiredDocuments, card.numberOfUploadedRequiredDocuments]).toEqual([
        raw.required,
        raw.uploaded,
      ]);
    }
  });

  it("carries the expired tracking-token flag the detail's dialog reads on the signed-in user", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authorize',
      payload: { emailAddress: 'carrier@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.trackingIntegration).toEqual({ samsaraIsExpired: true });
  });

  it('holds every state the list and detail screens show, for the demo carrier and its factor', async () => {
    const billing = await demoUser('billing@demo.test');
    const factoring = await demoUser('factoring@demo.test');
    const mine = (await rawInvoices()).filter(
      (invoice) => invoice.carrierCompanyId === billing.companyId,
    );
    for (const status of THIRD_PARTY_INVOICE_STATUSES) {
      for (const auditable of [true, false]) {
        expect(
          mine.some(
            (invoice) =>
              invoice.status === status && isThirdPartyInvoiceAuditable(invoice) === auditable,
          ),
          `${status} ${auditable ? 'with' : 'without'} billing settings`,
        ).toBe(true);
      }
    }
    const auditable = mine.filter(isThirdPartyInvoiceAuditable);
    expect(auditable.some(isActionRequired), 'action required').toBe(true);
    expect(
      auditable.some((invoice) => invoice.status === 'DRAFT' && invoice.shipmentStatus < 7),
      'the not-yet-delivered notice',
    ).toBe(true);
    expect(
      auditable.some((invoice) => invoice.charges === 0),
      'no charges linked',
    ).toBe(true);
    expect(
      mine.some((invoice) => invoice.uploaded < invoice.required),
      'a document missing',
    ).toBe(true);
    expect(
      mine.some((invoice) => invoice.uploaded > 0 && invoice.uploaded < invoice.required),
      'documents partly uploaded',
    ).toBe(true);
    expect(
      mine.some((invoice) => invoice.required > 0 && invoice.uploaded === invoice.required),
      'every document uploaded',
    ).toBe(true);
    const factored = auditable.filter(
      (invoice) => invoice.factoringCompanyId === factoring.companyId,
    );
    expect(
      factored.some((invoice) => invoice.status === 'DRAFT' && invoice.shipmentStatus >= 7),
      'factor can submit one',
    ).toBe(true);
    expect(
      factored.some((invoice) => invoice.status === 'SETTLED'),
      'factor sees a settled one',
    ).toBe(true);
  });
});
