import { parseNumericValue, valuesOf, type ValueOf } from './enum-values';

export const TenderOfferStatus = {
  Sent: 0,
  Accepted: 1,
  Rejected: 2,
  Rescinded: 3,
  BookingRescinded: 4,
} as const;
export type TenderOfferStatus = ValueOf<typeof TenderOfferStatus>;

export const TENDER_OFFER_STATUSES: readonly TenderOfferStatus[] = valuesOf(TenderOfferStatus);

export const TENDER_OFFER_STATUS_DISPLAY_NAMES: Readonly<Record<TenderOfferStatus, string>> = {
  [TenderOfferStatus.Sent]: 'Sent',
  [TenderOfferStatus.Accepted]: 'Accepted',
  [TenderOfferStatus.Rejected]: 'Rejected',
  [TenderOfferStatus.Rescinded]: 'Rescinded',
  [TenderOfferStatus.BookingRescinded]: 'Booking Rescinded',
};

export function parseTenderOfferStatus(value: unknown): TenderOfferStatus | undefined {
  return parseNumericValue(TenderOfferStatus, value);
}

/** A sent tender is the open one: it still waits for the carrier's answer. */
export function isTenderOpen(status: TenderOfferStatus): boolean {
  return status === TenderOfferStatus.Sent;
}

/** The statuses a carrier may answer a tender with. */
export const CARRIER_TENDER_ANSWERS = [
  TenderOfferStatus.Accepted,
  TenderOfferStatus.Rejected,
] as const;
export type CarrierTenderAnswer = (typeof CARRIER_TENDER_ANSWERS)[number];

export function canCarrierAnswerTender(
  current: TenderOfferStatus,
  answer: TenderOfferStatus,
): answer is CarrierTenderAnswer {
  return isTenderOpen(current) && (CARRIER_TENDER_ANSWERS as readonly number[]).includes(answer);
}

/** The `response` value of respondToTender; only accept (1) is given by the spec. */
export const TENDER_RESPONSE_ACCEPT = 1;

export const RateRequestStatus = {
  Sent: 'Sent',
  Offered: 'Offered',
  Declined: 'Declined',
} as const;
export type RateRequestStatus = ValueOf<typeof RateRequestStatus>;

export const RATE_REQUEST_STATUSES: readonly RateRequestStatus[] = valuesOf(RateRequestStatus);

/** How the lists speak of each status: Sent is open, Offered has been responded to. */
export const RATE_REQUEST_STATUS_MEANINGS: Readonly<Record<RateRequestStatus, string>> = {
  Sent: 'Open',
  Offered: 'Responded',
  Declined: 'Declined',
};

export function isRateRequestOpen(status: RateRequestStatus): boolean {
  return status === RateRequestStatus.Sent;
}
