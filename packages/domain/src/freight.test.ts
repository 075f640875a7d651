import { describe, expect, it } from 'vitest';
import {
  ALL_EQUIPMENT_TYPES_MASK,
  DockStopType,
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  EQUIPMENT_TYPES,
  EquipmentCategory,
  EquipmentType,
  FREIGHT_CLASSES,
  LoadType,
  OrderStopType,
  SERVICE_LEVEL_DISPLAY_NAMES,
  ServiceLevel,
  equipmentDisplayNamesFromMask,
  equipmentMaskFromDisplayNames,
  equipmentMaskFromTypes,
  equipmentTypesFromMask,
  isEquipmentType,
  isFreightClass,
  isValidEquipmentMask,
  parseEquipmentCategory,
  parseLoadType,
  parseServiceLevel,
} from './freight';

describe('load type', () => {
  it('numbers TL 0, LTL 1, Bulk 2, Intermodal 3, VLTL 4, Ocean 5', () => {
    expect(LoadType).toEqual({ TL: 0, LTL: 1, Bulk: 2, Intermodal: 3, VLTL: 4, Ocean: 5 });
    expect(parseLoadType('4')).toBe(LoadType.VLTL);
    expect(parseLoadType(6)).toBeUndefined();
  });
});

describe('service level', () => {
  it('numbers Standard 0, Book It Now 1, Quick Pay 2, Small Carrier Quick Pay 3', () => {
    expect(ServiceLevel).toEqual({
      Standard: 0,
      BookItNow: 1,
      QuickPay: 2,
      SmallCarrierQuickPay: 3,
    });
    expect(Object.values(SERVICE_LEVEL_DISPLAY_NAMES)).toEqual([
      'Standard',
      'Book It Now',
      'Quick Pay',
      'Small Carrier Quick Pay',
    ]);
    expect(parseServiceLevel(3)).toBe(ServiceLevel.SmallCarrierQuickPay);
  });
});

describe('equipment types', () => {
  it.each([
    ['Van', 1, 'Van'],
    ['FlatBed', 2, 'Flat Bed'],
    ['Reefer', 4, 'Reefer'],
    ['Conestoga', 8, 'Conestoga'],
    ['Tanker', 16, 'Tanker'],
    ['DryBulk', 32, 'Dry Bulk'],
    ['Container', 64, 'Container'],
    ['PupTrailer', 128, 'Pup Trailer'],
    ['StraightTruck', 256, 'Straight Truck'],
    ['Sprinter', 512, 'Sprinter'],
    ['CurtainSide', 1024, 'Curtain Side'],
    ['RemovableGooseNeck', 2048, 'Removable Goose Neck'],
    ['LowBoy', 4096, 'Low Boy'],
    ['StepDeck', 8192, 'Step Deck'],
    ['Pneumatic', 16384, 'Pneumatic'],
    ['EndDump', 32768, 'End Pump'],
    ['WalkingFloor', 65536, 'Walking Floor'],
    ['DumpTruck', 131072, 'Dump Truck'],
    ['HopperBottom', 262144, 'Hopper Bottom'],
  ] as const)('%s is bit %i, shown as "%s"', (key, bit, displayName) => {
    expect(EquipmentType[key]).toBe(bit);
    expect(EQUIPMENT_TYPE_DISPLAY_NAMES[bit]).toBe(displayName);
  });

  it('has 19 distinct single-bit values', () => {
    expect(EQUIPMENT_TYPES).toHaveLength(19);
    for (const type of EQUIPMENT_TYPES) expect(type & (type - 1)).toBe(0);
    expect(ALL_EQUIPMENT_TYPES_MASK).toBe(2 ** 19 - 1);
  });

  it('turns a mask into types and display names in bit order', () => {
    const mask = EquipmentType.HopperBottom | EquipmentType.Van | EquipmentType.EndDump;
    expect(equipmentTypesFromMask(mask)).toEqual([1, 32768, 262144]);
    expect(equipmentDisplayNamesFromMask(mask)).toEqual(['Van', 'End Pump', 'Hopper Bottom']);
    expect(equipmentTypesFromMask(0)).toEqual([]);
    expect(equipmentTypesFromMask(-1)).toEqual([]);
    expect(equipmentTypesFromMask(ALL_EQUIPMENT_TYPES_MASK)).toEqual(EQUIPMENT_TYPES);
  });

  it('ignores bits that are not equipment types', () => {
    expect(equipmentTypesFromMask((2 ** 19) | EquipmentType.Reefer)).toEqual([4]);
    expect(isValidEquipmentMask(2 ** 19)).toBe(false);
    expect(isValidEquipmentMask(1.5)).toBe(false);
    expect(isValidEquipmentMask(EquipmentType.Reefer | EquipmentType.Van)).toBe(true);
  });

  it('round-trips types and display names back to a mask', () => {
    expect(
      equipmentMaskFromTypes([EquipmentType.Van, EquipmentType.Reefer, EquipmentType.Van]),
    ).toBe(5);
    expect(equipmentMaskFromDisplayNames(['End Pump', 'Flat Bed', 'Spaceship'])).toBe(32768 | 2);
    for (const type of EQUIPMENT_TYPES) {
      expect(equipmentMaskFromTypes(equipmentTypesFromMask(type))).toBe(type);
    }
  });

  it('recognises equipment type values', () => {
    expect(isEquipmentType(8192)).toBe(true);
    expect(isEquipmentType(3)).toBe(false);
    expect(isEquipmentType('1')).toBe(false);
  });
});

describe('equipment category', () => {
  it('numbers Dry 0, Reefer 1, Flatbed 2, Bulk 3, Drayage 4, Power Only 5', () => {
    expect(EquipmentCategory).toEqual({
      Dry: 0,
      Reefer: 1,
      Flatbed: 2,
      Bulk: 3,
      Drayage: 4,
      PowerOnly: 5,
    });
    expect(EQUIPMENT_CATEGORY_DISPLAY_NAMES[EquipmentCategory.PowerOnly]).toBe('Power Only');
    expect(parseEquipmentCategory(5)).toBe(EquipmentCategory.PowerOnly);
    expect(parseEquipmentCategory(-1)).toBeUndefined();
  });
});

describe('stops and freight classes', () => {
  it('names order stop types Pickup and Delivery, dock stop types Shipping and Receiving', () => {
    expect(Object.values(OrderStopType)).toEqual(['Pickup', 'Delivery']);
    expect(Object.values(DockStopType)).toEqual(['Shipping', 'Receiving']);
  });

  it('lists the 18 NMFC classes from 50 to 500', () => {
    expect(FREIGHT_CLASSES).toHaveLength(18);
    expect(FREIGHT_CLASSES[0]).toBe(50);
    expect(FREIGHT_CLASSES[17]).toBe(500);
    expect(isFreightClass(77.5)).toBe(true);
    expect(isFreightClass(75)).toBe(false);
  });
});
