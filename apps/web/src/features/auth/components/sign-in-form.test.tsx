import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/notifications';
import { SignInForm } from './sign-in-form';

// The provider is outside this unit: its answers are scripted; the form, the client and the
// notifications are the real ones.
const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ status, title: 'x', detail }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

// When notistack's own timer closes a notification, and which one.
let timedOut: { at: number; key: unknown }[] = [];

function renderForm() {
  timedOut = [];
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <Toaster
          onClose={(_event, reason, key) => {
            if (reason === 'timeout') timedOut.push({ at: Date.now(), key });
          }}
        />
        <SignInForm uid="uid-1" loginHint="jordan@carrier.test" onExpired={() => undefined} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function submit(password: string) {
  fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

afterEach(cleanup);

describe('SignInForm', () => {
  it('says "Wrong username or password" for a refused password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(401, 'Wrong username or password')),
    );
    renderForm();
    expect((screen.getByLabelText(/^Email address/) as HTMLInputElement).value).toBe(
      'jordan@carrier.test',
    );
    await submit('nope');
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
  });

  it('shows the Do Not Use message for 8 seconds', async () => {
    const message =
      'Carrier is "Do Not Use", if you have questions please email compliance@operator.test';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(403, message)),
    );
    renderForm();
    await submit('Correct-Horse-1');
    expect(await screen.findByText(message)).toBeTruthy();
    const shownAt = Date.now();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7_900);
    });
    expect(timedOut).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(timedOut).toHaveLength(1);
    expect(timedOut[0]!.at - shownAt).toBeGreaterThanOrEqual(7_950);
    expect(timedOut[0]!.at - shownAt).toBeLessThanOrEqual(8_100);
  });

  it('continues the sign-in where the provider says', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: { redirectTo: 'http://portal.test/oidc/auth/uid-1' } }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderForm();
    await submit('Correct-Horse-1');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://portal.test/oidc/auth/uid-1'),
    );
  });
});
