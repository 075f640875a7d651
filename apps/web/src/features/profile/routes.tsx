import type { RouteObject } from 'react-router';

/** /profile (with ?tab=integrations) and /profile/edit; the code loads on demand. */
export const profileRoutes: RouteObject[] = [
  {
    path: '/profile',
    lazy: async () => ({
      Component: (await import('./components/profile-page')).ProfilePage,
    }),
  },
  {
    path: '/profile/edit',
    lazy: async () => ({
      Component: (await import('./components/profile-edit-page')).ProfileEditPage,
    }),
  },
];
