import type {
  CaseCountStatsAnswer,
  CaseCountStatsQuery,
  CaseFilterOptions,
  CaseListPage,
  CaseListQuery,
} from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { caseKeys } from './case-details';

/** What the list asks for, without paging (the infinite query pages itself). */
export type CaseListFilters = Omit<CaseListQuery, 'page' | 'pageSize'>;

/** Pages of 50 from page 0 (the spec's case filter counts pages from 0). */
export function caseListOptions(filters: CaseListFilters) {
  return infiniteQueryOptions({
    queryKey: caseKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CaseListPage>('/api/v2/cases', {
        query: { ...filters, page: pageParam, pageSize: LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useCaseList(filters: CaseListFilters) {
  return useInfiniteQuery(caseListOptions(filters));
}

/** The views' badges: cases per user-facing status under the applied filters and search. */
export function useCaseCounts(filters: CaseCountStatsQuery) {
  return useQuery({
    queryKey: caseKeys.counts(filters),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<CaseCountStatsAnswer>('/api/v2/cases/count_stats', {
          query: filters,
          signal,
        })
      ).data,
  });
}

export function useCaseFilterOptions() {
  return useQuery(
    queryOptions({
      queryKey: caseKeys.filterOptions(),
      queryFn: async ({ signal }) =>
        (await apiRequest<CaseFilterOptions>('/api/v2/cases/filter_options', { signal })).data,
      staleTime: 5 * 60_000,
    }),
  );
}
