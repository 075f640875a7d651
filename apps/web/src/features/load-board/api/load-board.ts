import type {
  AvailableLoadAnswer,
  LoadBoardPage,
  QuotableLocationPage,
  ReloadPage,
  TopPickPage,
} from '@portal/contract';
import { LIST_PAGE_SIZE, QUOTABLE_LOCATIONS_PAGE_SIZE } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { loadBoardKeys } from './load-board-keys';

/** A load board search as the query string holds it: every criterion a string, empty when unset. */
export type LoadBoardCriteria = Record<string, string>;

const nextPage = (page: { page: number; pageSize: number; totalCount: number }) =>
  page.page * page.pageSize < page.totalCount ? page.page + 1 : undefined;

/** GET api/v2/load_board, 50 a page as the list scrolls. */
export function loadBoardOptions(criteria: LoadBoardCriteria) {
  return infiniteQueryOptions({
    queryKey: loadBoardKeys.search(criteria),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<LoadBoardPage>('/api/v2/load_board', {
        signal,
        query: { ...criteria, page: pageParam, pageSize: LIST_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useLoadBoard(criteria: LoadBoardCriteria) {
  return useInfiniteQuery(loadBoardOptions(criteria));
}

/** GET api/v2/top_picks, 50 a page. */
export function useTopPicks() {
  return useInfiniteQuery({
    queryKey: loadBoardKeys.topPicks(),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<TopPickPage>('/api/v2/top_picks', {
        signal,
        query: { page: pageParam, pageSize: LIST_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** GET api/v2/available_shipments/{n}: the preview of one load. */
export function useAvailableLoad(shipmentNumber: string) {
  return useQuery({
    queryKey: loadBoardKeys.load(shipmentNumber),
    queryFn: ({ signal }) =>
      apiRequest<AvailableLoadAnswer>(
        `/api/v2/available_shipments/${encodeURIComponent(shipmentNumber)}`,
        { signal },
      ),
    retry: false,
  });
}

/** GET api/v2/quotable_locations: the place picker's suggestions, 10 at a time. */
export function useQuotableLocations(q: string, types?: readonly string[]) {
  const typeList = types?.join(',') ?? '';
  return useQuery({
    queryKey: loadBoardKeys.places(q, typeList),
    queryFn: ({ signal }) =>
      apiRequest<QuotableLocationPage>('/api/v2/quotable_locations', {
        signal,
        query: { q, types: typeList || undefined, pageSize: QUOTABLE_LOCATIONS_PAGE_SIZE },
      }),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}

/** Load board freight near a booked load's delivery (GET api/v2/shipments/{n}/reloads). */
export function useReloads(shipmentNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: loadBoardKeys.reloads(shipmentNumber),
    queryFn: ({ signal }) =>
      apiRequest<ReloadPage>(`/api/v2/shipments/${encodeURIComponent(shipmentNumber)}/reloads`, {
        signal,
        query: { page: 1, pageSize: 10 },
      }),
    enabled,
  });
}
