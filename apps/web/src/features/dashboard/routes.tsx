import type { RouteObject } from 'react-router';

/**
 * /dashboard and every sub-path (shipments, rates, tenders, accounting and their previews) show
 * the dashboard; the route guard answers unknown sub-paths. Its code loads on demand.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard/*',
    lazy: async () => ({
      Component: (await import('./components/dashboard-page')).DashboardPage,
    }),
  },
];
