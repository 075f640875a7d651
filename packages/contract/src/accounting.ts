import {
  ACCOUNTING_PAGE_SIZE,
  AP_INVOICE_AMOUNT_MAX,
  CARRIER_INVOICE_NUMBER_MAX_LENGTH,
  PAYMENT_DETAIL_PAGE_SIZE,
} from '@portal/domain';
import Type, { type Static } from 'typebox';
import { DataOf, Id, PageOf, PagingQuery } from './common';

// Carrier (AP) invoices and their payment remittances (docs/decisions/110-112).

const IsoDate = Type.String({ format: 'date' });
const DateFilterType = Type.Union(
  [Type.Literal('Last60Days'), Type.Literal('Today'), Type.Literal('Week'), Type.Literal('Range')],
  { description: 'Last60Days, Today, Week (Sunday to Saturday) or Range (start and end dates)' },
);

/** GET /api/v2/ap_invoices: the accounting list's filters (spec section 3), 50 per page. */
const accountingFilters = {
  status: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4,
      description: 'All 0, Uninvoiced 1, Invoiced 2, Paid 3, Pending 4',
    }),
  ),
  searchTerm: Type.Optional(Type.String({ maxLength: 50 })),
  shipmentDate: Type.Optional(DateFilterType),
  shipmentStartDate: Type.Optional(IsoDate),
  shipmentEndDate: Type.Optional(IsoDate),
  invoiceDate: Type.Optional(DateFilterType),
  invoiceStartDate: Type.Optional(IsoDate),
  invoiceEndDate: Type.Optional(IsoDate),
};
export const AccountingListQuery = Type.Object(
  { ...accountingFilters, ...PagingQuery(ACCOUNTING_PAGE_SIZE, ACCOUNTING_PAGE_SIZE) },
  { additionalProperties: false },
);
export type AccountingListQuery = Static<typeof AccountingListQuery>;

/** The CSV export takes the same filters, without paging. */
export const AccountingExportQuery = Type.Object(accountingFilters, {
  additionalProperties: false,
});
export type AccountingExportQuery = Static<typeof AccountingExportQuery>;

const Lane = Type.Object({
  originCity: Type.Union([Type.String(), Type.Null()]),
  originState: Type.Union([Type.String(), Type.Null()]),
  destinationCity: Type.Union([Type.String(), Type.Null()]),
  destinationState: Type.Union([Type.String(), Type.Null()]),
});

export const PayStatus = Type.Object({
  code: Type.String({ description: 'waitingForDelivery, waitingForDocuments, ... paid' }),
  text: Type.String({ description: 'Where the money is, in words' }),
});
export type PayStatus = Static<typeof PayStatus>;

const Party = Type.Object({ id: Id, name: Type.String() });
const PaymentReference = Type.Object({
  checkNumber: Type.String(),
  paymentDate: IsoDate,
  paymentMethod: Type.String(),
});

/** One invoice in the accounting list. */
const summaryFields = {
  id: Id,
  invoiceNumber: Type.String(),
  apInvoiceStatus: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
  shipmentId: Id,
  shipmentNumber: Type.Union([Type.String(), Type.Null()]),
  shipmentStatus: Type.Union([Type.Integer(), Type.Null()]),
  lane: Lane,
  shipmentDate: Type.Union([IsoDate, Type.Null()]),
  invoiceDate: Type.Union([IsoDate, Type.Null()]),
  dueDate: Type.Union([IsoDate, Type.Null()]),
  carrierInvoiceNumber: Type.Union([Type.String(), Type.Null()]),
  /** Dollars. */
  invoiceAmount: Type.Number(),
  quickPayFee: Type.Number(),
  serviceLevel: Type.Integer(),
  carrier: Party,
  remitTo: Type.Union([Party, Type.Null()]),
  payment: Type.Union([PaymentReference, Type.Null()]),
  payStatus: PayStatus,
  shipmentCount: Type.Integer({ minimum: 1 }),
};
export const ApInvoiceSummary = Type.Object(summaryFields);
export type ApInvoiceSummary = Static<typeof ApInvoiceSummary>;

export const ApInvoicePage = PageOf(ApInvoiceSummary);
export type ApInvoicePage = Static<typeof ApInvoicePage>;

export const ApInvoiceCharge = Type.Object({
  id: Id,
  description: Type.String(),
  chargeTypeName: Type.String(),
  rate: Type.Number(),
  units: Type.Number(),
  /** The accessorial request (case) the charge pays, when it came from one. */
  caseId: Type.Union([Id, Type.Null()]),
  caseNumber: Type.Union([Type.String(), Type.Null()]),
});
export type ApInvoiceCharge = Static<typeof ApInvoiceCharge>;

export const QuickPayOption = Type.Object({
  serviceLevel: Type.Integer(),
  name: Type.String(),
  /** Dollars. */
  fee: Type.Number(),
  /** Dollars: the amount less the fee. */
  netAmount: Type.Number(),
  payDate: IsoDate,
});
export type QuickPayOption = Static<typeof QuickPayOption>;

export const ApInvoiceDetail = Type.Object({
  ...summaryFields,
  charges: Type.Array(ApInvoiceCharge),
  /** Delivery stops still without a proof of delivery. */
  missingProofOfDelivery: Type.Integer({ minimum: 0 }),
  /** What Quick Pay would cost and when it would pay, while it can still be chosen. */
  quickPayOptions: Type.Array(QuickPayOption),
  version: Type.Integer({ minimum: 1 }),
});
export type ApInvoiceDetail = Static<typeof ApInvoiceDetail>;

export const ApInvoiceDetailAnswer = DataOf(ApInvoiceDetail);
export type ApInvoiceDetailAnswer = Static<typeof ApInvoiceDetailAnswer>;

/** GET /api/v2/ap_invoices/{id}: the invoice's number or its id (one path for reads and writes). */
export const ApInvoiceNumberParams = Type.Object(
  { id: Type.String({ maxLength: 1000, description: 'The invoice number or the invoice id' }) },
  { additionalProperties: false },
);
export const ApInvoiceIdParams = Type.Object({ id: Id }, { additionalProperties: false });

const Version = Type.Optional(Type.Integer({ minimum: 1 }));

/** PATCH /api/v2/ap_invoices/{id}: the carrier submits its invoice number and amount. */
export const ApInvoiceSubmitBody = Type.Object(
  {
    carrierInvoiceNumber: Type.String({ maxLength: CARRIER_INVOICE_NUMBER_MAX_LENGTH }),
    invoiceAmount: Type.Number({ maximum: AP_INVOICE_AMOUNT_MAX, description: 'Dollars' }),
    version: Version,
  },
  { additionalProperties: false },
);
export type ApInvoiceSubmitBody = Static<typeof ApInvoiceSubmitBody>;

/** PUT /api/v2/ap_invoices/{id}/quick_pay: Quick Pay 2 or Small Carrier Quick Pay 3 (0 goes back). */
export const ApInvoiceQuickPayBody = Type.Object(
  {
    serviceLevel: Type.Union([Type.Literal(0), Type.Literal(2), Type.Literal(3)]),
    version: Version,
  },
  { additionalProperties: false },
);
export type ApInvoiceQuickPayBody = Static<typeof ApInvoiceQuickPayBody>;

/** POST /api/v2/ap_invoices/{id}/settle: the operator approves it for payment. */
export const ApInvoiceSettleBody = Type.Object(
  { version: Version },
  { additionalProperties: false },
);
export type ApInvoiceSettleBody = Static<typeof ApInvoiceSettleBody>;

/** POST /api/v2/ap_invoices/{id}/pay: the operator pays it by check. */
export const ApInvoicePayBody = Type.Object(
  {
    checkNumber: Type.String({ minLength: 1, maxLength: 50 }),
    paymentDate: IsoDate,
    version: Version,
  },
  { additionalProperties: false },
);
export type ApInvoicePayBody = Static<typeof ApInvoicePayBody>;

// ---- Payments by check number ----

export const PaymentCheckParams = Type.Object(
  { checkNumber: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export const PaymentDetailQuery = Type.Object(
  { ...PagingQuery(PAYMENT_DETAIL_PAGE_SIZE, 100) },
  { additionalProperties: false },
);
export type PaymentDetailQuery = Static<typeof PaymentDetailQuery>;

export const PaidInvoice = Type.Object({
  id: Id,
  invoiceNumber: Type.String(),
  carrierInvoiceNumber: Type.Union([Type.String(), Type.Null()]),
  shipmentNumber: Type.Union([Type.String(), Type.Null()]),
  shipmentDate: Type.Union([IsoDate, Type.Null()]),
  invoiceAmount: Type.Number(),
  quickPayFee: Type.Number(),
  /** Dollars applied from this payment. */
  amountPaid: Type.Number(),
});
export type PaidInvoice = Static<typeof PaidInvoice>;

/** GET /api/v1/payments/{checkNumber}: the remittance and one page of the invoices it paid. */
export const PaymentDetail = Type.Object({
  id: Id,
  checkNumber: Type.String(),
  paymentDate: IsoDate,
  paymentMethod: Type.String(),
  amount: Type.Number(),
  payee: Party,
  carrier: Party,
  invoiceCount: Type.Integer({ minimum: 0 }),
  invoiceTotal: Type.Number(),
  feeTotal: Type.Number(),
  invoices: PageOf(PaidInvoice),
});
export type PaymentDetail = Static<typeof PaymentDetail>;

export const PaymentDetailAnswer = DataOf(PaymentDetail);
export type PaymentDetailAnswer = Static<typeof PaymentDetailAnswer>;
