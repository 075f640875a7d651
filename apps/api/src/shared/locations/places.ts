import { REGIONS, canadianFsa, usZip5, type Region } from '@portal/domain';
import type { QuotableLocation, QuotableLocationPage } from '@portal/contract';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

// The reference places (US ZIP codes and Canadian FSAs, table postal_codes): the quotable-place
// search of the load board, lanes and locations, and the portal's own geocoding.

export interface PostalRow {
  postalCode: string;
  city: string;
  state: string;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
  ianaTimezone: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Cities (one postal code standing for each) whose name starts with the text, optionally in one state. */
export async function searchCities(
  tx: Tx,
  city: string,
  state: string | undefined,
  limit: number,
): Promise<{ rows: PostalRow[]; total: number }> {
  const pattern = `${escapeLike(city).toLowerCase()}%`;
  const stateClause = state ? sql`and state = ${state}` : sql``;
  // Bigger places (more postal codes) first: "Fargo" means Fargo, ND before Fargo, GA.
  const rows = await sql<PostalRow>`
    select (array_agg(postal_code order by postal_code))[1] as postal_code, min(city) as city, state,
           min(country) as country,
           (array_agg(latitude order by postal_code))[1] as latitude,
           (array_agg(longitude order by postal_code))[1] as longitude,
           (array_agg(iana_timezone order by postal_code))[1] as iana_timezone
      from postal_codes
     where lower(city) like ${pattern} ${stateClause}
     group by lower(city), state
     order by (lower(city) = ${city.trim().toLowerCase()}) desc, count(*) desc, lower(city), state
     limit ${limit}`.execute(tx);
  const count = await sql<{ count: number }>`
    select count(distinct (lower(city), state))::int as count
      from postal_codes where lower(city) like ${pattern} ${stateClause}`.execute(tx);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

/** Postal codes starting with the text. */
export async function searchPostalCodes(
  tx: Tx,
  prefix: string,
  limit: number,
): Promise<{ rows: PostalRow[]; total: number }> {
  const pattern = `${escapeLike(prefix).toUpperCase()}%`;
  const rows = await sql<PostalRow>`
    select postal_code, city, state, country, latitude, longitude, iana_timezone
      from postal_codes where postal_code like ${pattern}
     order by postal_code limit ${limit}`.execute(tx);
  const count = await sql<{ count: number }>`
    select count(*)::int as count from postal_codes where postal_code like ${pattern}`.execute(tx);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

/** One reference place by its exact postal code (a ZIP5 or a Canadian FSA). */
export async function findPostalCode(tx: Tx, postalCode: string): Promise<PostalRow | undefined> {
  const result = await sql<PostalRow>`
    select postal_code, city, state, country, latitude, longitude, iana_timezone
      from postal_codes where postal_code = ${postalCode}`.execute(tx);
  return result.rows[0];
}

/** The places of a state, by city then postal code: the quotable-place index. */
export async function placesInState(
  tx: Tx,
  state: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: PostalRow[]; total: number }> {
  const stateClause = state ? sql`where state = ${state}` : sql``;
  const rows = await sql<PostalRow>`
    select postal_code, city, state, country, latitude, longitude, iana_timezone
      from postal_codes ${stateClause}
     order by state, city, postal_code limit ${page.limit} offset ${page.offset}`.execute(tx);
  const count = await sql<{ count: number }>`
    select count(*)::int as count from postal_codes ${stateClause}`.execute(tx);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

/** A state's centre, for the map and the picker (the mean of its postal codes). */
export async function stateCentres(
  tx: Tx,
  regions: readonly Region[],
): Promise<Map<string, { latitude: number; longitude: number }>> {
  if (regions.length === 0) return new Map();
  const result = await sql<{ state: string; latitude: number; longitude: number }>`
    select state, avg(latitude) as latitude, avg(longitude) as longitude
      from postal_codes where state in (${sql.join(regions.map((region) => region.code))})
     group by state`.execute(tx);
  return new Map(result.rows.map((row) => [row.state, row]));
}

export function regionMatches(region: Region, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return (
    region.code.toLowerCase() === wanted ||
    region.name.toLowerCase().startsWith(wanted) ||
    (region.aliases ?? []).some((alias) => alias.toLowerCase().startsWith(wanted))
  );
}

export function presentPlace(place: PostalRow): QuotableLocation {
  return {
    id: place.postalCode,
    type: 'ZipCode',
    name: `${place.city}, ${place.state} ${place.postalCode}`,
    city: place.city,
    state: place.state,
    postalCode: place.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    ianaTimezone: place.ianaTimezone,
  };
}

export interface QuotableSearch {
  q: string;
  types?: readonly ('GoverningDistrict' | 'ZipCode')[] | undefined;
  page: number;
  pageSize: number;
}

/**
 * States and provinces (GoverningDistrict) and cities or ZIP codes (ZipCode) matching the text:
 * "58102", "K1A", "Fargo", "Fargo, ND", "North Dak".
 */
export async function searchQuotablePlaces(
  tx: Tx,
  query: QuotableSearch,
): Promise<QuotableLocationPage> {
  const types = new Set(query.types ?? ['GoverningDistrict', 'ZipCode']);
  const text = query.q.trim();
  const wanted = query.page * query.pageSize;
  const found: QuotableLocation[] = [];
  let total = 0;
  const looksLikeCode = /^[0-9]/.test(text) || /^[A-Za-z][0-9]/.test(text);
  if (types.has('GoverningDistrict') && !looksLikeCode) {
    const regions = REGIONS.filter((region) => regionMatches(region, text));
    const centres = await stateCentres(tx, regions);
    total += regions.length;
    for (const region of regions) {
      const centre = centres.get(region.code);
      found.push({
        id: region.code,
        type: 'GoverningDistrict',
        name: region.name,
        city: null,
        state: region.code,
        postalCode: null,
        latitude: centre ? Number(centre.latitude) : null,
        longitude: centre ? Number(centre.longitude) : null,
        ianaTimezone: null,
      });
    }
  }
  if (types.has('ZipCode')) {
    let places: { rows: PostalRow[]; total: number };
    if (looksLikeCode) {
      // A whole code finds its reference place: "G1M 7P6" its FSA G1M, "58102-1234" its ZIP 58102.
      const prefix = canadianFsa(text) ?? usZip5(text) ?? text.replace(/\s+/g, '');
      places = await searchPostalCodes(tx, prefix, wanted);
    } else {
      // "Fargo, ND" narrows the city to a state.
      const [cityPart = '', statePart] = text.split(',').map((part) => part.trim());
      const state = statePart
        ? REGIONS.find((region) => regionMatches(region, statePart))
        : undefined;
      places = await searchCities(tx, cityPart, state?.code, wanted);
    }
    total += places.total;
    found.push(...places.rows.map(presentPlace));
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    data: found.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    totalCount: total,
  };
}
