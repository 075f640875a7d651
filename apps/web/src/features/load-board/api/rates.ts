import type {
  BookingAnswer,
  BookingRateKind,
  QuoteAnswer,
  QuoteBody,
  UnifiedRatePage,
} from '@portal/contract';
import { RATE_SEARCH_PAGE_SIZE } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { loadBoardKeys } from './load-board-keys';

/** GET api/v2/rates?shipmentId: the rates this carrier can book the load at, of one kind if named. */
export function useShipmentRates(shipmentNumber: string, rateKind?: BookingRateKind) {
  return useQuery({
    queryKey: loadBoardKeys.rates(shipmentNumber, rateKind),
    queryFn: ({ signal }) =>
      apiRequest<UnifiedRatePage>('/api/v2/rates', {
        signal,
        query: {
          shipmentId: shipmentNumber,
          pageSize: RATE_SEARCH_PAGE_SIZE,
          ...(rateKind ? { rateKind } : {}),
        },
      }),
  });
}

/** POST api/v2/quotes: a spot quote at the load's posted price. */
export function useCreateQuote(shipmentNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteBody) =>
      apiRequest<QuoteAnswer>('/api/v2/quotes', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadBoardKeys.rates(shipmentNumber) }),
    meta: { handlesError: true },
  });
}

/**
 * POST api/v2/shipments/{n}/book with an Idempotency-Key per attempt, so a retried request books
 * once. Refusals (bookingSucceeded false) come back as the ApiError's problem for the screen to show.
 */
export function useBookLoad(shipmentNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rateKind: BookingRateKind; rateId: string; idempotencyKey: string }) =>
      apiRequest<BookingAnswer>(`/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/book`, {
        method: 'POST',
        body: { rateKind: input.rateKind, rateId: input.rateId },
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: loadBoardKeys.all }),
        client.invalidateQueries({ queryKey: ['shipments'] }),
      ]);
    },
    meta: { handlesError: true },
  });
}
