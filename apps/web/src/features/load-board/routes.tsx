import type { RouteObject } from 'react-router';

// Each screen's code (and the map it uses) loads when it is opened.
const savedLanes = async () => ({
  Component: (await import('./components/saved-lanes-page')).SavedLanesPage,
});
const rateShipment = async () => ({
  Component: (await import('./components/rate-shipment-page')).RateShipmentPage,
});

export const loadBoardRoutes: RouteObject[] = [
  {
    path: '/reloads',
    lazy: async () => ({ Component: (await import('./components/load-board-page')).LoadBoardPage }),
  },
  {
    path: '/available-freight',
    lazy: async () => ({ Component: (await import('./components/top-picks-page')).TopPicksPage }),
  },
  {
    path: '/available-freight/:shipmentNumber',
    lazy: async () => ({
      Component: (await import('./components/available-load-page')).AvailableLoadPage,
    }),
  },
  { path: '/saved-lanes', lazy: savedLanes },
  { path: '/lanes', lazy: savedLanes },
  {
    path: '/live-equipment',
    lazy: async () => ({
      Component: (await import('./components/live-equipment-page')).LiveEquipmentPage,
    }),
  },
  { path: '/rates/:rateType/shipment/:shipmentNumber', lazy: rateShipment },
  { path: '/rates/:shipmentNumber', lazy: rateShipment },
];
