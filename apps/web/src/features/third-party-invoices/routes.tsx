import type { RouteObject } from 'react-router';

/**
 * The list at /third-party-payer-invoices and the invoice over it at .../{invoiceNumber}/preview,
 * each loaded when opened.
 */
export const thirdPartyInvoiceRoutes: RouteObject[] = [
  {
    path: '/third-party-payer-invoices',
    lazy: async () => ({
      Component: (await import('./components/invoice-list-page')).InvoiceListPage,
    }),
    children: [
      {
        path: ':invoiceNumber/preview',
        lazy: async () => ({
          Component: (await import('./components/invoice-detail-drawer')).InvoiceDetailDrawer,
        }),
      },
    ],
  },
];
