import { parseNumericValue, valuesOf, type ValueOf } from './enum-values';

export const ShipmentStatus = {
  Voided: -1,
  Draft: 0,
  ReadyToBook: 1,
  Tendering: 2,
  Booked: 3,
  Dispatched: 4,
  InTransit: 5,
  AtStop: 6,
  Delivered: 7,
  DeliveryConfirmed: 8,
} as const;
export type ShipmentStatus = ValueOf<typeof ShipmentStatus>;

/** Every status in numeric order, Voided first. */
export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = valuesOf(ShipmentStatus);

export const SHIPMENT_STATUS_DISPLAY_NAMES: Readonly<Record<ShipmentStatus, string>> = {
  [ShipmentStatus.Voided]: 'Voided',
  [ShipmentStatus.Draft]: 'Draft',
  [ShipmentStatus.ReadyToBook]: 'Ready to Book',
  [ShipmentStatus.Tendering]: 'Tendering',
  [ShipmentStatus.Booked]: 'Booked',
  [ShipmentStatus.Dispatched]: 'Dispatched',
  [ShipmentStatus.InTransit]: 'In Transit',
  [ShipmentStatus.AtStop]: 'At Stop',
  [ShipmentStatus.Delivered]: 'Delivered',
  [ShipmentStatus.DeliveryConfirmed]: 'Delivery Confirmed',
};

export function shipmentStatusDisplayName(status: ShipmentStatus): string {
  return SHIPMENT_STATUS_DISPLAY_NAMES[status];
}

/** Accepts a number or an integer string (query parameters); anything else is undefined. */
export function parseShipmentStatus(value: unknown): ShipmentStatus | undefined {
  return parseNumericValue(ShipmentStatus, value);
}

export const DEFAULT_SHIPMENT_LIST_STATUSES: readonly ShipmentStatus[] = [
  ShipmentStatus.Dispatched,
  ShipmentStatus.InTransit,
  ShipmentStatus.AtStop,
  ShipmentStatus.Booked,
  ShipmentStatus.Delivered,
];

export type ShipmentTabIndex = 0 | 1 | 2 | 4;

/**
 * The shipment screen's sub-pages in the spec's order; a tab index names the sub-page at that
 * position (0 Details, 1 Financials, 2 Cases, 3 Documents, 4 Signed Rate Confirmation).
 */
export const SHIPMENT_SUB_PAGES = [
  'details',
  'financials',
  'cases',
  'documents',
  'SignedRateConfirmation',
] as const;
export type ShipmentSubPage = (typeof SHIPMENT_SUB_PAGES)[number];

/**
 * The sub-page a `?tab=` index opens: null when the value names no tab (not a whole number from 0
 * to 4), for the screen to fall back to Details and say so.
 */
export function shipmentSubPageForTab(tab: string): ShipmentSubPage | null {
  if (!/^\d+$/.test(tab)) return null;
  return SHIPMENT_SUB_PAGES[Number(tab)] ?? null;
}

/** The tab the third-party invoice detail opens on for the invoice's shipment. */
export function shipmentStatusTabIndex(status: ShipmentStatus | undefined): ShipmentTabIndex {
  switch (status) {
    case ShipmentStatus.Delivered:
      return 4;
    case ShipmentStatus.ReadyToBook:
    case ShipmentStatus.Tendering:
      return 1;
    case ShipmentStatus.Booked:
    case ShipmentStatus.Dispatched:
    case ShipmentStatus.InTransit:
    case ShipmentStatus.AtStop:
      return 2;
    default:
      return 0;
  }
}

export type QuickSearchTarget =
  'none' | 'tenderDetails' | 'availableFreightPreview' | 'shipmentPreview';

/** Where selecting a quick-search result leads; Draft shipments lead nowhere. */
export function quickSearchTarget(status: ShipmentStatus): QuickSearchTarget {
  switch (status) {
    case ShipmentStatus.Draft:
      return 'none';
    case ShipmentStatus.Tendering:
      return 'tenderDetails';
    case ShipmentStatus.ReadyToBook:
      return 'availableFreightPreview';
    default:
      return 'shipmentPreview';
  }
}

/** An invoice cannot be submitted before its shipment is delivered. */
export function isShipmentDelivered(status: ShipmentStatus): boolean {
  return status === ShipmentStatus.Delivered || status === ShipmentStatus.DeliveryConfirmed;
}

export const ShipmentOrigination = {
  TmsContract: 'TmsContract',
  TmsSpot: 'TmsSpot',
} as const;
export type ShipmentOrigination = ValueOf<typeof ShipmentOrigination>;
