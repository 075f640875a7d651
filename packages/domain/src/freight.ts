import { parseNumericValue, valuesOf, type ValueOf } from './enum-values';

/** The spec's "load type/mode"; orders and dock schedules carry it as shippingMode. */
export const LoadType = {
  TL: 0,
  LTL: 1,
  Bulk: 2,
  Intermodal: 3,
  VLTL: 4,
  Ocean: 5,
} as const;
export type LoadType = ValueOf<typeof LoadType>;

export const LOAD_TYPES: readonly LoadType[] = valuesOf(LoadType);

export const LOAD_TYPE_DISPLAY_NAMES: Readonly<Record<LoadType, string>> = {
  [LoadType.TL]: 'TL',
  [LoadType.LTL]: 'LTL',
  [LoadType.Bulk]: 'Bulk',
  [LoadType.Intermodal]: 'Intermodal',
  [LoadType.VLTL]: 'VLTL',
  [LoadType.Ocean]: 'Ocean',
};

export function parseLoadType(value: unknown): LoadType | undefined {
  return parseNumericValue(LoadType, value);
}

export const ServiceLevel = {
  Standard: 0,
  BookItNow: 1,
  QuickPay: 2,
  SmallCarrierQuickPay: 3,
} as const;
export type ServiceLevel = ValueOf<typeof ServiceLevel>;

export const SERVICE_LEVEL_DISPLAY_NAMES: Readonly<Record<ServiceLevel, string>> = {
  [ServiceLevel.Standard]: 'Standard',
  [ServiceLevel.BookItNow]: 'Book It Now',
  [ServiceLevel.QuickPay]: 'Quick Pay',
  [ServiceLevel.SmallCarrierQuickPay]: 'Small Carrier Quick Pay',
};

export function parseServiceLevel(value: unknown): ServiceLevel | undefined {
  return parseNumericValue(ServiceLevel, value);
}

/** Bit values: a load's equipment is the OR of the types it accepts. */
export const EquipmentType = {
  Van: 1,
  FlatBed: 2,
  Reefer: 4,
  Conestoga: 8,
  Tanker: 16,
  DryBulk: 32,
  Container: 64,
  PupTrailer: 128,
  StraightTruck: 256,
  Sprinter: 512,
  CurtainSide: 1024,
  RemovableGooseNeck: 2048,
  LowBoy: 4096,
  StepDeck: 8192,
  Pneumatic: 16384,
  EndDump: 32768,
  WalkingFloor: 65536,
  DumpTruck: 131072,
  HopperBottom: 262144,
} as const;
export type EquipmentType = ValueOf<typeof EquipmentType>;

/** Every equipment type in bit order. */
export const EQUIPMENT_TYPES: readonly EquipmentType[] = valuesOf(EquipmentType);

export const EQUIPMENT_TYPE_DISPLAY_NAMES: Readonly<Record<EquipmentType, string>> = {
  [EquipmentType.Van]: 'Van',
  [EquipmentType.FlatBed]: 'Flat Bed',
  [EquipmentType.Reefer]: 'Reefer',
  [EquipmentType.Conestoga]: 'Conestoga',
  [EquipmentType.Tanker]: 'Tanker',
  [EquipmentType.DryBulk]: 'Dry Bulk',
  [EquipmentType.Container]: 'Container',
  [EquipmentType.PupTrailer]: 'Pup Trailer',
  [EquipmentType.StraightTruck]: 'Straight Truck',
  [EquipmentType.Sprinter]: 'Sprinter',
  [EquipmentType.CurtainSide]: 'Curtain Side',
  [EquipmentType.RemovableGooseNeck]: 'Removable Goose Neck',
  [EquipmentType.LowBoy]: 'Low Boy',
  [EquipmentType.StepDeck]: 'Step Deck',
  [EquipmentType.Pneumatic]: 'Pneumatic',
  // The spec displays End Dump as "End Pump"; kept as written.
  [EquipmentType.EndDump]: 'End Pump',
  [EquipmentType.WalkingFloor]: 'Walking Floor',
  [EquipmentType.DumpTruck]: 'Dump Truck',
  [EquipmentType.HopperBottom]: 'Hopper Bottom',
};

/** The OR of every known bit; bits outside it are not equipment types. */
export const ALL_EQUIPMENT_TYPES_MASK: number = EQUIPMENT_TYPES.reduce<number>(
  (mask, type) => mask | type,
  0,
);

export function isEquipmentType(value: unknown): value is EquipmentType {
  return typeof value === 'number' && EQUIPMENT_TYPES.includes(value as EquipmentType);
}

export function isValidEquipmentMask(mask: number): boolean {
  return Number.isInteger(mask) && mask >= 0 && (mask & ~ALL_EQUIPMENT_TYPES_MASK) === 0;
}

/** Equipment types set in a bitmask, in bit order; unknown bits are ignored. */
export function equipmentTypesFromMask(mask: number): EquipmentType[] {
  if (!Number.isInteger(mask) || mask <= 0) return [];
  return EQUIPMENT_TYPES.filter((type) => (mask & type) !== 0);
}

export function equipmentDisplayNamesFromMask(mask: number): string[] {
  return equipmentTypesFromMask(mask).map((type) => EQUIPMENT_TYPE_DISPLAY_NAMES[type]);
}

export function equipmentMaskFromTypes(types: Iterable<EquipmentType>): number {
  let mask = 0;
  for (const type of types) mask |= type;
  return mask;
}

/** Display names back to a mask; names that are not equipment types are ignored. */
export function equipmentMaskFromDisplayNames(names: Iterable<string>): number {
  const wanted = new Set(names);
  return equipmentMaskFromTypes(
    EQUIPMENT_TYPES.filter((type) => wanted.has(EQUIPMENT_TYPE_DISPLAY_NAMES[type])),
  );
}

/** Orders, rates and dock schedules carry this as equipmentMode(s). */
export const EquipmentCategory = {
  Dry: 0,
  Reefer: 1,
  Flatbed: 2,
  Bulk: 3,
  Drayage: 4,
  PowerOnly: 5,
} as const;
export type EquipmentCategory = ValueOf<typeof EquipmentCategory>;

export const EQUIPMENT_CATEGORIES: readonly EquipmentCategory[] = valuesOf(EquipmentCategory);

export const EQUIPMENT_CATEGORY_DISPLAY_NAMES: Readonly<Record<EquipmentCategory, string>> = {
  [EquipmentCategory.Dry]: 'Dry',
  [EquipmentCategory.Reefer]: 'Reefer',
  [EquipmentCategory.Flatbed]: 'Flatbed',
  [EquipmentCategory.Bulk]: 'Bulk',
  [EquipmentCategory.Drayage]: 'Drayage',
  [EquipmentCategory.PowerOnly]: 'Power Only',
};

export function parseEquipmentCategory(value: unknown): EquipmentCategory | undefined {
  return parseNumericValue(EquipmentCategory, value);
}

export const OrderStopType = {
  Pickup: 'Pickup',
  Delivery: 'Delivery',
} as const;
export type OrderStopType = ValueOf<typeof OrderStopType>;

/** Stop types of a location's dock schedule. */
export const DockStopType = {
  Shipping: 'Shipping',
  Receiving: 'Receiving',
} as const;
export type DockStopType = ValueOf<typeof DockStopType>;

/** Standard NMFC freight classes, lowest (densest) first. */
export const FREIGHT_CLASSES = [
  50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500,
] as const;
export type FreightClass = (typeof FREIGHT_CLASSES)[number];

export function isFreightClass(value: unknown): value is FreightClass {
  return typeof value === 'number' && FREIGHT_CLASSES.includes(value as FreightClass);
}
