import type { RateRequestDetailAnswer, TenderDetailAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

// The dashboard's side previews read the record they preview, under the resource's own key
// ('tenders', 'rate-requests'), so an answer given elsewhere refreshes them too.

export function useTenderPreview(key: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tenders', 'detail', key],
    queryFn: ({ signal }) =>
      apiRequest<TenderDetailAnswer>(`/api/v2/tenders/${encodeURIComponent(key)}`, { signal }),
    enabled,
  });
}

export function useRateRequestPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['rate-requests', 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest<RateRequestDetailAnswer>(`/api/v2/rate_requests/${encodeURIComponent(id)}`, {
        signal,
      }),
    enabled,
  });
}
