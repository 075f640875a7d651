import type { PaymentPage } from '@portal/contract';
import { PAYMENTS_DEFAULT_RANGE_MONTHS } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const RECENT_PAYMENTS_SHOWN = 5;

function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** The newest payments of the payments list's default range (the last 3 months). */
export const recentPaymentsQueryOptions = (today = new Date()) => {
  const start = new Date(today);
  start.setUTCMonth(start.getUTCMonth() - PAYMENTS_DEFAULT_RANGE_MONTHS);
  const query = {
    paymentStartDate: isoDate(start),
    paymentEndDate: isoDate(today),
    page: 1,
    pageSize: RECENT_PAYMENTS_SHOWN,
  };
  return queryOptions({
    queryKey: ['payments', 'recent', query] as const,
    queryFn: ({ signal }) => apiRequest<PaymentPage>('/api/v1/payments', { query, signal }),
  });
};

export function useRecentPayments() {
  return useQuery(recentPaymentsQueryOptions());
}
