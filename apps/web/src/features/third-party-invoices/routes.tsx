import type { RouteObject } from 'react-router';
import { InvoiceDetailDrawer } from './components/invoice-detail-drawer';
import { InvoiceListPage } from './components/invoice-list-page';

/** The list at /third-party-payer-invoices and the invoice over it at .../{invoiceNumber}/preview. */
export const thirdPartyInvoiceRoutes: RouteObject[] = [
  {
    path: '/third-party-payer-invoices',
    element: <InvoiceListPage />,
    children: [{ path: ':invoiceNumber/preview', element: <InvoiceDetailDrawer /> }],
  },
];
