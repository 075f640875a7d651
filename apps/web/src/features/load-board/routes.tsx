import type { RouteObject } from 'react-router';
import { AvailableLoadPage } from './components/available-load-page';
import { LiveEquipmentPage } from './components/live-equipment-page';
import { LoadBoardPage } from './components/load-board-page';
import { RateShipmentPage } from './components/rate-shipment-page';
import { SavedLanesPage } from './components/saved-lanes-page';
import { TopPicksPage } from './components/top-picks-page';

export const loadBoardRoutes: RouteObject[] = [
  { path: '/reloads', element: <LoadBoardPage /> },
  { path: '/available-freight', element: <TopPicksPage /> },
  { path: '/available-freight/:shipmentNumber', element: <AvailableLoadPage /> },
  { path: '/saved-lanes', element: <SavedLanesPage /> },
  { path: '/lanes', element: <SavedLanesPage /> },
  { path: '/live-equipment', element: <LiveEquipmentPage /> },
  { path: '/rates/:rateType/shipment/:shipmentNumber', element: <RateShipmentPage /> },
  { path: '/rates/:shipmentNumber', element: <RateShipmentPage /> },
];
