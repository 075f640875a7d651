import type { RouteObject } from 'react-router';
import { AccountingListPage } from './components/accounting-list-page';
import { AccountingInvoiceDrawer } from './components/invoice-drawer';

/** The list at /accounting and /invoices, and the invoice over it at .../{invoiceNumber}/preview. */
export const accountingRoutes: RouteObject[] = ['/accounting', '/invoices'].map((path) => ({
  path,
  element: <AccountingListPage />,
  children: [
    { path: ':invoiceNumber/preview', element: <AccountingInvoiceDrawer listPath={path} /> },
  ],
}));
