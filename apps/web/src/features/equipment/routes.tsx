import type { RouteObject } from 'react-router';

const trailers = async () => ({
  Component: (await import('./components/equipment-page')).TrailersPage,
});

/** /equipment and /equipment/trailers show trailers, /equipment/power-units power units. */
export const equipmentRoutes: RouteObject[] = [
  { path: '/equipment', lazy: trailers },
  { path: '/equipment/trailers', lazy: trailers },
  {
    path: '/equipment/power-units',
    lazy: async () => ({
      Component: (await import('./components/equipment-page')).PowerUnitsPage,
    }),
  },
];
