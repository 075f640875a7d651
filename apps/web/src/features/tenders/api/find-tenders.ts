import type { TenderCustomerOptions, TenderPage, TenderStatusCounts } from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { tenderKeys, type TenderFindFilters } from './keys';

export function findTenders(
  filters: TenderFindFilters,
  page: number,
  signal?: AbortSignal,
): Promise<TenderPage> {
  return apiRequest<TenderPage>('/api/v2/tenders', {
    query: { ...filters, page, pageSize: LIST_PAGE_SIZE },
    signal,
  });
}

/** Pages of 50 from page 1; a new search, filter or sort starts a new list. */
export function tenderListOptions(filters: TenderFindFilters) {
  return infiniteQueryOptions({
    queryKey: tenderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => findTenders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useTenderList(filters: TenderFindFilters) {
  return useInfiniteQuery(tenderListOptions(filters));
}

/** The views' badges: the caller's tenders per status. */
export function useTenderStatusCounts() {
  return useQuery(
    queryOptions({
      queryKey: tenderKeys.counts(),
      queryFn: ({ signal }) =>
        apiRequest<TenderStatusCounts>('/api/v2/tenders/status_counts', { signal }),
    }),
  );
}

export function useTenderCustomers() {
  return useQuery(
    queryOptions({
      queryKey: tenderKeys.customers(),
      queryFn: ({ signal }) =>
        apiRequest<TenderCustomerOptions>('/api/v2/tenders/customers', { signal }),
    }),
  );
}
