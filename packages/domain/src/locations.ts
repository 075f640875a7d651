import {
  findRegion,
  formatCanadianPostalCode,
  isCanadianPostalCode,
  timeZoneForPostalCode,
  type CountryCode,
} from './addresses';
import { DockStopType } from './freight';
import {
  DEFAULT_DOCK_END_TIME,
  DEFAULT_DOCK_HOURS,
  DEFAULT_DOCK_START_TIME,
  type DockHours,
} from './limits';

// Rules of a location's address and of its dock schedule, shared by the location form and the API.

export const LOCATION_MESSAGES = {
  /** Shown for the spec's "location and dock-schedule update notification" (4000 ms). */
  locationSaved: 'Location saved',
  dockScheduleSaved: 'Dock schedule saved',
  usZip: 'Enter a 5-digit ZIP code (12345 or 12345-6789) or a Canadian postal code (K1A 0B1)',
  canadianPostalCode: 'Enter a Canadian postal code like K1A 0B1',
  unknownRegion: (text: string) => `"${text}" is not a US state or Canadian province`,
  regionOutsideCountry: (code: string, country: CountryCode) =>
    country === 'CA'
      ? `${code} is not a Canadian province; a Canadian postal code needs one`
      : `${code} is a Canadian province; a US ZIP code needs a US state`,
  noTimeZone: (postalCode: string) => `No time zone is known for postal code ${postalCode}`,
} as const;

export interface AddressInput {
  readonly province: string;
  readonly postalCode: string;
  readonly country?: string | null | undefined;
}

export interface CheckedAddress {
  readonly province: string;
  readonly postalCode: string;
  readonly country: CountryCode;
  readonly ianaTimezone: string;
}

export type AddressCheck =
  | { readonly ok: true; readonly address: CheckedAddress }
  | { readonly ok: false; readonly field: 'province' | 'postalCode'; readonly message: string };

const US_ZIP = /^\d{5}(-?\d{4})?$/;

/**
 * A typed address made ready to store: a Canadian postal code sets the country to CA (and is written
 * "K1A 0B1"); a state or province name becomes its 2-letter code; the time zone comes from the
 * postal code. Anything that does not fit names its field.
 */
export function checkAddress(input: AddressInput): AddressCheck {
  const typedPostalCode = input.postalCode.trim();
  let country: CountryCode;
  let postalCode: string;
  if (isCanadianPostalCode(typedPostalCode)) {
    country = 'CA';
    postalCode = formatCanadianPostalCode(typedPostalCode)!;
  } else if (input.country === 'CA') {
    return { ok: false, field: 'postalCode', message: LOCATION_MESSAGES.canadianPostalCode };
  } else if (US_ZIP.test(typedPostalCode)) {
    country = 'US';
    postalCode =
      typedPostalCode.length === 9
        ? `${typedPostalCode.slice(0, 5)}-${typedPostalCode.slice(5)}`
        : typedPostalCode;
  } else {
    return { ok: false, field: 'postalCode', message: LOCATION_MESSAGES.usZip };
  }
  const region = findRegion(input.province);
  if (!region) {
    return {
      ok: false,
      field: 'province',
      message: LOCATION_MESSAGES.unknownRegion(input.province.trim()),
    };
  }
  if (region.country !== country) {
    return {
      ok: false,
      field: 'province',
      message: LOCATION_MESSAGES.regionOutsideCountry(region.code, country),
    };
  }
  const ianaTimezone = timeZoneForPostalCode(postalCode);
  if (!ianaTimezone) {
    return { ok: false, field: 'postalCode', message: LOCATION_MESSAGES.noTimeZone(postalCode) };
  }
  return { ok: true, address: { province: region.code, postalCode, country, ianaTimezone } };
}

// ---- Dock hours ----

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type DockHoursCheck =
  | { readonly ok: true; readonly hours: DockHours[] }
  | { readonly ok: false; readonly field: string; readonly message: string };

/**
 * Seven days, Sunday first: the days given, and open 00:00-23:59 for any left out. An open day must
 * close after it opens; a 24-hour day runs 00:00-23:59.
 */
export function completeDockHours(entries: readonly DockHours[] | undefined): DockHoursCheck {
  const byDay = new Map<number, DockHours>();
  for (const [index, entry] of (entries ?? []).entries()) {
    if (byDay.has(entry.dayOfWeek)) {
      return {
        ok: false,
        field: `dockHours[${index}].dayOfWeek`,
        message: `${DAY_NAMES[entry.dayOfWeek]} is given twice`,
      };
    }
    if (!entry.isClosed && !entry.isTwentyFourHour && entry.endTime <= entry.startTime) {
      return {
        ok: false,
        field: `dockHours[${index}].endTime`,
        message: `${DAY_NAMES[entry.dayOfWeek]}: the dock must close after it opens (${entry.startTime} to ${entry.endTime})`,
      };
    }
    byDay.set(entry.dayOfWeek, entry);
  }
  return {
    ok: true,
    hours: DEFAULT_DOCK_HOURS.map((fallback) => {
      const entry = byDay.get(fallback.dayOfWeek) ?? fallback;
      return entry.isTwentyFourHour
        ? { ...entry, startTime: DEFAULT_DOCK_START_TIME, endTime: DEFAULT_DOCK_END_TIME }
        : { ...entry };
    }),
  };
}

/** "Mon 07:00-16:00", "Sun Closed", "Sat 24 hours". */
export function describeDockDay(entry: DockHours): string {
  const day = DAY_NAMES[entry.dayOfWeek]?.slice(0, 3) ?? String(entry.dayOfWeek);
  if (entry.isClosed) return `${day} Closed`;
  if (entry.isTwentyFourHour) return `${day} 24 hours`;
  return `${day} ${entry.startTime}-${entry.endTime}`;
}

export function describeDockHours(hours: readonly DockHours[]): string {
  return [...hours]
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map(describeDockDay)
    .join(', ');
}

/** Whether the dock is open at a wall-clock day of week and HH:mm (both ends included). */
export function isDockOpenAt(
  hours: readonly DockHours[],
  dayOfWeek: number,
  time: string,
): boolean {
  const entry = hours.find((candidate) => candidate.dayOfWeek === dayOfWeek);
  if (!entry) return true;
  if (entry.isClosed) return false;
  if (entry.isTwentyFourHour) return true;
  return time >= entry.startTime && time <= entry.endTime;
}

/** The dock schedule stop type that serves a shipment stop: pickups ship, deliveries receive. */
export function dockStopTypeFor(stopType: string): DockStopType {
  return stopType === 'Pickup' ? DockStopType.Shipping : DockStopType.Receiving;
}
