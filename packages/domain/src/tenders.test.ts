import { describe, expect, it } from 'vitest';
import {
  RATE_REQUEST_STATUSES,
  RATE_REQUEST_STATUS_MEANINGS,
  TENDER_OFFER_STATUS_DISPLAY_NAMES,
  TENDER_RESPONSE_ACCEPT,
  TenderOfferStatus,
  canCarrierAnswerTender,
  isRateRequestOpen,
  isTenderOpen,
  parseTenderOfferStatus,
} from './tenders';

describe('tender offer status', () => {
  it('numbers Sent 0, Accepted 1, Rejected 2, Rescinded 3, Booking Rescinded 4', () => {
    expect(TenderOfferStatus).toEqual({
      Sent: 0,
      Accepted: 1,
      Rejected: 2,
      Rescinded: 3,
      BookingRescinded: 4,
    });
    expect(TENDER_OFFER_STATUS_DISPLAY_NAMES[4]).toBe('Booking Rescinded');
    expect(parseTenderOfferStatus('2')).toBe(TenderOfferStatus.Rejected);
    expect(parseTenderOfferStatus(5)).toBeUndefined();
  });

  it('treats Sent as open', () => {
    expect(isTenderOpen(TenderOfferStatus.Sent)).toBe(true);
    expect(isTenderOpen(TenderOfferStatus.Accepted)).toBe(false);
  });

  it('lets a carrier accept or reject an open tender only', () => {
    expect(canCarrierAnswerTender(TenderOfferStatus.Sent, TenderOfferStatus.Accepted)).toBe(true);
    expect(canCarrierAnswerTender(TenderOfferStatus.Sent, TenderOfferStatus.Rejected)).toBe(true);
    expect(canCarrierAnswerTender(TenderOfferStatus.Sent, TenderOfferStatus.Rescinded)).toBe(false);
    expect(canCarrierAnswerTender(TenderOfferStatus.Accepted, TenderOfferStatus.Rejected)).toBe(
      false,
    );
    expect(canCarrierAnswerTender(TenderOfferStatus.Rescinded, TenderOfferStatus.Accepted)).toBe(
      false,
    );
  });

  it('answers respondToTender with 1 to accept', () => {
    expect(TENDER_RESPONSE_ACCEPT).toBe(1);
  });
});

describe('rate request status', () => {
  it('has Sent (open), Offered (responded) and Declined', () => {
    expect(RATE_REQUEST_STATUSES).toEqual(['Sent', 'Offered', 'Declined']);
    expect(RATE_REQUEST_STATUS_MEANINGS).toEqual({
      Sent: 'Open',
      Offered: 'Responded',
      Declined: 'Declined',
    });
    expect(isRateRequestOpen('Sent')).toBe(true);
    expect(isRateRequestOpen('Offered')).toBe(false);
  });
});
