import type { InvoiceDetailAnswer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { thirdPartyInvoiceKeys } from './keys';

/** Details by invoice number; `version` is what the ETag carries, sent back on save. */
export function invoiceDetailOptions(invoiceNumber: string) {
  return queryOptions({
    queryKey: thirdPartyInvoiceKeys.detail(invoiceNumber),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<InvoiceDetailAnswer>(
          `/api/v1/third_party_payer_invoices/${encodeURIComponent(invoiceNumber)}`,
          { signal },
        )
      ).data,
  });
}

export function useInvoiceDetail(invoiceNumber: string) {
  return useQuery(invoiceDetailOptions(invoiceNumber));
}
