import type { RouteObject } from 'react-router';

/** Payment remittances at /payments, one opened by check number at /payments/{checkNumber}/preview. */
export const paymentRoutes: RouteObject[] = [
  {
    path: '/payments',
    lazy: async () => ({
      Component: (await import('./components/payment-list-page')).PaymentListPage,
    }),
    children: [
      {
        path: ':checkNumber/preview',
        lazy: async () => ({
          Component: (await import('./components/payment-drawer')).PaymentDrawer,
        }),
      },
    ],
  },
];
