import { describe, expect, it } from 'vitest';
import {
  buildStopDateTime,
  consolidationRefusal,
  type ConsolidationOrder,
  dropEmptyReferenceNumbers,
  emptyStringsToUndefined,
  isGuid,
  liftOrderReferenceLabels,
  lineItemIdForPayload,
  raiseMaxBuyForBooking,
  zonedDateTimeToUtc,
} from './orders';

describe('buildStopDateTime', () => {
  it('uses daylight time on the day the US clocks spring forward', () => {
    expect(buildStopDateTime('2026-03-08', '09:30', '10001')).toBe('2026-03-08T13:30:00.000Z');
  });

  it('uses standard time in winter', () => {
    expect(buildStopDateTime('2026-01-15', '09:30', '60601')).toBe('2026-01-15T15:30:00.000Z');
    expect(buildStopDateTime('2026-01-15', '09:30', '10001')).toBe('2026-01-15T14:30:00.000Z');
  });

  it('follows each ZIP and postal code to its own zone', () => {
    expect(buildStopDateTime('2026-07-01', '08:00', '90210')).toBe('2026-07-01T15:00:00.000Z');
    expect(buildStopDateTime('2026-07-01', '08:00', '86515')).toBe('2026-07-01T14:00:00.000Z');
    expect(buildStopDateTime('2026-07-01', '08:00', 'M5V 3L9')).toBe('2026-07-01T12:00:00.000Z');
    expect(buildStopDateTime('2026-07-01', '08:00', 'S4P 3Y2')).toBe('2026-07-01T14:00:00.000Z');
    expect(buildStopDateTime('2026-07-01', '08:00', 'A1C 5M2')).toBe('2026-07-01T10:30:00.000Z');
  });

  it('crosses midnight into the next UTC day', () => {
    expect(buildStopDateTime('2026-12-31', '22:15', '90210')).toBe('2027-01-01T06:15:00.000Z');
  });

  it('sends nothing for an empty time or an unknown postal code', () => {
    expect(buildStopDateTime('2026-03-08', '', '10001')).toBeUndefined();
    expect(buildStopDateTime('2026-03-08', '09:30', '00000')).toBeUndefined();
    expect(buildStopDateTime('2026-03-08', '09:30', '')).toBeUndefined();
  });

  it('refuses malformed dates and times', () => {
    expect(() => buildStopDateTime('2026-02-30', '09:30', '10001')).toThrow(RangeError);
    expect(() => buildStopDateTime('03/08/2026', '09:30', '10001')).toThrow(RangeError);
    expect(() => buildStopDateTime('2026-03-08', '9:30', '10001')).toThrow(RangeError);
    expect(() => buildStopDateTime('2026-03-08', '24:00', '10001')).toThrow(RangeError);
  });
});

describe('zonedDateTimeToUtc', () => {
  it('moves a time skipped by the spring change forward by the gap', () => {
    expect(zonedDateTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('takes the first of a time repeated by the autumn change', () => {
    expect(zonedDateTimeToUtc('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('handles zones without DST and with half-hour offsets', () => {
    expect(zonedDateTimeToUtc('2026-07-01', '12:00', 'America/Phoenix').toISOString()).toBe(
      '2026-07-01T19:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-01-15', '12:00', 'America/St_Johns').toISOString()).toBe(
      '2026-01-15T15:30:00.000Z',
    );
  });

  it('treats an unusable zone name as a developer error', () => {
    expect(() => zonedDateTimeToUtc('2026-01-15', '12:00', 'Mars/Olympus_Mons')).toThrow(
      /Developer error: unusable time zone name "Mars\/Olympus_Mons"/,
    );
  });
});

describe('payload shaping', () => {
  it('recognises GUIDs', () => {
    expect(isGuid('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(true);
    expect(isGuid('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe(true);
    expect(isGuid('3f2504e04f8911d39a0c0305e82c3301')).toBe(false);
    expect(isGuid('new-1')).toBe(false);
    expect(isGuid(42)).toBe(false);
  });

  it('sends a line-item id only when it is a GUID', () => {
    expect(lineItemIdForPayload('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
    expect(lineItemIdForPayload('tmp-3')).toBeUndefined();
    expect(lineItemIdForPayload(3)).toBeUndefined();
    expect(lineItemIdForPayload(undefined)).toBeUndefined();
  });

  it('drops reference numbers with an empty label or value', () => {
    expect(
      dropEmptyReferenceNumbers([
        { label: 'PO', value: '123' },
        { label: '', value: '456' },
        { label: 'BOL', value: '  ' },
        { label: 'SO', value: null },
        { label: 'Pickup #', value: 'A1' },
      ]),
    ).toEqual([
      { label: 'PO', value: '123' },
      { label: 'Pickup #', value: 'A1' },
    ]);
  });

  it('turns blank strings into undefined at any depth, keeping list values', () => {
    const payload = {
      name: 'Dock 4',
      addressLine2: '',
      directions: '   ',
      count: 0,
      isBlind: false,
      contact: { firstName: 'Ann', emailAddress: '' },
      stops: [{ ediCode: '', city: 'Austin' }],
      tags: ['', 'cold'],
      when: new Date(0),
      nothing: null,
    };
    const cleaned = emptyStringsToUndefined(payload);
    expect(cleaned).toEqual({
      name: 'Dock 4',
      addressLine2: undefined,
      directions: undefined,
      count: 0,
      isBlind: false,
      contact: { firstName: 'Ann', emailAddress: undefined },
      stops: [{ ediCode: undefined, city: 'Austin' }],
      tags: ['', 'cold'],
      when: new Date(0),
      nothing: null,
    });
    expect(cleaned.when).toBe(payload.when);
    expect(payload.addressLine2).toBe('');
  });

  it('lifts the order reference labels into their own fields', () => {
    expect(
      liftOrderReferenceLabels([
        { label: 'Sales Order', value: 'SO-1' },
        { label: 'Purchase Order', value: 'PO-1' },
        { label: 'BOL', value: 'B-1' },
        { label: 'transfer order', value: 'TO-1' },
        { label: 'Return Order', value: 'RA-1' },
        { label: 'Purchase Order', value: 'PO-2' },
      ]),
    ).toEqual({
      salesOrderNumber: 'SO-1',
      purchaseOrderNumber: 'PO-1',
      transferOrderNumber: 'TO-1',
      returnAuthorizationNumber: 'RA-1',
      referenceNumbers: [
        { label: 'BOL', value: 'B-1' },
        { label: 'Purchase Order', value: 'PO-2' },
      ],
    });
    expect(liftOrderReferenceLabels([])).toEqual({ referenceNumbers: [] });
  });
});

describe('raiseMaxBuyForBooking', () => {
  it('raises an unset or lower maxBuy to the rate plus 5', () => {
    expect(raiseMaxBuyForBooking(undefined, 1200)).toBe(1205);
    expect(raiseMaxBuyForBooking(null, 1200)).toBe(1205);
    expect(raiseMaxBuyForBooking(1000, 1200)).toBe(1205);
    expect(raiseMaxBuyForBooking(0, 1200)).toBe(1205);
  });

  it('leaves a maxBuy at or above the rate alone', () => {
    expect(raiseMaxBuyForBooking(1200, 1200)).toBe(1200);
    expect(raiseMaxBuyForBooking(1500, 1200)).toBe(1500);
  });

  it('takes the margin in the caller’s money unit', () => {
    expect(raiseMaxBuyForBooking(100_000, 120_000, 500)).toBe(120_500);
  });
});

describe('consolidationRefusal', () => {
  const day = (offset: number) => new Date(Date.UTC(2031, 2, 3 + offset, 14));
  const order = (
    orderNumber: string,
    overrides: Partial<ConsolidationOrder> = {},
  ): ConsolidationOrder => ({
    orderNumber,
    weightPounds: 10_000,
    packageCount: 10,
    equipmentMode: 0,
    pickup: { latitude: 41.8853, longitude: -87.6216, earlyAt: day(0), lateAt: day(0) },
    delivery: { latitude: 33.7525, longitude: -84.3888, earlyAt: day(2), lateAt: day(2) },
    ...overrides,
  });

  it('accepts orders within every limit', () => {
    expect(consolidationRefusal([order('1'), order('2')])).toBeNull();
  });

  it('names the limit an order set breaks', () => {
    expect(consolidationRefusal([order('1'), order('2', { weightPounds: 35_001 })])).toBe(
      'Total weight 45,001 lb is over the consolidation maxWeight of 45,000 lb.',
    );
    expect(consolidationRefusal([order('1'), order('2', { packageCount: 51 })])).toBe(
      'Total units 61 is over the consolidation maxUnits of 60.',
    );
    // Milwaukee is about 81 miles from Chicago.
    const far = { latitude: 43.0389, longitude: -87.9065, earlyAt: day(0), lateAt: day(0) };
    expect(consolidationRefusal([order('1'), order('2', { pickup: far })])).toMatch(
      /^The pickups of orders 1 and 2 are 8\d miles apart, over the consolidation distance of 40 miles\.$/,
    );
    expect(consolidationRefusal([order('1'), order('2', { equipmentMode: 1 })])).toBe(
      'Orders 1 and 2 need different equipment modes.',
    );
  });

  it('widens each window by two days on both sides', () => {
    const late = (offset: number) => ({
      ...order('x').pickup,
      earlyAt: day(offset),
      lateAt: day(offset),
    });
    expect(consolidationRefusal([order('1'), order('2', { pickup: late(4) })])).toBeNull();
    expect(consolidationRefusal([order('1'), order('2', { pickup: late(5) })])).toMatch(
      /windows do not meet even widened by 2 days each side/,
    );
  });
});
