import type * as SubPagesModule from './components/shipment-sub-pages';
import { Navigate, useParams, type RouteObject } from 'react-router';

/** /shipments/{n} and /my-shipments/{n} open the same preview as /all-shipments/{n}/preview. */
function ToPreview() {
  const { shipmentNumber = '' } = useParams();
  return (
    <Navigate to={`/all-shipments/${encodeURIComponent(shipmentNumber)}/preview/details`} replace />
  );
}

// Each screen's code (and the map, the editor and the viewers it uses) loads when it is opened.
const listPage = async () => ({
  Component: (await import('./components/shipment-list-page')).ShipmentListPage,
});
type SubPages = typeof SubPagesModule;
const subPage = (name: keyof SubPages) => async () => ({
  Component: (await import('./components/shipment-sub-pages'))[name],
});

export const shipmentRoutes: RouteObject[] = [
  { path: '/all-shipments', lazy: listPage },
  { path: '/shipments', lazy: listPage },
  { path: '/shipments/:shipmentNumber', element: <ToPreview /> },
  {
    path: '/my-shipments',
    lazy: async () => ({
      Component: (await import('./components/my-shipments-page')).MyShipmentsPage,
    }),
  },
  { path: '/my-shipments/:shipmentNumber', element: <ToPreview /> },
  {
    path: '/all-shipments/trip/:tripId',
    lazy: async () => ({ Component: (await import('./components/trip-page')).TripPage }),
  },
  {
    path: '/all-shipments/:shipmentNumber/preview',
    lazy: async () => ({
      Component: (await import('./components/shipment-preview-page')).ShipmentPreviewPage,
    }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/open-tab-index')).OpenTabIndex,
        }),
      },
      { path: 'details', lazy: subPage('ShipmentDetailsTab') },
      { path: 'financials', lazy: subPage('ShipmentFinancialsTab') },
      { path: 'cases', lazy: subPage('ShipmentCasesTab') },
      { path: 'documents', lazy: subPage('ShipmentDocumentsTab') },
      { path: 'SignedRateConfirmation', lazy: subPage('ShipmentSignedRateConfirmationTab') },
    ],
  },
];
