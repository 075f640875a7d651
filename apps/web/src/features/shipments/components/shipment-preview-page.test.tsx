import type { ShipmentDetail, ShipmentStop } from '@portal/contract';
import { SHIPMENT_MESSAGES } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubServer } from '../../../shared/test/render';
import { ShipmentPreviewPage } from './shipment-preview-page';
import { StatusActions, lastStopDueAt } from './status-actions';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('ShipmentPreviewPage', () => {
  // Real time: three seconds of it, and on a loaded machine the page's first render may take two
  // more, so the test has time of its own beyond the default five seconds.
  it(
    'says "Unable to access shipment..." and goes back one page after 3 seconds',
    {
      timeout: 15_000,
    },
    async () => {
      stubServer(); // every read answers 404, as another company's shipment does
      renderWithProviders(
        <MemoryRouter initialEntries={['/all-shipments', '/all-shipments/1000123/preview/details']}>
          <Routes>
            <Route
              path="/all-shipments/:shipmentNumber/preview/*"
              element={<ShipmentPreviewPage />}
            />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>,
      );
      await screen.findByText(SHIPMENT_MESSAGES.unableToAccess, undefined, { timeout: 5000 });
      const shownAt = Date.now();
      expect(screen.getByTestId('where').textContent).toBe(
        '/all-shipments/1000123/preview/details',
      );
      // The message is seen a little after its timer starts (the busier the machine, the later): still
      // on the page two seconds on, gone within a few more.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(screen.getByTestId('where').textContent).toBe(
        '/all-shipments/1000123/preview/details',
      );
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/all-shipments'), {
        timeout: 8000,
      });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2700);
    },
  );
});

const stop = (times: Partial<ShipmentStop>): ShipmentStop =>
  ({ early: null, late: null, appointment: null, ...times }) as ShipmentStop;
const at = (iso: string) => ({ at: iso, local: iso.slice(0, 16) });

describe('lastStopDueAt', () => {
  it('is the last stop’s appointment, else its window', () => {
    expect(
      lastStopDueAt([
        stop({ appointment: at('2026-01-01T10:00:00Z') }),
        stop({ early: at('2026-01-03T08:00:00Z'), appointment: at('2026-01-03T09:00:00Z') }),
      ])?.toISOString(),
    ).toBe('2026-01-03T09:00:00.000Z');
    expect(lastStopDueAt([stop({ early: at('2026-01-03T08:00:00Z') })])?.toISOString()).toBe(
      '2026-01-03T08:00:00.000Z',
    );
    expect(lastStopDueAt([])).toBeNull();
  });
});

describe('StatusActions', () => {
  const shipment = (allowed: ShipmentDetail['allowedActions']) =>
    ({
      id: 'f4b1c1a0-0000-4000-8000-000000000001',
      shipmentNumber: '1000123',
      version: 4,
      allowedActions: allowed,
    }) as ShipmentDetail;

  it('offers only what the server allows, and quick closure once the last stop is due', async () => {
    stubServer(({ url }) =>
      url.endsWith('/stops')
        ? new Response(
            JSON.stringify({ data: [stop({ appointment: at('2020-01-01T10:00:00Z') })] }),
            { headers: { 'content-type': 'application/json' } },
          )
        : undefined,
    );
    renderWithProviders(
      <StatusActions
        shipment={shipment([
          { action: 'quickClose', to: { value: 7, displayName: 'Delivered' } },
          { action: 'rescindBooking', to: { value: 1, displayName: 'Ready to Book' } },
        ])}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Quick Close' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rescind Booking' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('keeps Quick Close back while the last stop is not due', async () => {
    const { calls } = stubServer(({ url }) =>
      url.endsWith('/stops')
        ? new Response(
            JSON.stringify({ data: [stop({ appointment: at('2999-01-01T10:00:00Z') })] }),
            { headers: { 'content-type': 'application/json' } },
          )
        : undefined,
    );
    renderWithProviders(
      <StatusActions
        shipment={shipment([
          { action: 'quickClose', to: { value: 7, displayName: 'Delivered' } },
          { action: 'confirmDelivery', to: { value: 8, displayName: 'Delivery Confirmed' } },
        ])}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Confirm Delivery' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/stops'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Quick Close' })).toBeNull();
  });
});
