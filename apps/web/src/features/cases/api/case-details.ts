import type { CaseDetailAnswer, CaseHistory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (filters: object) => [...caseKeys.lists(), filters] as const,
  counts: (filters: object) => [...caseKeys.all, 'counts', filters] as const,
  filterOptions: () => [...caseKeys.all, 'filter-options'] as const,
  detail: (caseNumber: string) => [...caseKeys.all, 'detail', caseNumber] as const,
  history: (caseNumber: string) => [...caseKeys.all, 'history', caseNumber] as const,
};

export function caseDetailOptions(caseNumber: string) {
  return queryOptions({
    queryKey: caseKeys.detail(caseNumber),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<CaseDetailAnswer>(`/api/v2/cases/${encodeURIComponent(caseNumber)}`, {
          signal,
        })
      ).data,
  });
}

export function useCaseDetail(caseNumber: string) {
  return useQuery(caseDetailOptions(caseNumber));
}

export function useCaseHistory(caseNumber: string) {
  return useQuery({
    queryKey: caseKeys.history(caseNumber),
    queryFn: ({ signal }) =>
      apiRequest<CaseHistory>(`/api/v2/cases/${encodeURIComponent(caseNumber)}/history`, {
        signal,
      }),
  });
}
