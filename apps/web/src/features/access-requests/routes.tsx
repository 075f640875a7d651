import type { RouteObject } from 'react-router';

/** /admin/access-requests, opened from the top bar's badge and the user menu's Admin. */
export const accessRequestRoutes: RouteObject[] = [
  {
    path: '/admin/access-requests',
    lazy: async () => ({
      Component: (await import('./components/access-requests-page')).AccessRequestsPage,
    }),
  },
];
