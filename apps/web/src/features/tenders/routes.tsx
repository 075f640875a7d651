import type { RouteObject } from 'react-router';
import { OperatorTenderingPage } from './components/operator-tendering-page';
import { TenderDetailPage } from './components/tender-detail-page';
import { TenderListPage } from './components/tender-list-page';

/**
 * /tenders and one tender at /tenders/{tenderId} or /tenders/{shipmentNumber}; the operator's
 * automatic tendering at /operations/tendering.
 */
export const tenderRoutes: RouteObject[] = [
  { path: '/tenders', element: <TenderListPage /> },
  { path: '/tenders/:tenderIdOrShipmentNumber', element: <TenderDetailPage /> },
  { path: '/operations/tendering', element: <OperatorTenderingPage /> },
];
