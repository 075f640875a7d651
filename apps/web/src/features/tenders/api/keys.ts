import type { TenderFindQuery } from '@portal/contract';

/** What the list asks for, without paging (the infinite query pages itself). */
export type TenderFindFilters = Omit<TenderFindQuery, 'page' | 'pageSize'>;

/** One key per resource: 'tenders' is also the navigation count's resource, so answers refresh it. */
export const tenderKeys = {
  all: ['tenders'] as const,
  lists: () => [...tenderKeys.all, 'list'] as const,
  list: (filters: TenderFindFilters) => [...tenderKeys.lists(), filters] as const,
  counts: () => [...tenderKeys.all, 'status-counts'] as const,
  customers: () => [...tenderKeys.all, 'customers'] as const,
  detail: (key: string) => [...tenderKeys.all, 'detail', key] as const,
};
