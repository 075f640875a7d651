import type {
  ApInvoiceActionRequiredCount,
  CaseCountStatsAnswer,
  RateRequestStatusCounts,
  ShipmentTotalCount,
  TenderStatusCounts,
} from '@portal/contract';
import type { NavigationCount } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

// The navigation's live counts, each read from a count endpoint of its list. They refresh
// every minute while the app is open, and whenever a change invalidates their resource.
export const NAVIGATION_COUNT_REFRESH_MS = 60_000;

const fetchers: Record<NavigationCount, (signal: AbortSignal) => Promise<number>> = {
  shipmentsNeedingUpdates: async (signal) =>
    (
      await apiRequest<ShipmentTotalCount>('/api/v2/shipments/total_count', {
        query: { needsUpdates: true },
        signal,
      })
    ).totalCount,
  sentTenders: async (signal) =>
    (await apiRequest<TenderStatusCounts>('/api/v2/tenders/status_counts', { signal })).data.sent,
  openRateRequests: async (signal) =>
    (await apiRequest<RateRequestStatusCounts>('/api/v2/rate_requests/status_counts', { signal }))
      .data.sent,
  // The Action Required count alone: the Accounting page's other three counts are not shown here.
  accountingActionRequired: async (signal) =>
    (
      await apiRequest<ApInvoiceActionRequiredCount>('/api/v2/invoices/counts/action_required', {
        signal,
      })
    ).data.actionRequired,
  newCases: async (signal) =>
    (await apiRequest<CaseCountStatsAnswer>('/api/v2/cases/count_stats', { signal })).data.new,
};

/** Query keys by resource, so a list that changes shipments, tenders... can invalidate its count. */
const RESOURCE: Record<NavigationCount, string> = {
  shipmentsNeedingUpdates: 'shipments',
  sentTenders: 'tenders',
  openRateRequests: 'rate-requests',
  accountingActionRequired: 'invoices',
  newCases: 'cases',
};

export const navigationCountQueryOptions = (count: NavigationCount) =>
  queryOptions({
    queryKey: [RESOURCE[count], 'navigation-count', count] as const,
    queryFn: ({ signal }) => fetchers[count](signal),
    refetchInterval: NAVIGATION_COUNT_REFRESH_MS,
    staleTime: NAVIGATION_COUNT_REFRESH_MS / 2,
  });
