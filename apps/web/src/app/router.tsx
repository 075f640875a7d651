import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { clientConfigQueryOptions } from '../shared/config';
import { sessionQueryOptions } from '../shared/session';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { BootSplash } from '../shared/ui/boot-splash';
import { nextTask } from '../shared/ui/drawn-in-turn';
import { firstPathSegment } from './first-path-segment';
import { CrashPage } from './crash-page';

const SIGNED_IN_ROUTE = 'signed-in';

/**
 * Pages behind sign-in. The route guard around them applies the table's access rules, so a page
 * needs no guard of its own; unknown paths, and paths of the table no screen serves yet, are
 * answered by the guard ("Route Not Found" inside a section, the user's landing elsewhere).
 *
 * The screens' own routes (built-routes) join these as paths behind sign-in are first visited,
 * loaded with the signed-in frame's code: ranking the whole table is work the sign-in page would do
 * in its first task for routes it never matches (decision 269). Until then such a path matches the
 * catch-all, and React Router asks patchRoutesOnNavigation for more; it adds the routes of the
 * path's first segment only, so the first page behind sign-in ranks and matches a few routes, not
 * the table (decision 282).
 */
export const authenticatedRoutes: RouteObject[] = [
  // Reached only past the guard: a path of the table that has no screen.
  { path: '*', element: <NotFoundPage inShell /> },
];

/**
 * The app's router (the browser's history; a test hands in a memory router of the same signature).
 * The session is asked for while the signed-in frame's code loads.
 */
export function createRouter(queryClient: QueryClient, create = createBrowserRouter) {
  const publicRoutes: RouteObject[] = [
    ...authRoutes(queryClient),
    { path: 'not-found', element: <NotFoundPage /> },
  ];
  // The first segments whose screens' routes have been added.
  const added = new Set<string>();
  return create(
    [
      {
        path: '/',
        errorElement: <CrashPage />,
        // A hard load of a lazily loaded screen shows index.html's boot splash until its code has
        // arrived.
        hydrateFallbackElement: <BootSplash />,
        children: [...publicRoutes, signedInRoute(queryClient)],
      },
    ],
    {
      // Every path that is not a public page's is behind sign-in.
      patchRoutesOnNavigation: async ({ path, patch, signal }) => {
        const segment = firstPathSegment(path);
        if (added.has(segment) || matchRoutes(publicRoutes, path)) return;
        const { screenRoutesFor } = await import('./built-routes');
        await nextTask();
        // A navigation overtaken by another patches nothing; its segment is added when next asked.
        if (signal.aborted || added.has(segment)) return;
        const routes = screenRoutesFor(segment);
        if (routes.length > 0) patch(SIGNED_IN_ROUTE, routes);
        added.add(segment);
      },
    },
  );
}

const signedInRoute = (queryClient: QueryClient): RouteObject => ({
  id: SIGNED_IN_ROUTE,
  // The frame waits for the session and the client configuration here, not in a component:
  // the router renders the page as a transition, which React draws in slices, where an
  // answer arriving in a component's query is drawn in one blocking task, the whole frame
  // again for the configuration (decisions 261 and 264). The page's own Link header has set
  // both requests off already (decision 241), so the wait is the same.
  loader: async () => {
    await Promise.all([
      queryClient.prefetchQuery(sessionQueryOptions()),
      queryClient.prefetchQuery(clientConfigQueryOptions()),
    ]);
    return null;
  },
  // Once per page load: the session's query keeps itself fresh after that, and a list's
  // filters (a change of the search) must not wait on it.
  shouldRevalidate: () => false,
  // The signed-in frame (top bar, navigation, quick search) loads with the first page behind
  // sign-in, so the sign-in screens do not carry it.
  lazy: async () => {
    const { AuthenticatedApp, prepareTheme } = await import('./authenticated-app');
    // Evaluating the frame's code, making MUI's theme and drawing are a task each (decision 282).
    await nextTask();
    prepareTheme();
    await nextTask();
    return { Component: AuthenticatedApp };
  },
  children: authenticatedRoutes,
});
