import Type, { type Static } from 'typebox';
import { Id, StatusValue } from './common';

// Booking a Ready to Book load at one of the carrier's rates (load board, Top Picks, rates screens).
// Money is in dollars. A refused booking answers bookingSucceeded false with each error.

export const BookingRateKind = Type.Union(
  [Type.Literal('ContractTL'), Type.Literal('LTL'), Type.Literal('SpotQuote')],
  { description: 'ContractTL and LTL name a rate (rates search), SpotQuote a quote' },
);
export type BookingRateKind = Static<typeof BookingRateKind>;

export const BookShipmentBody = Type.Object(
  {
    rateKind: BookingRateKind,
    rateId: Type.String({
      format: 'uuid',
      description:
        'The rate id (ContractTL, LTL) or the quote id (SpotQuote) from the rates search',
    }),
  },
  { additionalProperties: false },
);
export type BookShipmentBody = Static<typeof BookShipmentBody>;

export const BookingRefusal = Type.Object({
  code: Type.String({
    description:
      'carrierNotBookable, carrierDoNotUse, carrierOnHold, notReadyToBook, loadGone, rateNotFound, rateOfAnotherShipment, rateNotPriced',
  }),
  field: Type.String(),
  message: Type.String(),
});
export type BookingRefusal = Static<typeof BookingRefusal>;

export const BookingAnswer = Type.Object({
  bookingSucceeded: Type.Literal(true),
  data: Type.Object({
    id: Id,
    shipmentNumber: Type.String(),
    status: StatusValue,
    version: Type.Integer(),
    carrierRate: Type.Number({ description: 'Dollars' }),
    maxBuy: Type.Number({ description: 'Dollars' }),
    originationType: Type.Union([Type.Literal('TmsContract'), Type.Literal('TmsSpot')]),
    deliveryPostalCode: Type.String(),
  }),
});
export type BookingAnswer = Static<typeof BookingAnswer>;

/**
 * A refused booking: the spec's error shape (errors by field) with bookingSucceeded false and each
 * refusal. Bad input refused before the rules run (validation, access) answers the same shape
 * without bookingSucceeded.
 */
export const BookingRefusedAnswer = Type.Object({
  bookingSucceeded: Type.Optional(Type.Literal(false)),
  status: Type.Integer(),
  title: Type.String(),
  detail: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  refusals: Type.Optional(Type.Array(BookingRefusal)),
  requestId: Type.Optional(Type.String()),
});
export type BookingRefusedAnswer = Static<typeof BookingRefusedAnswer>;

/** Update max buy: what the operator will pay a carrier for the load (dollars). */
export const MaxBuyBody = Type.Object(
  {
    maxBuy: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Dollars' }),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type MaxBuyBody = Static<typeof MaxBuyBody>;

/** Update origination type: how a booked load came to its carrier. */
export const OriginationTypeBody = Type.Object(
  {
    originationType: Type.Union([Type.Literal('TmsContract'), Type.Literal('TmsSpot')]),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type OriginationTypeBody = Static<typeof OriginationTypeBody>;

export const BookingTermsAnswer = Type.Object({
  data: Type.Object({
    id: Id,
    shipmentNumber: Type.String(),
    status: StatusValue,
    version: Type.Integer(),
    maxBuy: Type.Union([Type.Number(), Type.Null()]),
    originationType: Type.Union([
      Type.Literal('TmsContract'),
      Type.Literal('TmsSpot'),
      Type.Null(),
    ]),
  }),
});
export type BookingTermsAnswer = Static<typeof BookingTermsAnswer>;
