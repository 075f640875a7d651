import { Navigate, useParams, type RouteObject } from 'react-router';
import { MyShipmentsPage } from './components/my-shipments-page';
import { ShipmentListPage } from './components/shipment-list-page';
import { ShipmentPreviewPage } from './components/shipment-preview-page';
import {
  ShipmentCasesTab,
  ShipmentDetailsTab,
  ShipmentDocumentsTab,
  ShipmentFinancialsTab,
  ShipmentSignedRateConfirmationTab,
} from './components/shipment-sub-pages';
import { TripPage } from './components/trip-page';

/** /shipments/{n} and /my-shipments/{n} open the same preview as /all-shipments/{n}/preview. */
function ToPreview() {
  const { shipmentNumber = '' } = useParams();
  return (
    <Navigate to={`/all-shipments/${encodeURIComponent(shipmentNumber)}/preview/details`} replace />
  );
}

export const shipmentRoutes: RouteObject[] = [
  { path: '/all-shipments', element: <ShipmentListPage /> },
  { path: '/shipments', element: <ShipmentListPage /> },
  { path: '/shipments/:shipmentNumber', element: <ToPreview /> },
  { path: '/my-shipments', element: <MyShipmentsPage /> },
  { path: '/my-shipments/:shipmentNumber', element: <ToPreview /> },
  { path: '/all-shipments/trip/:tripId', element: <TripPage /> },
  {
    path: '/all-shipments/:shipmentNumber/preview',
    element: <ShipmentPreviewPage />,
    children: [
      { index: true, element: <Navigate to="details" replace /> },
      { path: 'details', element: <ShipmentDetailsTab /> },
      { path: 'financials', element: <ShipmentFinancialsTab /> },
      { path: 'cases', element: <ShipmentCasesTab /> },
      { path: 'documents', element: <ShipmentDocumentsTab /> },
      { path: 'SignedRateConfirmation', element: <ShipmentSignedRateConfirmationTab /> },
    ],
  },
];
