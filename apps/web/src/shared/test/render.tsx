import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { Toaster } from '../notifications/toaster';
// The toasts' host evaluated up front, so the toaster's load of it is a cached import and not the
// bundler's work on a busy machine, which a quick test's first toast could outrun.
import '../notifications/toast-host';

// Every test starts from an empty page.
afterEach(() => cleanup());

/**
 * Renders with the app's providers: a fresh query cache (no retries) and the toaster, its host loaded
 * at once (as it is a few seconds into the app's life).
 */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <>
        <Toaster maxSnack={6} autoHideDuration={null} hostLoadsAfterMs={0} />
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </>,
    ),
  };
}

type Route = (request: { url: string; method: string; body: unknown }) => Response | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    },
  });

/** A scripted server: each call goes to the first route that answers it; the calls are kept. */
export function stubServer(...routes: Route[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { url, method, body };
    calls.push(call);
    for (const route of routes) {
      const response = route(call);
      if (response) return response;
    }
    return json(404, { status: 404, title: 'Not Found', detail: `No route for ${method} ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, json };
}

export { json };
