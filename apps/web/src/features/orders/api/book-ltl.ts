import type { BookLtlOrderAnswer, UnifiedRatePage } from '@portal/contract';
import { RATE_SEARCH_PAGE_SIZE } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { orderKeys } from './keys';

/** The unified rates search by orderId: the lane rates carriers hold for the broker on the order. */
export function useOrderRates(orderId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.rates(orderId),
      queryFn: ({ signal }) =>
        apiRequest<UnifiedRatePage>('/api/v2/rates', {
          signal,
          query: { orderId, pageSize: RATE_SEARCH_PAGE_SIZE },
        }),
      enabled,
    }),
  );
}

/**
 * Book LTL order at one of its LTL rates, with an Idempotency-Key per attempt. A refusal comes back
 * as the ApiError's problem (each message under its field) for the dialog to show.
 */
export function useBookLtlOrder(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rateId: string) =>
      apiRequest<BookLtlOrderAnswer>(`/api/v2/orders/${encodeURIComponent(orderNumber)}/book_ltl`, {
        method: 'POST',
        body: { rateId },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: { handlesError: true },
  });
}
