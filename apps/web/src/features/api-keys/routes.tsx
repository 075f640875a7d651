import type { RouteObject } from 'react-router';

/** /admin/api-keys. */
export const apiKeyRoutes: RouteObject[] = [
  {
    path: '/admin/api-keys',
    lazy: async () => ({ Component: (await import('./components/api-keys-page')).ApiKeysPage }),
  },
];
