import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { clientConfigQueryOptions } from '../shared/config';
import { sessionQueryOptions } from '../shared/session';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { BootSplash } from '../shared/ui/boot-splash';
import { builtRoutes } from './built-routes';
import { CrashPage } from './crash-page';

/**
 * Pages behind sign-in. The route guard around them applies the table's access rules, so a page
 * needs no guard of its own; unknown paths, and paths of the table no screen serves yet, are
 * answered by the guard ("Route Not Found" inside a section, the user's landing elsewhere).
 */
export const authenticatedRoutes: RouteObject[] = [
  ...builtRoutes,
  // Reached only past the guard: a path of the table that has no screen.
  { path: '*', element: <NotFoundPage inShell /> },
];

/** The app's routes; the session is asked for while the signed-in frame's code loads. */
export const createRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    {
      path: '/',
      errorElement: <CrashPage />,
      // A hard load of a lazily loaded screen shows index.html's boot splash until its code has
      // arrived.
      hydrateFallbackElement: <BootSplash />,
      children: [
        ...authRoutes(queryClient),
        { path: 'not-found', element: <NotFoundPage /> },
        {
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
          lazy: async () => ({ Component: (await import('./authenticated-app')).AuthenticatedApp }),
          children: authenticatedRoutes,
        },
      ],
    },
  ]);
