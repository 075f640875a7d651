import {
  equipmentDisplayNamesFromMask,
  shipmentStatusDisplayName,
  type ShipmentStatus,
} from '@portal/domain';

// Small shapes every shipment answer uses: the status as {value, displayName}, places, money.

export function statusValue(status: number): { value: number; displayName: string } {
  return { value: status, displayName: shipmentStatusDisplayName(status as ShipmentStatus) };
}

export function dollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : Math.round(cents) / 100;
}

export function iso(instant: Date | string | null | undefined): string | null {
  if (instant === null || instant === undefined) return null;
  return (instant instanceof Date ? instant : new Date(instant)).toISOString();
}

export interface PlaceColumns {
  city: string;
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
}

export function originOf(row: {
  originCity: string;
  originState: string;
  originPostalCode: string;
  originLatitude: number | null;
  originLongitude: number | null;
}): PlaceColumns {
  return {
    city: row.originCity,
    state: row.originState,
    postalCode: row.originPostalCode,
    latitude: row.originLatitude,
    longitude: row.originLongitude,
  };
}

export function destinationOf(row: {
  destinationCity: string;
  destinationState: string;
  destinationPostalCode: string;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
}): PlaceColumns {
  return {
    city: row.destinationCity,
    state: row.destinationState,
    postalCode: row.destinationPostalCode,
    latitude: row.destinationLatitude,
    longitude: row.destinationLongitude,
  };
}

export function equipmentNames(mask: number): string[] {
  return equipmentDisplayNamesFromMask(mask);
}

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
