import { PORTAL_ROUTES } from '@portal/domain';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { accessRequestRoutes } from '../features/access-requests/routes';
import { apiDocumentationRoutes } from '../features/api-documentation/routes';
import { apiKeyRoutes } from '../features/api-keys/routes';
import { authRoutes } from '../features/auth/routes';
import { caseRoutes } from '../features/cases/routes';
import { contactRoutes } from '../features/contacts/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { equipmentRoutes } from '../features/equipment/routes';
import { profileRoutes } from '../features/profile/routes';
import { shipmentRoutes } from '../features/shipments/routes';
import { thirdPartyInvoiceRoutes } from '../features/third-party-invoices/routes';
import { videoRoutes } from '../features/videos/routes';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { AuthenticatedApp } from './authenticated-app';
import { CrashPage } from './crash-page';

/** Screens built so far; features add their routes here (paths of the route table). */
const builtRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...caseRoutes,
  ...shipmentRoutes,
  ...thirdPartyInvoiceRoutes,
  ...profileRoutes,
  ...equipmentRoutes,
  ...contactRoutes,
  ...accessRequestRoutes,
  ...apiKeyRoutes,
  ...apiDocumentationRoutes,
  ...videoRoutes,
];

/**
 * Every other path of the route table (packages/domain/src/routes.ts), registered now: the route
 * guard around them applies the table's access, and each screen arrives with its feature.
 */
const plannedRoutes: RouteObject[] = PORTAL_ROUTES.filter(
  (route) => matchRoutes(builtRoutes, route.pattern) === null,
).map((route) => ({ path: route.pattern, element: null }));

/**
 * Pages behind sign-in. The route guard around them applies the table's access rules, so a page
 * needs no guard of its own; unknown paths are answered by the guard ("Route Not Found" inside a
 * section, the user's landing elsewhere).
 */
export const authenticatedRoutes: RouteObject[] = [
  ...builtRoutes,
  ...plannedRoutes,
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
