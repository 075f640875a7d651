import type { RouteObject } from 'react-router';

/**
 * The list at /accounting and /invoices, and the invoice over it at .../{invoiceNumber}/preview,
 * each loaded when opened.
 */
export const accountingRoutes: RouteObject[] = ['/accounting', '/invoices'].map((path) => ({
  path,
  lazy: async () => ({
    Component: (await import('./components/accounting-list-page')).AccountingListPage,
  }),
  children: [
    {
      path: ':invoiceNumber/preview',
      lazy: async () => {
        const { AccountingInvoiceDrawer } = await import('./components/invoice-drawer');
        return { Component: () => <AccountingInvoiceDrawer listPath={path} /> };
      },
    },
  ],
}));
