import { getJson, report, sideBySide, type BenchServer } from './lib';

// The third-party payer invoice list as it opens: the first page of cards (auditable only, 50 a
// page, newest first) for the demo carrier's billing user and for its factoring company, and the
// Action Required badge (pageSize 0). Each against a bare indexed SELECT of the same rows, as the
// database owner without row-level security.

const PAGE_SQL = `
  select i.id, i.invoice_number, i.shipment_number, customer.name, carrier.logo_document_id, i.status,
         i.due_date, i.created_at, i.invoice_amount_cents, i.fee_and_balance_cents, s.status as shipment_status,
         i.required_document_count, i.uploaded_required_document_count
    from third_party_invoices i
    join shipments s on s.id = i.shipment_id
    join companies customer on customer.id = i.customer_company_id
    join companies carrier on carrier.id = i.carrier_company_id
   where i.%COLUMN% = $1 and i.billing_settings_id is not null
   order by i.created_at desc, i.id desc
   limit 50`;

async function companyOf(server: BenchServer, email: string): Promise<string> {
  const { rows } = await server.pool.query<{ company_id: string }>(
    'select company_id from users where login_email = $1',
    [email],
  );
  return rows[0]!.company_id;
}

export async function thirdPartyInvoicesBench(server: BenchServer, iterations: number) {
  const results = [];
  const { rows: counts } = await server.pool.query<{ count: string }>(
    'select count(*) from third_party_invoices',
  );
  process.stdout.write(`Third-party invoices: ${counts[0]!.count}\n\n`);

  for (const [email, column] of [
    ['billing@demo.test', 'carrier_company_id'],
    ['factoring@demo.test', 'factoring_company_id'],
  ] as const) {
    const token = await server.tokenForEmail(email);
    const companyId = await companyOf(server, email);
    const { rows } = await server.pool.query<{ count: string }>(
      `select count(*) from third_party_invoices where ${column} = $1 and billing_settings_id is not null`,
      [companyId],
    );
    const url = `${server.baseUrl}/api/v1/third_party_payer_invoices?page=1&pageSize=50&isAuditable=true`;
    const first = (await getJson(url, token)) as { data: unknown[]; totalCount: number };
    if (first.data.length !== Math.min(50, Number(rows[0]!.count))) {
      throw new Error(`${email}: expected a full first page, got ${first.data.length} cards`);
    }
    const result = await sideBySide(
      iterations,
      async () => {
        await getJson(url, token);
      },
      async () => {
        await server.pool.query(PAGE_SQL.replace('%COLUMN%', column), [companyId]);
      },
    );
    results.push(
      report(
        `GET /api/v1/third_party_payer_invoices first page (${email}, ${first.totalCount} auditable invoices)`,
        15,
        result,
      ),
    );
  }

  const token = await server.tokenForEmail('billing@demo.test');
  const carrierId = await companyOf(server, 'billing@demo.test');
  const badge = `${server.baseUrl}/api/v1/third_party_payer_invoices?pageSize=0&actionRequired=true&isAuditable=true`;
  const { totalCount } = (await getJson(badge, token)) as { totalCount: number };
  const result = await sideBySide(
    iterations,
    async () => {
      await getJson(badge, token);
    },
    async () => {
      await server.pool.query(
        `select count(*) from third_party_invoices i join shipments s on s.id = i.shipment_id
          where i.carrier_company_id = $1 and i.billing_settings_id is not null
            and i.status in ('DRAFT', 'RECEIVED') and s.status in (7, 8)
            and (i.status = 'DRAFT' or i.uploaded_required_document_count < i.required_document_count)`,
        [carrierId],
      );
    },
  );
  results.push(
    report(
      `GET /api/v1/third_party_payer_invoices Action Required badge (billing@demo.test, ${totalCount})`,
      50,
      result,
    ),
  );
  return results;
}
