import type { ShipmentQuickSearchPage } from '@portal/contract';
import { QUICK_SEARCH_PAGE_SIZE, quickSearchTarget, type ShipmentStatus } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const shipmentQuickSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['shipments', 'quick-search', query] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ShipmentQuickSearchPage>('/api/v2/quick_searches/shipments', {
        query: { query, page: pageParam, pageSize: QUICK_SEARCH_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.totalCount ? last.page + 1 : undefined,
  });

/** Searches only once there is a (debounced) query. */
export function useShipmentQuickSearch(query: string) {
  return useInfiniteQuery({ ...shipmentQuickSearchQueryOptions(query), enabled: query !== '' });
}

/** Where selecting a result goes (spec section 2); null for a draft, which goes nowhere. */
export function quickSearchResultPath(status: number, shipmentNumber: string): string | null {
  const number = encodeURIComponent(shipmentNumber);
  switch (quickSearchTarget(status as ShipmentStatus)) {
    case 'none':
      return null;
    case 'tenderDetails':
      return `/tenders/${number}`;
    case 'availableFreightPreview':
      return `/available-freight/${number}`;
    case 'shipmentPreview':
      return `/all-shipments/${number}/preview/details`;
  }
}
