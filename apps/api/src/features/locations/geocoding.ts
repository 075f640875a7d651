import type { GeocodedPlace } from '@portal/contract';
import { canadianFsa, stateToCode, timeZoneForPostalCode, usZip5 } from '@portal/domain';
import type { Config } from '../../config/env';
import type { Tx } from '../../db/database';
import { findPostalCode, searchCities, type PostalRow } from '../../shared/locations/places';
import type { FastifyBaseLogger } from 'fastify';

// Placing a typed address: the configured geocoder when there is one (GEOCODER_URL), otherwise, or
// when it fails, the portal's own reference postal codes (US ZIPs and Canadian FSAs). Decision 171.

export interface TypedAddress {
  addressLine1?: string | undefined;
  city?: string | undefined;
  province?: string | undefined;
  postalCode?: string | undefined;
}

function fromPostalRow(
  row: PostalRow,
  source: 'postalCode' | 'city',
  typed: TypedAddress,
): GeocodedPlace {
  return {
    addressLine1: typed.addressLine1?.trim() || null,
    city: source === 'postalCode' && typed.city?.trim() ? typed.city.trim() : row.city,
    province: row.state,
    postalCode:
      source === 'postalCode' && typed.postalCode?.trim()
        ? typed.postalCode.trim().toUpperCase()
        : row.postalCode,
    country: row.country,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    ianaTimezone: row.ianaTimezone ?? timeZoneForPostalCode(row.postalCode) ?? null,
    source,
  };
}

/** The reference place of a postal code, or of a city in its state. */
export async function geocodeFromPostalCodes(
  tx: Tx,
  typed: TypedAddress,
): Promise<GeocodedPlace | undefined> {
  const postalCode = typed.postalCode?.trim() ?? '';
  const key = canadianFsa(postalCode) ?? usZip5(postalCode);
  if (key) {
    const row = await findPostalCode(tx, key);
    if (row) return fromPostalRow(row, 'postalCode', typed);
  }
  const city = typed.city?.trim();
  const state = stateToCode(typed.province);
  if (city && state) {
    const { rows } = await searchCities(tx, city, state, 1);
    const row = rows[0];
    if (row && row.city.toLowerCase() === city.toLowerCase())
      return fromPostalRow(row, 'city', typed);
  }
  return undefined;
}

interface NominatimResult {
  lat?: string;
  lon?: string;
  address?: Record<string, string | undefined>;
}

function fromNominatim(result: NominatimResult): GeocodedPlace | undefined {
  const address = result.address ?? {};
  const country = address.country_code?.toUpperCase();
  const province = stateToCode(address.state);
  const postalCode = address.postcode?.trim().toUpperCase();
  const city = address.city ?? address.town ?? address.village ?? address.hamlet;
  const latitude = Number(result.lat);
  const longitude = Number(result.lon);
  if ((country !== 'US' && country !== 'CA') || !province || !postalCode || !city) return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const street = [address.house_number, address.road].filter(Boolean).join(' ');
  return {
    addressLine1: street || null,
    city,
    province,
    postalCode,
    country,
    latitude,
    longitude,
    ianaTimezone: timeZoneForPostalCode(postalCode) ?? null,
    source: 'geocoder',
  };
}

/**
 * Asks the configured geocoder; undefined when none is configured or it cannot answer in time, so
 * the caller falls back to the postal codes. The address is not logged (it may be a home).
 */
export async function askGeocoder(
  config: Pick<Config, 'GEOCODER_URL' | 'GEOCODER_TIMEOUT_MS'>,
  logger: FastifyBaseLogger,
  text: string,
  limit: number,
): Promise<GeocodedPlace[] | undefined> {
  if (!config.GEOCODER_URL) return undefined;
  const url = new URL(config.GEOCODER_URL);
  url.searchParams.set('q', text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('countrycodes', 'us,ca');
  url.searchParams.set('limit', String(limit));
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(config.GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) {
      logger.warn({ status: response.status }, 'geocoder answered with an error');
      return undefined;
    }
    const results = (await response.json()) as unknown;
    if (!Array.isArray(results)) return undefined;
    return (results as NominatimResult[])
      .map(fromNominatim)
      .filter((place): place is GeocodedPlace => place !== undefined);
  } catch (error) {
    logger.warn({ err: { message: (error as Error).message } }, 'geocoder did not answer');
    return undefined;
  }
}

export function addressText(typed: TypedAddress): string {
  return [typed.addressLine1, typed.city, typed.province, typed.postalCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
