import { ACCESS, Permission, Role, type AccessRequirement } from './access';
import { addDays, type IsoDate } from './calendar-dates';
import { ServiceLevel } from './freight';
import { AccountingFilterStatus, ApInvoiceStatus } from './invoices';
import { isShipmentDelivered, type ShipmentStatus } from './shipments';

// The carrier (AP) invoice's work: who may do what in which status, what the carrier is told about
// its money, and what Quick Pay costs (docs/decisions/110-112).

/** Accounting and payments: carriers, factoring companies, and the operator's staff who settle and pay. */
export const ACCOUNTING_ACCESS: AccessRequirement = ACCESS.accounting;

/** Settling and paying carrier invoices are the operator's steps (its Admin staff). */
export const AP_INVOICE_OPERATOR_ACCESS: AccessRequirement = {
  permissions: [Permission.Admin],
  roles: [Role.Admin],
};

/** Accounting list page size (spec section 9). */
export const ACCOUNTING_PAGE_SIZE = 50;

/** Days from receipt to payment on standard terms. */
export const AP_STANDARD_TERMS_DAYS = 30;

export type QuickPayServiceLevel =
  typeof ServiceLevel.QuickPay | typeof ServiceLevel.SmallCarrierQuickPay;

export interface QuickPayTerms {
  readonly serviceLevel: QuickPayServiceLevel;
  /** Fee in basis points of the invoice amount (350 = 3.5 %). */
  readonly feeBasisPoints: number;
  /** Days from receipt (or from today, when received earlier) to payment. */
  readonly days: number;
}

export const QUICK_PAY_TERMS: readonly QuickPayTerms[] = [
  { serviceLevel: ServiceLevel.QuickPay, feeBasisPoints: 350, days: 2 },
  { serviceLevel: ServiceLevel.SmallCarrierQuickPay, feeBasisPoints: 200, days: 3 },
];

export function quickPayTerms(serviceLevel: number): QuickPayTerms | undefined {
  return QUICK_PAY_TERMS.find((terms) => terms.serviceLevel === serviceLevel);
}

export function isQuickPayServiceLevel(value: number): value is QuickPayServiceLevel {
  return quickPayTerms(value) !== undefined;
}

/** The fee in cents, rounded to the nearest cent. */
export function quickPayFeeCents(amountCents: number, serviceLevel: number): number {
  const terms = quickPayTerms(serviceLevel);
  return terms ? Math.round((amountCents * terms.feeBasisPoints) / 10_000) : 0;
}

/**
 * The day an invoice is due: its terms counted from the day it was received, or from today for an
 * invoice not received yet or one that changes to Quick Pay after it was received.
 */
export function apInvoiceDueDate(
  serviceLevel: number,
  receivedOn: IsoDate | null,
  today: IsoDate,
): IsoDate {
  const terms = quickPayTerms(serviceLevel);
  if (terms) {
    const from = receivedOn && receivedOn > today ? receivedOn : today;
    return addDays(from, terms.days);
  }
  return addDays(receivedOn ?? today, AP_STANDARD_TERMS_DAYS);
}

/** The carrier may choose Quick Pay until the invoice is settled. */
export function canChooseQuickPay(status: number): boolean {
  return status === ApInvoiceStatus.Draft || status === ApInvoiceStatus.Received;
}

export type ApInvoiceSubmitRefusal = 'notDraft' | 'notDelivered' | 'noProofOfDelivery';

/** Why the carrier cannot submit its invoice now, or undefined when it can. */
export function apInvoiceSubmitRefusal(invoice: {
  readonly status: number;
  readonly shipmentStatus: ShipmentStatus;
  readonly missingProofOfDelivery: number;
}): ApInvoiceSubmitRefusal | undefined {
  if (invoice.status !== ApInvoiceStatus.Draft) return 'notDraft';
  if (!isShipmentDelivered(invoice.shipmentStatus)) return 'notDelivered';
  if (invoice.missingProofOfDelivery > 0) return 'noProofOfDelivery';
  return undefined;
}

/** The operator's steps: Received to Settled, Settled to Paid in Full, one at a time. */
export const ApInvoiceOperatorAction = { Settle: 'settle', Pay: 'pay' } as const;
export type ApInvoiceOperatorAction =
  (typeof ApInvoiceOperatorAction)[keyof typeof ApInvoiceOperatorAction];

const OPERATOR_STEPS: Readonly<Record<ApInvoiceOperatorAction, { from: number; to: number }>> = {
  settle: { from: ApInvoiceStatus.Received, to: ApInvoiceStatus.Settled },
  pay: { from: ApInvoiceStatus.Settled, to: ApInvoiceStatus.PaidInFull },
};

export function apInvoiceOperatorStep(action: ApInvoiceOperatorAction) {
  return OPERATOR_STEPS[action];
}

/** The operator's next step for an invoice in this status, if any. */
export function nextApInvoiceOperatorAction(status: number): ApInvoiceOperatorAction | undefined {
  return (Object.keys(OPERATOR_STEPS) as ApInvoiceOperatorAction[]).find(
    (action) => OPERATOR_STEPS[action].from === status,
  );
}

/**
 * Which accounting filter an invoice falls under: Action Required (uninvoiced: a draft on a
 * delivered load), Pending (a draft whose load is not delivered yet), In Progress (invoiced:
 * received or settled), Paid.
 */
export function accountingFilterOf(
  status: number,
  shipmentStatus: ShipmentStatus,
): AccountingFilterStatus | undefined {
  switch (status) {
    case ApInvoiceStatus.Draft:
      return isShipmentDelivered(shipmentStatus)
        ? AccountingFilterStatus.Uninvoiced
        : AccountingFilterStatus.Pending;
    case ApInvoiceStatus.Received:
    case ApInvoiceStatus.Settled:
      return AccountingFilterStatus.Invoiced;
    case ApInvoiceStatus.PaidInFull:
      return AccountingFilterStatus.Paid;
    default:
      return undefined;
  }
}

export const ApPayStatus = {
  Voided: 'voided',
  WaitingForDelivery: 'waitingForDelivery',
  WaitingForDocuments: 'waitingForDocuments',
  ReadyToSubmit: 'readyToSubmit',
  Received: 'received',
  Scheduled: 'scheduled',
  Paid: 'paid',
} as const;
export type ApPayStatus = (typeof ApPayStatus)[keyof typeof ApPayStatus];

export interface ApPayStatusInput {
  readonly status: number;
  readonly shipmentStatus: ShipmentStatus;
  readonly missingProofOfDelivery: number;
  readonly receivedOn: IsoDate | null;
  readonly dueDate: IsoDate | null;
  readonly payment: { readonly checkNumber: string; readonly paymentDate: IsoDate } | null;
}

/** M/DD/YYYY, the portal's invoice date format. */
export function formatUsDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${Number(month)}/${day}/${year}`;
}

/** "Where my money is": the invoice's pay status in words. */
export function apPayStatus(invoice: ApPayStatusInput): { code: ApPayStatus; text: string } {
  switch (invoice.status) {
    case ApInvoiceStatus.Draft:
      if (!isShipmentDelivered(invoice.shipmentStatus))
        return {
          code: ApPayStatus.WaitingForDelivery,
          text: 'Waiting for delivery: the invoice can be submitted once the load is delivered',
        };
      if (invoice.missingProofOfDelivery > 0)
        return {
          code: ApPayStatus.WaitingForDocuments,
          text: 'Waiting for documents: upload the proof of delivery, then submit your invoice',
        };
      return {
        code: ApPayStatus.ReadyToSubmit,
        text: 'Ready to submit: enter your invoice number and amount',
      };
    case ApInvoiceStatus.Received:
      return {
        code: ApPayStatus.Received,
        text: invoice.receivedOn
          ? `Received on ${formatUsDate(invoice.receivedOn)}, waiting for approval`
          : 'Received, waiting for approval',
      };
    case ApInvoiceStatus.Settled:
      return {
        code: ApPayStatus.Scheduled,
        text: invoice.dueDate
          ? `Approved, scheduled for payment on ${formatUsDate(invoice.dueDate)}`
          : 'Approved, waiting to be scheduled',
      };
    case ApInvoiceStatus.PaidInFull:
      return {
        code: ApPayStatus.Paid,
        text: invoice.payment
          ? `Paid by check ${invoice.payment.checkNumber} on ${formatUsDate(invoice.payment.paymentDate)}`
          : 'Paid',
      };
    default:
      return { code: ApPayStatus.Voided, text: 'Voided: this invoice will not be paid' };
  }
}

/** Texts the spec leaves to us: the server's refusals and the screens' notices. */
export const AP_INVOICE_MESSAGES = {
  notUpdated: 'Invoice not updated',
  notDraft: 'This invoice has already been submitted and can no longer be changed',
  notDelivered: 'This invoice cannot be submitted until the shipment is Delivered',
  noProofOfDelivery: 'Upload the proof of delivery before submitting this invoice',
  numberUsed: 'You have already used this invoice number on another invoice',
  numberRequired: 'Enter your Invoice Number',
  amountRequired: 'Enter the Invoice Amount',
  amountInvalid: 'The Invoice Amount must be a positive number with at most two decimals',
  changedByOthers:
    'This invoice was changed by someone else. Reload it to see the latest version, then save again.',
  versionRequired:
    "Send the invoice's version (If-Match header or version field) so that a change made by someone else is not overwritten",
  quickPayClosed: 'Quick Pay can be chosen only until the invoice is approved',
  checkNumberUsed: 'This check number has already been used for another payment',
  submitted: 'Invoice submitted',
  settled: 'Invoice approved and scheduled for payment',
  paid: 'Invoice paid',
  quickPayChosen: 'Quick Pay chosen',
  noPayments: 'No Payments Found',
} as const;

/** Carrier invoice numbers: what a carrier's billing system prints, at most 50 characters. */
export const CARRIER_INVOICE_NUMBER_MAX_LENGTH = 50;
export const AP_INVOICE_AMOUNT_MAX = 9_999_999.99;

/** Portal AP invoice numbers and check numbers are short runs of letters, digits and hyphens. */
export const AP_REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,50}$/;
