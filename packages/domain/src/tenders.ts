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

// ---- Tender lists and answers ----

/** The list's views: one per status (Sent is the open one, the default) and All. */
export const TENDER_VIEWS = [
  { id: 'sent', label: 'Sent', statuses: [TenderOfferStatus.Sent] },
  { id: 'accepted', label: 'Accepted', statuses: [TenderOfferStatus.Accepted] },
  { id: 'rejected', label: 'Rejected', statuses: [TenderOfferStatus.Rejected] },
  { id: 'rescinded', label: 'Rescinded', statuses: [TenderOfferStatus.Rescinded] },
  {
    id: 'bookingRescinded',
    label: 'Booking Rescinded',
    statuses: [TenderOfferStatus.BookingRescinded],
  },
  { id: 'all', label: 'All', statuses: [...TENDER_OFFER_STATUSES] },
] as const;
export type TenderViewId = (typeof TENDER_VIEWS)[number]['id'];
export const DEFAULT_TENDER_VIEW: TenderViewId = 'sent';

/** What the tender list sorts by (sortProperty); the default is the newest tender first. */
export const TENDER_SORT_PROPERTIES = [
  'sentAt',
  'expiresAt',
  'pickupAt',
  'rate',
  'shipmentNumber',
] as const;
export type TenderSortProperty = (typeof TENDER_SORT_PROPERTIES)[number];
export const TENDER_SORT_LABELS: Readonly<Record<TenderSortProperty, string>> = {
  sentAt: 'Date Sent',
  expiresAt: 'Expires',
  pickupAt: 'Pickup Date',
  rate: 'Rate',
  shipmentNumber: 'Shipment #',
};

/** A tender rate the API takes: more than nothing, and less than any truckload ever pays. */
export const TENDER_RATE_MAX_DOLLARS = 1_000_000;
export const TENDER_REJECTION_REASON_MAX = 500;
/** How long a carrier may take to answer one step of a waterfall. */
export const TENDER_ANSWER_WINDOW_MINUTES_MIN = 1;
export const TENDER_ANSWER_WINDOW_MINUTES_MAX = 7 * 24 * 60;
export const TENDER_WATERFALL_MAX_STEPS = 20;

/** Why a waterfall ended: a carrier accepted, the list ran out, or someone stopped it. */
export const TenderWaterfallStatus = {
  Running: 'Running',
  Accepted: 'Accepted',
  Exhausted: 'Exhausted',
  Stopped: 'Stopped',
} as const;
export type TenderWaterfallStatus = ValueOf<typeof TenderWaterfallStatus>;

export const TENDER_WATERFALL_STATUSES: readonly TenderWaterfallStatus[] =
  valuesOf(TenderWaterfallStatus);

export const TENDER_MESSAGES = {
  noMatchingTenders: 'No Matching Tenders Found',
  endOfList: 'No More Results',
  accepted: 'Tender accepted: the shipment is booked to you',
  rejected: 'Tender rejected',
  expired: 'This tender has expired',
} as const;

/** The reason a carrier can no longer answer a tender, or null while it is open. */
export function tenderAnswerRefusal(tender: {
  status: TenderOfferStatus;
  expiresAt: Date | string | null;
  expiredAt?: Date | string | null;
  tenderNumber: string;
  now: Date;
}): string | null {
  const label = `Tender ${tender.tenderNumber}`;
  if (tender.expiredAt) return `${label} has expired; it can no longer be answered.`;
  switch (tender.status) {
    case TenderOfferStatus.Accepted:
      return `${label} has already been accepted.`;
    case TenderOfferStatus.Rejected:
      return `${label} has already been rejected.`;
    case TenderOfferStatus.Rescinded:
      return `${label} has been rescinded by the operator.`;
    case TenderOfferStatus.BookingRescinded:
      return `${label}'s booking has been rescinded.`;
    default:
      break;
  }
  if (tender.expiresAt && new Date(tender.expiresAt).getTime() <= tender.now.getTime()) {
    return `${label} has expired; it can no longer be answered.`;
  }
  return null;
}

// ---- Rate requests ----

export const RATE_REQUEST_VIEWS = [
  { id: 'sent', label: 'Open', statuses: [RateRequestStatus.Sent] },
  { id: 'offered', label: 'Offered', statuses: [RateRequestStatus.Offered] },
  { id: 'declined', label: 'Declined', statuses: [RateRequestStatus.Declined] },
  { id: 'all', label: 'All', statuses: [...RATE_REQUEST_STATUSES] },
] as const;
export type RateRequestViewId = (typeof RATE_REQUEST_VIEWS)[number]['id'];

/**
 * The operator's Rate Offers page: first the offers it can award now (offered, not awarded, the
 * load still Ready to Book), the queue its Operations page counts; then the carriers' views.
 */
export const OPERATOR_RATE_OFFER_VIEWS = [
  {
    id: 'toAward',
    label: 'To Award',
    statuses: [RateRequestStatus.Offered],
    awardableOnly: true,
  },
  ...RATE_REQUEST_VIEWS.map((view) => ({ ...view, awardableOnly: false })),
] as const;
export type OperatorRateOfferViewId = (typeof OPERATOR_RATE_OFFER_VIEWS)[number]['id'];

export const RATE_REQUEST_MESSAGES = {
  noMatchingRequests: 'No Matching Rate Requests Found',
  offered: 'Offer sent',
  declined: 'Rate request declined',
  awarded: 'Offer awarded: the shipment is booked',
} as const;
