import type { RouteObject } from 'react-router';

/** /admin/api-documentation, the user menu's API Documentation. */
export const apiDocumentationRoutes: RouteObject[] = [
  {
    path: '/admin/api-documentation',
    lazy: async () => ({
      Component: (await import('./components/api-documentation-page')).ApiDocumentationPage,
    }),
  },
];
