import type { ApInvoicePage } from '@portal/contract';
import { ACCOUNTING_PAGE_SIZE } from '@portal/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { accountingKeys, type AccountingFilters } from './keys';

const LIST_PATH = '/api/v2/ap_invoices';

function findInvoices(
  filters: AccountingFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ApInvoicePage> {
  return apiRequest<ApInvoicePage>(LIST_PATH, { query: { ...filters, page, pageSize }, signal });
}

/** The list: pages of 50 from page 1; a new search or filter is a new key, so a new list. */
export function accountingListOptions(filters: AccountingFilters) {
  return infiniteQueryOptions({
    queryKey: accountingKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      findInvoices(filters, pageParam, ACCOUNTING_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useAccountingList(filters: AccountingFilters, enabled = true) {
  return useInfiniteQuery({ ...accountingListOptions(filters), enabled });
}

/** A view's badge: the list with one row, read as totalCount. */
export function accountingCountOptions(filters: AccountingFilters) {
  return queryOptions({
    queryKey: accountingKeys.count(filters),
    queryFn: async ({ signal }) => (await findInvoices(filters, 1, 1, signal)).totalCount,
  });
}

/** The CSV of the list as filtered: a plain link, so the browser downloads it with the session. */
export function accountingCsvHref(filters: AccountingFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return `${LIST_PATH}/csv${text ? `?${text}` : ''}`;
}
