import Type, { type Static, type TSchema } from 'typebox';
import {
  LIST_PAGE_SIZE,
  TENDER_ANSWER_WINDOW_MINUTES_MAX,
  TENDER_ANSWER_WINDOW_MINUTES_MIN,
  TENDER_RATE_MAX_DOLLARS,
  TENDER_REJECTION_REASON_MAX,
  TENDER_WATERFALL_MAX_STEPS,
  TENDER_WATERFALL_STATUSES,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery, StatusValue } from './common';
import { ShipmentPlace, ShipmentStop } from './shipments';

// Tenders (trucks API v2), automatic tendering and rate requests. Money is in dollars with two
// decimals; times are ISO 8601 instants.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const Dollars = Type.Number({ description: 'US dollars, two decimals' });
const Party = Type.Object({ id: Id, name: Type.String() });

export const TenderIdParams = Type.Object(
  {
    tenderId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Tender id (uuid), tender number, or the shipment number it carries',
    }),
  },
  { additionalProperties: false },
);
export type TenderIdParams = Static<typeof TenderIdParams>;

export const TenderGetParams = Type.Object(
  { id: TenderIdParams.properties.tenderId },
  { additionalProperties: false },
);

const CommaList = <T extends TSchema>(item: T, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 50, description }));

export const TenderFindQuery = Type.Object(
  {
    query: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Tender number or shipment number prefix',
      }),
    ),
    statuses: CommaList(
      Type.Integer({ minimum: 0, maximum: 4 }),
      'Tender offer statuses (Sent 0, Accepted 1, Rejected 2, Rescinded 3, Booking Rescinded 4); repeat or separate with commas; default all',
    ),
    customers: CommaList(Id, 'Customer company ids; repeat or separate with commas'),
    sortProperty: Type.Optional(
      Type.Union(
        [
          Type.Literal('sentAt'),
          Type.Literal('expiresAt'),
          Type.Literal('pickupAt'),
          Type.Literal('rate'),
          Type.Literal('shipmentNumber'),
        ],
        { description: 'Default sentAt' },
      ),
    ),
    sortDirection: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Default desc' }),
    ),
    ...PagingQuery(LIST_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type TenderFindQuery = Static<typeof TenderFindQuery>;

export const CarrierRate = Type.Object(
  {
    rateType: Type.String({ minLength: 1, maxLength: 30, description: 'Flat, PerMile...' }),
    chargeRateType: Type.String({ minLength: 1, maxLength: 30, description: 'LineHaul...' }),
    rate: Type.Number({
      exclusiveMinimum: 0,
      maximum: TENDER_RATE_MAX_DOLLARS,
      multipleOf: 0.01,
      description: 'Dollars',
    }),
  },
  { additionalProperties: false },
);
export type CarrierRate = Static<typeof CarrierRate>;

export const TenderSummary = Type.Object({
  id: Id,
  tenderNumber: Type.String(),
  shipmentId: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  /** True when the tender's time ran out before anyone answered it. */
  isExpired: Type.Boolean(),
  customer: Party,
  carrier: Party,
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  equipment: Type.Array(Type.String()),
  carrierRate: Type.Object({
    rateType: Type.String(),
    chargeRateType: Type.String(),
    rate: Dollars,
  }),
  sentAt: Instant,
  expiresAt: Nullable(Instant),
  respondedAt: Nullable(Instant),
  rejectionReason: Nullable(Type.String()),
});
export type TenderSummary = Static<typeof TenderSummary>;

export const TenderPage = PageOf(TenderSummary);
export type TenderPage = Static<typeof TenderPage>;

export const TenderDetail = Type.Intersect([
  TenderSummary,
  Type.Object({
    shipmentStatus: StatusValue,
    totalMiles: Nullable(Type.Number()),
    totalWeightPounds: Nullable(Type.Number()),
    equipmentLengthFeet: Nullable(Type.Number()),
    stops: Type.Array(ShipmentStop),
    requirements: Type.Array(
      Type.Object({ requirement: Type.String(), description: Nullable(Type.String()) }),
    ),
    /** Why the caller cannot answer (expired, answered, rescinded, not its tender), or null. */
    answerRefusal: Nullable(Type.String()),
    /** The operator's waterfall this tender belongs to, when automatic tendering sent it. */
    waterfallId: Nullable(Id),
  }),
]);
export type TenderDetail = Static<typeof TenderDetail>;
export const TenderDetailAnswer = DataOf(TenderDetail);
export type TenderDetailAnswer = Static<typeof TenderDetailAnswer>;

/** PUT api/v2/tenders/{tenderId}/offers: the carrier accepts (1) or rejects (2, with a reason). */
export const TenderOfferBody = Type.Object(
  {
    status: Type.Union([Type.Literal(1), Type.Literal(2)], {
      description: 'Accepted 1 or Rejected 2',
    }),
    carrierRate: Type.Optional(CarrierRate),
    rejectionReason: Type.Optional(
      Type.String({ minLength: 1, maxLength: TENDER_REJECTION_REASON_MAX }),
    ),
  },
  { additionalProperties: false },
);
export type TenderOfferBody = Static<typeof TenderOfferBody>;

export const TenderCustomerOptions = DataOf(Type.Array(Party));
export type TenderCustomerOptions = Static<typeof TenderCustomerOptions>;

// ---- Automatic tendering ----

export const WaterfallStepBody = Type.Object(
  {
    carrierId: Id,
    answerWindowMinutes: Type.Integer({
      minimum: TENDER_ANSWER_WINDOW_MINUTES_MIN,
      maximum: TENDER_ANSWER_WINDOW_MINUTES_MAX,
    }),
  },
  { additionalProperties: false },
);

export const StartWaterfallBody = Type.Object(
  {
    carrierRate: CarrierRate,
    carriers: Type.Array(WaterfallStepBody, { minItems: 1, maxItems: TENDER_WATERFALL_MAX_STEPS }),
  },
  { additionalProperties: false },
);
export type StartWaterfallBody = Static<typeof StartWaterfallBody>;

/** POST api/v2/shipments/{id}/tenders: the operator tenders a Ready to Book load to one carrier. */
export const ManualTenderBody = Type.Object(
  {
    carrierRate: CarrierRate,
    carrierId: Id,
    answerWindowMinutes: Type.Integer({
      minimum: TENDER_ANSWER_WINDOW_MINUTES_MIN,
      maximum: TENDER_ANSWER_WINDOW_MINUTES_MAX,
    }),
  },
  { additionalProperties: false },
);
export type ManualTenderBody = Static<typeof ManualTenderBody>;

/** A tender the operator sent by hand, outside any waterfall. */
export const ManualTender = Type.Object({
  tenderId: Id,
  tenderNumber: Type.String(),
  carrier: Party,
  tenderStatus: StatusValue,
  isExpired: Type.Boolean(),
  rate: Dollars,
  sentAt: Instant,
  expiresAt: Nullable(Instant),
  respondedAt: Nullable(Instant),
  rejectionReason: Nullable(Type.String()),
});

export const WaterfallStep = Type.Object({
  position: Type.Integer(),
  carrier: Party,
  answerWindowMinutes: Type.Number(),
  tenderId: Nullable(Id),
  tenderNumber: Nullable(Type.String()),
  tenderStatus: Nullable(StatusValue),
  isExpired: Type.Boolean(),
  sentAt: Nullable(Instant),
  expiresAt: Nullable(Instant),
  respondedAt: Nullable(Instant),
  rejectionReason: Nullable(Type.String()),
});

export const AutomaticTendering = Type.Object({
  shipmentId: Id,
  shipmentNumber: Type.String(),
  shipmentStatus: StatusValue,
  /** Whether a waterfall may start: the shipment is Ready to Book and none is running. */
  canStart: Type.Boolean(),
  waterfall: Nullable(
    Type.Object({
      id: Id,
      status: Type.String(),
      currentPosition: Type.Integer(),
      carrierRate: Type.Object({
        rateType: Type.String(),
        chargeRateType: Type.String(),
        rate: Dollars,
      }),
      createdAt: Instant,
      finishedAt: Nullable(Instant),
      steps: Type.Array(WaterfallStep),
    }),
  ),
  /** Tenders the operator sent by hand on this load, newest first. */
  manualTenders: Type.Array(ManualTender),
});
export type AutomaticTendering = Static<typeof AutomaticTendering>;
export const AutomaticTenderingAnswer = DataOf(AutomaticTendering);
export type AutomaticTenderingAnswer = Static<typeof AutomaticTenderingAnswer>;

/** Carriers the operator may put in a waterfall (bookable, not Do Not Use). */
export const TenderCarrierOptions = DataOf(Type.Array(Party));
export type TenderCarrierOptions = Static<typeof TenderCarrierOptions>;

// ---- Rate requests ----

export const RateRequestIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type RateRequestIdParams = Static<typeof RateRequestIdParams>;

export const RateRequestFindQuery = Type.Object(
  {
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'Shipment number prefix' }),
    ),
    statuses: CommaList(
      Type.Union([Type.Literal('Sent'), Type.Literal('Offered'), Type.Literal('Declined')]),
      'Sent (open), Offered, Declined; default all',
    ),
    shipmentId: Type.Optional(Id),
    awardableOnly: Type.Optional(
      Type.Boolean({
        description:
          'Only offers the operator can award now: Offered, not awarded, on a load still Ready to Book',
      }),
    ),
    ...PagingQuery(LIST_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type RateRequestFindQuery = Static<typeof RateRequestFindQuery>;

export const RateRequestSummary = Type.Object({
  id: Id,
  status: Type.String(),
  shipmentId: Id,
  shipmentNumber: Type.String(),
  customer: Party,
  carrier: Party,
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  equipment: Type.Array(Type.String()),
  requestedAt: Instant,
  respondedAt: Nullable(Instant),
  offeredRate: Nullable(Dollars),
  note: Nullable(Type.String()),
  respondingContact: Nullable(Type.Object({ id: Id, name: Type.String() })),
  awardedAt: Nullable(Instant),
});
export type RateRequestSummary = Static<typeof RateRequestSummary>;
export const RateRequestPage = PageOf(RateRequestSummary);
export type RateRequestPage = Static<typeof RateRequestPage>;

export const RateRequestDetail = Type.Intersect([
  RateRequestSummary,
  Type.Object({
    /** The load's status now, when the caller can still see the load. */
    shipmentStatus: Nullable(StatusValue),
    totalMiles: Nullable(Type.Number()),
    totalWeightPounds: Nullable(Type.Number()),
    stops: Type.Array(ShipmentStop),
    /** Why the caller cannot answer it now, or null. */
    answerRefusal: Nullable(Type.String()),
    /** Why the operator cannot award this offer now, or null (operators only). */
    awardRefusal: Nullable(Type.String()),
  }),
]);
export type RateRequestDetail = Static<typeof RateRequestDetail>;
export const RateRequestDetailAnswer = DataOf(RateRequestDetail);
export type RateRequestDetailAnswer = Static<typeof RateRequestDetailAnswer>;

/** POST api/v2/rate_requests/{rateId}/responses: an offer (amount) or a decline. */
export const RateRequestResponseBody = Type.Object(
  {
    response: Type.Union([Type.Literal('Offer'), Type.Literal('Decline')]),
    shipmentId: Id,
    respondingContactId: Id,
    amount: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: TENDER_RATE_MAX_DOLLARS, multipleOf: 0.01 }),
    ),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: TENDER_REJECTION_REASON_MAX })),
  },
  { additionalProperties: false },
);
export type RateRequestResponseBody = Static<typeof RateRequestResponseBody>;

/** POST api/v2/shipments/{id}/rate_requests: the operator asks carriers to price a load. */
export const SendRateRequestsBody = Type.Object(
  {
    carrierIds: Type.Array(Id, { minItems: 1, maxItems: TENDER_WATERFALL_MAX_STEPS }),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: TENDER_REJECTION_REASON_MAX })),
  },
  { additionalProperties: false },
);
export type SendRateRequestsBody = Static<typeof SendRateRequestsBody>;
export const RateRequestListAnswer = DataOf(Type.Array(RateRequestSummary));
export type RateRequestListAnswer = Static<typeof RateRequestListAnswer>;

/** GET api/v2/tender_waterfalls: the operator's waterfalls, running first, newest first. */
export const WaterfallListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        TENDER_WATERFALL_STATUSES.map((status) => Type.Literal(status)),
        { description: 'Only waterfalls in this status (Running: tenders still going out)' },
      ),
    ),
    ...PagingQuery(LIST_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type WaterfallListQuery = Static<typeof WaterfallListQuery>;
export const WaterfallSummary = Type.Object({
  id: Id,
  shipmentId: Id,
  shipmentNumber: Type.String(),
  status: Type.String(),
  steps: Type.Integer(),
  currentPosition: Type.Integer(),
  currentCarrier: Nullable(Type.String()),
  rate: Dollars,
  createdAt: Instant,
  finishedAt: Nullable(Instant),
});
export type WaterfallSummary = Static<typeof WaterfallSummary>;
export const WaterfallPage = PageOf(WaterfallSummary);
export type WaterfallPage = Static<typeof WaterfallPage>;
