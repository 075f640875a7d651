import type {
  AccountingExportQuery,
  AccountingListQuery,
  ApInvoiceActionRequiredCount,
  ApInvoiceCountsAnswer,
  ApInvoiceDetail,
  ApInvoicePage,
  ApInvoicePayBody,
  ApInvoiceQuickPayBody,
  ApInvoiceSettleBody,
  ApInvoiceSubmitBody,
  ApInvoiceSummary,
} from '@portal/contract';
import {
  ACCOUNTING_ACCESS,
  AP_INVOICE_COUNT_GROUPS,
  AP_INVOICE_MESSAGES,
  AP_INVOICE_STATUS_DISPLAY_NAMES,
  AP_REFERENCE_PATTERN,
  AccountingFilterStatus,
  ApInvoiceOperatorAction,
  ApInvoiceStatus,
  AP_INVOICE_STATUS_FILTER_VALUES,
  INVOICE_MESSAGES,
  QUICK_PAY_TERMS,
  SERVICE_LEVEL_DISPLAY_NAMES,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
  apInvoiceCountWindow,
  apInvoiceDateRange,
  apInvoiceDueDate,
  apInvoiceOperatorStep,
  apInvoiceSubmitRefusal,
  apPayStatus,
  canChooseQuickPay,
  isoDateInZone,
  quickPayFeeCents,
  type ApInvoiceCountGroup,
  type ApInvoiceDateFilterType,
  type ApInvoiceStatus as ApInvoiceStatusValue,
  type IsoDate,
  type IsoDateRange,
  type ShipmentStatus,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { HttpProblem, forbidden, invalidField, notFound } from '../../shared/http/errors';
import { toCsv } from '../../shared/http/csv';
import { NotificationKind, notifyPeople, usersWithAccess } from '../../shared/notifications/notify';
import { requiredVersion, type VersionedChange } from '../../shared/http/versions';
import * as repository from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The CSV export stops here: a spreadsheet of a season, not of the whole history. */
export const AP_INVOICE_EXPORT_LIMIT = 5_000;

const dollars = (cents: number | string) => Number(cents) / 100;
const todayOf = (now: Date) => isoDateInZone(now, THIRD_PARTY_INVOICE_DATE_TIME_ZONE);

/** A refusal the invoice toasts can show: a short title and the reason under it. */
function refused(reason: string, field: string, status = 409) {
  return new HttpProblem(status, AP_INVOICE_MESSAGES.notUpdated, reason, { [field]: [reason] });
}

// ---- Reading ----

function dateRange(
  field: 'shipment' | 'invoice',
  type: string | undefined,
  start: string | undefined,
  end: string | undefined,
  today: string,
): IsoDateRange | undefined {
  if (start && end && end < start)
    throw invalidField(`${field}EndDate`, `${field}EndDate must not be before ${field}StartDate`);
  if (!type) {
    // Dates without a type are a range; one end alone is open on the other side.
    if (!start && !end) return undefined;
    return [start ?? '0001-01-01', end ?? '9999-12-31'];
  }
  const range = apInvoiceDateRange(type as ApInvoiceDateFilterType, today, { start, end });
  if (!range)
    throw invalidField(
      `${field}StartDate`,
      `A ${field} date Range needs ${field}StartDate and ${field}EndDate`,
    );
  return range;
}

function filterOf(query: AccountingExportQuery, now: Date): repository.ApInvoiceFilter {
  const today = todayOf(now);
  return {
    status: (query.status ?? AccountingFilterStatus.All) as AccountingFilterStatus,
    searchTerm: query.searchTerm?.trim() || undefined,
    shipmentDates: dateRange(
      'shipment',
      query.shipmentDate,
      query.shipmentStartDate,
      query.shipmentEndDate,
      today,
    ),
    invoiceDates: dateRange(
      'invoice',
      query.invoiceDate,
      query.invoiceStartDate,
      query.invoiceEndDate,
      today,
    ),
  };
}

function summaryOf(row: repository.ApInvoiceRow): ApInvoiceSummary {
  const payment =
    row.checkNumber && row.paymentDate
      ? {
          checkNumber: row.checkNumber,
          paymentDate: row.paymentDate,
          paymentMethod: row.paymentMethod ?? 'Check',
        }
      : null;
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    apInvoiceStatus: {
      value: row.status,
      displayName: AP_INVOICE_STATUS_DISPLAY_NAMES[row.status as ApInvoiceStatusValue] ?? '',
    },
    shipmentId: row.shipmentId,
    shipmentNumber: row.shipmentNumber,
    shipmentStatus: row.shipmentStatus,
    lane: {
      originCity: row.originCity,
      originState: row.originState,
      destinationCity: row.destinationCity,
      destinationState: row.destinationState,
    },
    shipmentDate: row.shipmentDate,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    carrierInvoiceNumber: row.carrierInvoiceNumber,
    invoiceAmount: dollars(row.invoiceAmountCents),
    quickPayFee: dollars(row.quickPayFeeCents),
    serviceLevel: row.serviceLevel,
    carrier: { id: row.carrierCompanyId, name: row.carrierName },
    remitTo:
      row.factoringCompanyId && row.factorName
        ? { id: row.factoringCompanyId, name: row.factorName }
        : null,
    payment,
    payStatus: apPayStatus({
      status: row.status,
      shipmentStatus: (row.shipmentStatus ?? -1) as ShipmentStatus,
      missingProofOfDelivery: Number(row.missingProofOfDelivery ?? 0),
      receivedOn: row.invoiceDate,
      dueDate: row.dueDate,
      payment,
    }),
    shipmentCount: 1,
  };
}

/** GET api/v2/ap_invoices: one page of the caller's invoices, 50 a page. */
export async function apInvoiceList(
  ctx: AppContext,
  caller: Caller,
  query: AccountingListQuery,
  now = new Date(),
): Promise<ApInvoicePage> {
  const filter = filterOf(query, now);
  const { page, pageSize } = query;
  return ctx.db.tenant(
    caller.scope,
    async (tx) => {
      const totalCount = await repository.countApInvoices(tx, caller.scope, filter);
      const offset = (page - 1) * pageSize;
      const rows =
        offset >= totalCount
          ? []
          : await repository.pageOfApInvoices(tx, caller.scope, filter, {
              offset,
              limit: pageSize,
            });
      return { data: rows.map(summaryOf), page, pageSize, totalCount };
    },
    // Without a search text the list plans alike for every page (decision 220).
    { genericPlans: !filter.searchTerm },
  );
}

/** GET api/v2/ap_invoices/csv: the same filters, every matching invoice (up to 5,000). */
export async function apInvoiceCsv(
  ctx: AppContext,
  caller: Caller,
  query: AccountingExportQuery,
  now = new Date(),
): Promise<string> {
  const filter = filterOf(query, now);
  const rows = await ctx.db.tenant(caller.scope, (tx) =>
    repository.pageOfApInvoices(tx, caller.scope, filter, {
      offset: 0,
      limit: AP_INVOICE_EXPORT_LIMIT,
    }),
  );
  return toCsv(
    [
      'Invoice Number',
      'Status',
      'Pay Status',
      'Shipment Number',
      'Shipment Date',
      'Origin',
      'Destination',
      'Carrier Invoice Number',
      'Invoice Date',
      'Due Date',
      'Invoice Amount',
      'Quick Pay Fee',
      'Carrier',
      'Remit To',
      'Check Number',
      'Payment Date',
    ],
    rows
      .map(summaryOf)
      .map((invoice) => [
        invoice.invoiceNumber,
        invoice.apInvoiceStatus.displayName,
        invoice.payStatus.text,
        invoice.shipmentNumber,
        invoice.shipmentDate,
        [invoice.lane.originCity, invoice.lane.originState].filter(Boolean).join(', '),
        [invoice.lane.destinationCity, invoice.lane.destinationState].filter(Boolean).join(', '),
        invoice.carrierInvoiceNumber,
        invoice.invoiceDate,
        invoice.dueDate,
        invoice.invoiceAmount.toFixed(2),
        invoice.quickPayFee.toFixed(2),
        invoice.carrier.name,
        invoice.remitTo?.name ?? null,
        invoice.payment?.checkNumber ?? null,
        invoice.payment?.paymentDate ?? null,
      ]),
  );
}

async function detailOf(
  ctx: AppContext,
  caller: Caller,
  key: { id?: string; number?: string },
  now: Date,
): Promise<ApInvoiceDetail> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findApInvoice(tx, caller.scope, key);
    if (!row) throw notFound('Invoice');
    const charges = await repository.chargesOf(tx, row.id);
    const today = todayOf(now);
    return {
      ...summaryOf(row),
      charges: charges.map((charge) => ({
        id: charge.id,
        description: charge.description,
        chargeTypeName: charge.chargeTypeName,
        rate: dollars(charge.rateCents),
        units: Number(charge.units),
        caseId: charge.caseId,
        caseNumber: charge.caseNumber,
      })),
      missingProofOfDelivery: Number(row.missingProofOfDelivery ?? 0),
      quickPayOptions: canChooseQuickPay(row.status)
        ? QUICK_PAY_TERMS.map((terms) => {
            const fee = quickPayFeeCents(Number(row.invoiceAmountCents), terms.serviceLevel);
            return {
              serviceLevel: terms.serviceLevel,
              name: SERVICE_LEVEL_DISPLAY_NAMES[terms.serviceLevel],
              fee: dollars(fee),
              netAmount: dollars(Number(row.invoiceAmountCents) - fee),
              payDate: apInvoiceDueDate(terms.serviceLevel, row.invoiceDate, today),
            };
          })
        : [],
      version: row.version,
    };
  });
}

/** GET api/v2/ap_invoices/{invoiceNumber or id}. */
export async function apInvoiceDetail(
  ctx: AppContext,
  caller: Caller,
  key: string,
  now = new Date(),
): Promise<ApInvoiceDetail> {
  const trimmed = key.trim();
  if (UUID.test(trimmed)) return detailOf(ctx, caller, { id: trimmed.toLowerCase() }, now);
  if (!AP_REFERENCE_PATTERN.test(trimmed))
    throw invalidField('invoiceNumber', INVOICE_MESSAGES.invalidInvoiceNumber);
  return detailOf(ctx, caller, { number: trimmed }, now);
}

// ---- Changes ----

type ChangeRequest = Omit<VersionedChange<unknown>, 'body'>;

const versionOf = (ifMatch: string | undefined, bodyVersion: number | undefined) =>
  requiredVersion(ifMatch, bodyVersion, 'invoice', AP_INVOICE_MESSAGES.versionRequired);

/**
 * Runs a change on the locked invoice: the version must be the one the caller read, the new
 * version is written with it, and the change is audited; answers the invoice as it now is.
 */
async function change(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { version: number; action: string },
  decide: (
    tx: Tx,
    invoice: repository.LockedApInvoice,
  ) => Promise<repository.ApInvoiceChanges & { after?: () => Promise<void> }>,
  now: Date,
): Promise<ApInvoiceDetail> {
  await ctx.db.tenant(caller.scope, async (tx) => {
    const invoice = await repository.lockApInvoice(tx, caller.scope, request.id);
    if (!invoice) {
      // Row-level security lets a factoring company read its invoices but not lock them.
      if (await repository.isApInvoiceVisible(tx, caller.scope, request.id)) throw forbidden();
      throw notFound('Invoice');
    }
    if (invoice.version !== request.version)
      throw refused(AP_INVOICE_MESSAGES.changedByOthers, 'version');
    const { after, ...changes } = await decide(tx, invoice);
    const version = await repository.updateApInvoice(tx, invoice.id, request.version, changes);
    if (version === undefined) throw refused(AP_INVOICE_MESSAGES.changedByOthers, 'version');
    await after?.();
    await repository.recordAudit(tx, caller.scope, {
      action: request.action,
      invoiceId: invoice.id,
      requestId: request.requestId,
      detail: { from: invoice.status, to: changes.status ?? invoice.status, version },
    });
  });
  return detailOf(ctx, caller, { id: request.id }, now);
}

function assertCarrier(caller: Caller) {
  // Only the carrier that billed the load submits its invoice and chooses how it is paid.
  if (caller.companyKind !== 'carrier' || caller.driverId) throw forbidden();
}

function assertOperator(caller: Caller) {
  if (caller.companyKind !== 'operator') throw forbidden();
}

function amountCents(amount: number): number {
  const cents = amount * 100;
  if (!Number.isFinite(amount) || amount <= 0 || Math.abs(cents - Math.round(cents)) > 1e-6)
    throw invalidField('invoiceAmount', AP_INVOICE_MESSAGES.amountInvalid);
  return Math.round(cents);
}

/** PATCH api/v2/ap_invoices/{id}: the carrier submits its invoice number and amount (Draft to Received). */
export async function submitApInvoice(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: ApInvoiceSubmitBody },
  now = new Date(),
): Promise<ApInvoiceDetail> {
  const number = request.body.carrierInvoiceNumber.trim();
  if (!number) throw invalidField('carrierInvoiceNumber', AP_INVOICE_MESSAGES.numberRequired);
  if (CONTROL_CHARACTERS.test(number))
    throw invalidField(
      'carrierInvoiceNumber',
      'carrierInvoiceNumber must not contain control characters',
    );
  const cents = amountCents(request.body.invoiceAmount);
  const version = versionOf(request.ifMatch, request.body.version);
  const today = todayOf(now);
  return change(
    ctx,
    caller,
    { ...request, version, action: 'ap_invoice.submitted' },
    async (tx, invoice) => {
      assertCarrier(caller);
      const refusal = apInvoiceSubmitRefusal({
        status: invoice.status,
        shipmentStatus: (invoice.shipmentStatus ?? -1) as ShipmentStatus,
        missingProofOfDelivery: invoice.missingProofOfDelivery,
      });
      if (refusal === 'notDraft') throw refused(AP_INVOICE_MESSAGES.notDraft, 'status');
      if (refusal === 'notDelivered') throw refused(AP_INVOICE_MESSAGES.notDelivered, 'shipment');
      if (refusal === 'noProofOfDelivery')
        throw refused(AP_INVOICE_MESSAGES.noProofOfDelivery, 'proofOfDelivery');
      if (
        await repository.carrierInvoiceNumberTaken(tx, invoice.carrierCompanyId, number, invoice.id)
      )
        throw refused(AP_INVOICE_MESSAGES.numberUsed, 'carrierInvoiceNumber');
      return {
        status: ApInvoiceStatus.Received,
        carrierInvoiceNumber: number,
        invoiceAmountCents: cents,
        invoiceDate: today,
        dueDate: apInvoiceDueDate(invoice.serviceLevel, today, today),
        quickPayFeeCents: quickPayFeeCents(cents, invoice.serviceLevel),
        received: true,
      };
    },
    now,
  );
}

/** PUT api/v2/ap_invoices/{id}/quick_pay: Quick Pay (2), Small Carrier Quick Pay (3) or back to Standard (0). */
export async function chooseQuickPay(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: ApInvoiceQuickPayBody },
  now = new Date(),
): Promise<ApInvoiceDetail> {
  const version = versionOf(request.ifMatch, request.body.version);
  const level = request.body.serviceLevel;
  const today = todayOf(now);
  return change(
    ctx,
    caller,
    { ...request, version, action: 'ap_invoice.service_level_changed' },
    async (_tx, invoice) => {
      assertCarrier(caller);
      if (!canChooseQuickPay(invoice.status))
        throw refused(AP_INVOICE_MESSAGES.quickPayClosed, 'serviceLevel');
      const received = invoice.status === ApInvoiceStatus.Received;
      return {
        serviceLevel: level,
        quickPayFeeCents: quickPayFeeCents(Number(invoice.invoiceAmountCents), level),
        ...(received ? { dueDate: apInvoiceDueDate(level, invoice.invoiceDate, today) } : {}),
      };
    },
    now,
  );
}

function statusName(status: number) {
  return AP_INVOICE_STATUS_DISPLAY_NAMES[status as ApInvoiceStatusValue] ?? String(status);
}

function assertStep(invoice: repository.LockedApInvoice, action: ApInvoiceOperatorAction) {
  const step = apInvoiceOperatorStep(action);
  if (invoice.status !== step.from)
    throw refused(
      `This invoice is ${statusName(invoice.status)} and cannot become ${statusName(step.to)}: invoices move Draft, Received, Settled, Paid in Full, one step at a time`,
      'status',
    );
  return step;
}

async function tellCarrierAndFactor(
  tx: Tx,
  caller: Caller,
  invoice: repository.LockedApInvoice,
  title: string,
  body: string,
) {
  const companies = [invoice.carrierCompanyId, invoice.factoringCompanyId].filter(
    (id): id is string => id !== null,
  );
  await notifyPeople(tx, await usersWithAccess(tx, companies, ACCOUNTING_ACCESS), {
    kind: NotificationKind.InvoiceStatusChanged,
    title,
    body: `${caller.companyName}: ${body}`,
    link: `/accounting/${invoice.invoiceNumber}/preview`,
  });
}

/** POST api/v2/ap_invoices/{id}/settle: the operator approves a received invoice for payment. */
export async function settleApInvoice(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: ApInvoiceSettleBody },
  now = new Date(),
): Promise<ApInvoiceDetail> {
  assertOperator(caller);
  const version = versionOf(request.ifMatch, request.body.version);
  const today = todayOf(now);
  return change(
    ctx,
    caller,
    { ...request, version, action: 'ap_invoice.settled' },
    async (tx, invoice) => {
      const step = assertStep(invoice, ApInvoiceOperatorAction.Settle);
      const dueDate = apInvoiceDueDate(invoice.serviceLevel, invoice.invoiceDate, today);
      return {
        status: step.to,
        dueDate,
        settled: true,
        after: () =>
          tellCarrierAndFactor(
            tx,
            caller,
            invoice,
            `Invoice ${invoice.invoiceNumber} approved`,
            `invoice ${invoice.invoiceNumber} is approved and scheduled for payment on ${dueDate}.`,
          ),
      };
    },
    now,
  );
}

/** POST api/v2/ap_invoices/{id}/pay: the operator pays a settled invoice by check; writes the remittance. */
export async function payApInvoice(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: ApInvoicePayBody },
  now = new Date(),
): Promise<ApInvoiceDetail> {
  assertOperator(caller);
  const checkNumber = request.body.checkNumber.trim();
  if (!AP_REFERENCE_PATTERN.test(checkNumber))
    throw invalidField('checkNumber', 'The check number may hold letters, digits and hyphens only');
  const version = versionOf(request.ifMatch, request.body.version);
  return change(
    ctx,
    caller,
    { ...request, version, action: 'ap_invoice.paid' },
    async (tx, invoice) => {
      const step = assertStep(invoice, ApInvoiceOperatorAction.Pay);
      if (await repository.checkNumberTaken(tx, checkNumber))
        throw refused(AP_INVOICE_MESSAGES.checkNumberUsed, 'checkNumber');
      const netCents = Number(invoice.invoiceAmountCents) - Number(invoice.quickPayFeeCents);
      return {
        status: step.to,
        paid: true,
        after: async () => {
          await repository.insertPayment(tx, {
            checkNumber,
            carrierCompanyId: invoice.carrierCompanyId,
            payeeCompanyId: invoice.factoringCompanyId ?? invoice.carrierCompanyId,
            paymentDate: request.body.paymentDate,
            amountCents: netCents,
            invoiceId: invoice.id,
          });
          await tellCarrierAndFactor(
            tx,
            caller,
            invoice,
            `Invoice ${invoice.invoiceNumber} paid`,
            `invoice ${invoice.invoiceNumber} was paid by check ${checkNumber} on ${request.body.paymentDate}.`,
          );
        },
      };
    },
    now,
  );
}

// ---- Counts ----

const GROUP_FILTERS: Record<ApInvoiceCountGroup, AccountingFilterStatus> = {
  active: AP_INVOICE_STATUS_FILTER_VALUES[AP_INVOICE_COUNT_GROUPS.active],
  actionRequired: AP_INVOICE_STATUS_FILTER_VALUES[AP_INVOICE_COUNT_GROUPS.actionRequired],
  inProcess: AP_INVOICE_STATUS_FILTER_VALUES[AP_INVOICE_COUNT_GROUPS.inProcess],
  paid: AP_INVOICE_STATUS_FILTER_VALUES[AP_INVOICE_COUNT_GROUPS.paid],
};

/** A quick filter's count as the list filters it (All and Paid over the last 60 days). */
const groupFilter = (group: ApInvoiceCountGroup, today: IsoDate): repository.ApInvoiceFilter => ({
  status: GROUP_FILTERS[group],
  shipmentDates: apInvoiceCountWindow(group, today),
});

/**
 * GET api/v2/invoices/counts/action_required: what the navigation shows, without the three counts
 * the Accounting page's quick filters add (they read thousands of index entries each).
 */
export async function apInvoiceActionRequiredCount(
  ctx: AppContext,
  caller: Caller,
  now = new Date(),
): Promise<ApInvoiceActionRequiredCount> {
  if (caller.scope.driverId) return { data: { actionRequired: 0 } };
  const filter = groupFilter('actionRequired', todayOf(now));
  const actionRequired = await ctx.db.tenant(
    caller.scope,
    (tx) => repository.countApInvoices(tx, caller.scope, filter),
    { genericPlans: true, readOnly: true },
  );
  return { data: { actionRequired } };
}

/** GET api/v2/invoices/counts: the quick-filter counts (All and Paid over the last 60 days). */
export async function apInvoiceCounts(
  ctx: AppContext,
  caller: Caller,
  now = new Date(),
): Promise<ApInvoiceCountsAnswer> {
  const counts = { active: 0, actionRequired: 0, inProcess: 0, paid: 0 };
  if (caller.scope.driverId) return { data: counts };
  const today = todayOf(now);
  const filters = Object.fromEntries(
    (Object.keys(GROUP_FILTERS) as ApInvoiceCountGroup[]).map((group) => [
      group,
      groupFilter(group, today),
    ]),
  ) as Record<ApInvoiceCountGroup, repository.ApInvoiceFilter>;
  // The four counts by company, status and date in one statement, planned once per connection
  // (decision 220).
  const data = await ctx.db.tenant(
    caller.scope,
    (tx) => repository.countApInvoicesByFilter(tx, caller.scope, filters),
    { genericPlans: true, readOnly: true },
  );
  return { data };
}
