import type {
  PaymentDetail,
  PaymentDetailQuery,
  PaymentListQuery,
  PaymentPage,
} from '@portal/contract';
import { AP_REFERENCE_PATTERN } from '@portal/domain';
import type { Caller } from '../../shared/auth/caller';
import type { AppContext } from '../../shared/app-context';
import { toCsv } from '../../shared/http/csv';
import { invalidField, notFound } from '../../shared/http/errors';
import { invoicesPaidBy, listPayments, paymentByCheckNumber } from './repository';

const dollars = (cents: number | string) => Number(cents) / 100;
/** A remittance's CSV lists every invoice it paid; a check pays a few hundred at most. */
const EXPORT_LIMIT = 5_000;

export async function paymentList(
  ctx: AppContext,
  caller: Caller,
  query: PaymentListQuery,
): Promise<PaymentPage> {
  const { page, pageSize, paymentStartDate, paymentEndDate } = query;
  const checkNumberPrefix = query.checkNumber?.trim();
  if (paymentStartDate && paymentEndDate && paymentStartDate > paymentEndDate)
    throw invalidField('paymentEndDate', 'The end date is before the start date');
  if (caller.scope.driverId) return { data: [], page, pageSize, totalCount: 0 };
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    listPayments(tx, caller.scope, {
      ...(paymentStartDate ? { from: paymentStartDate } : {}),
      ...(paymentEndDate ? { to: paymentEndDate } : {}),
      ...(checkNumberPrefix ? { checkNumberPrefix } : {}),
      offset: (page - 1) * pageSize,
      limit: pageSize,
    }),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      checkNumber: row.checkNumber,
      paymentDate: row.paymentDate,
      amount: dollars(row.amountCents),
      paymentMethod: row.paymentMethod,
      payeeName: row.payeeName,
      carrierName: row.carrierName,
    })),
    page,
    pageSize,
    totalCount,
  };
}

/** GET api/v1/payments/{checkNumber}: the remittance and one page (20) of the invoices it paid. */
export async function paymentDetail(
  ctx: AppContext,
  caller: Caller,
  checkNumber: string,
  query: PaymentDetailQuery,
): Promise<PaymentDetail> {
  const trimmed = checkNumber.trim();
  if (!AP_REFERENCE_PATTERN.test(trimmed))
    throw invalidField('checkNumber', 'Check number is not valid');
  return ctx.db.tenant(caller.scope, async (tx) => {
    const payment = await paymentByCheckNumber(tx, caller.scope, trimmed);
    if (!payment) throw notFound('Payment');
    const invoices = await invoicesPaidBy(tx, payment.id, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      id: payment.id,
      checkNumber: payment.checkNumber,
      paymentDate: payment.paymentDate,
      paymentMethod: payment.paymentMethod,
      amount: dollars(payment.amountCents),
      payee: { id: payment.payeeCompanyId, name: payment.payeeName },
      carrier: { id: payment.carrierCompanyId, name: payment.carrierName },
      invoiceCount: invoices.totalCount,
      invoiceTotal: dollars(invoices.invoiceCents),
      feeTotal: dollars(invoices.feeCents),
      invoices: {
        data: invoices.rows.map((row) => ({
          id: row.id,
          invoiceNumber: row.invoiceNumber,
          carrierInvoiceNumber: row.carrierInvoiceNumber,
          shipmentNumber: row.shipmentNumber,
          shipmentDate: row.shipmentDate,
          invoiceAmount: dollars(row.invoiceAmountCents),
          quickPayFee: dollars(row.quickPayFeeCents),
          amountPaid: dollars(row.amountCents),
        })),
        page: query.page,
        pageSize: query.pageSize,
        totalCount: invoices.totalCount,
      },
    };
  });
}

/** GET api/v1/payments/{checkNumber}/csv: the remittance advice as a spreadsheet. */
export async function paymentCsv(ctx: AppContext, caller: Caller, checkNumber: string) {
  const detail = await paymentDetail(ctx, caller, checkNumber, {
    page: 1,
    pageSize: EXPORT_LIMIT,
  });
  return toCsv(
    [
      'Check Number',
      'Payment Date',
      'Payee',
      'Carrier',
      'Invoice Number',
      'Carrier Invoice Number',
      'Shipment Number',
      'Shipment Date',
      'Invoice Amount',
      'Quick Pay Fee',
      'Amount Paid',
    ],
    detail.invoices.data.map((invoice) => [
      detail.checkNumber,
      detail.paymentDate,
      detail.payee.name,
      detail.carrier.name,
      invoice.invoiceNumber,
      invoice.carrierInvoiceNumber,
      invoice.shipmentNumber,
      invoice.shipmentDate,
      invoice.invoiceAmount.toFixed(2),
      invoice.quickPayFee.toFixed(2),
      invoice.amountPaid.toFixed(2),
    ]),
  );
}
