import type {
  RateRequestDetailAnswer,
  RateRequestFindQuery,
  RateRequestPage,
  RateRequestResponseBody,
  RateRequestStatusCounts,
  RateRequestSummary,
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
import { useRef } from 'react';
import { apiRequest } from '../../../shared/api/client';

export type RateRequestFilters = Omit<RateRequestFindQuery, 'page' | 'pageSize'>;

/** 'rate-requests' is also the navigation count's resource, so an answer refreshes the count. */
export const rateRequestKeys = {
  all: ['rate-requests'] as const,
  list: (filters: RateRequestFilters) => [...rateRequestKeys.all, 'list', filters] as const,
  counts: () => [...rateRequestKeys.all, 'status-counts'] as const,
  detail: (id: string) => [...rateRequestKeys.all, 'detail', id] as const,
};

export function rateRequestListOptions(filters: RateRequestFilters) {
  return infiniteQueryOptions({
    queryKey: rateRequestKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<RateRequestPage>('/api/v2/rate_requests', {
        query: { ...filters, page: pageParam, pageSize: LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useRateRequestList(filters: RateRequestFilters) {
  return useInfiniteQuery(rateRequestListOptions(filters));
}

export function useRateRequestCounts() {
  return useQuery(
    queryOptions({
      queryKey: rateRequestKeys.counts(),
      queryFn: ({ signal }) =>
        apiRequest<RateRequestStatusCounts>('/api/v2/rate_requests/status_counts', { signal }),
    }),
  );
}

export function rateRequestDetailOptions(id: string) {
  return queryOptions({
    queryKey: rateRequestKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<RateRequestDetailAnswer>(`/api/v2/rate_requests/${encodeURIComponent(id)}`, {
        signal,
      }),
  });
}

export function useRateRequestDetail(id: string) {
  return useQuery(rateRequestDetailOptions(id));
}

/** POST .../responses: an offer or a decline, once per answer the user means (Idempotency-Key). */
export function useRespondToRateRequest(id: string) {
  const queryClient = useQueryClient();
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: RateRequestResponseBody) => {
      const text = JSON.stringify(body);
      if (keyRef.current?.body !== text) keyRef.current = { body: text, key: crypto.randomUUID() };
      return apiRequest<{ data: RateRequestSummary }>(
        `/api/v2/rate_requests/${encodeURIComponent(id)}/responses`,
        { method: 'POST', body, headers: { 'idempotency-key': keyRef.current.key } },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateRequestKeys.all }),
  });
}
