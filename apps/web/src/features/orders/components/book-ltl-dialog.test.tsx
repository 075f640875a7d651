import type { OrderDetail, UnifiedRate } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubServer } from '../../../shared/test/render';
import { BookLtlDialog, isLtlOrder } from './book-ltl-dialog';

afterEach(() => vi.unstubAllGlobals());

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const order = {
  id: ORDER_ID,
  orderNumber: '5000123',
  shippingMode: { value: 1, displayName: 'LTL' },
  equipmentMode: { value: 0, displayName: 'Dry' },
  origin: { city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' },
  destination: { city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
} as unknown as OrderDetail;

const rate = (id: string, carrierName: string, dollars: number, rateKind = 'LTL') =>
  ({
    id,
    rateKind,
    carrierName,
    rate: dollars,
    rateType: 'Flat',
    contractRate: dollars,
    serviceDays: 3,
    isGuaranteedRate: false,
    lane: 'Chicago, IL to TX',
  }) as UnifiedRate;

describe('BookLtlDialog', () => {
  it('lists the LTL rates of the order, books the one chosen, and links the shipment', async () => {
    const { calls, json } = stubServer(({ url, method }) => {
      if (method === 'GET' && url.includes(`/api/v2/rates?orderId=${ORDER_ID}`))
        return json(200, {
          data: [
            rate('00000000-0000-4000-8000-00000000000a', 'Granite State Carriers', 1100),
            rate('00000000-0000-4000-8000-00000000000b', 'Red River Freight Lines', 1230),
            rate('00000000-0000-4000-8000-00000000000c', 'Truckload Only', 900, 'ContractTL'),
          ],
          page: 1,
          pageSize: 50,
          totalCount: 3,
        });
      if (method === 'POST' && url.endsWith('/api/v2/orders/5000123/book_ltl'))
        return json(201, {
          bookingSucceeded: true,
          data: {
            id: '00000000-0000-4000-8000-0000000000ff',
            shipmentNumber: '1000777',
            status: { value: 3, displayName: 'Booked' },
            version: 3,
            orderNumber: '5000123',
            carrierId: '00000000-0000-4000-8000-0000000000ee',
            carrierName: 'Red River Freight Lines',
            carrierRate: 1230,
            maxBuy: 1235,
            originationType: 'TmsContract',
          },
        });
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter>
        <BookLtlDialog order={order} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const choice = await screen.findByRole('radio', { name: 'Red River Freight Lines $1,230.00' });
    // A truckload rate is not offered for an LTL booking.
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    const book = screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement;
    expect(book.disabled).toBe(true);
    fireEvent.click(choice);
    await waitFor(() => expect(book.disabled).toBe(false));
    fireEvent.click(book);
    const link = await screen.findByRole('link', { name: 'shipment 1000777' });
    expect(link.getAttribute('href')).toBe('/all-shipments/1000777/preview/details');
    expect(screen.getByRole('alert').textContent).toContain(
      'with Red River Freight Lines at $1,230.00. Status: Booked.',
    );
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({ rateId: '00000000-0000-4000-8000-00000000000b' });
  });

  it('shows the refusal with the message under its field', async () => {
    const { json } = stubServer(({ url, method }) => {
      if (method === 'GET' && url.includes('/api/v2/rates'))
        return json(200, {
          data: [rate('00000000-0000-4000-8000-00000000000a', 'Granite State Carriers', 1100)],
          page: 1,
          pageSize: 50,
          totalCount: 1,
        });
      if (method === 'POST')
        return json(409, {
          status: 409,
          title: 'Conflict',
          detail: 'Order 5000123 is already on shipment 1000700; it cannot be booked again.',
          errors: { orderNumber: ['On shipment 1000700'] },
        });
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter>
        <BookLtlDialog order={order} onClose={() => undefined} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Granite State Carriers $1,100.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(
      await screen.findByText(
        'Order 5000123 is already on shipment 1000700; it cannot be booked again. On shipment 1000700',
      ),
    ).toBeTruthy();
  });

  it('is offered for LTL and VLTL orders only', () => {
    const mode = (value: number) => ({ shippingMode: { value, displayName: '' } });
    expect(isLtlOrder(mode(1))).toBe(true);
    expect(isLtlOrder(mode(4))).toBe(true);
    expect(isLtlOrder(mode(0))).toBe(false);
  });
});
