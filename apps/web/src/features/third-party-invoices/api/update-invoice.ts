import type {
  InvoiceDetail,
  InvoiceDetailAnswer,
  InvoiceStatusBody,
  InvoiceUpdateBody,
} from '@portal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { thirdPartyInvoiceKeys } from './keys';

export interface InvoiceUpdate {
  externalInvoiceNumber?: string;
  externalInvoiceAmount?: number;
}

/** Lists and badges change with a status or a number; the detail takes the server's answer. */
function afterWrite(client: QueryClient, invoiceNumber: string, detail: InvoiceDetail) {
  client.setQueryData(thirdPartyInvoiceKeys.detail(invoiceNumber), detail);
  void client.invalidateQueries({ queryKey: thirdPartyInvoiceKeys.lists() });
  void client.invalidateQueries({ queryKey: thirdPartyInvoiceKeys.counts() });
}

/** PATCH api/v2/invoices/{id} with the version read, so an edit made meanwhile answers 409. */
export function useUpdateInvoice(invoice: InvoiceDetail) {
  const client = useQueryClient();
  return useMutation({
    // The form tells the user itself, in the spec's words (section 8).
    meta: { handlesError: true },
    mutationFn: async (update: InvoiceUpdate) => {
      const body: InvoiceUpdateBody = { invoiceId: invoice.id, ...update };
      return (
        await apiRequest<InvoiceDetailAnswer>(
          `/api/v2/invoices/${encodeURIComponent(invoice.id)}`,
          {
            method: 'PATCH',
            body,
            headers: { 'if-match': `"${invoice.version}"` },
          },
        )
      ).data;
    },
    onSuccess: (detail) => afterWrite(client, invoice.invoiceNumber, detail),
  });
}

/** PUT api/v2/invoices/{id}/status: the operator settles an invoice or marks it paid. */
export function useMoveInvoiceStatus(invoice: InvoiceDetail) {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesError: true },
    mutationFn: async (status: InvoiceStatusBody['status']) => {
      const body: InvoiceStatusBody = { status, version: invoice.version };
      return (
        await apiRequest<InvoiceDetailAnswer>(
          `/api/v2/invoices/${encodeURIComponent(invoice.id)}/status`,
          { method: 'PUT', body },
        )
      ).data;
    },
    onSuccess: (detail) => afterWrite(client, invoice.invoiceNumber, detail),
  });
}
