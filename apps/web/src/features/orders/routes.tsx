import { Navigate, type RouteObject } from 'react-router';
import type * as SubPagesModule from './components/order-sub-pages';

type SubPages = typeof SubPagesModule;
const subPage = (name: keyof SubPages) => async () => ({
  Component: (await import('./components/order-sub-pages'))[name],
});

/**
 * /orders (the list), /orders/create, /orders/{orderNumber}/edit and /orders/{orderNumber}/preview
 * with its Details and Logistics sub-pages, each loaded when opened.
 */
export const orderRoutes: RouteObject[] = [
  {
    path: '/orders',
    lazy: async () => ({
      Component: (await import('./components/order-list-page')).OrderListPage,
    }),
  },
  {
    path: '/orders/create',
    lazy: async () => ({
      Component: (await import('./components/order-form-page')).OrderCreatePage,
    }),
  },
  {
    path: '/orders/:orderNumber/edit',
    lazy: async () => ({
      Component: (await import('./components/order-form-page')).OrderEditPage,
    }),
  },
  {
    path: '/orders/:orderNumber/preview',
    lazy: async () => ({
      Component: (await import('./components/order-preview-page')).OrderPreviewPage,
    }),
    children: [
      { index: true, element: <Navigate to="details" replace /> },
      { path: 'details', lazy: subPage('OrderDetailsTab') },
      { path: 'logistics', lazy: subPage('OrderLogisticsTab') },
    ],
  },
];
