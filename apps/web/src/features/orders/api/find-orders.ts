import type {
  OrderFilterFields,
  OrderFilterSetAnswer,
  OrderFilterSetBody,
  OrderFilterSetList,
  OrderPage,
  OrderStatusCounts,
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
import { orderKeys } from './keys';

export function findOrders(filters: OrderFilterFields, page: number, signal?: AbortSignal) {
  return apiRequest<OrderPage>('/api/v2/orders/find', {
    method: 'POST',
    body: { ...filters, page, pageSize: LIST_PAGE_SIZE },
    signal,
  });
}

/** Pages of 50 from page 1; a new view, filter or search starts a new list. */
export function orderListOptions(filters: OrderFilterFields) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => findOrders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export const useOrderList = (filters: OrderFilterFields) =>
  useInfiniteQuery(orderListOptions(filters));

export function useOrderStatusCounts() {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.counts(),
      queryFn: ({ signal }) =>
        apiRequest<OrderStatusCounts>('/api/v2/orders/status_counts', { signal }),
    }),
  );
}

export function useOrderFilterSets() {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.filterSets(),
      queryFn: ({ signal }) =>
        apiRequest<OrderFilterSetList>('/api/v2/orders/filter_sets', { signal }),
    }),
  );
}

export function useSaveOrderFilterSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderFilterSetBody) =>
      apiRequest<OrderFilterSetAnswer>('/api/v2/orders/filter_sets', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.filterSets() }),
  });
}

export function useDeleteOrderFilterSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/v2/orders/filter_sets/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.filterSets() }),
  });
}
