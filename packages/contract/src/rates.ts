import Type, { type Static, type TSchema } from 'typebox';
import { RATE_SEARCH_PAGE_SIZE } from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery } from './common';
import { BookingRateKind } from './bookings';

// The unified rates search (contract TL, LTL and spot quote rates a carrier can book a load at) and
// API quote creation. Money is in dollars.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RatesQuery = Type.Object(
  {
    shipmentId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Shipment id or number' }),
    ),
    orderId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          "A carrier: its rates for the order's shipments. A broker: the LTL rates held for it on its own LTL order's lane",
      }),
    ),
    /** Only the rates of this kind (the /rates/{rateType}/shipment/{shipmentNumber} screen). */
    rateKind: Type.Optional(BookingRateKind),
    ...PagingQuery(RATE_SEARCH_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type RatesQuery = Static<typeof RatesQuery>;

export const QuoteStop = Type.Object(
  {
    stopType: Type.Union([Type.Literal('Pickup'), Type.Literal('Delivery')]),
    postalCode: Type.String({ minLength: 3, maxLength: 10 }),
  },
  { additionalProperties: false },
);

/** Rates by stops and products: the lane of the stops, the equipment and mode of the freight. */
export const RateSearchBody = Type.Object(
  {
    stops: Type.Array(QuoteStop, { minItems: 2, maxItems: 10 }),
    equipmentMode: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
    shippingMode: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
    pickupDate: Type.Optional(Type.String({ format: 'date' })),
    ...PagingQuery(RATE_SEARCH_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type RateSearchBody = Static<typeof RateSearchBody>;

export const UnifiedRate = Type.Object({
  id: Id,
  rateKind: BookingRateKind,
  shipmentId: Nullable(Id),
  /** What the carrier is paid for the load, when the search named one (dollars). */
  rate: Nullable(Type.Number()),
  rateType: Type.String(),
  chargeRateType: Type.String(),
  rateSource: Type.String(),
  carrierId: Id,
  /** The carrier's name, given to a customer searching the rates of its order (decision 210). */
  carrierName: Type.Optional(Type.String()),
  quoteId: Nullable(Id),
  quoteNumber: Nullable(Type.String()),
  price: Nullable(Type.Number()),
  markupTotal: Nullable(Type.Number()),
  isGuaranteedRate: Type.Boolean(),
  serviceLevelCode: Type.Integer(),
  serviceDays: Nullable(Type.Integer()),
  lane: Type.String({ description: 'Chicago, IL to GA' }),
  contractRate: Nullable(
    Type.Number({ description: 'The contract figure: flat dollars or dollars a mile' }),
  ),
  effectiveFrom: Nullable(Type.String()),
  effectiveTo: Nullable(Type.String()),
});
export type UnifiedRate = Static<typeof UnifiedRate>;
export const UnifiedRatePage = PageOf(UnifiedRate);
export type UnifiedRatePage = Static<typeof UnifiedRatePage>;

export const QuoteBody = Type.Object(
  {
    shippingMode: Type.Literal(0, { description: 'TL' }),
    equipmentMode: Type.Integer({ minimum: 0, maximum: 5 }),
    effectiveDate: Type.String({ format: 'date' }),
    quoteStops: Type.Array(QuoteStop, { minItems: 2, maxItems: 10 }),
    isHazmatRequired: Type.Boolean({ default: false }),
    isTeamRequired: Type.Boolean({ default: false }),
    shipmentId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The load on the board the quote is for (id or number)',
    }),
  },
  { additionalProperties: false },
);
export type QuoteBody = Static<typeof QuoteBody>;
export const QuoteAnswer = DataOf(UnifiedRate);
export type QuoteAnswer = Static<typeof QuoteAnswer>;
