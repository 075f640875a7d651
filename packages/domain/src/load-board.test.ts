import { describe, expect, it } from 'vitest';
import { EquipmentType } from './freight';
import {
  rateTypeRoute,
  unknownRateTypeMessage,
  DEFAULT_LOAD_BOARD_ORDER_BY,
  LOAD_BOARD_MAX_RADIUS_MILES,
  LOAD_BOARD_ORDER_BY,
  loadBoardSearchString,
} from './load-board';

describe('loadBoardSearchString', () => {
  it('writes a lane as the /reloads query string, leaving out default radii and empty parts', () => {
    const search = new URLSearchParams(
      loadBoardSearchString({
        originPostalCode: '58102',
        originLabel: 'Fargo, ND',
        originRadius: 100,
        destinationPostalCode: '60601',
        destinationState: 'IL',
        destinationLabel: 'Chicago, IL',
        destinationRadius: 50,
        equipmentTypes: EquipmentType.Van | EquipmentType.Reefer,
        totalPriceMin: null,
      }),
    );
    expect(Object.fromEntries(search)).toEqual({
      originPostalCode: '58102',
      originLabel: 'Fargo, ND',
      destinationPostalCode: '60601',
      destinationLabel: 'Chicago, IL',
      destinationRadius: '50',
      equipmentTypes: '5',
    });
  });

  it('searches a destination state when the lane names no postal code', () => {
    const search = new URLSearchParams(
      loadBoardSearchString({
        originPostalCode: '58102',
        destinationState: 'TX',
        pickupFrom: '2026-11-25',
      }),
    );
    expect(search.get('destinationState')).toBe('TX');
    expect(search.get('pickupFrom')).toBe('2026-11-25');
  });
});

describe('load board constants', () => {
  it('orders by pickup date by default and offers five orders, each with a label', () => {
    expect(DEFAULT_LOAD_BOARD_ORDER_BY).toBe('pickupDate');
    expect(LOAD_BOARD_ORDER_BY.map((option) => option.value)).toEqual([
      'pickupDate',
      'price',
      'ratePerMile',
      'deadhead',
      'distance',
    ]);
    expect(LOAD_BOARD_ORDER_BY.every((option) => option.label.length > 0)).toBe(true);
    expect(LOAD_BOARD_MAX_RADIUS_MILES).toBe(500);
  });
});

describe('rate types of /rates/{rateType}/shipment/{shipmentNumber}', () => {
  it('names the rates kind of each path word, without regard to case, and of the kind names', () => {
    expect(rateTypeRoute('contract')?.rateKind).toBe('ContractTL');
    expect(rateTypeRoute('LTL')?.rateKind).toBe('LTL');
    expect(rateTypeRoute('Spot')?.rateKind).toBe('SpotQuote');
    expect(rateTypeRoute('spotquote')?.rateType).toBe('spot');
    expect(rateTypeRoute('ContractTL')?.label).toBe('Contract TL rates');
  });

  it('knows no other word, and says which are known', () => {
    for (const word of ['flatbed', 'Flat', 'PerMile', '', 'contracts'])
      expect(rateTypeRoute(word), word).toBeUndefined();
    expect(unknownRateTypeMessage('flatbed')).toBe(
      '"flatbed" is not a rate type. The rate types are contract (Contract TL rates), ltl (LTL rates) and spot (Spot quotes).',
    );
  });
});
