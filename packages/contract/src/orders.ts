import Type, { type Static, type TSchema } from 'typebox';
import {
  CONSOLIDATION,
  LIST_PAGE_SIZE,
  ORDER_DUPLICATE_MAX_COPIES,
  ORDER_STATUSES,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery, StatusValue } from './common';
import { StopTime } from './shipments';

// Orders (trucks API v2): find, counts, saved filter sets, create, edit, duplicate, preview, and
// consolidation into a draft shipment. Times are ISO 8601 instants; a stop's are built from its date
// and HH:mm in the zone of its postal code. Money is in dollars, weights in pounds, sizes in inches.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

const [OPEN, IN_PROGRESS, COMPLETED, CANCELLED] = ORDER_STATUSES;
export const OrderStatusName = Type.Union(
  [Type.Literal(OPEN), Type.Literal(IN_PROGRESS), Type.Literal(COMPLETED), Type.Literal(CANCELLED)],
  { description: 'Open, In Progress, Completed or Cancelled' },
);

export const OrderKeyParams = Type.Object(
  {
    orderNumber: Type.String({
      pattern:
        '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9]{1,18})$',
      description: 'The order number (5000123) or its id',
    }),
  },
  { additionalProperties: false },
);
export type OrderKeyParams = Static<typeof OrderKeyParams>;

// ---- Find, counts, filter sets ----

export const OrderFilterFields = Type.Object(
  {
    query: Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Order number prefix or a reference number (PO, sales order...) prefix',
      }),
    ),
    statuses: Optional(Type.Array(OrderStatusName, { maxItems: 4, description: 'Default all' })),
    shippingMode: Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'TL 0, LTL 1...' })),
    equipmentMode: Optional(
      Type.Integer({ minimum: 0, maximum: 5, description: 'Dry 0, Reefer 1, Flatbed 2...' }),
    ),
    pickupFrom: Optional(Type.String({ format: 'date', description: 'First pickup on or after' })),
    pickupTo: Optional(Type.String({ format: 'date', description: 'First pickup on or before' })),
  },
  { additionalProperties: false },
);
export type OrderFilterFields = Static<typeof OrderFilterFields>;

export const OrderFindBody = Type.Object(
  { ...OrderFilterFields.properties, ...PagingQuery(LIST_PAGE_SIZE) },
  { additionalProperties: false },
);
export type OrderFindBody = Static<typeof OrderFindBody>;

export const OrderPlace = Type.Object({
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  timeZone: Type.String(),
});
export type OrderPlace = Static<typeof OrderPlace>;

export const OrderShipmentLink = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
});

export const OrderListItem = Type.Object({
  id: Id,
  orderNumber: Type.String(),
  status: OrderStatusName,
  orderSource: Type.String(),
  shippingMode: StatusValue,
  equipmentMode: StatusValue,
  origin: Nullable(OrderPlace),
  destination: Nullable(OrderPlace),
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  totalWeightPounds: Type.Number(),
  totalPackageCount: Type.Integer(),
  purchaseOrderNumber: Nullable(Type.String()),
  shipment: Nullable(OrderShipmentLink),
  createdAt: Instant,
});
export type OrderListItem = Static<typeof OrderListItem>;
export const OrderPage = PageOf(OrderListItem);
export type OrderPage = Static<typeof OrderPage>;

export const OrderStatusCounts = DataOf(
  Type.Object({
    all: Type.Integer(),
    open: Type.Integer(),
    inProgress: Type.Integer(),
    completed: Type.Integer(),
    cancelled: Type.Integer(),
  }),
);
export type OrderStatusCounts = Static<typeof OrderStatusCounts>;

export const OrderFilterSetBody = Type.Object(
  {
    viewName: Type.String({ minLength: 1, maxLength: 60 }),
    filterFields: OrderFilterFields,
  },
  { additionalProperties: false },
);
export type OrderFilterSetBody = Static<typeof OrderFilterSetBody>;

export const OrderFilterSet = Type.Object({
  id: Id,
  viewName: Type.String(),
  filterFields: OrderFilterFields,
  createdAt: Instant,
});
export type OrderFilterSet = Static<typeof OrderFilterSet>;
export const OrderFilterSetList = DataOf(Type.Array(OrderFilterSet));
export type OrderFilterSetList = Static<typeof OrderFilterSetList>;
export const OrderFilterSetAnswer = DataOf(OrderFilterSet);
export type OrderFilterSetAnswer = Static<typeof OrderFilterSetAnswer>;

// ---- Create and edit ----

export const OrderReferenceNumber = Type.Object(
  { label: Text(50), value: Text(100) },
  { additionalProperties: false },
);

export const OrderStopLocation = Type.Object(
  {
    name: Text(120),
    addressLine1: Text(120),
    addressLine2: Optional(Text(120)),
    city: Text(80),
    state: Text(40, 'Two-letter code or the full state or province name'),
    postalCode: Text(10, 'US ZIP (first 5 digits give the time zone) or Canadian postal code'),
    country: Optional(Type.Union([Type.Literal('US'), Type.Literal('CA')])),
  },
  { additionalProperties: false },
);

export const OrderStopContact = Type.Object(
  {
    id: Optional(Type.String({ maxLength: 36 })),
    firstName: Optional(Text(60)),
    lastName: Optional(Text(60)),
    emailAddress: Optional(Text(254)),
    phoneNumberOffice: Optional(Text(30)),
  },
  { additionalProperties: false },
);

export const OrderStopBody = Type.Object(
  {
    type: Type.Union([Type.Literal('Pickup'), Type.Literal('Delivery')]),
    locationNumber: Type.String({
      minLength: 1,
      maxLength: 30,
      description: 'A location of the company by number, or "N/A" for an address typed in',
    }),
    ediCode: Optional(Text(30)),
    location: Optional(OrderStopLocation),
    locationContactToAdd: Optional(OrderStopContact),
    appointmentDateTime: Optional(Type.String({ maxLength: 40 })),
    earlyDateTime: Optional(Type.String({ maxLength: 40 })),
    lateDateTime: Optional(Type.String({ maxLength: 40 })),
    referenceNumbers: Optional(Type.Array(OrderReferenceNumber, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type OrderStopBody = Static<typeof OrderStopBody>;

export const OrderLineItemBody = Type.Object(
  {
    id: Optional(Type.String({ maxLength: 64, description: 'Sent back only when a GUID' })),
    pickupStop: Type.Integer({ minimum: 0, maximum: 19, description: 'Index of a Pickup stop' }),
    deliveryStop: Type.Integer({
      minimum: 0,
      maximum: 19,
      description: 'Index of a Delivery stop',
    }),
    description: Text(200),
    freightClass: Optional(Text(6)),
    packageType: Optional(Text(30)),
    packageCount: Type.Integer({ minimum: 1, maximum: 10_000 }),
    pieceCount: Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    lengthInches: Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1200 })),
    widthInches: Optional(Type.Number({ exclusiveMinimum: 0, maximum: 120 })),
    heightInches: Optional(Type.Number({ exclusiveMinimum: 0, maximum: 120 })),
    weightPounds: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
    hazmatGroup: Optional(Text(3)),
    hazmatClass: Optional(Text(6)),
    unNumber: Optional(Text(6)),
  },
  { additionalProperties: false },
);
export type OrderLineItemBody = Static<typeof OrderLineItemBody>;

export const OrderAccessorialBody = Type.Object(
  { code: Text(20), description: Optional(Text(120)) },
  { additionalProperties: false },
);

export const OrderBody = Type.Object(
  {
    version: Optional(Type.Integer({ minimum: 1, description: 'Required when editing' })),
    orderType: Optional(Text(30)),
    freightTermType: Optional(
      Type.Union([Type.Literal('Prepaid'), Type.Literal('Collect'), Type.Literal('ThirdParty')]),
    ),
    freightValue: Optional(Type.Number({ minimum: 0, maximum: 100_000_000 })),
    shippingMode: Type.Integer({ minimum: 0, maximum: 5 }),
    equipmentMode: Type.Integer({ minimum: 0, maximum: 5 }),
    equipmentTypes: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 20 }),
    isJustInTime: Optional(Type.Boolean()),
    isTeamRequired: Optional(Type.Boolean()),
    isBlind: Optional(Type.Boolean()),
    specialInstructions: Optional(Text(1000)),
    reeferTemperature: Optional(Type.Number({ minimum: -40, maximum: 90 })),
    reeferMode: Optional(Type.Union([Type.Literal('Continuous'), Type.Literal('Cycle-Sentry')])),
    hazmatEmergencyContactInfo: Optional(Text(200)),
    chemtracAccountNumber: Optional(Text(30)),
    stops: Type.Array(OrderStopBody, { minItems: 2, maxItems: 20 }),
    lineItems: Type.Array(OrderLineItemBody, { minItems: 1, maxItems: 100 }),
    referenceNumbers: Optional(Type.Array(OrderReferenceNumber, { maxItems: 30 })),
    salesOrderNumber: Optional(Text(100)),
    purchaseOrderNumber: Optional(Text(100)),
    transferOrderNumber: Optional(Text(100)),
    returnAuthorizationNumber: Optional(Text(100)),
    requirements: Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 }),
    ),
    accessorials: Optional(Type.Array(OrderAccessorialBody, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type OrderBody = Static<typeof OrderBody>;

// ---- Detail (preview) ----

export const OrderStop = Type.Object({
  id: Id,
  stopNumber: Type.Integer(),
  type: Type.Union([Type.Literal('Pickup'), Type.Literal('Delivery')]),
  locationNumber: Nullable(Type.String()),
  ediCode: Nullable(Type.String()),
  location: Type.Object({
    name: Type.String(),
    addressLine1: Nullable(Type.String()),
    city: Type.String(),
    state: Type.String(),
    postalCode: Type.String(),
    country: Type.String(),
  }),
  timeZone: Type.String(),
  contact: Nullable(
    Type.Object({
      firstName: Nullable(Type.String()),
      lastName: Nullable(Type.String()),
      emailAddress: Nullable(Type.String()),
      phoneNumberOffice: Nullable(Type.String()),
    }),
  ),
  appointment: Nullable(StopTime),
  early: Nullable(StopTime),
  late: Nullable(StopTime),
  referenceNumbers: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
});
export type OrderStop = Static<typeof OrderStop>;

export const OrderLineItem = Type.Object({
  id: Id,
  pickupStop: Type.Integer(),
  deliveryStop: Type.Integer(),
  description: Type.String(),
  freightClass: Nullable(Type.String()),
  packageType: Type.String(),
  packageCount: Type.Integer(),
  pieceCount: Nullable(Type.Integer()),
  lengthInches: Nullable(Type.Number()),
  widthInches: Nullable(Type.Number()),
  heightInches: Nullable(Type.Number()),
  weightPounds: Type.Number(),
  hazmatGroup: Nullable(Type.String()),
  hazmatClass: Nullable(Type.String()),
  unNumber: Nullable(Type.String()),
});
export type OrderLineItem = Static<typeof OrderLineItem>;

export const OrderDetail = Type.Object({
  ...OrderListItem.properties,
  version: Type.Integer(),
  orderType: Type.String(),
  freightTermType: Type.String(),
  freightValue: Nullable(Type.Number()),
  equipmentTypes: Type.Array(Type.Integer()),
  equipmentTypeNames: Type.Array(Type.String()),
  isJustInTime: Type.Boolean(),
  isTeamRequired: Type.Boolean(),
  isBlind: Type.Boolean(),
  isHazmat: Type.Boolean(),
  specialInstructions: Nullable(Type.String()),
  reeferTemperature: Nullable(Type.Number()),
  reeferMode: Nullable(Type.String()),
  hazmatEmergencyContactInfo: Nullable(Type.String()),
  chemtracAccountNumber: Nullable(Type.String()),
  salesOrderNumber: Nullable(Type.String()),
  transferOrderNumber: Nullable(Type.String()),
  returnAuthorizationNumber: Nullable(Type.String()),
  referenceNumbers: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  requirements: Type.Array(Type.String()),
  accessorials: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
  stops: Type.Array(OrderStop),
  lineItems: Type.Array(OrderLineItem),
  /** Whether the order may still be changed: open and on no shipment. */
  isEditable: Type.Boolean(),
});
export type OrderDetail = Static<typeof OrderDetail>;
export const OrderAnswer = DataOf(OrderDetail);
export type OrderAnswer = Static<typeof OrderAnswer>;

// ---- Duplicate ----

export const OrderDuplicateBody = Type.Object(
  {
    copies: Type.Integer({
      minimum: 1,
      maximum: ORDER_DUPLICATE_MAX_COPIES,
      description: `How many copies (1 to ${ORDER_DUPLICATE_MAX_COPIES})`,
    }),
  },
  { additionalProperties: false },
);
export type OrderDuplicateBody = Static<typeof OrderDuplicateBody>;
export const OrderDuplicateAnswer = DataOf(
  Type.Array(Type.Object({ id: Id, orderNumber: Type.String() })),
);
export type OrderDuplicateAnswer = Static<typeof OrderDuplicateAnswer>;

// ---- Consolidation ----

export const ConsolidationLimits = Type.Object({
  maxWeight: Type.Literal(CONSOLIDATION.maxWeight),
  maxUnits: Type.Literal(CONSOLIDATION.maxUnits),
  distance: Type.Literal(CONSOLIDATION.distance),
  windowWidenDays: Type.Literal(CONSOLIDATION.windowWidenDays),
  maxBuy: Type.Literal(CONSOLIDATION.maxBuy),
});

export const ConsolidatableSearchBody = Type.Object(
  {
    orderId: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'The order to consolidate others with: its number or id',
    }),
    ...PagingQuery(LIST_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type ConsolidatableSearchBody = Static<typeof ConsolidatableSearchBody>;

export const ConsolidatableOrder = Type.Object({
  ...OrderListItem.properties,
  pickupDistanceMiles: Type.Number(),
  deliveryDistanceMiles: Type.Number(),
});
export type ConsolidatableOrder = Static<typeof ConsolidatableOrder>;

export const ConsolidatablePage = Type.Object({
  ...PageOf(ConsolidatableOrder).properties,
  anchor: OrderListItem,
  limits: ConsolidationLimits,
});
export type ConsolidatablePage = Static<typeof ConsolidatablePage>;

export const DraftShipmentBody = Type.Object(
  {
    orderIds: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
      minItems: 1,
      maxItems: 20,
      description: 'Order numbers or ids',
    }),
  },
  { additionalProperties: false },
);
export type DraftShipmentBody = Static<typeof DraftShipmentBody>;

export const DraftShipmentAnswer = DataOf(
  Type.Object({
    id: Id,
    shipmentNumber: Type.String(),
    status: StatusValue,
    version: Type.Integer(),
    maxBuy: Type.Number(),
    totalWeightPounds: Type.Number(),
    totalPackageCount: Type.Integer(),
    orderNumbers: Type.Array(Type.String()),
  }),
);
export type DraftShipmentAnswer = Static<typeof DraftShipmentAnswer>;

/** Book LTL order (decision 210): one of the LTL rates the unified rates search gave for the order. */
export const BookLtlOrderBody = Type.Object(
  {
    rateId: Type.String({
      format: 'uuid',
      description: 'An LTL rate id from the unified rates search by orderId',
    }),
  },
  { additionalProperties: false },
);
export type BookLtlOrderBody = Static<typeof BookLtlOrderBody>;

/** The order's own shipment, booked to the rate's carrier at the rate (origination TmsContract). */
export const BookLtlOrderAnswer = Type.Object({
  bookingSucceeded: Type.Literal(true),
  data: Type.Object({
    id: Id,
    shipmentNumber: Type.String(),
    status: StatusValue,
    version: Type.Integer(),
    orderNumber: Type.String(),
    carrierId: Id,
    carrierName: Type.String(),
    carrierRate: Type.Number({ description: 'Dollars' }),
    maxBuy: Type.Number({ description: 'Dollars: the rate plus 5' }),
    originationType: Type.Literal('TmsContract'),
  }),
});
export type BookLtlOrderAnswer = Static<typeof BookLtlOrderAnswer>;
