import {
  DEFAULT_LOAD_BOARD_ORDER_BY,
  isValidEquipmentMask,
  LOAD_BOARD_DEFAULT_RADIUS_MILES,
  stateToCode,
  type LoadBoardOrderBy,
} from '@portal/domain';
import type { LoadBoardSearchQuery } from '@portal/contract';
import type { Tx } from '../../db/database';
import { invalidField } from '../http/errors';
import {
  findCity,
  findPostalCode,
  type GeoPoint,
  type LoadBoardFilters,
  type PlaceFilter,
  type PostalPoint,
} from './search';

export type LoadBoardCriteria = Omit<LoadBoardSearchQuery, 'page' | 'pageSize'>;

/** A place a search names by postal code, by city (and state) or by state alone; unknown ones are 400. */
async function resolvePlace(
  tx: Tx,
  side: 'origin' | 'destination',
  criteria: LoadBoardCriteria,
): Promise<{ filter?: PlaceFilter; point?: PostalPoint }> {
  const postalCode = criteria[`${side}PostalCode`];
  const city = criteria[`${side}City`];
  const stateText = criteria[`${side}State`];
  const radiusMiles = criteria[`${side}Radius`] ?? LOAD_BOARD_DEFAULT_RADIUS_MILES;
  const state = stateText ? stateToCode(stateText) : undefined;
  if (stateText && !state) {
    throw invalidField(`${side}State`, `${stateText} is not a US state or Canadian province`);
  }
  if (postalCode) {
    const point = await findPostalCode(tx, postalCode);
    if (!point) {
      throw invalidField(`${side}PostalCode`, `${postalCode} is not a known ZIP or postal code`);
    }
    return { filter: { points: [point], radiusMiles }, point };
  }
  if (city) {
    const point = await findCity(tx, city, state);
    if (!point) {
      const where = state ? `${city}, ${state}` : city;
      throw invalidField(`${side}City`, `${where} is not a known city`);
    }
    return { filter: { points: [point], radiusMiles }, point };
  }
  if (state) return { filter: { points: [], radiusMiles, state } };
  return {};
}

/**
 * Turns a search's criteria (the query string) into the filters of the SQL, refusing what cannot be
 * searched with a 400 naming the field: unknown places, a reversed date range, equipment bits that
 * are not the spec's.
 */
export async function resolveLoadBoardCriteria(
  tx: Tx,
  criteria: LoadBoardCriteria,
): Promise<{ filters: LoadBoardFilters; orderBy: LoadBoardOrderBy }> {
  if (criteria.pickupFrom && criteria.pickupTo && criteria.pickupTo < criteria.pickupFrom) {
    throw invalidField('pickupTo', 'The pickup date range ends before it starts');
  }
  if (criteria.equipmentTypes !== undefined && !isValidEquipmentMask(criteria.equipmentTypes)) {
    throw invalidField(
      'equipmentTypes',
      `${criteria.equipmentTypes} holds bits that are not equipment types`,
    );
  }
  const origin = await resolvePlace(tx, 'origin', criteria);
  const destination = await resolvePlace(tx, 'destination', criteria);
  let originFilter = origin.filter;
  if (criteria.originLocations?.length) {
    const radiusMiles = criteria.originRadius ?? LOAD_BOARD_DEFAULT_RADIUS_MILES;
    const points: GeoPoint[] = originFilter?.points ? [...originFilter.points] : [];
    for (const [index, code] of criteria.originLocations.entries()) {
      const point = await findPostalCode(tx, code);
      if (!point) {
        throw invalidField(
          `originLocations[${index}]`,
          `${code} is not a known ZIP or postal code`,
        );
      }
      points.push(point);
    }
    originFilter = { points, radiusMiles };
  }
  const deadheadFrom = origin.point ?? originFilter?.points[0];
  const filters: LoadBoardFilters = {
    includePartials: criteria.includePartials ?? false,
    withoutLiquor: criteria.missingLiquorRequirements ?? false,
    ...(originFilter ? { origin: originFilter } : {}),
    ...(destination.filter ? { destination: destination.filter } : {}),
    ...(deadheadFrom
      ? { deadheadFrom: { latitude: deadheadFrom.latitude, longitude: deadheadFrom.longitude } }
      : {}),
    ...(criteria.pickupFrom ? { pickupFrom: criteria.pickupFrom } : {}),
    ...(criteria.pickupTo ? { pickupTo: criteria.pickupTo } : {}),
    ...(criteria.equipmentTypes ? { equipmentTypes: criteria.equipmentTypes } : {}),
    ...(criteria.totalPriceMin !== undefined
      ? { totalPriceMinCents: Math.round(criteria.totalPriceMin * 100) }
      : {}),
    ...(criteria.selectedShipments?.length ? { shipmentNumbers: criteria.selectedShipments } : {}),
  };
  return { filters, orderBy: criteria.orderBy ?? DEFAULT_LOAD_BOARD_ORDER_BY };
}
