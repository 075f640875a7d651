import type { RouteObject } from 'react-router';
import { nextTask } from '../../shared/ui/drawn-in-turn';

/**
 * /dashboard and every sub-path (shipments, rates, tenders, accounting and their previews) show
 * the dashboard; the route guard answers unknown sub-paths. Its code loads on demand.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard/*',
    lazy: async () => {
      const { DashboardPage } = await import('./components/dashboard-page');
      await nextTask();
      return { Component: DashboardPage };
    },
  },
];
