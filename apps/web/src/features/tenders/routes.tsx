import type { RouteObject } from 'react-router';

/**
 * /tenders and one tender at /tenders/{tenderId} or /tenders/{shipmentNumber}; the operator's
 * automatic tendering at /operations/tendering. Each screen loads when opened.
 */
export const tenderRoutes: RouteObject[] = [
  {
    path: '/tenders',
    lazy: async () => ({
      Component: (await import('./components/tender-list-page')).TenderListPage,
    }),
  },
  {
    path: '/tenders/:tenderIdOrShipmentNumber',
    lazy: async () => ({
      Component: (await import('./components/tender-detail-page')).TenderDetailPage,
    }),
  },
  {
    path: '/operations/tendering',
    lazy: async () => ({
      Component: (await import('./components/operator-tendering-page')).OperatorTenderingPage,
    }),
  },
];
