import type {
  DockSchedule,
  DockScheduleBody,
  Location,
  LocationBody,
  LocationPage,
} from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { locationKeys } from '../../../shared/locations/location-queries';

/** GET api/v1/locations: the company's locations, 50 a page. */
export function useCompanyLocations(q: string, page: number) {
  return useQuery({
    queryKey: locationKeys.company(q, page),
    queryFn: ({ signal }) =>
      apiRequest<LocationPage>('/api/v1/locations', {
        signal,
        query: { q, page, pageSize: LIST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLocation(locationNumber: string | undefined) {
  return useQuery({
    queryKey: locationKeys.detail(locationNumber ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ data: Location }>(`/api/v1/locations/${encodeURIComponent(locationNumber!)}`, {
        signal,
      }).then((answer) => answer.data),
    enabled: locationNumber !== undefined,
  });
}

/** Create (no number) or update (with the version read) a location. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ locationNumber, body }: { locationNumber?: string; body: LocationBody }) =>
      apiRequest<{ data: Location }>(
        locationNumber
          ? `/api/v1/locations/${encodeURIComponent(locationNumber)}`
          : '/api/v1/locations',
        { method: locationNumber ? 'PUT' : 'POST', body },
      ).then((answer) => answer.data),
    onSuccess: (location) => {
      client.setQueryData(locationKeys.detail(location.locationNumber), location);
      void client.invalidateQueries({ queryKey: [...locationKeys.all, 'company'] });
      void client.invalidateQueries({ queryKey: [...locationKeys.all, 'usable'] });
    },
  });
}

export function useDockSchedules(locationNumber: string | undefined) {
  return useQuery({
    queryKey: locationKeys.dockSchedules(locationNumber ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ data: DockSchedule[] }>(
        `/api/v1/locations/${encodeURIComponent(locationNumber!)}/dock_schedules`,
        { signal },
      ).then((answer) => answer.data),
    enabled: locationNumber !== undefined,
  });
}

/** Create (no id) or update (with the version read) one dock schedule of a location. */
export function useSaveDockSchedule(locationNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scheduleId, body }: { scheduleId?: string; body: DockScheduleBody }) =>
      apiRequest<{ data: DockSchedule }>(
        `/api/v1/locations/${encodeURIComponent(locationNumber)}/dock_schedules${
          scheduleId ? `/${scheduleId}` : ''
        }`,
        { method: scheduleId ? 'PUT' : 'POST', body },
      ).then((answer) => answer.data),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: locationKeys.dockSchedules(locationNumber) }),
  });
}
