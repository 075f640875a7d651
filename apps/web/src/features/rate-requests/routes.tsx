import type { RouteObject } from 'react-router';

const requestPage = (part: 'preview' | 'details') => async () => {
  const { RateRequestPage } = await import('./components/rate-request-page');
  return { Component: () => <RateRequestPage part={part} /> };
};

/**
 * /rates (the carrier's rate requests), one request at /rates/{rateId}/preview (+/details), and the
 * operator's offers at /operations/rate-requests. Each screen loads when opened.
 */
export const rateRequestRoutes: RouteObject[] = [
  {
    path: '/rates',
    lazy: async () => ({
      Component: (await import('./components/rate-request-list-page')).RateRequestListPage,
    }),
  },
  { path: '/rates/:rateId/preview', lazy: requestPage('preview') },
  { path: '/rates/:rateId/preview/details', lazy: requestPage('details') },
  {
    path: '/operations/rate-requests',
    lazy: async () => ({
      Component: (await import('./components/rate-offers-page')).RateOffersPage,
    }),
  },
];
