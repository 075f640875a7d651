import type {
  Location,
  OrderAnswer,
  OrderBody,
  OrderDetail,
  OrderDuplicateAnswer,
} from '@portal/contract';
import { NEW_LOCATION_NUMBER } from '@portal/domain';
import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { locationKeys } from '../../../shared/locations';
import { orderKeys } from './keys';

export function orderDetailOptions(orderNumber: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: ({ signal }) =>
      apiRequest<OrderAnswer>(`/api/v2/orders/${encodeURIComponent(orderNumber)}`, { signal }),
    select: (answer) => answer.data,
  });
}

export const useOrderDetail = (orderNumber: string) => useQuery(orderDetailOptions(orderNumber));

/** Create (no order number) or edit an order; the lists, counts and the order are refreshed. */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, body }: { orderNumber: string | null; body: OrderBody }) =>
      apiRequest<OrderAnswer>(
        orderNumber ? `/api/v2/orders/${encodeURIComponent(orderNumber)}` : '/api/v2/orders',
        {
          method: orderNumber ? 'PUT' : 'POST',
          body,
          headers: orderNumber ? {} : { 'Idempotency-Key': crypto.randomUUID() },
        },
      ),
    onSuccess: async (answer) => {
      queryClient.setQueryData(orderKeys.detail(answer.data.orderNumber), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.counts() }),
      ]);
    },
  });
}

export function useDuplicateOrder(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copies: number) =>
      apiRequest<OrderDuplicateAnswer>(
        `/api/v2/orders/${encodeURIComponent(orderNumber)}/duplicates`,
        {
          method: 'POST',
          body: { copies },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.counts() }),
      ]),
  });
}

/** The locations on file an order's stops name, so the edit form shows each as it is on file. */
export function useLocationsOnFile(order: OrderDetail | undefined) {
  const numbers = [
    ...new Set(
      (order?.stops ?? [])
        .map((stop) => stop.locationNumber)
        .filter((number): number is string => Boolean(number) && number !== NEW_LOCATION_NUMBER),
    ),
  ];
  return useQueries({
    queries: numbers.map((number) => ({
      queryKey: locationKeys.detail(number),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<{ data: Location }>(`/api/v1/locations/${encodeURIComponent(number)}`, {
          signal,
        }),
    })),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      locations: new Map(
        results.flatMap((result) =>
          result.data ? [[result.data.data.locationNumber, result.data.data] as const] : [],
        ),
      ),
    }),
  });
}
