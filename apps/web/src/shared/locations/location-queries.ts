import type { GeocodedPlace, LocationPage } from '@portal/contract';
import { ALL_LOCATIONS_PAGE_SIZE } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

// The location queries the picker needs (orders' stops) and the locations screen shares.

export const locationKeys = {
  all: ['locations'] as const,
  company: (q: string, page: number) => [...locationKeys.all, 'company', q, page] as const,
  usable: (q: string) => [...locationKeys.all, 'usable', q] as const,
  detail: (locationNumber: string) => [...locationKeys.all, 'detail', locationNumber] as const,
  dockSchedules: (locationNumber: string) =>
    [...locationKeys.all, 'dock-schedules', locationNumber] as const,
  geocode: (postalCode: string) => [...locationKeys.all, 'geocode', postalCode] as const,
};

/** GET api/v1/locations/all: the picker's suggestions, 10 at a time. */
export function useUsableLocations(q: string, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.usable(q),
    queryFn: ({ signal }) =>
      apiRequest<LocationPage>('/api/v1/locations/all', {
        signal,
        query: { q, pageSize: ALL_LOCATIONS_PAGE_SIZE },
      }),
    enabled,
    staleTime: 30_000,
  });
}

/** GET api/v1/locations/geocode: where a typed postal code is (city, state, country, zone). */
export function useGeocodedPostalCode(postalCode: string) {
  return useQuery({
    queryKey: locationKeys.geocode(postalCode),
    queryFn: ({ signal }) =>
      apiRequest<{ data: GeocodedPlace }>('/api/v1/locations/geocode', {
        signal,
        query: { postalCode },
      }).then((answer) => answer.data),
    enabled: postalCode.trim().length >= 3,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
