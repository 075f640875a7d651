import type { AccountingListQuery } from '@portal/contract';

/** What the list asks for, without paging (the infinite query pages itself). */
export type AccountingFilters = Omit<AccountingListQuery, 'page' | 'pageSize'>;

/** One key per resource, so a change invalidates exactly what it changed. */
export const accountingKeys = {
  all: ['ap-invoices'] as const,
  lists: () => [...accountingKeys.all, 'list'] as const,
  list: (filters: AccountingFilters) => [...accountingKeys.lists(), filters] as const,
  counts: () => [...accountingKeys.all, 'count'] as const,
  count: (filters: AccountingFilters) => [...accountingKeys.counts(), filters] as const,
  details: () => [...accountingKeys.all, 'detail'] as const,
  detail: (invoiceNumber: string) => [...accountingKeys.details(), invoiceNumber] as const,
};
