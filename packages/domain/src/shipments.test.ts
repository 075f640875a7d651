import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIPMENT_LIST_STATUSES,
  ShipmentOrigination,
  ShipmentStatus,
  SHIPMENT_STATUSES,
  isShipmentDelivered,
  parseShipmentStatus,
  quickSearchTarget,
  shipmentStatusDisplayName,
  shipmentStatusTabIndex,
  shipmentSubPageForTab,
} from './shipments';

describe('shipment status', () => {
  it.each([
    ['Voided', -1, 'Voided'],
    ['Draft', 0, 'Draft'],
    ['ReadyToBook', 1, 'Ready to Book'],
    ['Tendering', 2, 'Tendering'],
    ['Booked', 3, 'Booked'],
    ['Dispatched', 4, 'Dispatched'],
    ['InTransit', 5, 'In Transit'],
    ['AtStop', 6, 'At Stop'],
    ['Delivered', 7, 'Delivered'],
    ['DeliveryConfirmed', 8, 'Delivery Confirmed'],
  ] as const)('%s is %i, shown as "%s"', (key, value, displayName) => {
    expect(ShipmentStatus[key]).toBe(value);
    expect(shipmentStatusDisplayName(value)).toBe(displayName);
  });

  it('lists every status in numeric order', () => {
    expect(SHIPMENT_STATUSES).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('parses numbers and integer strings, rejecting everything else', () => {
    expect(parseShipmentStatus(7)).toBe(ShipmentStatus.Delivered);
    expect(parseShipmentStatus(-1)).toBe(ShipmentStatus.Voided);
    expect(parseShipmentStatus('3')).toBe(ShipmentStatus.Booked);
    expect(parseShipmentStatus(' -1 ')).toBe(ShipmentStatus.Voided);
    expect(parseShipmentStatus(9)).toBeUndefined();
    expect(parseShipmentStatus(2.5)).toBeUndefined();
    expect(parseShipmentStatus('')).toBeUndefined();
    expect(parseShipmentStatus('Booked')).toBeUndefined();
    expect(parseShipmentStatus(null)).toBeUndefined();
  });

  it('defaults the shipment list to Dispatched, In Transit, At Stop, Booked, Delivered', () => {
    expect(DEFAULT_SHIPMENT_LIST_STATUSES).toEqual([4, 5, 6, 3, 7]);
  });

  it('has origination types TmsContract and TmsSpot', () => {
    expect(Object.values(ShipmentOrigination)).toEqual(['TmsContract', 'TmsSpot']);
  });
});

describe('shipmentStatusTabIndex', () => {
  it.each([
    [ShipmentStatus.Delivered, 4],
    [ShipmentStatus.ReadyToBook, 1],
    [ShipmentStatus.Tendering, 1],
    [ShipmentStatus.Booked, 2],
    [ShipmentStatus.Dispatched, 2],
    [ShipmentStatus.InTransit, 2],
    [ShipmentStatus.AtStop, 2],
    [ShipmentStatus.Voided, 0],
    [ShipmentStatus.Draft, 0],
    [ShipmentStatus.DeliveryConfirmed, 0],
    [undefined, 0],
  ])('status %s opens tab %i', (status, tab) => {
    expect(shipmentStatusTabIndex(status)).toBe(tab);
  });
});

describe('shipmentSubPageForTab', () => {
  it.each([
    ['0', 'details'],
    ['1', 'financials'],
    ['2', 'cases'],
    ['3', 'documents'],
    ['4', 'SignedRateConfirmation'],
  ])('tab %s opens %s', (tab, subPage) => {
    expect(shipmentSubPageForTab(tab)).toBe(subPage);
  });

  it.each(['5', '-1', '1.5', 'abc', '', ' 2', '99999999999999999999'])(
    'tab %j names no sub-page',
    (tab) => {
      expect(shipmentSubPageForTab(tab)).toBeNull();
    },
  );

  it('names a sub-page for every index a shipment status gives', () => {
    for (const status of Object.values(ShipmentStatus))
      expect(shipmentSubPageForTab(String(shipmentStatusTabIndex(status)))).not.toBeNull();
  });
});

describe('quickSearchTarget', () => {
  it('does nothing for drafts and routes the rest by status', () => {
    expect(quickSearchTarget(ShipmentStatus.Draft)).toBe('none');
    expect(quickSearchTarget(ShipmentStatus.Tendering)).toBe('tenderDetails');
    expect(quickSearchTarget(ShipmentStatus.ReadyToBook)).toBe('availableFreightPreview');
    for (const status of [-1, 3, 4, 5, 6, 7, 8] as const) {
      expect(quickSearchTarget(status)).toBe('shipmentPreview');
    }
  });
});

describe('isShipmentDelivered', () => {
  it('is true only for Delivered and Delivery Confirmed', () => {
    expect(SHIPMENT_STATUSES.filter(isShipmentDelivered)).toEqual([7, 8]);
  });
});
