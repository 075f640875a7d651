import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../shared/session';
import { createRouter } from './router';

// The signed-in frame renders once the session is known, in the router's transition (decision 261).
function signedInRoute(queryClient: QueryClient): RouteObject {
  const router = createRouter(queryClient);
  // The route around every page behind sign-in: its children end with the catch-all.
  const route = router.routes[0]!.children!.find((child) =>
    child.children?.some((page) => page.path === '*'),
  );
  router.dispose();
  return route!;
}

const SESSION = { user: { id: 'u1', firstName: 'Jordan' } };

afterEach(() => vi.unstubAllGlobals());

describe('the signed-in route', () => {
  it('loads only once the session is in the query cache', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const queryClient = new QueryClient();
    const route = signedInRoute(queryClient);
    let loaded = false;
    const loading = Promise.resolve((route.loader as () => Promise<unknown>)()).then(
      () => (loaded = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    answer(
      new Response(JSON.stringify({ data: SESSION }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await loading;
    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)).toEqual(SESSION);
  });

  it('is not asked again when a list changes its search or filters', () => {
    const route = signedInRoute(new QueryClient());
    expect(route.shouldRevalidate).toBeDefined();
    expect(
      route.shouldRevalidate!({
        currentUrl: new URL('http://portal.test/cases'),
        nextUrl: new URL('http://portal.test/cases?caseTypes=Lumper'),
        defaultShouldRevalidate: true,
      } as never),
    ).toBe(false);
  });
});
