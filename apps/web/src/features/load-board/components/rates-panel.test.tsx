import type { LoadBoardItem, UnifiedRate } from '@portal/contract';
import { DO_NOT_USE_NOTIFICATION_DURATION_MS, doNotUseCarrierMessage } from '@portal/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../shared/notifications';
import { renderWithProviders, stubServer } from '../../../shared/test/render';
import { RatesPanel } from './rates-panel';

vi.mock('../../../shared/notifications', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const load = {
  id: '00000000-0000-4000-8000-000000000001',
  shipmentNumber: '4100123',
  status: { value: 1, displayName: 'Ready to Book' },
  shippingMode: { value: 0, displayName: 'TL' },
  origin: { city: 'Fargo', state: 'ND', postalCode: '58102' },
  destination: { city: 'Minneapolis', state: 'MN', postalCode: '55401' },
  equipmentMode: 0,
} as unknown as LoadBoardItem;

const contractRate = {
  id: '00000000-0000-4000-8000-00000000000a',
  rateKind: 'ContractTL',
  rate: 900,
  rateType: 'Flat',
  contractRate: 900,
  quoteNumber: null,
  lane: 'Fargo, ND to MN',
} as unknown as UnifiedRate;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/** The rates search answers one contract rate; booking answers what the test gives. */
function server(booking: Response) {
  return stubServer(({ url, method }) => {
    const { pathname } = new URL(url, 'http://portal.test');
    if (pathname === '/api/v2/rates')
      return json(200, { data: [contractRate], page: 1, pageSize: 50, totalCount: 1 });
    if (pathname === '/api/v2/shipments/4100123/book' && method === 'POST') return booking;
    return undefined;
  });
}

async function bookTheRate() {
  renderWithProviders(
    <MemoryRouter>
      <RatesPanel load={load} bookable />
    </MemoryRouter>,
  );
  const table = await screen.findByRole('table', { name: 'Rates for this load' });
  fireEvent.click(within(table).getByRole('button', { name: /^Book/ }));
}

describe('RatesPanel: a refused booking', () => {
  it('shows each refusal (bookingSucceeded false) and books nothing', async () => {
    server(
      json(409, {
        bookingSucceeded: false,
        status: 409,
        title: 'Booking refused',
        refusals: [
          { code: 'carrierOnHold', field: 'carrier', message: 'Your company is on hold.' },
          { code: 'notReadyToBook', field: 'shipment', message: 'The load is not Ready to Book.' },
        ],
      }),
    );
    await bookTheRate();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your company is on hold.');
    expect(alert.textContent).toContain('The load is not Ready to Book.');
    expect(vi.mocked(toast.error)).toHaveBeenCalledTimes(2);
    expect(vi.mocked(toast.error).mock.calls[0]![1]).toEqual({});
    expect(vi.mocked(toast.success)).not.toHaveBeenCalled();
  });

  it('keeps the Do Not Use message on screen for 8 seconds', async () => {
    const message = doNotUseCarrierMessage('carriers@example.com');
    server(
      json(403, {
        bookingSucceeded: false,
        status: 403,
        title: 'Booking refused',
        refusals: [{ code: 'carrierDoNotUse', field: 'carrier', message }],
      }),
    );
    await bookTheRate();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(message, {
      autoHideDuration: DO_NOT_USE_NOTIFICATION_DURATION_MS,
    });
    expect(DO_NOT_USE_NOTIFICATION_DURATION_MS).toBe(8000);
  });

  it('tells the carrier the load is gone when another booked it first', async () => {
    server(json(404, { status: 404, title: 'Not Found', detail: 'Shipment not found' }));
    await bookTheRate();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sorry, this load is no longer available.',
    );
  });
});
