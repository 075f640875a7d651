import type { RouteObject } from 'react-router';
import { PaymentDrawer } from './components/payment-drawer';
import { PaymentListPage } from './components/payment-list-page';

/** Payment remittances at /payments, one opened by check number at /payments/{checkNumber}/preview. */
export const paymentRoutes: RouteObject[] = [
  {
    path: '/payments',
    element: <PaymentListPage />,
    children: [{ path: ':checkNumber/preview', element: <PaymentDrawer /> }],
  },
];
