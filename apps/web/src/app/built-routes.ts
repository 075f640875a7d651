import { matchRoutes, type RouteObject } from 'react-router';
import { accessRequestRoutes } from '../features/access-requests/routes';
import { apiDocumentationRoutes } from '../features/api-documentation/routes';
import { apiKeyRoutes } from '../features/api-keys/routes';
import { sessionReplayRoutes } from '../features/session-replays/routes';
import { contactRoutes } from '../features/contacts/routes';
import { equipmentRoutes } from '../features/equipment/routes';
import { profileRoutes } from '../features/profile/routes';
import { videoRoutes } from '../features/videos/routes';
import { accountingRoutes } from '../features/accounting/routes';
import { caseRoutes } from '../features/cases/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { loadBoardRoutes } from '../features/load-board/routes';
import { locationRoutes } from '../features/locations/routes';
import { operationsRoutes } from '../features/operations/routes';
import { paymentRoutes } from '../features/payments/routes';
import { rateRequestRoutes } from '../features/rate-requests/routes';
import { tenderRoutes } from '../features/tenders/routes';
import { orderRoutes } from '../features/orders/routes';
import { shipmentRoutes } from '../features/shipments/routes';
import { thirdPartyInvoiceRoutes } from '../features/third-party-invoices/routes';
import { dashboardAccountingPreviewRoutes } from './dashboard-accounting-preview';
import { firstPathSegment } from './first-path-segment';

/**
 * The screens the app has, by the paths of the route table (packages/domain/src/routes.ts). A path
 * of the table that no screen serves yet is not registered: the route guard answers it "Route Not
 * Found", and no navigation entry or menu item leads to it.
 */
export const builtRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...dashboardAccountingPreviewRoutes,
  ...caseRoutes,
  ...operationsRoutes,
  ...shipmentRoutes,
  ...thirdPartyInvoiceRoutes,
  ...accountingRoutes,
  ...paymentRoutes,
  ...loadBoardRoutes,
  ...tenderRoutes,
  ...orderRoutes,
  ...rateRequestRoutes,
  ...profileRoutes,
  ...equipmentRoutes,
  ...contactRoutes,
  ...locationRoutes,
  ...videoRoutes,
  ...accessRequestRoutes,
  ...apiKeyRoutes,
  ...apiDocumentationRoutes,
  ...sessionReplayRoutes,
];

let bySegment: Map<string, RouteObject[]> | undefined;

/**
 * The screens' routes that may serve paths starting with this segment. Every screen's path is
 * absolute and starts with a fixed segment (router.test.ts holds the table to it), so no route of
 * another segment can match such a path: the router then ranks and matches these few instead of the
 * whole table (decision 282).
 */
export function screenRoutesFor(segment: string): RouteObject[] {
  if (!bySegment) {
    bySegment = new Map();
    for (const route of builtRoutes) {
      const key = firstPathSegment(route.path ?? '');
      const routes = bySegment.get(key);
      if (routes) routes.push(route);
      else bySegment.set(key, [route]);
    }
  }
  return bySegment.get(segment) ?? [];
}

// Matching ranks the routes it is given on every call, and the frame asks about the same few paths
// (its navigation and menu entries) as it first draws: a path that is some route's own, written out
// in full, is known to match without it; each other answer is kept.
let builtPaths: Map<string, boolean> | undefined;

/** Each route's full path, as the router joins it, for routes that match by themselves. */
function fullPaths(routes: RouteObject[], parent = '', paths = new Set<string>()): Set<string> {
  for (const route of routes) {
    const path =
      route.path === undefined
        ? parent
        : `${route.path.startsWith('/') ? '' : parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.index || route.path !== undefined) {
      paths.add(path.replace(/(.)\/$/, '$1') || '/');
      // A splat matches its parent's path too.
      if (path.endsWith('/*')) paths.add(path.slice(0, -2) || '/');
    }
    if (route.children) fullPaths(route.children, path, paths);
  }
  return paths;
}

/** Whether a screen serves this path (query string and hash ignored). */
export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  builtPaths ??= new Map([...fullPaths(builtRoutes)].map((routePath) => [routePath, true]));
  let built = builtPaths.get(pathname);
  if (built === undefined) {
    built = matchRoutes(screenRoutesFor(firstPathSegment(pathname)), pathname) !== null;
    builtPaths.set(pathname, built);
  }
  return built;
}
