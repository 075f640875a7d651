import { PORTAL_ROUTES, matchPortalRoute, visibleNavigation } from '@portal/domain';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, matchRoutes, type DataRouteMatch } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtRoutes, isBuiltPath } from './built-routes';
import { authenticatedRoutes, createRouter } from './router';
import { builtNavigation } from './shell/built-navigation';

const example = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1000123');
// The routes behind sign-in once the first path there has added the screens.
const signedInRoutes = [...builtRoutes, ...authenticatedRoutes];
const leafPath = (pathname: string) => matchRoutes(signedInRoutes, pathname)?.at(-1)?.route.path;
const leafOf = (matches: DataRouteMatch[]) => matches.at(-1)?.route.path;

afterEach(() => vi.unstubAllGlobals());

/** The app's router in memory at `path`, without a session (the frame's loader is told so). */
async function signedOutRouterAt(path: string) {
  vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter(queryClient, (routes, options) =>
    createMemoryRouter(routes, { ...options, initialEntries: [path] }),
  );
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

describe('router', () => {
  it("starts every screen's path with a fixed segment, by which its route is added", () => {
    // The router adds the routes of a path's first segment only (decision 282): a screen whose
    // path began with a parameter or a splat could serve paths of any segment.
    for (const route of builtRoutes) expect(route.path, route.path).toMatch(/^\/[^/:*?]+/);
  });

  it('serves only paths of the route table', () => {
    const paths = builtRoutes.map((route) => route.path!.replace('/*', ''));
    for (const path of paths) expect(matchPortalRoute(example(path)), path).toBeDefined();
  });

  it.each(PORTAL_ROUTES.map((route) => route.pattern))(
    '%s has its screen or is answered by the catch-all',
    (pattern) => {
      const leaf = leafPath(example(pattern));
      expect(leaf === '*').toBe(!isBuiltPath(example(pattern)));
    },
  );

  it('answers a table path without a screen with "Route Not Found", never an empty page', () => {
    const catchAll = authenticatedRoutes.find((route) => route.path === '*');
    expect(catchAll?.element).toBeTruthy();
  });

  // The first path behind sign-in loads the frame's code, hence the longer timeout.
  it("adds the screens' routes with the first path behind sign-in, not before", async () => {
    const router = await signedOutRouterAt('/not-found');
    expect(leafOf(router.state.matches)).toBe('not-found');
    // The sign-in page's router ranks its own few routes, not the table's screens.
    expect(matchRoutes(router.routes, '/shipments/1000123')?.at(-1)?.route.path).toBe('*');

    await router.navigate('/shipments/1000123');
    expect(leafOf(router.state.matches)).toBe('/shipments/:shipmentNumber');
    await router.navigate('/dashboard');
    expect(leafOf(router.state.matches)).toBe('/dashboard/*');
    await router.navigate('/no-such-page');
    expect(leafOf(router.state.matches)).toBe('*');
    router.dispose();
  }, 30_000);

  it("adds a segment's screens as its first path is visited, the others' not yet", async () => {
    const router = await signedOutRouterAt('/Dashboard');
    // Matched whatever the letters' case, as the router matches.
    expect(leafOf(router.state.matches)).toBe('/dashboard/*');
    // The first page behind sign-in ranks its own segment's routes, not the table's.
    expect(matchRoutes(router.routes, '/shipments/1000123')?.at(-1)?.route.path).toBe('*');
    // A navigation overtaken before its routes were added leaves them to the next visit.
    void router.navigate('/tenders');
    await router.navigate('/shipments/1000123');
    expect(leafOf(router.state.matches)).toBe('/shipments/:shipmentNumber');
    await router.navigate('/tenders');
    expect(leafOf(router.state.matches)).toBe('/tenders');
    await router.navigate('/shipments');
    expect(leafOf(router.state.matches)).toBe('/shipments');
    router.dispose();
  }, 30_000);

  it('offers no navigation entry without a screen', () => {
    const carrier = {
      roles: ['Admin'],
      permissions: ['CarrierPortal'],
      isBroker: false,
      has3PLNetwork: true,
    };
    const offered = builtNavigation(carrier).flatMap((group) => group.items);
    for (const item of offered) if (item.path) expect(isBuiltPath(item.path), item.path).toBe(true);
    const unbuilt = visibleNavigation(carrier)
      .flatMap((group) => group.items)
      .filter((item) => item.path !== undefined && !isBuiltPath(item.path));
    for (const item of unbuilt) expect(offered).not.toContainEqual(item);
    // What the carrier's shell has today is offered.
    expect(offered.map((item) => item.label)).toEqual(
      expect.arrayContaining(['Dashboard', 'Shipments', 'Third Party Payer Invoices']),
    );
  });
});
