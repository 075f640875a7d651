import type {
  RateRequestListAnswer,
  RateRequestSummary,
  SendRateRequestsBody,
  TenderCarrierOptions,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../shared/api/client';
import { rateRequestKeys } from './rate-requests';

/** POST .../award: the operator takes an offer; the load is booked (once, Idempotency-Key). */
export function useAwardOffer(id: string) {
  const queryClient = useQueryClient();
  const keyRef = useRef(crypto.randomUUID());
  return useMutation({
    mutationFn: () =>
      apiRequest<{ data: RateRequestSummary }>(
        `/api/v2/rate_requests/${encodeURIComponent(id)}/award`,
        { method: 'POST', headers: { 'idempotency-key': keyRef.current } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rateRequestKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['shipments'] }),
      ]),
  });
}

export function useRateCarriers() {
  return useQuery(
    queryOptions({
      queryKey: [...rateRequestKeys.all, 'carriers'],
      queryFn: ({ signal }) =>
        apiRequest<TenderCarrierOptions>('/api/v2/tender_carriers', { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}

export function useSendRateRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentNumber, ...body }: SendRateRequestsBody & { shipmentNumber: string }) =>
      apiRequest<RateRequestListAnswer>(
        `/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/rate_requests`,
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateRequestKeys.all }),
  });
}
