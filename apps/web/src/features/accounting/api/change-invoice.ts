import type {
  ApInvoiceDetail,
  ApInvoiceDetailAnswer,
  ApInvoicePayBody,
  ApInvoiceQuickPayBody,
  ApInvoiceSubmitBody,
} from '@portal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { accountingKeys } from './keys';

/** Lists, badges and payments change with a status; the detail takes the server's answer. */
function afterWrite(client: QueryClient, detail: ApInvoiceDetail) {
  client.setQueryData(accountingKeys.detail(detail.invoiceNumber), detail);
  void client.invalidateQueries({ queryKey: accountingKeys.lists() });
  void client.invalidateQueries({ queryKey: accountingKeys.counts() });
  void client.invalidateQueries({ queryKey: ['invoices'] });
  void client.invalidateQueries({ queryKey: ['payments'] });
}

type Change =
  | { kind: 'submit'; body: Omit<ApInvoiceSubmitBody, 'version'> }
  | { kind: 'quickPay'; body: Omit<ApInvoiceQuickPayBody, 'version'> }
  | { kind: 'settle' }
  | { kind: 'pay'; body: Omit<ApInvoicePayBody, 'version'> };

function requestOf(invoice: ApInvoiceDetail, change: Change) {
  const base = `/api/v2/ap_invoices/${encodeURIComponent(invoice.id)}`;
  const version = invoice.version;
  switch (change.kind) {
    case 'submit':
      return { path: base, method: 'PATCH' as const, body: { ...change.body, version } };
    case 'quickPay':
      return {
        path: `${base}/quick_pay`,
        method: 'PUT' as const,
        body: { ...change.body, version },
      };
    case 'settle':
      return { path: `${base}/settle`, method: 'POST' as const, body: { version } };
    case 'pay':
      return { path: `${base}/pay`, method: 'POST' as const, body: { ...change.body, version } };
  }
}

/** Every change carries the version read, so a change made meanwhile answers 409. */
export function useChangeInvoice(invoice: ApInvoiceDetail) {
  const client = useQueryClient();
  return useMutation({
    // The screens tell the user themselves, in the invoice toast's words.
    meta: { handlesError: true },
    mutationFn: async (change: Change) => {
      const { path, method, body } = requestOf(invoice, change);
      return (await apiRequest<ApInvoiceDetailAnswer>(path, { method, body })).data;
    },
    onSuccess: (detail) => afterWrite(client, detail),
  });
}
