import type { RouteObject } from 'react-router';
import { RateOffersPage } from './components/rate-offers-page';
import { RateRequestListPage } from './components/rate-request-list-page';
import { RateRequestPage } from './components/rate-request-page';

/**
 * /rates (the carrier's rate requests), one request at /rates/{rateId}/preview (+/details), and the
 * operator's offers at /operations/rate-requests.
 */
export const rateRequestRoutes: RouteObject[] = [
  { path: '/rates', element: <RateRequestListPage /> },
  { path: '/rates/:rateId/preview', element: <RateRequestPage part="preview" /> },
  { path: '/rates/:rateId/preview/details', element: <RateRequestPage part="details" /> },
  { path: '/operations/rate-requests', element: <RateOffersPage /> },
];
