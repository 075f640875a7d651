import { localDateTimeInZone, splitLocalDateTime, zonedDateTimeToUtc } from '@portal/domain';
import type { Tx } from '../db/database';
import { HUBS } from './demo-catalog';
import type { SeededRandom } from './random';

export interface Place {
  postalCode: string;
  city: string;
  state: string;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** The hubs with their real coordinates and zones from the reference postal codes. */
export async function loadHubPlaces(tx: Tx): Promise<Map<string, Place>> {
  const rows = await tx
    .selectFrom('postalCodes')
    .selectAll()
    .where(
      'postalCode',
      'in',
      HUBS.map((hub) => hub.postalCode),
    )
    .execute();
  const byCode = new Map(rows.map((row) => [row.postalCode, row]));
  const places = new Map<string, Place>();
  for (const hub of HUBS) {
    const row = byCode.get(hub.postalCode);
    if (!row)
      throw new Error(`Postal code ${hub.postalCode} (${hub.city}) is not in the reference data`);
    places.set(hub.postalCode, {
      postalCode: row.postalCode,
      city: hub.city,
      state: row.state,
      country: row.country === 'CA' ? 'CA' : 'US',
      latitude: row.latitude,
      longitude: row.longitude,
      timeZone: row.ianaTimezone ?? (row.country === 'CA' ? 'America/Toronto' : 'America/Chicago'),
    });
  }
  return places;
}

/** A full postal code for an address: the ZIP as is, or the Canadian FSA with a local delivery unit. */
export function addressPostalCode(place: Place, random: SeededRandom): string {
  if (place.country === 'US') return place.postalCode;
  const letters = 'ABCEGHJKLMNPRSTVWXYZ';
  return `${place.postalCode} ${random.int(1, 9)}${letters[random.int(0, letters.length - 1)]}${random.int(1, 9)}`;
}

const EARTH_RADIUS_MILES = 3958.8;

export function greatCircleMiles(
  a: Pick<Place, 'latitude' | 'longitude'>,
  b: Pick<Place, 'latitude' | 'longitude'>,
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** Road miles: great-circle distance plus a fifth for the roads not running straight. */
export function roadMiles(a: Place, b: Place): number {
  return Math.max(12, Math.round(greatCircleMiles(a, b) * 1.2));
}

export function nearestPlace(places: readonly Place[], latitude: number, longitude: number): Place {
  let best = places[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const distance =
      (place.latitude - latitude) ** 2 +
      ((place.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) ** 2;
    if (distance < bestDistance) {
      best = place;
      bestDistance = distance;
    }
  }
  return best;
}

// ---- Wall-clock time in a stop's zone ----

export interface LocalTime {
  date: string;
  hour: number;
  minute: number;
}

export function localTime(instant: Date, timeZone: string): LocalTime {
  const { date, time } = splitLocalDateTime(localDateTimeInZone(instant, timeZone))!;
  return { date, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) };
}

export function localDate(instant: Date, timeZone: string): string {
  return localTime(instant, timeZone).date;
}

/** The instant of a wall-clock time, given in minutes after midnight, on a date in a zone. */
export function atLocal(date: string, minutes: number, timeZone: string): Date {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return zonedDateTimeToUtc(
    date,
    `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}`,
    timeZone,
  );
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function addHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * HOUR);
}

/** The next opening of a dock day: appointments fall between 06:00 and 16:00 local time. */
export function nextDockTime(earliest: Date, timeZone: string, random: SeededRandom): Date {
  const local = localTime(earliest, timeZone);
  const minutes = local.hour * 60 + local.minute;
  if (minutes < 6 * 60) return atLocal(local.date, random.int(12, 18) * 30, timeZone);
  if (minutes > 16 * 60) {
    const next = atLocal(local.date, 12 * 60, timeZone);
    return atLocal(localDate(addHours(next, 24), timeZone), random.int(12, 20) * 30, timeZone);
  }
  // Round up to the next half hour.
  const rounded = Math.ceil(minutes / 30) * 30;
  return atLocal(local.date, Math.min(rounded, 16 * 60), timeZone);
}
