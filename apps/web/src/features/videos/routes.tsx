import type { RouteObject } from 'react-router';

/** /videos. */
export const videoRoutes: RouteObject[] = [
  {
    path: '/videos',
    lazy: async () => ({ Component: (await import('./components/videos-page')).VideosPage }),
  },
];
