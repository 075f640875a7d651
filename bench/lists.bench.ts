import { DocumentType } from '@portal/domain';
import { getJson, report, sideBySide, type BenchServer } from './lib';

// The first pages of the tender list (issue 11), the case list with its counts (issue 12) and the
// accounting list and its counts (issue 13) as carrier@demo.test opens them, each against the bare
// indexed SQL of the same rows (as the database owner, without row-level security) in the same run.
// Budget: a median under 30 ms and within 3x of the bare SQL.

const BUDGET_MS = 30;
const MAX_RATIO = 3;

async function carrierOf(server: BenchServer) {
  const { rows } = await server.pool.query<{ company_id: string }>(
    "select company_id from users where login_email = 'carrier@demo.test'",
  );
  return rows[0]!.company_id;
}

async function count(server: BenchServer, sql: string, values: unknown[]) {
  const { rows } = await server.pool.query<{ count: string }>(sql, values);
  return Number(rows[0]!.count);
}

export async function tenderListBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await carrierOf(server);
  const total = await count(server, 'select count(*) from tenders', []);
  const mine = await count(
    server,
    'select count(*) from tenders where carrier_company_id = $1 or customer_company_id = $1',
    [carrierId],
  );
  const result = await sideBySide(
    iterations,
    async () => {
      await getJson(`${server.baseUrl}/api/v2/tenders?page=1&pageSize=50`, token);
    },
    async () => {
      await server.pool.query(
        `select t.id, t.tender_number, t.shipment_id, t.shipment_number, t.status, t.carrier_company_id,
                t.customer_company_id, t.rate_cents, t.rate_type, t.charge_rate_type, t.sent_at, t.expires_at,
                t.responded_at, t.rejection_reason, t.origin_city, t.origin_state, t.origin_postal_code,
                t.destination_city, t.destination_state, t.destination_postal_code, t.pickup_at,
                t.delivery_at, t.equipment_types, t.waterfall_id, customer.name, carrier.name
           from tenders t
           join companies customer on customer.id = t.customer_company_id
           join companies carrier on carrier.id = t.carrier_company_id
          where t.carrier_company_id = $1
          order by t.sent_at desc nulls last, t.id desc limit 50`,
        [carrierId],
      );
      await server.pool.query('select count(*) from tenders where carrier_company_id = $1', [
        carrierId,
      ]);
    },
  );
  return report(
    `GET /api/v2/tenders first page of 50 with its total (carrier@demo.test, ${mine.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} tenders)`,
    BUDGET_MS,
    result,
    MAX_RATIO,
  );
}

export async function caseListBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await carrierOf(server);
  const total = await count(server, 'select count(*) from cases', []);
  const mine = await count(
    server,
    'select count(*) from case_involved_parties where company_id = $1',
    [carrierId],
  );
  const result = await sideBySide(
    iterations,
    async () => {
      await Promise.all([
        getJson(`${server.baseUrl}/api/v2/cases?page=0&pageSize=50`, token),
        getJson(`${server.baseUrl}/api/v2/cases/count_stats`, token),
      ]);
    },
    async () => {
      await server.pool.query(
        `select c.id, c.case_number, c.case_type, c.case_source, c.status, c.resolution_type, c.priority,
                c.subject, c.amount_requested_cents, c.amount_approved_cents, c.incident_at, c.follow_up_at,
                c.created_at, c.updated_at, c.assignee_user_id, carrier.id, carrier.name, customer.id,
                customer.name, s.id, s.shipment_number, s.origin_city, s.origin_state,
                s.destination_city, s.destination_state
           from cases c
           left join shipments s on s.id = c.shipment_id
           left join companies carrier on carrier.id = c.carrier_company_id
           left join companies customer on customer.id = c.customer_company_id
          where c.carrier_company_id = $1
          order by c.created_at desc, c.id desc limit 50`,
        [carrierId],
      );
      await server.pool.query(
        'select status_group, count(*) from cases where carrier_company_id = $1 group by status_group',
        [carrierId],
      );
    },
  );
  return report(
    `GET /api/v2/cases first page of 50 and count_stats (carrier@demo.test, ${mine.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} cases)`,
    BUDGET_MS,
    result,
    MAX_RATIO,
  );
}

const LAST_60_DAYS = `current_date - 60`;
const PROOF_OF_DELIVERY = DocumentType.ProofOfDelivery;

export async function apInvoiceListBench(server: BenchServer, iterations: number) {
  const token = await server.tokenForEmail('carrier@demo.test');
  const carrierId = await carrierOf(server);
  const mine = await count(
    server,
    'select count(*) from ap_invoices where carrier_company_id = $1',
    [carrierId],
  );
  const total = await count(server, 'select count(*) from ap_invoices', []);
  const world = `carrier@demo.test, ${mine.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} invoices`;
  const page = await sideBySide(
    iterations,
    async () => {
      await getJson(
        `${server.baseUrl}/api/v2/ap_invoices?shipmentDate=Last60Days&page=1&pageSize=50`,
        token,
      );
    },
    async () => {
      // The same rows the endpoint answers: each invoice with its load, carrier and factor, the
      // delivery stops still without a proof of delivery, and the latest payment applied to it.
      await server.pool.query(
        `select i.id, i.invoice_number, i.status, i.shipment_id, s.shipment_number, s.status, s.origin_city,
                s.origin_state, s.destination_city, s.destination_state,
                to_char(i.shipment_date, 'YYYY-MM-DD'), to_char(i.invoice_date, 'YYYY-MM-DD'),
                to_char(i.due_date, 'YYYY-MM-DD'), i.carrier_invoice_number, i.invoice_amount_cents,
                i.quick_pay_fee_cents, i.service_level, i.version, i.carrier_company_id, carrier.name,
                i.factoring_company_id, factor.name,
                (select count(*) from shipment_stops st
                  where st.shipment_id = i.shipment_id and st.stop_type = 'Delivery'
                    and st.order_stop_id is not null
                    and not exists (select 1 from documents pod where pod.order_stop_id = st.order_stop_id
                                      and pod.file_type = ${PROOF_OF_DELIVERY} and pod.deleted_at is null)),
                paid.check_number, to_char(paid.payment_date, 'YYYY-MM-DD'), paid.payment_method
           from ap_invoices i
           left join shipments s on s.id = i.shipment_id
           join companies carrier on carrier.id = i.carrier_company_id
           left join companies factor on factor.id = i.factoring_company_id
           left join lateral (select p.check_number, p.payment_date, p.payment_method
                                from payment_applications a join payments p on p.id = a.payment_id
                               where a.ap_invoice_id = i.id order by p.payment_date desc limit 1) paid on true
          where i.carrier_company_id = $1 and i.status in (0, 1, 2, 3)
            and i.shipment_date between ${LAST_60_DAYS} and current_date
          order by i.shipment_date desc nulls last, i.invoice_number desc limit 50`,
        [carrierId],
      );
      await server.pool.query(
        `select count(*) from ap_invoices i where i.carrier_company_id = $1 and i.status in (0, 1, 2, 3)
            and i.shipment_date between ${LAST_60_DAYS} and current_date`,
        [carrierId],
      );
    },
  );
  const counts = await sideBySide(
    iterations,
    async () => {
      await getJson(`${server.baseUrl}/api/v2/invoices/counts`, token);
    },
    async () => {
      await server.pool.query(
        `select count(*) filter (where i.status in (0, 1, 2, 3) and i.shipment_date >= ${LAST_60_DAYS}),
                count(*) filter (where i.status = 0 and s.status in (7, 8)),
                count(*) filter (where i.status in (1, 2)),
                count(*) filter (where i.status = 3 and i.shipment_date >= ${LAST_60_DAYS})
           from ap_invoices i left join shipments s on s.id = i.shipment_id
          where i.carrier_company_id = $1
            and (i.status in (0, 1, 2) or i.shipment_date >= ${LAST_60_DAYS})`,
        [carrierId],
      );
    },
  );
  return [
    report(
      `GET /api/v2/ap_invoices first page of 50, last 60 days, with its total (${world})`,
      BUDGET_MS,
      page,
      MAX_RATIO,
    ),
    report(
      `GET /api/v2/invoices/counts, the four quick filters (${world})`,
      BUDGET_MS,
      counts,
      MAX_RATIO,
    ),
  ];
}
