import type { ApInvoiceDetailAnswer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { accountingKeys } from './keys';

/** One invoice by its number; `version` is what the ETag carries, sent back with every change. */
export function accountingDetailOptions(invoiceNumber: string) {
  return queryOptions({
    queryKey: accountingKeys.detail(invoiceNumber),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ApInvoiceDetailAnswer>(
          `/api/v2/ap_invoices/${encodeURIComponent(invoiceNumber)}`,
          { signal },
        )
      ).data,
  });
}

export function useAccountingDetail(invoiceNumber: string) {
  return useQuery(accountingDetailOptions(invoiceNumber));
}
