import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { stubServer } from '../test/render';
import { handleApiError, toast, Toaster } from './index';

afterEach(() => vi.unstubAllGlobals());

function renderHost() {
  render(<Toaster maxSnack={10} />);
}

describe('central error handler', () => {
  it('shows each message of the errors map and logs the failure on the server', async () => {
    const server = stubServer(({ url }) =>
      url.endsWith('/api/v1/client_errors') ? new Response(null, { status: 204 }) : undefined,
    );
    renderHost();
    const error = new ApiError(400, {
      status: 400,
      title: 'Bad Request',
      errors: { invoiceNumber: ['Invoice Number is required'], amount: ['Amount is too large'] },
    } as never);
    let shown: string[] = [];
    act(() => {
      shown = handleApiError(error);
    });
    expect(shown).toEqual(['Invoice Number is required', 'Amount is too large']);
    expect(await screen.findByText('Invoice Number is required')).toBeTruthy();
    expect(screen.getByText('Amount is too large')).toBeTruthy();
    const report = server.calls.find((call) => call.url.endsWith('/api/v1/client_errors'));
    expect(report).toMatchObject({ method: 'POST', body: { kind: 'request', status: 400 } });
  });

  it('says "An Unknown Error Occurred" when the request got no answer', async () => {
    stubServer(() => new Response(null, { status: 204 }));
    renderHost();
    act(() => {
      handleApiError(new TypeError('Failed to fetch'));
    });
    expect(await screen.findByText('An Unknown Error Occurred')).toBeTruthy();
  });

  it('falls back to the model state, then the Message', () => {
    stubServer(() => new Response(null, { status: 204 }));
    renderHost();
    const modelState = new ApiError(400, {
      error: { Model: { modelState: { email: ['Email is taken'] } } },
    } as never);
    const message = new ApiError(409, { error: { Message: 'Shipment was changed' } } as never);
    let shown: string[][] = [];
    act(() => {
      shown = [handleApiError(modelState), handleApiError(message)];
    });
    expect(shown).toEqual([['Email is taken'], ['Shipment was changed']]);
  });
});

describe('toast durations', () => {
  it('hides after 5000 ms by default, 4000 for sign-in notices and 8000 for Do Not Use', async () => {
    renderHost();
    // The toaster's host loads at the first toast (or when idle); from then on a toast shows at once.
    act(() => {
      toast.info('Ready');
    });
    expect(await screen.findByText('Ready')).toBeTruthy();
    vi.useFakeTimers();
    try {
      const hidden: Record<string, number> = {};
      const started = Date.now();
      const whenHidden = (name: string) => ({
        onClose: (_event: unknown, reason: string) => {
          if (reason === 'timeout') hidden[name] = Date.now() - started;
        },
      });
      act(() => {
        toast.info('Saved', whenHidden('default'));
      });
      act(() => {
        toast.login('Login Successful');
        toast.doNotUse('carriers@example.com');
      });
      expect(screen.getByText('Saved')).toBeTruthy();
      expect(screen.getByText('Login Successful')).toBeTruthy();
      expect(
        screen.getByText(
          'Carrier is "Do Not Use", if you have questions please email carriers@example.com',
        ),
      ).toBeTruthy();
      await act(async () => vi.advanceTimersByTimeAsync(9_000));
      expect(hidden.default).toBeGreaterThanOrEqual(5_000);
      expect(hidden.default).toBeLessThan(5_100);
    } finally {
      vi.useRealTimers();
    }
  });
});
