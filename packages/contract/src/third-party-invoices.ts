import Type, { type Static } from 'typebox';
import {
  EXTERNAL_INVOICE_AMOUNT_MAX,
  EXTERNAL_INVOICE_NUMBER_MAX_LENGTH,
  THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE,
  THIRD_PARTY_INVOICE_OPERATOR_STATUSES,
  THIRD_PARTY_INVOICE_PAGE_SIZE,
  THIRD_PARTY_INVOICE_STATUSES,
} from '@portal/domain';
import { DataOf, Id, PageOf, StatusValue } from './common';

// Third-party payer invoices (spec sections 3 and 7; docs/decisions/040-043).

export const ThirdPartyInvoiceStatusSchema = Type.Enum([...THIRD_PARTY_INVOICE_STATUSES], {
  description: 'DRAFT, RECEIVED, SETTLED or PAID_IN_FULL, in lifecycle order',
});

const CalendarDate = (description: string) =>
  Type.String({ format: 'date', description: `${description} (YYYY-MM-DD, inclusive)` });

/** The find's filters (section 3). Badges ask with pageSize 1, Action Required with pageSize 0. */
export const ThirdPartyInvoiceFindQuery = Type.Object(
  {
    status: Type.Optional(ThirdPartyInvoiceStatusSchema),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 0,
      maximum: THIRD_PARTY_INVOICE_PAGE_SIZE,
      default: THIRD_PARTY_INVOICE_PAGE_SIZE,
      description: '0 answers only totalCount (count badges)',
    }),
    query: Type.Optional(
      Type.String({
        maxLength: 50,
        description:
          'Start of the invoice, shipment or external invoice number, or part of the customer name; blank means no search',
      }),
    ),
    invoiceDateStart: Type.Optional(CalendarDate('First invoice date, in the billing zone')),
    invoiceDateEnd: Type.Optional(CalendarDate('Last invoice date, in the billing zone')),
    loadDateStart: Type.Optional(CalendarDate('First load (pickup) date')),
    loadDateEnd: Type.Optional(CalendarDate('Last load (pickup) date')),
    isAuditable: Type.Boolean({
      default: THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE,
      description: 'true: only invoices with third-party billing settings; false: all',
    }),
    actionRequired: Type.Optional(
      Type.Boolean({
        description:
          'true: only delivered, open invoices not yet submitted or missing a required document',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ThirdPartyInvoiceFindQuery = Static<typeof ThirdPartyInvoiceFindQuery>;

/** The list card (section 3). Amounts are dollars. */
export const ThirdPartyInvoiceCard = Type.Object({
  invoiceId: Id,
  invoiceNumber: Type.String(),
  shipmentNumber: Type.String(),
  customerName: Type.String(),
  carrierLogoURL: Type.Union([Type.String(), Type.Null()], {
    description: 'GET api/v1/documents/{id} of the carrier logo, or null',
  }),
  status: Type.Object({ status: ThirdPartyInvoiceStatusSchema, description: Type.String() }),
  dueDateTimeStamp: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'Due date (Est. Pay Date), a calendar date',
  }),
  createDateTimeStamp: Type.String({
    format: 'date-time',
    description: 'When the invoice was made',
  }),
  invoiceAmount: Type.Number(),
  feeAndBalance: Type.Number(),
  shipmentStatus: Type.Object(
    { value: Type.Union([Type.Integer(), Type.Null()]), description: Type.String() },
    { description: 'null and empty when the shipment is no longer visible to the caller' },
  ),
  numberOfRequiredDocuments: Type.Integer({ minimum: 0 }),
  numberOfUploadedRequiredDocuments: Type.Integer({ minimum: 0 }),
});
export type ThirdPartyInvoiceCard = Static<typeof ThirdPartyInvoiceCard>;

export const ThirdPartyInvoicePage = PageOf(ThirdPartyInvoiceCard);
export type ThirdPartyInvoicePage = Static<typeof ThirdPartyInvoicePage>;

export const InvoiceCharge = Type.Object({
  id: Id,
  description: Type.String(),
  chargeTypeName: Type.String(),
  rate: Type.Number({ description: 'Dollars per unit' }),
  units: Type.Number(),
});
export type InvoiceCharge = Static<typeof InvoiceCharge>;

/** The invoice detail (section 3), with its version for If-Match. thirdPartPayerBillingSettingsId is spelt as the spec spells it. */
export const InvoiceDetail = Type.Object({
  id: Id,
  invoiceNumber: Type.String(),
  shipmentId: Id,
  externalInvoiceNumber: Type.Union([Type.String(), Type.Null()]),
  externalInvoiceAmount: Type.Union([Type.Number(), Type.Null()]),
  thirdPartPayerBillingSettingsId: Type.Union([Id, Type.Null()], {
    description: 'Set when the invoice can be processed in the portal (auditable)',
  }),
  status: ThirdPartyInvoiceStatusSchema,
  balance: Type.Number({ description: 'Payment: total less fees and balances' }),
  total: Type.Number({ description: 'Total Payment: the invoice amount' }),
  factoringCompany: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()], {
    description: 'Remit To, when the invoice is factored',
  }),
  charges: Type.Array(InvoiceCharge),
  version: Type.Integer({ minimum: 1, description: 'Also sent as the ETag' }),
});
export type InvoiceDetail = Static<typeof InvoiceDetail>;

export const InvoiceDetailAnswer = DataOf(InvoiceDetail);
export type InvoiceDetailAnswer = Static<typeof InvoiceDetailAnswer>;

export const InvoiceDetailPage = PageOf(InvoiceDetail);
export type InvoiceDetailPage = Static<typeof InvoiceDetailPage>;

export const InvoiceIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type InvoiceIdParams = Static<typeof InvoiceIdParams>;

/** Checked by the service so a bad one answers "Invoice number is not valid". */
export const InvoiceNumberParams = Type.Object(
  { invoiceNumber: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type InvoiceNumberParams = Static<typeof InvoiceNumberParams>;

/** Checked by the service so a bad one answers "Shipment ID is not valid". */
export const InvoiceShipmentParams = Type.Object(
  { shipmentId: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type InvoiceShipmentParams = Static<typeof InvoiceShipmentParams>;

/**
 * PATCH api/v2/invoices/{id}. Send at least one of the two values; an omitted one stays as it is.
 * Saving a DRAFT submits it (RECEIVED). The version comes in If-Match or in `version`.
 */
export const InvoiceUpdateBody = Type.Object(
  {
    invoiceId: Id,
    externalInvoiceAmount: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: EXTERNAL_INVOICE_AMOUNT_MAX,
        description: 'Dollars, at most two decimals',
      }),
    ),
    externalInvoiceNumber: Type.Optional(
      Type.String({ maxLength: EXTERNAL_INVOICE_NUMBER_MAX_LENGTH }),
    ),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type InvoiceUpdateBody = Static<typeof InvoiceUpdateBody>;

/** PUT api/v2/invoices/{id}/status: the operator settles an invoice or marks it paid. */
export const InvoiceStatusBody = Type.Object(
  {
    status: Type.Enum([...THIRD_PARTY_INVOICE_OPERATOR_STATUSES]),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type InvoiceStatusBody = Static<typeof InvoiceStatusBody>;

const CityState = Type.Object({ city: Type.String(), state: Type.String() });

/** Shipment detail for an invoice (section 3). */
export const InvoiceShipment = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  origin: CityState,
  destination: CityState,
});
export type InvoiceShipment = Static<typeof InvoiceShipment>;

export const InvoiceShipmentAnswer = DataOf(InvoiceShipment);
export type InvoiceShipmentAnswer = Static<typeof InvoiceShipmentAnswer>;
