import type {
  ApInvoicePage,
  CaseCountStatsAnswer,
  CaseCountStatsQuery,
  RateRequestPage,
  ThirdPartyInvoicePage,
  WaterfallPage,
} from '@portal/contract';
import { AccountingFilterStatus, TenderWaterfallStatus } from '@portal/domain';
import { apiRequest } from '../../../shared/api/client';

// How many items wait in one of the operator's queues. Each key starts with the resource it counts
// (['third-party-invoices', 'count', ...]), so the screens that work the queue refresh it when they
// change that resource.

/** A queue's count: its query key and how to read it. */
export interface QueueCount {
  queryKey: readonly unknown[];
  queryFn(context: { signal: AbortSignal }): Promise<number>;
}

/** Third-party payer invoices in one status, every invoice (auditable or not): the count only. */
export function thirdPartyInvoiceQueue(status: 'RECEIVED' | 'SETTLED'): QueueCount {
  return {
    queryKey: ['third-party-invoices', 'count', 'operations', status] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ThirdPartyInvoicePage>('/api/v1/third_party_payer_invoices', {
          query: { status, isAuditable: false, page: 1, pageSize: 0 },
          signal,
        })
      ).totalCount,
  };
}

/** Carrier invoices the carriers have submitted and the operator has not paid yet (In Progress). */
export function carrierInvoiceQueue(): QueueCount {
  const status = AccountingFilterStatus.Invoiced;
  return {
    queryKey: ['ap-invoices', 'count', 'operations', status] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ApInvoicePage>('/api/v2/ap_invoices', {
          query: { status, page: 1, pageSize: 1 },
          signal,
        })
      ).totalCount,
  };
}

/** Accessorial requests (cases) nobody has started on: the New status group. */
export function newCaseQueue(): QueueCount {
  return {
    queryKey: ['cases', 'count', 'operations', 'new'] as const,
    queryFn: async ({ signal }) => (await caseCounts({}, signal)).new,
  };
}

/** Accessorial requests still open (not resolved) that no one of the staff is assigned to. */
export function unassignedCaseQueue(): QueueCount {
  return {
    queryKey: ['cases', 'count', 'operations', 'unassigned'] as const,
    queryFn: async ({ signal }) => {
      const counts = await caseCounts({ activeOnly: true, unassignedOnly: true }, signal);
      return counts.new + counts.inProgress + counts.onHold;
    },
  };
}

async function caseCounts(query: CaseCountStatsQuery, signal: AbortSignal) {
  return (await apiRequest<CaseCountStatsAnswer>('/api/v2/cases/count_stats', { query, signal }))
    .data;
}

/** Automatic tendering still sending tenders: the operator's running waterfalls. */
export function runningWaterfallQueue(): QueueCount {
  const status = TenderWaterfallStatus.Running;
  return {
    // Under the tendering screen's key (['tenders', 'waterfalls']): starting or stopping one refreshes it.
    queryKey: ['tenders', 'waterfalls', 'count', 'operations', status] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<WaterfallPage>('/api/v2/tender_waterfalls', {
          query: { status, page: 1, pageSize: 1 },
          signal,
        })
      ).totalCount,
  };
}

/** Carriers' offers the operator can award now (offered, not awarded, the load Ready to Book). */
export function awardableOfferQueue(): QueueCount {
  return {
    queryKey: ['rate-requests', 'count', 'operations', 'awardable'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<RateRequestPage>('/api/v2/rate_requests', {
          query: { awardableOnly: true, page: 1, pageSize: 1 },
          signal,
        })
      ).totalCount,
  };
}
