import type { ThirdPartyInvoiceFindQuery } from '@portal/contract';

/** What the list asks for, without paging (the infinite query pages itself). */
export type InvoiceFindFilters = Omit<ThirdPartyInvoiceFindQuery, 'page' | 'pageSize'>;

/** One key per resource, so a mutation invalidates exactly what it changed. */
export const thirdPartyInvoiceKeys = {
  all: ['third-party-invoices'] as const,
  lists: () => [...thirdPartyInvoiceKeys.all, 'list'] as const,
  list: (filters: InvoiceFindFilters) => [...thirdPartyInvoiceKeys.lists(), filters] as const,
  counts: () => [...thirdPartyInvoiceKeys.all, 'count'] as const,
  count: (filters: InvoiceFindFilters, pageSize: number) =>
    [...thirdPartyInvoiceKeys.counts(), pageSize, filters] as const,
  details: () => [...thirdPartyInvoiceKeys.all, 'detail'] as const,
  detail: (invoiceNumber: string) => [...thirdPartyInvoiceKeys.details(), invoiceNumber] as const,
  shipment: (shipmentId: string) => [...thirdPartyInvoiceKeys.all, 'shipment', shipmentId] as const,
};
