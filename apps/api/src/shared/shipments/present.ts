import {
  equipmentDisplayNamesFromMask,
  shipmentStatusDisplayName,
  timeZoneForPostalCode,
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
  return isoString(instant instanceof Date ? instant : new Date(instant));
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) =>
  value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`;

/**
 * What `Date#toISOString` writes (`2026-11-29T20:08:55.123Z`), from the date's UTC fields: half its
 * cost, and a list page writes a few hundred (docs/benchmarks.md, 2026-12-02). Years outside 0 to
 * 9999, which it writes with a sign and six digits, and an invalid date (which it refuses) are left
 * to it.
 */
export function isoString(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(
    date.getUTCHours(),
  )}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}.${threeDigits(
    date.getUTCMilliseconds(),
  )}Z`;
}

export interface PlaceColumns {
  city: string;
  state: string;
  postalCode: string;
  timeZone: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A shipment's origin or destination zone, from its postal code by the same table the reference
 * places (and so the stops) take theirs from, with the same default for a code it does not know.
 */
export function placeTimeZone(postalCode: string): string {
  let zone = zones.get(postalCode);
  if (zone === undefined) {
    zone =
      timeZoneForPostalCode(postalCode) ??
      (/^[A-Za-z]/.test(postalCode) ? 'America/Toronto' : 'America/Chicago');
    if (zones.size >= KEPT_ZONES) zones.clear();
    zones.set(postalCode, zone);
  }
  return zone;
}

// Each list row shows two places: their zones are kept by postal code (about 43,000 US ZIP codes
// and 1,600 Canadian areas), as the table's lookup costs more than the rest of a place.
const KEPT_ZONES = 50_000;
const zones = new Map<string, string>();

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
    timeZone: placeTimeZone(row.originPostalCode),
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
    timeZone: placeTimeZone(row.destinationPostalCode),
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

/** A place copied onto a tender or rate request (no coordinates kept), on its own clock. */
export function copiedPlace(city: string | null, state: string | null, postalCode: string | null) {
  return {
    city: city ?? '',
    state: state ?? '',
    postalCode: postalCode ?? '',
    timeZone: placeTimeZone(postalCode ?? ''),
    latitude: null,
    longitude: null,
  };
}
