import type { RouteObject } from 'react-router';

/** /operations: the operator's landing with its work queues. Its code loads on demand. */
export const operationsRoutes: RouteObject[] = [
  {
    path: '/operations',
    lazy: async () => ({
      Component: (await import('./components/operations-page')).OperationsPage,
    }),
  },
];
