import { createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { caseRoutes } from '../features/cases/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { thirdPartyInvoiceRoutes } from '../features/third-party-invoices/routes';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { AuthenticatedApp } from './authenticated-app';
import { CrashPage } from './crash-page';

/**
 * Pages behind sign-in. Features add their routes here (paths as in the route table of
 * packages/domain); the route guard around them applies the table's access rules, so a page
 * needs no guard of its own.
 */
export const authenticatedRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...caseRoutes,
  ...thirdPartyInvoiceRoutes,
  // Paths of the route table whose page is not built: the guard and the frame still apply.
  { path: '*', element: null },
];

export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <CrashPage />,
    children: [
      ...authRoutes,
      { path: 'not-found', element: <NotFoundPage /> },
      { element: <AuthenticatedApp />, children: authenticatedRoutes },
    ],
  },
]);
