import type { ApInvoicePage, ThirdPartyInvoicePage } from '@portal/contract';
import { AccountingFilterStatus } from '@portal/domain';
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
