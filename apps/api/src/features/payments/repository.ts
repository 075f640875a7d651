import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import { startsWithPattern } from '../../shared/http/like';
import { paymentVisibility } from '../../shared/tenancy/ap-invoice-visibility';

export interface PaymentFilter {
  checkNumberPrefix?: string;
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

function visiblePayments(tx: Tx, scope: TenantScope) {
  return tx
    .selectFrom('payments as payment')
    .innerJoin('companies as payee', 'payee.id', 'payment.payeeCompanyId')
    .innerJoin('companies as carrier', 'carrier.id', 'payment.carrierCompanyId')
    .where(paymentVisibility(scope));
}

/** Payments made for the caller's invoices, remitted to it (a factoring company), or the operator's. */
export async function listPayments(tx: Tx, scope: TenantScope, filter: PaymentFilter) {
  let base = visiblePayments(tx, scope);
  if (filter.from) base = base.where('payment.paymentDate', '>=', filter.from);
  if (filter.to) base = base.where('payment.paymentDate', '<=', filter.to);
  if (filter.checkNumberPrefix)
    base = base.where('payment.checkNumber', 'like', startsWithPattern(filter.checkNumberPrefix));
  const [rows, total] = await Promise.all([
    base
      .select([
        'payment.id',
        'payment.checkNumber',
        sql<string>`to_char(payment.payment_date, 'YYYY-MM-DD')`.as('paymentDate'),
        'payment.amountCents',
        'payment.paymentMethod',
        'payee.name as payeeName',
        'carrier.name as carrierName',
      ])
      .orderBy('payment.paymentDate', 'desc')
      .orderBy('payment.checkNumber', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

/** One remittance by its check number, within the caller's scope. */
export function paymentByCheckNumber(tx: Tx, scope: TenantScope, checkNumber: string) {
  return visiblePayments(tx, scope)
    .where('payment.checkNumber', '=', checkNumber)
    .select([
      'payment.id',
      'payment.checkNumber',
      sql<string>`to_char(payment.payment_date, 'YYYY-MM-DD')`.as('paymentDate'),
      'payment.amountCents',
      'payment.paymentMethod',
      'payment.payeeCompanyId',
      'payee.name as payeeName',
      'payment.carrierCompanyId',
      'carrier.name as carrierName',
    ])
    .executeTakeFirst();
}

/** The invoices a payment paid, by invoice number, with the totals over all of them. */
export async function invoicesPaidBy(
  tx: Tx,
  paymentId: string,
  page: { offset: number; limit: number },
) {
  const base = tx
    .selectFrom('paymentApplications as application')
    .innerJoin('apInvoices as invoice', 'invoice.id', 'application.apInvoiceId')
    .where('application.paymentId', '=', paymentId);
  const [rows, totals] = await Promise.all([
    base
      .leftJoin('shipments as shipment', 'shipment.id', 'invoice.shipmentId')
      .select([
        'invoice.id',
        'invoice.invoiceNumber',
        'invoice.carrierInvoiceNumber',
        'shipment.shipmentNumber',
        sql<string | null>`to_char(invoice.shipment_date, 'YYYY-MM-DD')`.as('shipmentDate'),
        'invoice.invoiceAmountCents',
        'invoice.quickPayFeeCents',
        'application.amountCents',
      ])
      .orderBy('invoice.invoiceNumber')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(invoice.invoice_amount_cents), 0)`.as('invoiceCents'),
        sql<string>`coalesce(sum(invoice.quick_pay_fee_cents), 0)`.as('feeCents'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    totalCount: Number(totals.count),
    invoiceCents: Number(totals.invoiceCents),
    feeCents: Number(totals.feeCents),
  };
}
