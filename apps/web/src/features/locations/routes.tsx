import type { RouteObject } from 'react-router';

/** /locations, /locations/create and /locations/{locationNumber} (decision 172); loaded on demand. */
export const locationRoutes: RouteObject[] = [
  {
    path: '/locations',
    lazy: async () => ({
      Component: (await import('./components/location-list-page')).LocationListPage,
    }),
  },
  {
    path: '/locations/create',
    lazy: async () => ({
      Component: (await import('./components/location-page')).LocationCreatePage,
    }),
  },
  {
    path: '/locations/:locationNumber',
    lazy: async () => ({
      Component: (await import('./components/location-page')).LocationPage,
    }),
  },
];
