import type { RouteObject } from 'react-router';

/**
 * /dashboard/accounting/{invoiceNumber}/preview: the invoice in place over the dashboard, in the
 * accounting feature's own drawer; closing it returns to /dashboard/accounting. The two features
 * meet here, in the app, since neither reaches into the other.
 */
export const dashboardAccountingPreviewRoutes: RouteObject[] = [
  {
    path: '/dashboard/accounting/:invoiceNumber/preview',
    lazy: async () => {
      const [{ DashboardPage }, { AccountingInvoiceDrawer }] = await Promise.all([
        import('../features/dashboard/components/dashboard-page'),
        import('../features/accounting/components/invoice-drawer'),
      ]);
      return {
        Component: () => (
          <>
            <DashboardPage />
            <AccountingInvoiceDrawer listPath="/dashboard/accounting" />
          </>
        ),
      };
    },
  },
];
