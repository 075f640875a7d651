import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApInvoiceStatus,
  DocumentType,
  EntityType,
  Permission,
  RateRequestStatus,
  Role,
  SHIPMENT_STATUSES,
  TenderOfferStatus,
  THIRD_PARTY_INVOICE_STATUSES,
} from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import {
  CARRIER_RATE_BANDS,
  EXTRA_STOP_CENTS,
  PARTIAL_FLOOR_CENTS,
  PARTIAL_MIN_SHARE,
  profileOfMode,
  TRUCKLOAD_FLOOR_CENTS,
  TRUCKLOAD_POUNDS,
} from './demo-catalog';
import { pdfText } from '../../test/pdf-text';
import { startTestApp, type TestApp } from '../../test/harness';
import type { Database } from '../db/database';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoWorld,
  seedIfEmpty,
  type SeedResult,
} from './demo-world';
import { DEMO_BROKER_LTL_LANES } from './demo-market';
import { resetDemoData } from './reset';
import type * as Utif from 'utif2';

// utif2 is a CommonJS bundle without named exports that Node can detect.
const UTIF = createRequire(import.meta.url)('utif2') as typeof Utif;

const SHIPMENTS = 300;
const NOW = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

let t: TestApp;
let dataDir: string;
let seeded: SeedResult;

beforeAll(async () => {
  // Seeding truncates, restarts sequences and analyzes: the schema owner's work (decision 185).
  t = await startTestApp({}, { asOwner: true });
  dataDir = mkdtempSync(join(tmpdir(), 'demo-world-'));
  seeded = await seedDemoWorld(t.db, { shipments: SHIPMENTS, dataDir, now: NOW });
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Raw queries go through the CamelCasePlugin too: result columns come back camelCased.
const rows = async <T>(query: string): Promise<T[]> =>
  (await sql.raw<T>(query).execute(t.db.owner)).rows;
const one = async <T>(query: string): Promise<T> => {
  const [row] = await rows<T>(query);
  if (!row) throw new Error(`No row for ${query}`);
  return row;
};

const EXPECTED_ACCESS: Record<string, { roles: string[]; permissions: string[]; kind: string }> = {
  'carrier@demo.test': {
    roles: [Role.Admin, Role.AP, Role.AR, Role.BillTo],
    permissions: [Permission.CarrierPortal, Permission.CarrierBillingSettings],
    kind: 'carrier',
  },
  'dispatcher@demo.test': { roles: [], permissions: [Permission.CarrierPortal], kind: 'carrier' },
  'driver@demo.test': {
    roles: [Role.Driver],
    permissions: [Permission.DriverPortal],
    kind: 'carrier',
  },
  'billing@demo.test': {
    roles: [Role.BillTo, Role.BillingInquiry],
    permissions: [Permission.CarrierPortal],
    kind: 'carrier',
  },
  'broker@demo.test': {
    roles: [Role.Admin],
    permissions: [Permission.CarrierPortal],
    kind: 'carrier',
  },
  'factoring@demo.test': {
    roles: [Role.AR],
    permissions: [Permission.FactoringCompanyPortal],
    kind: 'factoring',
  },
  'admin@demo.test': { roles: [Role.Admin], permissions: [Permission.Admin], kind: 'operator' },
  'other@demo.test': {
    roles: [Role.Admin],
    permissions: [Permission.CarrierPortal],
    kind: 'carrier',
  },
};

interface AccountRow {
  email: string;
  roles: string[];
  permissions: string[];
  isPortalEnabled: boolean;
  hasAcceptedTerms: boolean;
  companyId: string;
  kind: string;
  isBroker: boolean;
  emails: number;
  mobiles: number;
}

describe('demo accounts', () => {
  it('lists the eight accounts in order', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual(Object.keys(EXPECTED_ACCESS));
    for (const account of DEMO_ACCOUNTS) expect(account.description.length).toBeGreaterThan(10);
  });

  it('has each account with its roles and permissions, and each can sign in', async () => {
    const accounts = await rows<AccountRow>(`
      select u.login_email::text as email, u.roles, u.permissions, u.is_portal_enabled,
             exists (select 1 from access_terms_acceptances a where a.user_id = u.id
                      and a.version = (select max(version) from access_terms)) as has_accepted_terms,
             u.company_id, c.kind, c.is_broker,
             (select count(*)::int from user_emails e where e.user_id = u.id and e.value = u.login_email) as emails,
             (select count(*)::int from user_phones p where p.user_id = u.id and p.phone_type = 'Mobile') as mobiles
        from users u join companies c on c.id = u.company_id
       where u.login_email like '%@demo.test'`);
    expect(accounts.map((account) => account.email).sort()).toEqual(
      Object.keys(EXPECTED_ACCESS).sort(),
    );
    const byEmail = new Map(accounts.map((account) => [account.email, account]));
    for (const [email, expected] of Object.entries(EXPECTED_ACCESS)) {
      const account = byEmail.get(email)!;
      expect(account, email).toMatchObject({
        roles: expected.roles,
        permissions: expected.permissions,
        kind: expected.kind,
        isPortalEnabled: true,
        hasAcceptedTerms: true,
        emails: 1,
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/authorize',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ emailAddress: email, password: DEMO_PASSWORD }),
      });
      expect(response.statusCode, email).toBe(200);
    }
    const carrier = byEmail.get('carrier@demo.test')!;
    for (const email of ['dispatcher@demo.test', 'driver@demo.test', 'billing@demo.test']) {
      expect(byEmail.get(email)!.companyId).toBe(carrier.companyId);
    }
    expect(byEmail.get('other@demo.test')!.companyId).not.toBe(carrier.companyId);
    expect(byEmail.get('driver@demo.test')!.mobiles).toBe(1);
    expect(byEmail.get('broker@demo.test')!.isBroker).toBe(true);
  });

  it('makes the main carrier factored, 3PL-networked, with an expired tracking token', async () => {
    const carrier = await one<{
      has3plNetwork: boolean;
      factoring: string;
      expired: boolean;
      logo: boolean;
    }>(`
      select c.has3pl_network, f.name as factoring, c.tracking_integration_expires_at < now() as expired,
             exists (select 1 from documents d where d.id = c.logo_document_id and d.entity_type = ${EntityType.CARRIER} and d.file_type = 49) as logo
        from users u join companies c on c.id = u.company_id join companies f on f.id = c.factoring_company_id
       where u.login_email = 'carrier@demo.test'`);
    expect(carrier).toEqual({
      has3plNetwork: true,
      factoring: 'Summit Freight Factoring',
      expired: true,
      logo: true,
    });
  });

  it('keeps plain drivers off the portal', async () => {
    const drivers = await one<{ drivers: number; enabled: number }>(`
      select count(*)::int as drivers, count(*) filter (where is_portal_enabled)::int as enabled
        from users where roles = array['Driver']`);
    expect(drivers.drivers).toBeGreaterThan(50);
    expect(drivers.enabled).toBe(1);
  });
});

const DEMO_CARRIER = `(select company_id from users where login_email = 'carrier@demo.test')`;

describe('freight', () => {
  it('has the requested number of shipments in every status', async () => {
    const counts = await rows<{ status: number; count: number }>(
      'select status, count(*)::int as count from shipments group by status order by status',
    );
    expect(counts.map((row) => row.status)).toEqual([...SHIPMENT_STATUSES].sort((a, b) => a - b));
    expect(counts.reduce((sum, row) => sum + row.count, 0)).toBe(SHIPMENTS);
    expect(seeded.detailedShipments).toBe(SHIPMENTS);
    // No --tenders or --cases: no history, and none of the run's time counted as history.
    expect(seeded.history).toEqual({ tenders: 0, cases: 0, ms: 0 });
  });

  it('gives the demo carrier about a quarter of the booked-and-later freight', async () => {
    const share = await one<{ share: number }>(`
      select avg((carrier_company_id = ${DEMO_CARRIER})::int)::float8 as share from shipments where status >= 3`);
    expect(share.share).toBeGreaterThan(0.18);
    expect(share.share).toBeLessThan(0.35);
  });

  it('copies origin and destination from the first and last stop and fills visited stops', async () => {
    const problems = await one<{
      mismatched: number;
      unvisited: number;
      few: number;
      early: number;
    }>(`
      select
        count(*) filter (where first.city <> s.origin_city or last.city <> s.destination_city)::int as mismatched,
        count(*) filter (where s.status >= 7 and (last.arrived_at is null or last.departed_at is null))::int as unvisited,
        count(*) filter (where stops.count < 2)::int as few,
        count(*) filter (where s.status between 0 and 3 and first.arrived_at is not null)::int as early
      from shipments s
      cross join lateral (select count(*) as count from shipment_stops x where x.shipment_id = s.id) stops
      join shipment_stops first on first.shipment_id = s.id and first.stop_number = 1
      join shipment_stops last on last.shipment_id = s.id
        and last.stop_number = (select max(stop_number) from shipment_stops y where y.shipment_id = s.id)`);
    expect(problems).toEqual({ mismatched: 0, unvisited: 0, few: 0, early: 0 });
    const multiStop = await one<{ count: number }>(`
      select count(*)::int as count from (select shipment_id from shipment_stops group by shipment_id having count(*) > 2) x`);
    expect(multiStop.count).toBeGreaterThan(0);
  });

  it('has dispatched-and-later loads with drivers, history and shipments needing updates', async () => {
    const facts = await one<{
      undriven: number;
      needsUpdate: number;
      history: number;
      driverLoads: number;
    }>(`
      select
        (select count(*)::int from shipments s where s.status between 4 and 8 and s.carrier_company_id is not null
           and not exists (select 1 from shipment_drivers d where d.shipment_id = s.id)) as undriven,
        (select count(*)::int from shipments where status in (5, 6) and next_update_due_at < now()) as "needsUpdate",
        (select count(*)::int from shipments s where not exists (select 1 from shipment_history h where h.shipment_id = s.id)) as history,
        (select count(*)::int from shipment_drivers d join users u on u.id = d.driver_id where u.login_email = 'driver@demo.test') as "driverLoads"`);
    expect(facts.undriven).toBe(0);
    expect(facts.needsUpdate).toBeGreaterThan(0);
    expect(facts.history).toBe(0);
    expect(facts.driverLoads).toBeGreaterThan(0);
  });

  it('has an open tender and rate requests in every status for the demo carrier', async () => {
    const tenders = await rows<{ status: number }>(
      `select distinct status from tenders where carrier_company_id = ${DEMO_CARRIER}`,
    );
    expect(tenders.map((row) => row.status)).toContain(TenderOfferStatus.Sent);
    const requests = await rows<{ status: string }>(
      `select distinct status from rate_requests where carrier_company_id = ${DEMO_CARRIER}`,
    );
    expect(requests.map((row) => row.status).sort()).toEqual(
      [RateRequestStatus.Declined, RateRequestStatus.Offered, RateRequestStatus.Sent].sort(),
    );
  });

  it('has cases of several types and statuses, with parties and history', async () => {
    const cases = await one<{ types: number; statuses: number; orphans: number }>(`
      select count(distinct case_type)::int as types, count(distinct status)::int as statuses,
             count(*) filter (where not exists (select 1 from case_involved_parties p where p.case_id = c.id)
                               or not exists (select 1 from case_history h where h.case_id = c.id))::int as orphans
        from cases c where carrier_company_id = ${DEMO_CARRIER}`);
    expect(cases.types).toBeGreaterThanOrEqual(3);
    expect(cases.statuses).toBeGreaterThanOrEqual(5);
    expect(cases.orphans).toBe(0);
  });
});

interface PaidLoad {
  shipmentNumber: string;
  equipmentMode: number;
  shippingMode: number;
  totalMiles: number;
  totalWeightPounds: number;
  carrierRateCents: string;
  stops: number;
}

const paidLoads = (db: Database) =>
  sql<PaidLoad>`
    select s.shipment_number, s.equipment_mode, s.shipping_mode, s.total_miles, s.total_weight_pounds,
           s.carrier_rate_cents::text as carrier_rate_cents,
           (select count(*)::int from shipment_stops x where x.shipment_id = s.id) as stops
      from shipments s
     where s.carrier_rate_cents is not null`
    .execute(db.owner)
    .then((result) => result.rows);

// The rounding to five dollars may take a rate up to 2.50 below or above its band.
const ROUNDING = 250;

/** The loads whose carrier rate falls outside its equipment's band (see CARRIER_RATE_BANDS). */
function outOfBand(loads: readonly PaidLoad[]): string[] {
  return loads
    .filter((load) => {
      const cents = Number(load.carrierRateCents);
      const [low, high] = CARRIER_RATE_BANDS[profileOfMode(load.equipmentMode)];
      const miles = load.totalMiles;
      if (load.shippingMode === 1) {
        const share = Math.min(
          1,
          Math.max(PARTIAL_MIN_SHARE, load.totalWeightPounds / TRUCKLOAD_POUNDS),
        );
        const least = Math.max(PARTIAL_FLOOR_CENTS, miles * low * 100 * share);
        const most = Math.max(PARTIAL_FLOOR_CENTS, miles * high * 100 * share);
        return cents < least - ROUNDING || cents > most + ROUNDING;
      }
      const extra = Math.max(0, load.stops - 2) * EXTRA_STOP_CENTS;
      const least = Math.max(TRUCKLOAD_FLOOR_CENTS, miles * low * 100) + extra;
      const most = Math.max(TRUCKLOAD_FLOOR_CENTS, miles * high * 100) + extra;
      return cents < least - ROUNDING || cents > most + ROUNDING;
    })
    .map(
      (load) =>
        `${load.shipmentNumber}: ${load.carrierRateCents} cents for ${load.totalMiles} mi (mode ${load.equipmentMode}/${load.shippingMode})`,
    );
}

describe('carrier rates', () => {
  it('pays every booked load by the mile within its equipment band, with floors for short hauls', async () => {
    const loads = await paidLoads(t.db);
    expect(loads.length).toBeGreaterThan(150);
    expect(new Set(loads.map((load) => load.equipmentMode)).size).toBeGreaterThanOrEqual(3);
    expect(outOfBand(loads)).toEqual([]);
    // The complaint that started this: no load of 300 miles or more pays under 1.8 dollars a mile.
    const longTruckloads = loads.filter(
      (load) => load.shippingMode === 0 && load.totalMiles >= 300,
    );
    expect(longTruckloads.length).toBeGreaterThan(50);
    for (const load of longTruckloads) {
      expect(Number(load.carrierRateCents) / load.totalMiles).toBeGreaterThanOrEqual(180 - 1);
    }
  });

  it('keeps contract truckload rates inside the same bands', async () => {
    const rates = await rows<{ equipmentMode: number; rateType: string; rateCents: string }>(
      'select equipment_mode, rate_type, rate_cents::text as rate_cents from rates where shipping_mode = 0',
    );
    expect(rates.some((rate) => rate.rateType === 'PerMile')).toBe(true);
    for (const rate of rates) {
      const [low, high] = CARRIER_RATE_BANDS[profileOfMode(rate.equipmentMode)];
      const cents = Number(rate.rateCents);
      if (rate.rateType === 'PerMile') {
        expect(cents).toBeGreaterThanOrEqual(low * 100 - 1);
        expect(cents).toBeLessThanOrEqual(high * 100 + 1);
      } else {
        expect(cents).toBeGreaterThanOrEqual(TRUCKLOAD_FLOOR_CENTS);
      }
    }
  });

  it('holds LTL rates for the demo broker on its LTL lanes: three carriers, dry van and reefer', async () => {
    const rates = await rows<{ carriers: string; modes: string; lanes: string; cheapest: string }>(
      `select count(distinct carrier_company_id)::text as carriers,
              count(distinct equipment_mode)::text as modes,
              count(distinct origin_state || '-' || destination_state)::text as lanes,
              min(case when rate_type = 'Flat' then rate_cents end)::text as cheapest
         from rates
        where shipping_mode = 1
          and customer_company_id = (select company_id from users where login_email = 'broker@demo.test')`,
    );
    expect(rates[0]).toEqual({
      carriers: '3',
      modes: '2',
      lanes: String(DEMO_BROKER_LTL_LANES.length),
      cheapest: expect.any(String),
    });
    expect(Number(rates[0]!.cheapest)).toBeGreaterThanOrEqual(35_000);
    // Every LTL rate is the broker's: a carrier's tariff for no one is truckload.
    expect(
      await one<{ count: string }>(
        `select count(*)::text as count from rates where shipping_mode = 1 and customer_company_id is distinct from (select company_id from users where login_email = 'broker@demo.test')`,
      ),
    ).toEqual({ count: '0' });
  });
});

describe('money', () => {
  it('has AP invoices in every status, and remits the factored carrier to its factor', async () => {
    const statuses = await rows<{ status: number }>(
      `select distinct status from ap_invoices where carrier_company_id = ${DEMO_CARRIER} order by status`,
    );
    expect(statuses.map((row) => row.status)).toEqual([
      ApInvoiceStatus.Voided,
      ApInvoiceStatus.Draft,
      ApInvoiceStatus.Received,
      ApInvoiceStatus.Settled,
      ApInvoiceStatus.PaidInFull,
    ]);
    const payments = await one<{ payments: number; toFactor: number; unbalanced: number }>(`
      select count(*)::int as payments,
             count(*) filter (where p.payee_company_id = c.factoring_company_id)::int as "toFactor",
             count(*) filter (where p.amount_cents <> (select sum(a.amount_cents) from payment_applications a where a.payment_id = p.id))::int as unbalanced
        from payments p join companies c on c.id = p.carrier_company_id
       where p.carrier_company_id = ${DEMO_CARRIER}`);
    expect(payments.payments).toBeGreaterThan(0);
    expect(payments.toFactor).toBe(payments.payments);
    expect(payments.unbalanced).toBe(0);
    const charges = await one<{ mismatched: number }>(`
      select count(*)::int as mismatched from ap_invoices i
       where i.invoice_amount_cents <> (select round(sum(c.rate_cents * c.units)) from ap_invoice_charges c where c.ap_invoice_id = i.id)`);
    expect(charges.mismatched).toBe(0);
  });

  it('has third-party invoices in every status, with and without billing settings', async () => {
    const combos = await rows<{ status: string; withSettings: boolean }>(`
      select distinct status, billing_settings_id is not null as with_settings
        from third_party_invoices where carrier_company_id = ${DEMO_CARRIER}`);
    for (const status of THIRD_PARTY_INVOICE_STATUSES) {
      for (const withSettings of [true, false]) {
        expect(combos, `${status} ${withSettings}`).toContainEqual({ status, withSettings });
      }
    }
    const facts = await one<{
      required: number;
      uploaded: number;
      due: number;
      undue: number;
      factored: number;
    }>(`
      select
        (select count(*)::int from required_documents where third_party_invoice_id is not null and file_type = 12) as required,
        (select count(*)::int from required_documents r where r.third_party_invoice_id is not null and r.file_type = 12
           and exists (select 1 from documents d where d.order_stop_id = r.order_stop_id and d.file_type = 12)) as uploaded,
        (select count(*)::int from third_party_invoices where due_date is not null) as due,
        (select count(*)::int from third_party_invoices where due_date is null) as undue,
        (select count(*)::int from third_party_invoices where factoring_company_id is not null) as factored`);
    expect(facts.uploaded).toBeGreaterThan(0);
    expect(facts.uploaded).toBeLessThan(facts.required);
    expect(facts.due).toBeGreaterThan(0);
    expect(facts.undue).toBeGreaterThan(0);
    expect(facts.factored).toBeGreaterThan(0);
  });
});

describe('notes, documents and settings', () => {
  it('has portal and internal notes, some mentioning users', async () => {
    const notes = await one<{
      shared: number;
      internal: number;
      mentions: number;
      entities: number;
    }>(`
      select count(*) filter (where allow_portal_access)::int as shared,
             count(*) filter (where not allow_portal_access)::int as internal,
             (select count(*)::int from note_mentions) as mentions,
             count(distinct entity_type)::int as entities
        from notes`);
    expect(notes.shared).toBeGreaterThan(0);
    expect(notes.internal).toBeGreaterThan(0);
    expect(notes.mentions).toBeGreaterThan(0);
    expect(notes.entities).toBe(3);
  });

  it('stores a real file for every document row', async () => {
    const documents = await rows<{
      storageKey: string;
      sha256: string;
      sizeBytes: number;
      extension: string;
    }>('select storage_key, sha256, size_bytes, extension from documents');
    expect(documents.length).toBe(seeded.documents);
    expect(new Set(documents.map((document) => document.extension))).toEqual(
      new Set(['pdf', 'png', 'tif']),
    );
    for (const document of documents) {
      const bytes = readFileSync(join(dataDir, 'documents', document.storageKey));
      expect(bytes.length).toBe(document.sizeBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(document.sha256);
    }
  });

  it('makes PDFs, PNGs and three-page TIFF scans that decode', async () => {
    const sample = async (extension: string) => {
      const row = await one<{ storageKey: string }>(
        `select storage_key from documents where extension = '${extension}' limit 1`,
      );
      return readFileSync(join(dataDir, 'documents', row.storageKey));
    };
    expect((await sample('pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await sample('png')).subarray(1, 4).toString('latin1')).toBe('PNG');
    const tiff = await sample('tif');
    const pages = UTIF.decode(tiff);
    expect(pages).toHaveLength(3);
    UTIF.decodeImage(tiff, pages[0]!);
    expect(pages[0]!.width).toBeGreaterThan(1000);
    expect(UTIF.toRGBA8(pages[0]!).length).toBe(pages[0]!.width * pages[0]!.height * 4);
  });

  it('draws every rate confirmation and bill of lading from its own shipment', async () => {
    const papers = await rows<{
      storageKey: string;
      name: string;
      fileType: number;
      shipmentNumber: string;
      totalMiles: number;
      carrierRateCents: string;
      origin: string;
      destination: string;
      carrier: string;
    }>(`
      select d.storage_key, d.name, d.file_type, s.shipment_number, s.total_miles,
             s.carrier_rate_cents::text as carrier_rate_cents, c.name as carrier,
             s.origin_city || ', ' || s.origin_state as origin,
             s.destination_city || ', ' || s.destination_state as destination
        from documents d
        join shipments s on s.id = d.shipment_id
        join companies c on c.id = s.carrier_company_id
       where d.file_type in (${DocumentType.CarrierConfirmation}, ${DocumentType.SignedRateConfirmation}, ${DocumentType.BillOfLading})
       order by s.shipment_number, d.file_type`);
    const confirmations = papers.filter((paper) => paper.fileType !== DocumentType.BillOfLading);
    const bills = papers.filter((paper) => paper.fileType === DocumentType.BillOfLading);
    expect(confirmations.length).toBeGreaterThan(20);
    expect(bills.length).toBeGreaterThan(20);
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const paper of confirmations) {
      const text = await pdfText(readFileSync(join(dataDir, 'documents', paper.storageKey)));
      const number = paper.shipmentNumber;
      expect(text, paper.name).toContain(`Load ${number}`);
      expect(text, number).toContain(paper.origin);
      expect(text, number).toContain(paper.destination);
      expect(text, number).toContain(paper.carrier);
      expect(text, number).toMatch(
        new RegExp(`MILES\\s+${paper.totalMiles.toLocaleString('en-US')}\\s`),
      );
      expect(text, number).toContain(money.format(Number(paper.carrierRateCents) / 100));
      if (paper.fileType === DocumentType.SignedRateConfirmation) {
        expect(text, number).toContain(`Electronically signed by`);
      }
    }
    for (const paper of bills) {
      const text = await pdfText(readFileSync(join(dataDir, 'documents', paper.storageKey)));
      expect(paper.name).toMatch(new RegExp(`^BOL_${paper.shipmentNumber}-\\d+\\.pdf$`));
      expect(text, paper.name).toContain(`Shipment ${paper.shipmentNumber}`);
      expect(text, paper.name).toContain(paper.carrier);
    }
    // No shipment holds two papers of one kind under the same name.
    const names = papers.map((paper) => `${paper.shipmentNumber}/${paper.fileType}/${paper.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has notifications, open access requests, saved lanes and postings for the demo carrier', async () => {
    const facts = await one<{
      notifications: number;
      requests: number;
      lanes: number;
      postings: number;
    }>(`
      select
        (select count(*)::int from notifications n join users u on u.id = n.user_id where u.login_email = 'carrier@demo.test') as notifications,
        (select count(*)::int from access_requests where company_id = ${DEMO_CARRIER} and status = 'Open') as requests,
        (select count(*)::int from saved_lanes where company_id = ${DEMO_CARRIER}) as lanes,
        (select count(*)::int from equipment_postings where carrier_company_id = ${DEMO_CARRIER}) as postings`);
    expect(facts.notifications).toBeGreaterThanOrEqual(3);
    expect(facts.requests).toBe(2);
    expect(facts.lanes).toBeGreaterThan(0);
    expect(facts.postings).toBeGreaterThan(0);
  });

  it('moves every numbering sequence past the numbers in use', async () => {
    const next = await one<{ shipment: string; max: string }>(`
      select nextval('shipment_number_seq')::text as shipment, max(shipment_number::bigint)::text as max from shipments`);
    expect(BigInt(next.shipment)).toBeGreaterThan(BigInt(next.max));
  });
});

async function fingerprint(db: Database): Promise<string> {
  const { rows: result } = await sql<{ fingerprint: string }>`
    select md5(string_agg(concat_ws(':', s.id, s.shipment_number, s.status, c.name, s.origin_postal_code,
                                    s.destination_postal_code, s.carrier_rate_cents, s.pickup_at),
                          ',' order by s.shipment_number))
           || (select string_agg(t.n::text, '/') from (
                 select count(*) as n from orders union all select count(*) from order_stops
                 union all select count(*) from tenders union all select count(*) from cases
                 union all select count(*) from ap_invoices union all select count(*) from third_party_invoices
                 union all select count(*) from documents union all select count(*) from notes) t)
           || (select md5(string_agg(sha256, ',' order by name)) from documents
                where file_type in (${DocumentType.CarrierConfirmation}, ${DocumentType.SignedRateConfirmation}, ${DocumentType.BillOfLading})) as fingerprint
      from shipments s left join companies c on c.id = s.carrier_company_id`.execute(db.owner);
  return result[0]!.fingerprint;
}

describe('determinism, reset and scale', () => {
  it('builds the same world from the same seed', { timeout: 60_000 }, async () => {
    const first = await fingerprint(t.db);
    await resetDemoData(t.db, dataDir);
    const empty = await one<{ companies: number }>(
      'select count(*)::int as companies from companies',
    );
    expect(empty.companies).toBe(0);
    expect(await seedIfEmpty(t.db, { shipments: 10, dataDir })).toBe(true);
    expect(await seedIfEmpty(t.db, { shipments: 10, dataDir })).toBe(false);
    await resetDemoData(t.db, dataDir);
    await seedDemoWorld(t.db, { shipments: SHIPMENTS, dataDir, now: NOW });
    expect(await fingerprint(t.db)).toBe(first);
  });

  it('generates the rest in bulk beyond the threshold', { timeout: 90_000 }, async () => {
    const { db, dispose } = await openTestDatabase({ asOwner: true });
    const bulkDir = mkdtempSync(join(tmpdir(), 'demo-world-bulk-'));
    try {
      const result = await seedDemoWorld(db, {
        shipments: 3_000,
        bulkThreshold: 300,
        dataDir: bulkDir,
        now: NOW,
        history: { tenders: 4_000, cases: 1_000 },
      });
      expect(result).toMatchObject({
        shipments: 3_000,
        detailedShipments: 300,
        bulkShipments: 2_700,
      });
      // The history tops up what the detailed world has; its own time is recorded apart from the
      // shipments' by `npm run seed` (bench/seeding.ts).
      expect(result.history.tenders).toBeGreaterThan(3_000);
      expect(result.history.tenders).toBeLessThan(4_000);
      expect(result.history.cases).toBeGreaterThan(500);
      expect(result.history.cases).toBeLessThan(1_000);
      expect(result.history.ms).toBe(
        result.phases.find((phase) => phase.name === 'tender and case history')!.ms,
      );
      const { rows: facts } = await sql<{
        shipments: number;
        few: number;
        orderStops: number;
        statuses: number;
        demo: number;
        numbers: number;
      }>`
        select count(*)::int as shipments,
               count(*) filter (where (select count(*) from shipment_stops x where x.shipment_id = s.id) < 2)::int as few,
               (select count(*)::int from order_stops) as "orderStops",
               count(distinct status)::int as statuses,
               count(*) filter (where carrier_company_id = (select company_id from users where login_email = 'carrier@demo.test'))::int as demo,
               count(distinct shipment_number)::int as numbers
          from shipments s`.execute(db.owner);
      expect(facts[0]).toMatchObject({ shipments: 3_000, few: 0, statuses: 10, numbers: 3_000 });
      expect(facts[0]!.orderStops).toBeGreaterThanOrEqual(6_000);
      expect(facts[0]!.demo).toBeGreaterThan(100);
      const { rows: invoices } = await sql<{ count: number }>`
        select count(*)::int as count from ap_invoices i join shipments s on s.id = i.shipment_id
         where s.shipment_number::bigint > 1000300`.execute(db.owner);
      expect(invoices[0]!.count).toBeGreaterThan(1_000);
      // The bulk rows say whether their load is delivered, and the trigger that keeps it is back on.
      const { rows: kept } = await sql<{ wrong: number; enabled: string }>`
        select (select count(*)::int from ap_invoices i join shipments s on s.id = i.shipment_id
                 where i.load_delivered is distinct from (s.status in (7, 8))) as wrong,
               (select tgenabled from pg_trigger where tgname = 'ap_invoices_load_delivered') as enabled
      `.execute(db.owner);
      expect(kept[0]).toEqual({ wrong: 0, enabled: 'O' });
      // Bulk loads on the board were never just posted: none waits to be announced to saved lanes,
      // and the trigger that announces a new load is back on.
      const { rows: announced } = await sql<{ onBoard: number; waiting: number; enabled: string }>`
        select (select count(*)::int from shipments where status = 1 and shipment_number::bigint > 1000300) as "onBoard",
               (select count(*)::int from load_posted_announcements a join shipments s on s.id = a.shipment_id
                 where s.shipment_number::bigint > 1000300) as waiting,
               (select tgenabled from pg_trigger where tgname = 'shipments_announce_new_load') as enabled
      `.execute(db.owner);
      expect(announced[0]!.onBoard).toBeGreaterThan(0);
      expect(announced[0]).toMatchObject({ waiting: 0, enabled: 'O' });
      // Bulk and history rows have ordered ids (UUID version 7, the variant's bits 10) that count up
      // with the shipment number, so each load appends to the primary key indexes.
      const { rows: ids } = await sql<{ table: string; rows: number; version7: number }>`
        select 'shipments' as table, count(*)::int as rows,
               count(*) filter (where id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]')::int as version7
          from shipments where shipment_number::bigint > 1000300
        union all
        select 'shipment_stops', count(*)::int, count(*) filter (where x.id::text ~ '-7[0-9a-f]{3}-[89ab]')::int
          from shipment_stops x join shipments s on s.id = x.shipment_id where s.shipment_number::bigint > 1000300
        union all
        select 'order_stops', count(*)::int, count(*) filter (where x.id::text ~ '-7[0-9a-f]{3}-[89ab]')::int
          from order_stops x join shipments s on s.order_id = x.order_id where s.shipment_number::bigint > 1000300
        union all
        select 'ap_invoices', count(*)::int, count(*) filter (where x.id::text ~ '-7[0-9a-f]{3}-[89ab]')::int
          from ap_invoices x join shipments s on s.id = x.shipment_id where s.shipment_number::bigint > 1000300
        union all
        select 'history tenders', count(*)::int, count(*) filter (where id::text ~ '-7[0-9a-f]{3}-[89ab]')::int
          from tenders where responded_at is not null and rejection_reason = 'No truck available'
        union all
        select 'history cases', count(*)::int, count(*) filter (where id::text ~ '-7[0-9a-f]{3}-[89ab]')::int
          from cases where subject = 'Accessorial charges at delivery'`.execute(db.owner);
      for (const table of ids) {
        expect(table.rows, table.table).toBeGreaterThan(0);
        expect(table.version7, table.table).toBe(table.rows);
      }
      const { rows: order } = await sql<{ unordered: number }>`
        select count(*)::int as unordered from (
          select id, lag(id) over (order by shipment_number::bigint) as previous
            from shipments where shipment_number::bigint > 1000300) x
         where id < previous`.execute(db.owner);
      expect(order[0]!.unordered).toBe(0);
      const loads = await paidLoads(db);
      expect(loads.length).toBeGreaterThan(1_500);
      expect(outOfBand(loads)).toEqual([]);
    } finally {
      await dispose();
      rmSync(bulkDir, { recursive: true, force: true });
    }
  });
});
