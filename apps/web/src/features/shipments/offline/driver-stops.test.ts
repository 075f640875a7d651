import type { ShipmentStop } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { driverStops, expectedCounts, nextStep, nextStopIndex } from './driver-stops';
import type { OutboxAction } from './outbox-store';

const time = (at: string) => ({ at, local: at.slice(0, 16) });

function stop(number: number, overrides: Partial<ShipmentStop> = {}): ShipmentStop {
  return {
    shipmentStopId: `stop-${number}`,
    orderStopId: `order-stop-${number}`,
    stopNumber: number,
    stopType: number === 1 ? 'Pickup' : 'Delivery',
    locationName: `Place ${number}`,
    locationAddress: {
      addressLine1: null,
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      country: 'US',
    },
    latitude: null,
    longitude: null,
    ianaTimezone: 'America/Chicago',
    early: null,
    late: null,
    appointment: null,
    arrived: null,
    departed: null,
    isPreloaded: false,
    isOnTime: null,
    referenceNumbers: [],
    orderLineItems: [
      {
        id: 'item-1',
        description: 'Towels',
        packageType: 'Carton',
        packageCount: 10,
        weightPounds: 100,
        role: number === 1 ? 'pickup' : 'delivery',
        confirmedPackageCount: null,
      },
    ],
    ...overrides,
  };
}

function action(kind: OutboxAction['kind'], stopId: string, extra: Partial<OutboxAction> = {}) {
  return {
    key: `${kind}-${stopId}`,
    sequence: 1,
    userId: 'driver',
    shipmentNumber: '1000123',
    kind,
    label: kind,
    stopId,
    occurredAt: '2026-11-24T15:00:00.000Z',
    state: 'waiting',
    ...extra,
  } satisfies OutboxAction;
}

describe('driverStops', () => {
  it('goes arrive, count, leave at the first stop not left', () => {
    const stops = [stop(1), stop(2)];
    const shown = driverStops(stops, []);
    expect(nextStopIndex(shown)).toBe(0);
    expect(nextStep(shown[0]!)).toBe('arrival');
  });

  it('counts what waits on the phone as done, marked waiting, so the driver keeps going', () => {
    const stops = [stop(1), stop(2)];
    const shown = driverStops(stops, [action('arrival', 'stop-1'), action('loaded', 'stop-1')]);
    expect(shown[0]).toMatchObject({
      arrivedAt: '2026-11-24T15:00:00.000Z',
      counted: true,
      waiting: { arrival: true, counts: true, departure: false },
    });
    expect(nextStep(shown[0]!)).toBe('departure');
    const left = driverStops(stops, [action('departure', 'stop-1')]);
    expect(nextStopIndex(left)).toBe(1);
  });

  it('ignores an action the server refused', () => {
    const shown = driverStops([stop(1)], [action('arrival', 'stop-1', { state: 'failed' })]);
    expect(shown[0]!.arrivedAt).toBeNull();
    expect(nextStep(shown[0]!)).toBe('arrival');
  });

  it('skips counting at a stop with nothing to count, and is done when every stop was left', () => {
    const stops = [
      stop(1, { orderLineItems: [], arrived: time('2026-11-24T15:00:00Z') }),
      stop(2, { arrived: time('2026-11-24T18:00:00Z'), departed: time('2026-11-24T19:00:00Z') }),
    ];
    expect(nextStep(driverStops(stops, [])[0]!)).toBe('departure');
    const done = driverStops(stops, [action('departure', 'stop-1')]);
    expect(nextStopIndex(done)).toBe(-1);
  });
});

describe('expectedCounts', () => {
  it('prefills a delivery with what was loaded, on the server or still on the phone', () => {
    const loadedOnServer = [
      stop(1, {
        orderLineItems: [{ ...stop(1).orderLineItems[0]!, confirmedPackageCount: 8 }],
      }),
      stop(2),
    ];
    expect(expectedCounts(loadedOnServer, [], loadedOnServer[1]!)).toEqual({ 'item-1': 8 });
    const stops = [stop(1), stop(2)];
    const waiting = action('loaded', 'stop-1', {
      body: { confirmedTrackingLineItems: [{ id: 'item-1', confirmedPackageCount: 7 }] },
    });
    expect(expectedCounts(stops, [waiting], stops[1]!)).toEqual({ 'item-1': 7 });
    expect(expectedCounts(stops, [], stops[1]!)).toEqual({ 'item-1': 10 });
    expect(expectedCounts(stops, [], stops[0]!)).toEqual({ 'item-1': 10 });
  });
});

describe('driverStops after sending', () => {
  it('keeps what the server accepted until the stop list is read again, not marked waiting', () => {
    const stops = [stop(1, { arrived: time('2026-11-24T15:00:00Z') }), stop(2)];
    const shown = driverStops(stops, [], [action('loaded', 'stop-1')]);
    expect(shown[0]).toMatchObject({ counted: true, waiting: { counts: false } });
    expect(nextStep(shown[0]!)).toBe('departure');
  });
});
