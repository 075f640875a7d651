import type { RouteObject } from 'react-router';

/** /contacts with the preview over it, /contacts/create and /contacts/{contactId}/edit. */
export const contactRoutes: RouteObject[] = [
  {
    path: '/contacts',
    lazy: async () => ({
      Component: (await import('./components/contact-list-page')).ContactListPage,
    }),
    children: [
      {
        path: ':contactId/preview',
        lazy: async () => ({
          Component: (await import('./components/contact-preview-drawer')).ContactPreviewDrawer,
        }),
      },
    ],
  },
  {
    path: '/contacts/create',
    lazy: async () => ({
      Component: (await import('./components/contact-form-page')).ContactCreatePage,
    }),
  },
  {
    path: '/contacts/:contactId/edit',
    lazy: async () => ({
      Component: (await import('./components/contact-form-page')).ContactEditPage,
    }),
  },
];
