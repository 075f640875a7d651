import type {
  FleetPowerUnit,
  FleetPowerUnitBody,
  FleetPowerUnitPage,
  FleetPowerUnitResponse,
  FleetTrailer,
  FleetTrailerBody,
  FleetTrailerPage,
  FleetTrailerResponse,
} from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export type EquipmentKind = 'trailers' | 'powerUnits';

export interface EquipmentFilters {
  q?: string;
  status: 'active' | 'retired';
  make?: string;
  /** Trailers only. */
  equipmentTypes?: number;
}

const PATHS: Record<EquipmentKind, string> = {
  trailers: '/api/v2/trailers',
  powerUnits: '/api/v2/power_units',
};

/** One key per resource: a change to a trailer invalidates the trailers, never the power units. */
export const equipmentKeys = {
  all: (kind: EquipmentKind) => ['equipment', kind] as const,
  list: (kind: EquipmentKind, filters: EquipmentFilters) =>
    [...equipmentKeys.all(kind), 'list', filters] as const,
  count: (kind: EquipmentKind, status: EquipmentFilters['status']) =>
    [...equipmentKeys.all(kind), 'count', status] as const,
};

type PageOf<K extends EquipmentKind> = K extends 'trailers' ? FleetTrailerPage : FleetPowerUnitPage;

function findEquipment<K extends EquipmentKind>(
  kind: K,
  filters: EquipmentFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return apiRequest<PageOf<K>>(PATHS[kind], { query: { ...filters, page, pageSize }, signal });
}

export function equipmentListOptions<K extends EquipmentKind>(kind: K, filters: EquipmentFilters) {
  return infiniteQueryOptions({
    queryKey: equipmentKeys.list(kind, filters),
    queryFn: ({ pageParam, signal }) =>
      findEquipment(kind, filters, pageParam, LIST_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PageOf<K>, pages: PageOf<K>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useEquipmentList<K extends EquipmentKind>(kind: K, filters: EquipmentFilters) {
  return useInfiniteQuery(equipmentListOptions(kind, filters));
}

/** A tab's or a view's count: the list with page size 1, read as totalCount. */
export function equipmentCountOptions(kind: EquipmentKind, status: EquipmentFilters['status']) {
  return queryOptions({
    queryKey: equipmentKeys.count(kind, status),
    queryFn: async ({ signal }) => (await findEquipment(kind, { status }, 1, 1, signal)).totalCount,
  });
}

export const useEquipmentCount = (kind: EquipmentKind, status: EquipmentFilters['status']) =>
  useQuery(equipmentCountOptions(kind, status));

function useInvalidate(kind: EquipmentKind) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: equipmentKeys.all(kind) });
}

export function useSaveTrailer() {
  const invalidate = useInvalidate('trailers');
  return useMutation({
    mutationFn: async ({
      id,
      body,
      photo,
    }: {
      id: string | null;
      body: FleetTrailerBody;
      photo: { name: string; data: string } | null;
    }): Promise<FleetTrailer> => {
      let trailer = (
        await apiRequest<FleetTrailerResponse>(id ? `${PATHS.trailers}/${id}` : PATHS.trailers, {
          method: id ? 'PUT' : 'POST',
          body,
        })
      ).data;
      if (photo)
        trailer = (
          await apiRequest<FleetTrailerResponse>(`${PATHS.trailers}/${trailer.id}/photo`, {
            method: 'PUT',
            body: photo,
          })
        ).data;
      return trailer;
    },
    // A trailer saved before its photo failed is still in the list.
    onSettled: invalidate,
  });
}

export function useSavePowerUnit() {
  const invalidate = useInvalidate('powerUnits');
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: string | null;
      body: FleetPowerUnitBody;
    }): Promise<FleetPowerUnit> =>
      (
        await apiRequest<FleetPowerUnitResponse>(
          id ? `${PATHS.powerUnits}/${id}` : PATHS.powerUnits,
          { method: id ? 'PUT' : 'POST', body },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useRetireEquipment(kind: EquipmentKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`${PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
