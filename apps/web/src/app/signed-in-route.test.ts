import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfigQueryOptions } from '../shared/config';
import { sessionQueryOptions } from '../shared/session';
import { createRouter } from './router';

// The signed-in frame renders once the session and the client configuration are known, in the
// router's transition (decisions 261 and 264).
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
const CONFIG = { appEnv: 'test', helpDeskUrl: 'https://help.portal.test' };

afterEach(() => vi.unstubAllGlobals());

describe('the signed-in route', () => {
  it('loads only once the session and the client configuration are in the query cache', async () => {
    // Each request waits until the test answers it, by its address.
    const answers = new Map<string, (response: Response) => void>();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve) =>
            answers.set(new URL(url, 'http://portal.test').pathname, resolve),
          ),
      ),
    );
    const json = (data: unknown) =>
      new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
    const queryClient = new QueryClient();
    const route = signedInRoute(queryClient);
    let loaded = false;
    const loading = Promise.resolve((route.loader as () => Promise<unknown>)()).then(
      () => (loaded = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...answers.keys()].sort()).toEqual(['/api/v1/client_config', '/auth/session']);
    answers.get('/auth/session')!(json(SESSION));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    answers.get('/api/v1/client_config')!(json(CONFIG));
    await loading;
    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)).toEqual(SESSION);
    expect(queryClient.getQueryData(clientConfigQueryOptions().queryKey)).toEqual(CONFIG);
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
