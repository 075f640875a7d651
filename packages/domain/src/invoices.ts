import {
  lastDays,
  weekContaining,
  addDays,
  type IsoDate,
  type IsoDateRange,
} from './calendar-dates';
import { Permission, Role, type AccessRequirement } from './access';
import { parseNumericValue, valuesOf, type ValueOf } from './enum-values';
import { isShipmentDelivered, type ShipmentStatus } from './shipments';
import {
  ACCOUNTING_PAID_DEFAULT_WINDOW_DAYS,
  AP_INVOICE_COUNTS_WINDOW_DAYS,
  THIRD_PARTY_INVOICE_ACTION_REQUIRED_COUNT_PAGE_SIZE,
  THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE,
} from './limits';

// ---- Accounting (carrier AP) invoices ----

export const ApInvoiceStatus = {
  Voided: -1,
  Draft: 0,
  Received: 1,
  Settled: 2,
  PaidInFull: 3,
} as const;
export type ApInvoiceStatus = ValueOf<typeof ApInvoiceStatus>;

export const AP_INVOICE_STATUSES: readonly ApInvoiceStatus[] = valuesOf(ApInvoiceStatus);

export const AP_INVOICE_STATUS_DISPLAY_NAMES: Readonly<Record<ApInvoiceStatus, string>> = {
  [ApInvoiceStatus.Voided]: 'Voided',
  [ApInvoiceStatus.Draft]: 'Draft',
  [ApInvoiceStatus.Received]: 'Received',
  [ApInvoiceStatus.Settled]: 'Settled',
  [ApInvoiceStatus.PaidInFull]: 'Paid in Full',
};

export function parseApInvoiceStatus(value: unknown): ApInvoiceStatus | undefined {
  return parseNumericValue(ApInvoiceStatus, value);
}

/** The `status` query value of the accounting list. */
export const AccountingFilterStatus = {
  All: 0,
  Uninvoiced: 1,
  Invoiced: 2,
  Paid: 3,
  Pending: 4,
} as const;
export type AccountingFilterStatus = ValueOf<typeof AccountingFilterStatus>;

export const ACCOUNTING_FILTER_STATUS_DISPLAY_NAMES: Readonly<
  Record<AccountingFilterStatus, string>
> = {
  [AccountingFilterStatus.All]: 'All',
  [AccountingFilterStatus.Uninvoiced]: 'Uninvoiced',
  [AccountingFilterStatus.Invoiced]: 'Invoiced',
  [AccountingFilterStatus.Paid]: 'Paid',
  [AccountingFilterStatus.Pending]: 'Pending',
};

export function parseAccountingFilterStatus(value: unknown): AccountingFilterStatus | undefined {
  return parseNumericValue(AccountingFilterStatus, value);
}

export const AccountingView = {
  ActionRequired: 'actionRequired',
  Pending: 'pending',
  InProgress: 'inProgress',
  Paid: 'paid',
} as const;
export type AccountingView = ValueOf<typeof AccountingView>;

export interface AccountingViewDefinition {
  readonly id: AccountingView;
  readonly label: string;
  readonly status: AccountingFilterStatus;
  /** When set, the view opens filtered to this many days of shipment date ending today. */
  readonly defaultShipmentDateWindowDays?: number;
}

export const ACCOUNTING_VIEWS: readonly AccountingViewDefinition[] = [
  {
    id: AccountingView.ActionRequired,
    label: 'Action Required',
    status: AccountingFilterStatus.Uninvoiced,
  },
  { id: AccountingView.Pending, label: 'Pending', status: AccountingFilterStatus.Pending },
  { id: AccountingView.InProgress, label: 'In Progress', status: AccountingFilterStatus.Invoiced },
  {
    id: AccountingView.Paid,
    label: 'Paid',
    status: AccountingFilterStatus.Paid,
    defaultShipmentDateWindowDays: ACCOUNTING_PAID_DEFAULT_WINDOW_DAYS,
  },
];

export interface AccountingViewFilter {
  readonly status: AccountingFilterStatus;
  readonly shipmentStartDate?: IsoDate;
  readonly shipmentEndDate?: IsoDate;
}

export function accountingViewFilter(view: AccountingView, today: IsoDate): AccountingViewFilter {
  const definition = ACCOUNTING_VIEWS.find((candidate) => candidate.id === view);
  if (!definition) throw new RangeError(`Unknown accounting view: ${view}`);
  if (definition.defaultShipmentDateWindowDays === undefined) return { status: definition.status };
  const [shipmentStartDate, shipmentEndDate] = lastDays(
    today,
    definition.defaultShipmentDateWindowDays,
  );
  return { status: definition.status, shipmentStartDate, shipmentEndDate };
}

/** AP invoice list status filter as the data layer names it. */
export const ApInvoiceStatusFilter = {
  All: 'All',
  Paid: 'Paid',
  UnInvoiced: 'UnInvoiced',
  Invoiced: 'Invoiced',
} as const;
export type ApInvoiceStatusFilter = ValueOf<typeof ApInvoiceStatusFilter>;

/** The same filters as the numeric `status` query value. */
export const AP_INVOICE_STATUS_FILTER_VALUES: Readonly<
  Record<ApInvoiceStatusFilter, AccountingFilterStatus>
> = {
  All: AccountingFilterStatus.All,
  Paid: AccountingFilterStatus.Paid,
  UnInvoiced: AccountingFilterStatus.Uninvoiced,
  Invoiced: AccountingFilterStatus.Invoiced,
};

export type ApInvoiceCountGroup = 'active' | 'actionRequired' | 'inProcess' | 'paid';

export const AP_INVOICE_COUNT_GROUPS: Readonly<Record<ApInvoiceCountGroup, ApInvoiceStatusFilter>> =
  {
    active: ApInvoiceStatusFilter.All,
    actionRequired: ApInvoiceStatusFilter.UnInvoiced,
    inProcess: ApInvoiceStatusFilter.Invoiced,
    paid: ApInvoiceStatusFilter.Paid,
  };

export type ApInvoiceCounts = Readonly<Record<ApInvoiceCountGroup, number>>;

/** Only the All and Paid counts are limited to a recent window; the others count everything. */
export function apInvoiceCountWindow(
  group: ApInvoiceCountGroup,
  today: IsoDate,
): IsoDateRange | undefined {
  return group === 'active' || group === 'paid'
    ? lastDays(today, AP_INVOICE_COUNTS_WINDOW_DAYS)
    : undefined;
}

export const ApInvoiceQuickFilter = {
  None: 'None',
  Active: 'Active',
  ActionRequired: 'ActionRequired',
  InProcess: 'InProcess',
  Paid: 'Paid',
} as const;
export type ApInvoiceQuickFilter = ValueOf<typeof ApInvoiceQuickFilter>;

export const AP_INVOICE_QUICK_FILTER_LABELS: Readonly<Record<ApInvoiceQuickFilter, string>> = {
  None: 'None',
  Active: 'Active',
  ActionRequired: 'Action Required',
  InProcess: 'In Process',
  Paid: 'Paid',
};

export function apInvoiceQuickFilterStatus(
  quickFilter: ApInvoiceQuickFilter,
): ApInvoiceStatusFilter | undefined {
  switch (quickFilter) {
    case ApInvoiceQuickFilter.None:
      return undefined;
    case ApInvoiceQuickFilter.Active:
      return AP_INVOICE_COUNT_GROUPS.active;
    case ApInvoiceQuickFilter.ActionRequired:
      return AP_INVOICE_COUNT_GROUPS.actionRequired;
    case ApInvoiceQuickFilter.InProcess:
      return AP_INVOICE_COUNT_GROUPS.inProcess;
    case ApInvoiceQuickFilter.Paid:
      return AP_INVOICE_COUNT_GROUPS.paid;
  }
}

export const ApInvoiceDateFilterType = {
  Last60Days: 'Last60Days',
  Today: 'Today',
  Week: 'Week',
  Range: 'Range',
} as const;
export type ApInvoiceDateFilterType = ValueOf<typeof ApInvoiceDateFilterType>;

/** Week means the current Sunday-to-Saturday week; Range needs both ends. */
export function apInvoiceDateRange(
  type: ApInvoiceDateFilterType,
  today: IsoDate,
  range?: { readonly start?: IsoDate | null; readonly end?: IsoDate | null },
): IsoDateRange | undefined {
  switch (type) {
    case ApInvoiceDateFilterType.Last60Days:
      return lastDays(today, AP_INVOICE_COUNTS_WINDOW_DAYS);
    case ApInvoiceDateFilterType.Today:
      return [today, today];
    case ApInvoiceDateFilterType.Week:
      return weekContaining(today);
    case ApInvoiceDateFilterType.Range:
      return range?.start && range.end ? [range.start, range.end] : undefined;
  }
}

// ---- Third-party payer invoices ----

export const ThirdPartyInvoiceStatus = {
  DRAFT: 'DRAFT',
  RECEIVED: 'RECEIVED',
  SETTLED: 'SETTLED',
  PAID_IN_FULL: 'PAID_IN_FULL',
} as const;
export type ThirdPartyInvoiceStatus = ValueOf<typeof ThirdPartyInvoiceStatus>;

/** In lifecycle order; an invoice only ever moves one step to the right. */
export const THIRD_PARTY_INVOICE_STATUSES = [
  ThirdPartyInvoiceStatus.DRAFT,
  ThirdPartyInvoiceStatus.RECEIVED,
  ThirdPartyInvoiceStatus.SETTLED,
  ThirdPartyInvoiceStatus.PAID_IN_FULL,
] as const;

export const THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES: Readonly<
  Record<ThirdPartyInvoiceStatus, string>
> = {
  DRAFT: 'Draft',
  RECEIVED: 'Received',
  SETTLED: 'Settled',
  PAID_IN_FULL: 'Paid in Full',
};

export function isThirdPartyInvoiceStatus(value: unknown): value is ThirdPartyInvoiceStatus {
  return THIRD_PARTY_INVOICE_STATUSES.includes(value as ThirdPartyInvoiceStatus);
}

/** Position in the lifecycle (DRAFT 0 ... PAID_IN_FULL 3), undefined for unknown statuses. */
export function thirdPartyInvoiceStatusOrdinal(status: string): number | undefined {
  const index = THIRD_PARTY_INVOICE_STATUSES.indexOf(status as ThirdPartyInvoiceStatus);
  return index >= 0 ? index : undefined;
}

export type StatusChipColor = 'success' | 'default' | 'info' | 'error';

export function thirdPartyInvoiceChipColor(status: string): StatusChipColor {
  switch (status) {
    case ThirdPartyInvoiceStatus.PAID_IN_FULL:
      return 'success';
    case ThirdPartyInvoiceStatus.SETTLED:
      return 'info';
    case ThirdPartyInvoiceStatus.RECEIVED:
      return 'error';
    default:
      return 'default';
  }
}

const SETTLED_ORDINAL = THIRD_PARTY_INVOICE_STATUSES.indexOf(ThirdPartyInvoiceStatus.SETTLED);

export function isThirdPartyInvoiceReadOnly(status: string): boolean {
  const ordinal = thirdPartyInvoiceStatusOrdinal(status);
  return ordinal !== undefined && ordinal >= SETTLED_ORDINAL;
}

export function nextThirdPartyInvoiceStatus(status: string): ThirdPartyInvoiceStatus | undefined {
  const ordinal = thirdPartyInvoiceStatusOrdinal(status);
  return ordinal === undefined ? undefined : THIRD_PARTY_INVOICE_STATUSES[ordinal + 1];
}

export function canTransitionThirdPartyInvoice(from: string, to: string): boolean {
  return isThirdPartyInvoiceStatus(to) && nextThirdPartyInvoiceStatus(from) === to;
}

/** The list, the detail, the edit and their reads: any one permission and any one role. */
export const THIRD_PARTY_INVOICE_ACCESS: AccessRequirement = {
  permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal, Permission.Admin],
  roles: [Role.Admin, Role.BillTo, Role.BillingInquiry, Role.AP, Role.AR],
};

/** Settling an invoice and marking it paid are the operator's steps (its Admin staff). */
export const THIRD_PARTY_INVOICE_OPERATOR_ACCESS: AccessRequirement = {
  permissions: [Permission.Admin],
  roles: [Role.Admin],
};

/** The statuses the operator moves an invoice to; RECEIVED is reached by submitting it. */
export const THIRD_PARTY_INVOICE_OPERATOR_STATUSES = [
  ThirdPartyInvoiceStatus.SETTLED,
  ThirdPartyInvoiceStatus.PAID_IN_FULL,
] as const;
export type ThirdPartyInvoiceOperatorStatus =
  (typeof THIRD_PARTY_INVOICE_OPERATOR_STATUSES)[number];

export function canOperatorMoveThirdPartyInvoice(from: string, to: string): boolean {
  return (
    (THIRD_PARTY_INVOICE_OPERATOR_STATUSES as readonly string[]).includes(to) &&
    canTransitionThirdPartyInvoice(from, to)
  );
}

/**
 * Invoice dates (the day an invoice was made) are calendar days in the operator's billing zone,
 * the same for every viewer, as on a paper invoice.
 */
export const THIRD_PARTY_INVOICE_DATE_TIME_ZONE = 'America/Chicago';

/**
 * Texts the spec leaves to us (docs/decisions/040): the detail's warning and notice, and the
 * server's refusals, which the invoice-update toast shows under its title.
 */
export const THIRD_PARTY_INVOICE_MESSAGES = {
  notEligible: 'This invoice is not eligible for processing via the Carrier Portal',
  notDelivered: 'This invoice cannot be submitted until the shipment is Delivered',
  readOnly: 'This invoice is settled and can no longer be changed',
  changedByOthers:
    'This invoice was changed by someone else. Reload it to see the latest version, then save again.',
  versionRequired:
    "Send the invoice's version (If-Match header or version field) so that a change made by someone else is not overwritten",
  numberOrAmountRequired: 'Enter an Invoice Number or an Invoice Amount',
  notUpdated: 'Invoice not updated',
} as const;

/** The external invoice number column holds 50 characters. */
export const EXTERNAL_INVOICE_NUMBER_MAX_LENGTH = 50;
/** Largest amount one invoice may carry, in dollars. */
export const EXTERNAL_INVOICE_AMOUNT_MAX = 9_999_999.99;
/** Portal invoice numbers ("TP800123"): letters, digits and hyphens. */
export const THIRD_PARTY_INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,50}$/;

/** Whether a path's invoice number can name an invoice at all ("Invoice number is not valid" otherwise). */
export function isValidThirdPartyInvoiceNumber(value: string | null | undefined): boolean {
  return typeof value === 'string' && THIRD_PARTY_INVOICE_NUMBER_PATTERN.test(value.trim());
}

/**
 * Auditable: the invoice was made under the payer's third-party billing settings, so the portal can
 * process it (the detail shows the Add Invoice form). Without them the invoice is shown for
 * reference only and cannot be submitted.
 */
export function isThirdPartyInvoiceAuditable(invoice: {
  readonly billingSettingsId: string | null;
}): boolean {
  return invoice.billingSettingsId !== null;
}

export interface ThirdPartyInvoiceWorkState {
  readonly status: string;
  readonly shipmentStatus: ShipmentStatus;
  readonly numberOfRequiredDocuments: number;
  readonly numberOfUploadedRequiredDocuments: number;
}

/**
 * Action required: the carrier has something to do now. The shipment is delivered and the invoice
 * is still open (DRAFT or RECEIVED), and either it has not been submitted yet (DRAFT) or a required
 * document is still missing. Nothing can be done before delivery, nor from SETTLED on.
 */
export function isThirdPartyInvoiceActionRequired(invoice: ThirdPartyInvoiceWorkState): boolean {
  if (isThirdPartyInvoiceReadOnly(invoice.status)) return false;
  if (!isThirdPartyInvoiceStatus(invoice.status)) return false;
  if (!isShipmentDelivered(invoice.shipmentStatus)) return false;
  return (
    invoice.status === ThirdPartyInvoiceStatus.DRAFT ||
    invoice.numberOfUploadedRequiredDocuments < invoice.numberOfRequiredDocuments
  );
}

export type ThirdPartyInvoiceEditRefusal = 'readOnly' | 'notEligible' | 'notDelivered';

/**
 * Why saving the external invoice number and amount is refused, or undefined when it is allowed.
 * Saving a DRAFT submits it, which needs a delivered shipment; a RECEIVED invoice may be corrected.
 */
export function thirdPartyInvoiceEditRefusal(invoice: {
  readonly status: string;
  readonly billingSettingsId: string | null;
  readonly shipmentStatus: ShipmentStatus;
}): ThirdPartyInvoiceEditRefusal | undefined {
  if (isThirdPartyInvoiceReadOnly(invoice.status)) return 'readOnly';
  if (!isThirdPartyInvoiceAuditable(invoice)) return 'notEligible';
  if (
    invoice.status === ThirdPartyInvoiceStatus.DRAFT &&
    !isShipmentDelivered(invoice.shipmentStatus)
  ) {
    return 'notDelivered';
  }
  return undefined;
}

/** Saving submits a DRAFT (it becomes RECEIVED); a RECEIVED invoice stays RECEIVED. */
export function thirdPartyInvoiceStatusAfterEdit(status: string): string {
  return status === ThirdPartyInvoiceStatus.DRAFT ? ThirdPartyInvoiceStatus.RECEIVED : status;
}

export const ThirdPartyInvoiceView = {
  ActionRequired: 'actionRequired',
  Draft: 'draft',
  Received: 'received',
  Settled: 'settled',
  All: 'all',
} as const;
export type ThirdPartyInvoiceView = ValueOf<typeof ThirdPartyInvoiceView>;

export interface ThirdPartyInvoiceViewParams {
  readonly status?: ThirdPartyInvoiceStatus;
  readonly actionRequired?: boolean;
  readonly isAuditable?: boolean;
}

export interface ThirdPartyInvoiceViewDefinition {
  readonly id: ThirdPartyInvoiceView;
  readonly label: string;
  readonly params: ThirdPartyInvoiceViewParams;
  /** Badges read totalCount only, so they ask for as few rows as the server allows. */
  readonly countPageSize: number;
}

export const THIRD_PARTY_INVOICE_VIEWS: readonly ThirdPartyInvoiceViewDefinition[] = [
  {
    id: ThirdPartyInvoiceView.ActionRequired,
    label: 'Action Required',
    params: { actionRequired: true, isAuditable: true },
    countPageSize: THIRD_PARTY_INVOICE_ACTION_REQUIRED_COUNT_PAGE_SIZE,
  },
  {
    id: ThirdPartyInvoiceView.Draft,
    label: 'Draft',
    params: { status: ThirdPartyInvoiceStatus.DRAFT },
    countPageSize: THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE,
  },
  {
    id: ThirdPartyInvoiceView.Received,
    label: 'Received',
    params: { status: ThirdPartyInvoiceStatus.RECEIVED },
    countPageSize: THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE,
  },
  {
    id: ThirdPartyInvoiceView.Settled,
    label: 'Settled',
    params: { status: ThirdPartyInvoiceStatus.SETTLED },
    countPageSize: THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE,
  },
  {
    id: ThirdPartyInvoiceView.All,
    label: 'All',
    params: {},
    countPageSize: THIRD_PARTY_INVOICE_COUNT_PAGE_SIZE,
  },
];

/** "Only Show Auditable" starts checked. */
export const THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE = true;

export const DateRangePreset = {
  Today: 'Today',
  Yesterday: 'Yesterday',
  ThisWeek: 'ThisWeek',
  Tomorrow: 'Tomorrow',
  Range: 'Range',
} as const;
export type DateRangePreset = ValueOf<typeof DateRangePreset>;

export const DATE_RANGE_PRESET_LABELS: Readonly<Record<DateRangePreset, string>> = {
  Today: 'Today',
  Yesterday: 'Yesterday',
  ThisWeek: 'This Week',
  Tomorrow: 'Tomorrow',
  Range: 'Range',
};

/** [start, end] inclusive; Range answers only when both pickers have a date. */
export function dateRangeForPreset(
  preset: DateRangePreset,
  today: IsoDate,
  range?: { readonly start?: IsoDate | null; readonly end?: IsoDate | null },
): IsoDateRange | undefined {
  switch (preset) {
    case DateRangePreset.Today:
      return [today, today];
    case DateRangePreset.Yesterday: {
      const yesterday = addDays(today, -1);
      return [yesterday, yesterday];
    }
    case DateRangePreset.Tomorrow: {
      const tomorrow = addDays(today, 1);
      return [tomorrow, tomorrow];
    }
    case DateRangePreset.ThisWeek:
      return weekContaining(today);
    case DateRangePreset.Range:
      return range?.start && range.end ? [range.start, range.end] : undefined;
  }
}

/** Amount due less fees and balances, in integer cents. */
export function balanceDue(amountCents: number, feesCents: number): number {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(feesCents)) {
    throw new RangeError('balanceDue takes integer cents');
  }
  return amountCents - feesCents;
}

/** A numeric-only amount field: anything that is not a plain decimal becomes empty. */
export function sanitizeInvoiceAmountInput(text: string): string {
  const trimmed = text.trim();
  return /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? trimmed : '';
}

export interface InvoiceFormValues {
  readonly invoiceNumber: string;
  readonly invoiceAmount: string;
}

/** Each field is required unless the other one is filled. */
export function isInvoiceFormValid(values: InvoiceFormValues): boolean {
  return values.invoiceNumber.trim() !== '' || values.invoiceAmount.trim() !== '';
}

export function canSubmitInvoiceForm(
  values: InvoiceFormValues,
  status: string,
  isSaving: boolean,
): boolean {
  return isInvoiceFormValid(values) && !isThirdPartyInvoiceReadOnly(status) && !isSaving;
}
