import { PORTAL_ROUTES, matchPortalRoute, visibleNavigation } from '@portal/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { builtRoutes, isBuiltPath } from './built-routes';
import { authenticatedRoutes } from './router';
import { builtNavigation } from './shell/built-navigation';

const example = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1000123');
const leafPath = (pathname: string) =>
  matchRoutes(authenticatedRoutes, pathname)?.at(-1)?.route.path;

describe('router', () => {
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
