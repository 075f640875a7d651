import type { ShipmentListPage, ShipmentStatusCounts, TripAnswer } from '@portal/contract';
import { LIST_PAGE_SIZE, type ShipmentListName } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { shipmentKeys } from '../../../shared/shipments/shipment-keys';

export interface ShipmentListParams {
  list: ShipmentListName;
  query?: string;
  statuses: readonly number[];
  needsUpdates: boolean;
}

const nextPage = (page: ShipmentListPage) =>
  page.page * page.pageSize < page.totalCount ? page.page + 1 : undefined;

/** The booking or tracking list, 50 a page, loaded page by page as the list scrolls. */
export function shipmentListOptions(params: ShipmentListParams) {
  return infiniteQueryOptions({
    queryKey: shipmentKeys.list({ ...params }),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ShipmentListPage>('/api/v2/shipments', {
        signal,
        query: {
          list: params.list,
          query: params.query || undefined,
          statuses: params.statuses.length > 0 ? params.statuses.join(',') : undefined,
          needsUpdates: params.needsUpdates || undefined,
          page: pageParam,
          pageSize: LIST_PAGE_SIZE,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useShipmentList(params: ShipmentListParams) {
  return useInfiniteQuery(shipmentListOptions(params));
}

/** Counts per status for the status views (the query and needsUpdates filters apply). */
export function useShipmentStatusCounts(query: string, needsUpdates: boolean) {
  return useQuery({
    queryKey: shipmentKeys.statusCounts({ query, needsUpdates }),
    queryFn: ({ signal }) =>
      apiRequest<ShipmentStatusCounts>('/api/v2/shipments/status_counts', {
        signal,
        query: { query: query || undefined, needsUpdates: needsUpdates || undefined },
      }),
  });
}

/** The loads the caller drives (GET api/v2/my_shipments). */
export function useMyShipments(statuses: readonly number[]) {
  return useInfiniteQuery({
    queryKey: shipmentKeys.myShipments({ statuses }),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ShipmentListPage>('/api/v2/my_shipments', {
        signal,
        query: {
          statuses: statuses.length > 0 ? statuses.join(',') : undefined,
          page: pageParam,
          pageSize: LIST_PAGE_SIZE,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useTrip(tripId: string) {
  return useQuery({
    queryKey: shipmentKeys.trip(tripId),
    queryFn: ({ signal }) =>
      apiRequest<TripAnswer>(`/api/v2/trips/${encodeURIComponent(tripId)}`, { signal }),
  });
}
