import {
  INVOICE_MESSAGES,
  SHIPMENT_MESSAGES,
  THIRD_PARTY_INVOICE_MESSAGES,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
  ThirdPartyInvoiceStatus,
  canOperatorMoveThirdPartyInvoice,
  isValidThirdPartyInvoiceNumber,
  shipmentStatusDisplayName,
  thirdPartyInvoiceEditRefusal,
  thirdPartyInvoiceStatusAfterEdit,
  type ShipmentStatus,
  type ThirdPartyInvoiceEditRefusal,
  type ThirdPartyInvoiceStatus as ThirdPartyInvoiceStatusValue,
  THIRD_PARTY_INVOICE_ACCESS,
} from '@portal/domain';
import type {
  InvoiceDetail,
  InvoiceDetailPage,
  InvoiceShipment,
  InvoiceStatusBody,
  InvoiceUpdateBody,
  ThirdPartyInvoiceFindQuery,
  ThirdPartyInvoicePage,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import { requiredVersion, type VersionedChange } from '../../shared/http/versions';
import type { Caller } from '../../shared/auth/caller';
import { isoString } from '../../shared/shipments/present';
import {
  HttpProblem,
  forbidden,
  invalidField,
  notFound,
  type FieldErrors,
} from '../../shared/http/errors';
import * as repository from './repository';
import { NotificationKind, notifyPeople, usersWithAccess } from '../../shared/notifications/notify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const dollars = (cents: number) => cents / 100;

/** A refusal the invoice-update toast can show: a short title and the reason under it. */
function refused(reason: string, field: string) {
  return new HttpProblem(409, THIRD_PARTY_INVOICE_MESSAGES.notUpdated, reason, {
    [field]: [reason],
  });
}

const EDIT_REFUSALS: Record<ThirdPartyInvoiceEditRefusal, { message: string; field: string }> = {
  readOnly: { message: THIRD_PARTY_INVOICE_MESSAGES.readOnly, field: 'status' },
  notEligible: {
    message: THIRD_PARTY_INVOICE_MESSAGES.notEligible,
    field: 'thirdPartPayerBillingSettingsId',
  },
  notDelivered: { message: THIRD_PARTY_INVOICE_MESSAGES.notDelivered, field: 'shipment' },
};

// ---- Find ----

function filtersOf(query: ThirdPartyInvoiceFindQuery): repository.InvoiceFilters {
  const errors: FieldErrors = {};
  if (
    query.invoiceDateStart &&
    query.invoiceDateEnd &&
    query.invoiceDateEnd < query.invoiceDateStart
  ) {
    errors.invoiceDateEnd = ['invoiceDateEnd must not be before invoiceDateStart'];
  }
  if (query.loadDateStart && query.loadDateEnd && query.loadDateEnd < query.loadDateStart) {
    errors.loadDateEnd = ['loadDateEnd must not be before loadDateStart'];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpProblem(400, 'One or more validation errors occurred.', first, errors);
  return {
    status: query.status,
    query: query.query?.trim() || undefined,
    invoiceDateStart: query.invoiceDateStart,
    invoiceDateEnd: query.invoiceDateEnd,
    loadDateStart: query.loadDateStart,
    loadDateEnd: query.loadDateEnd,
    isAuditable: query.isAuditable,
    actionRequired: query.actionRequired === true,
  };
}

const statusOf = (status: string) => ({
  status: status as ThirdPartyInvoiceStatusValue,
  description: THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[status as ThirdPartyInvoiceStatusValue],
});

/** GET api/v1/third_party_payer_invoices: one page of cards and the total (pageSize 0: the total only). */
export async function findThirdPartyInvoices(
  ctx: AppContext,
  caller: Caller,
  query: ThirdPartyInvoiceFindQuery,
): Promise<ThirdPartyInvoicePage> {
  const filters = filtersOf(query);
  const { rows, totalCount } = await ctx.db.tenant(
    caller.scope,
    (tx) =>
      repository.countAndPageOfInvoices(tx, caller.scope, filters, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }),
    { readOnly: true },
  );
  return {
    data: rows.map((row) => ({
      invoiceId: row.id,
      invoiceNumber: row.invoiceNumber,
      shipmentNumber: row.shipmentNumber,
      customerName: row.customerName,
      carrierLogoURL: row.carrierLogoDocumentId
        ? `/api/v1/documents/${row.carrierLogoDocumentId}`
        : null,
      status: statusOf(row.status),
      dueDateTimeStamp: row.dueDate,
      createDateTimeStamp: isoString(row.createdAt),
      invoiceAmount: dollars(row.invoiceAmountCents),
      feeAndBalance: dollars(row.feeAndBalanceCents),
      shipmentStatus:
        row.shipmentStatus === null
          ? { value: null, description: '' }
          : {
              value: row.shipmentStatus,
              description: shipmentStatusDisplayName(row.shipmentStatus as ShipmentStatus),
            },
      numberOfRequiredDocuments: row.numberOfRequiredDocuments,
      numberOfUploadedRequiredDocuments: row.numberOfUploadedRequiredDocuments,
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}

// ---- Details ----

async function detailsOf(
  tx: Tx,
  caller: Caller,
  keys: { ids?: readonly string[]; invoiceNumber?: string },
): Promise<InvoiceDetail[]> {
  const rows = await repository.invoiceDetails(tx, caller.scope, keys);
  const charges = await repository.chargesOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    shipmentId: row.shipmentId,
    externalInvoiceNumber: row.externalInvoiceNumber,
    externalInvoiceAmount:
      row.externalInvoiceAmountCents === null ? null : dollars(row.externalInvoiceAmountCents),
    thirdPartPayerBillingSettingsId: row.billingSettingsId,
    status: row.status as ThirdPartyInvoiceStatusValue,
    balance: dollars(row.invoiceAmountCents - row.feeAndBalanceCents),
    total: dollars(row.invoiceAmountCents),
    factoringCompany:
      row.factoringCompanyId && row.factoringCompanyName
        ? { id: row.factoringCompanyId, name: row.factoringCompanyName }
        : null,
    charges: charges
      .filter((charge) => charge.thirdPartyInvoiceId === row.id)
      .map((charge) => ({
        id: charge.id,
        description: charge.description,
        chargeTypeName: charge.chargeTypeName,
        rate: dollars(charge.rateCents),
        units: charge.units,
      })),
    version: row.version,
  }));
}

/** Details by the invoice number the detail screen's route carries. */
export async function invoiceByNumber(
  ctx: AppContext,
  caller: Caller,
  invoiceNumber: string,
): Promise<InvoiceDetail> {
  if (!isValidThirdPartyInvoiceNumber(invoiceNumber)) {
    throw invalidField('invoiceNumber', INVOICE_MESSAGES.invalidInvoiceNumber);
  }
  const [detail] = await ctx.db.tenant(caller.scope, (tx) =>
    detailsOf(tx, caller, { invoiceNumber: invoiceNumber.trim() }),
  );
  if (!detail) throw notFound('Invoice');
  return detail;
}

export async function invoiceById(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<InvoiceDetail> {
  const [detail] = await ctx.db.tenant(caller.scope, (tx) => detailsOf(tx, caller, { ids: [id] }));
  if (!detail) throw notFound('Invoice');
  return detail;
}

/** GET api/v2/invoices: the same find, answering invoice details (docs/decisions/043). */
export async function listInvoiceDetails(
  ctx: AppContext,
  caller: Caller,
  query: ThirdPartyInvoiceFindQuery,
): Promise<InvoiceDetailPage> {
  const filters = filtersOf(query);
  return ctx.db.tenant(
    caller.scope,
    async (tx) => {
      const { totalCount, rows: cards } = await repository.countAndPageOfInvoices(
        tx,
        caller.scope,
        filters,
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      if (cards.length === 0)
        return { data: [], page: query.page, pageSize: query.pageSize, totalCount };
      const details = await detailsOf(tx, caller, { ids: cards.map((card) => card.id) });
      const byId = new Map(details.map((detail) => [detail.id, detail]));
      return {
        data: cards.flatMap((card) => byId.get(card.id) ?? []),
        page: query.page,
        pageSize: query.pageSize,
        totalCount,
      };
    },
    { readOnly: true },
  );
}

// ---- Changes ----

type ChangeRequest = Omit<VersionedChange<unknown>, 'body'>;

/** The version the client last read: If-Match ("3") or the body's version; both must agree. */
const expectedVersion = (ifMatch: string | undefined, bodyVersion: number | undefined) =>
  requiredVersion(ifMatch, bodyVersion, 'invoice', THIRD_PARTY_INVOICE_MESSAGES.versionRequired);

/**
 * PATCH api/v2/invoices/{id}: the carrier's invoice number and amount. Saving a DRAFT submits it
 * (RECEIVED, with its due date from the payer's terms), which needs a delivered shipment; a
 * RECEIVED invoice may be corrected; from SETTLED on nothing changes (docs/decisions/042).
 */
export async function updateInvoice(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: InvoiceUpdateBody },
): Promise<InvoiceDetail> {
  const { body } = request;
  if (body.invoiceId !== request.id) {
    throw invalidField('invoiceId', 'invoiceId must be the id of the invoice in the path');
  }
  const externalInvoiceNumber = body.externalInvoiceNumber?.trim() || undefined;
  if (externalInvoiceNumber !== undefined && CONTROL_CHARACTERS.test(externalInvoiceNumber)) {
    throw invalidField(
      'externalInvoiceNumber',
      'externalInvoiceNumber must not contain control characters',
    );
  }
  let externalInvoiceAmountCents: number | undefined;
  if (body.externalInvoiceAmount !== undefined) {
    const cents = body.externalInvoiceAmount * 100;
    if (Math.abs(cents - Math.round(cents)) > 1e-6) {
      throw invalidField(
        'externalInvoiceAmount',
        'externalInvoiceAmount must have at most two decimal places',
      );
    }
    externalInvoiceAmountCents = Math.round(cents);
  }
  if (externalInvoiceNumber === undefined && externalInvoiceAmountCents === undefined) {
    const message = THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired;
    throw new HttpProblem(400, 'One or more validation errors occurred.', message, {
      externalInvoiceNumber: [message],
      externalInvoiceAmount: [message],
    });
  }
  const version = expectedVersion(request.ifMatch, body.version);

  return ctx.db.tenant(caller.scope, async (tx) => {
    const invoice = await repository.lockInvoice(tx, caller.scope, request.id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.version !== version) {
      throw refused(THIRD_PARTY_INVOICE_MESSAGES.changedByOthers, 'version');
    }
    const refusal = thirdPartyInvoiceEditRefusal({
      status: invoice.status,
      billingSettingsId: invoice.billingSettingsId,
      shipmentStatus: (invoice.shipmentStatus ?? -1) as ShipmentStatus,
    });
    if (refusal) throw refused(EDIT_REFUSALS[refusal].message, EDIT_REFUSALS[refusal].field);
    const status = thirdPartyInvoiceStatusAfterEdit(invoice.status);
    const submitted = status !== invoice.status;
    const newVersion = await repository.updateInvoice(tx, invoice.id, version, {
      ...(externalInvoiceNumber !== undefined ? { externalInvoiceNumber } : {}),
      ...(externalInvoiceAmountCents !== undefined ? { externalInvoiceAmountCents } : {}),
      status,
      ...(submitted ? { received: { termsDays: invoice.paymentTermsDays } } : {}),
    });
    if (newVersion === undefined)
      throw refused(THIRD_PARTY_INVOICE_MESSAGES.changedByOthers, 'version');
    await repository.recordAudit(tx, caller.scope, {
      action: submitted ? 'third_party_invoice.submitted' : 'third_party_invoice.updated',
      invoiceId: invoice.id,
      requestId: request.requestId,
      detail: {
        from: invoice.status,
        to: status,
        version: newVersion,
        fields: [
          ...(externalInvoiceNumber !== undefined ? ['externalInvoiceNumber'] : []),
          ...(externalInvoiceAmountCents !== undefined ? ['externalInvoiceAmount'] : []),
        ],
      },
    });
    const [detail] = await detailsOf(tx, caller, { ids: [invoice.id] });
    return detail!;
  });
}

/** PUT api/v2/invoices/{id}/status: the operator settles an invoice, then marks it paid in full. */
export async function changeInvoiceStatus(
  ctx: AppContext,
  caller: Caller,
  request: ChangeRequest & { body: InvoiceStatusBody },
): Promise<InvoiceDetail> {
  if (caller.companyKind !== 'operator') throw forbidden();
  const version = expectedVersion(request.ifMatch, request.body.version);
  const wanted = request.body.status;
  return ctx.db.tenant(caller.scope, async (tx) => {
    const invoice = await repository.lockInvoice(tx, caller.scope, request.id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.version !== version) {
      throw refused(THIRD_PARTY_INVOICE_MESSAGES.changedByOthers, 'version');
    }
    if (!canOperatorMoveThirdPartyInvoice(invoice.status, wanted)) {
      const from =
        THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[invoice.status as ThirdPartyInvoiceStatusValue] ??
        invoice.status;
      throw refused(
        `This invoice is ${from} and cannot become ${THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[wanted]}: invoices move Draft, Received, Settled, Paid in Full, one step at a time`,
        'status',
      );
    }
    const newVersion = await repository.updateInvoice(tx, invoice.id, version, {
      status: wanted,
      settled: wanted === ThirdPartyInvoiceStatus.SETTLED,
      paid: wanted === ThirdPartyInvoiceStatus.PAID_IN_FULL,
    });
    if (newVersion === undefined)
      throw refused(THIRD_PARTY_INVOICE_MESSAGES.changedByOthers, 'version');
    await repository.recordAudit(tx, caller.scope, {
      action: 'third_party_invoice.status_changed',
      invoiceId: invoice.id,
      requestId: request.requestId,
      detail: { from: invoice.status, to: wanted, version: newVersion },
    });
    // The carrier's billing people, and the factor the invoice is remitted to, hear of it.
    const companies = [invoice.carrierCompanyId, invoice.factoringCompanyId].filter(
      (id): id is string => id !== null,
    );
    const statusName = THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES[wanted];
    await notifyPeople(tx, await usersWithAccess(tx, companies, THIRD_PARTY_INVOICE_ACCESS), {
      kind: NotificationKind.InvoiceStatusChanged,
      title: `Invoice ${invoice.invoiceNumber} ${statusName}`,
      body: `${caller.companyName} marked invoice ${invoice.invoiceNumber} for shipment ${invoice.shipmentNumber} ${statusName}.`,
      link: `/third-party-payer-invoices/${invoice.invoiceNumber}/preview`,
    });
    const [detail] = await detailsOf(tx, caller, { ids: [invoice.id] });
    return detail!;
  });
}

// ---- The invoice's shipment ----

/** Shipment detail for the invoice, from the invoice's shipmentId. */
export async function shipmentForInvoice(
  ctx: AppContext,
  caller: Caller,
  shipmentId: string,
): Promise<InvoiceShipment> {
  if (!UUID.test(shipmentId.trim())) {
    throw invalidField('shipmentId', SHIPMENT_MESSAGES.invalidShipmentId);
  }
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    repository.shipmentForInvoice(tx, caller.scope, shipmentId.trim().toLowerCase()),
  );
  if (!row) throw notFound('Shipment');
  return {
    id: row.id,
    shipmentNumber: row.shipmentNumber,
    status: {
      value: row.status,
      displayName: shipmentStatusDisplayName(row.status as ShipmentStatus),
    },
    origin: { city: row.originCity, state: row.originState },
    destination: { city: row.destinationCity, state: row.destinationState },
  };
}
