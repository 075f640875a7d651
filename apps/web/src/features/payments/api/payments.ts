import type { PaymentDetailAnswer, PaymentPage } from '@portal/contract';
import { PAYMENT_DETAIL_PAGE_SIZE, PAYMENTS_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface PaymentRange {
  checkNumber?: string;
  paymentStartDate?: string;
  paymentEndDate?: string;
}

/** The dashboard's recent payments live under the same resource, so a payment refreshes both. */
export const paymentKeys = {
  all: ['payments'] as const,
  list: (range: PaymentRange) => [...paymentKeys.all, 'list', range] as const,
  detail: (checkNumber: string, page: number) =>
    [...paymentKeys.all, 'detail', checkNumber, page] as const,
};

/** Remittances, newest first, 20 a page. */
export function paymentListOptions(range: PaymentRange) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.list(range),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PaymentPage>('/api/v1/payments', {
        query: { ...range, page: pageParam, pageSize: PAYMENTS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function usePaymentList(range: PaymentRange) {
  return useInfiniteQuery(paymentListOptions(range));
}

/** One remittance by check number, with one page (20) of the invoices it paid. */
export function usePaymentDetail(checkNumber: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.detail(checkNumber, page),
      queryFn: async ({ signal }) =>
        (
          await apiRequest<PaymentDetailAnswer>(
            `/api/v1/payments/${encodeURIComponent(checkNumber)}`,
            { query: { page, pageSize: PAYMENT_DETAIL_PAGE_SIZE }, signal },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export const paymentCsvHref = (checkNumber: string) =>
  `/api/v1/payments/${encodeURIComponent(checkNumber)}/csv`;
