import { SIGN_IN_MESSAGES } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interactionDetailsQueryOptions } from './api/interaction-details';
import { authRoutes } from './routes';

// The provider is outside this unit: its answers are scripted (after a delay, as over a network);
// the routes, the client and the screens are the real ones.
const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    await new Promise((settle) => setTimeout(settle, 50));
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        'content-type': status < 400 ? 'application/json' : 'application/problem+json',
      },
    });
  });

async function openLogin(uid: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(authRoutes(queryClient), {
    initialEntries: [`/login?interaction=${uid}`],
  });
  await new Promise<void>((settle) => {
    if (router.state.initialized) return settle();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      settle();
    });
  });
  const show = () =>
    act(async () => {
      render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
  return { queryClient, show };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in route', () => {
  it('has asked what the provider shows by the time its screen renders, and draws the form at once', async () => {
    const fetch = answer(200, {
      data: { uid: 'uid-7', flow: 'sign-in', loginHint: 'jordan@carrier.test' },
    });
    vi.stubGlobal('fetch', fetch);
    const { show, queryClient } = await openLogin('uid-7');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain('/oidc/interaction/uid-7/details');
    expect(
      queryClient.getQueryState(interactionDetailsQueryOptions('uid-7').queryKey)?.status,
    ).toBe('success');

    await show();
    // The first render is the form, not the progress bar shown while the answer is awaited.
    expect(screen.queryByLabelText(SIGN_IN_MESSAGES.signingIn)).toBeNull();
    expect((screen.getByLabelText(/^Email address/) as HTMLInputElement).value).toBe(
      'jordan@carrier.test',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows an expired sign-in page when the provider no longer knows the interaction', async () => {
    const fetch = answer(410, { status: 410, title: 'Gone', detail: 'expired' });
    vi.stubGlobal('fetch', fetch);
    const { show } = await openLogin('uid-8');

    await show();
    expect(screen.getByText(SIGN_IN_MESSAGES.interactionExpired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    // Asked once, while the route loaded: the screen does not ask again.
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
