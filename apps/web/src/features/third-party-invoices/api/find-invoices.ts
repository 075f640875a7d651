import type { ThirdPartyInvoicePage } from '@portal/contract';
import { THIRD_PARTY_INVOICE_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { thirdPartyInvoiceKeys, type InvoiceFindFilters } from './keys';

const FIND_PATH = '/api/v1/third_party_payer_invoices';

export function findInvoices(
  filters: InvoiceFindFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ThirdPartyInvoicePage> {
  return apiRequest<ThirdPartyInvoicePage>(FIND_PATH, {
    query: { ...filters, page, pageSize },
    signal,
  });
}

/**
 * The list: pages of 50 from page 1. The filters are the key, so a new search or filter starts a
 * new list at page 1 instead of appending to the old one.
 */
export function invoiceListOptions(filters: InvoiceFindFilters) {
  return infiniteQueryOptions({
    queryKey: thirdPartyInvoiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      findInvoices(filters, pageParam, THIRD_PARTY_INVOICE_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useInvoiceList(filters: InvoiceFindFilters, enabled = true) {
  return useInfiniteQuery({ ...invoiceListOptions(filters), enabled });
}

/** A view's badge: the find with the view's page size (1, or 0 for Action Required), read as totalCount. */
export function invoiceCountOptions(filters: InvoiceFindFilters, pageSize: number) {
  return queryOptions({
    queryKey: thirdPartyInvoiceKeys.count(filters, pageSize),
    queryFn: async ({ signal }) => (await findInvoices(filters, 1, pageSize, signal)).totalCount,
  });
}

export function useInvoiceCount(filters: InvoiceFindFilters, pageSize: number) {
  return useQuery(invoiceCountOptions(filters, pageSize));
}
