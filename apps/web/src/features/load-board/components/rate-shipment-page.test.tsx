import type { LoadBoardItem, UnifiedRate } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubServer } from '../../../shared/test/render';
import { RateShipmentPage } from './rate-shipment-page';

afterEach(() => vi.unstubAllGlobals());

const load = {
  id: '00000000-0000-4000-8000-000000000001',
  shipmentNumber: '4100123',
  status: { value: 1, displayName: 'Ready to Book' },
  shippingMode: { value: 0, displayName: 'TL' },
  origin: { city: 'Fargo', state: 'ND', postalCode: '58102' },
  destination: { city: 'Minneapolis', state: 'MN', postalCode: '55401' },
  stopCount: 2,
  equipmentTypes: 1,
  equipmentNames: ['Van'],
  equipmentMode: 0,
  weightPounds: 38000,
  miles: 240,
  deadheadMiles: null,
  price: 950,
  ratePerMile: 3.96,
} as unknown as LoadBoardItem;

const rate = (id: string, rateKind: UnifiedRate['rateKind'], dollars: number) =>
  ({
    id,
    rateKind,
    rate: dollars,
    rateType: 'Flat',
    contractRate: rateKind === 'SpotQuote' ? null : dollars,
    quoteNumber: rateKind === 'SpotQuote' ? '700001' : null,
    lane: 'Fargo, ND to MN',
  }) as UnifiedRate;

const RATES = [
  rate('00000000-0000-4000-8000-00000000000a', 'ContractTL', 900),
  rate('00000000-0000-4000-8000-00000000000b', 'SpotQuote', 950),
];

/** The server answers the rates search as the API does: only the kind asked for, when asked. */
function server() {
  return stubServer(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://portal.test');
    if (pathname === '/api/v2/available_shipments/4100123') return json200({ data: load });
    if (pathname === '/api/v2/rates') {
      const kind = searchParams.get('rateKind');
      const data = RATES.filter((item) => !kind || item.rateKind === kind);
      return json200({ data, page: 1, pageSize: 50, totalCount: data.length });
    }
    return undefined;
  });
}
const json200 = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function open(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/rates/:rateType/shipment/:shipmentNumber" element={<RateShipmentPage />} />
        <Route path="/rates/:shipmentNumber" element={<RateShipmentPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const rateCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.includes('/api/v2/rates'));

describe('RateShipmentPage', () => {
  it('lists only the contract TL rates at /rates/contract/shipment/{n}, without Book It Now', async () => {
    const { calls } = server();
    open('/rates/contract/shipment/4100123');
    expect(
      await screen.findByRole('heading', { name: 'Contract TL rates for load 4100123' }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Rates for this load' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Contract TL rate',
    ]);
    expect(screen.queryByRole('button', { name: /^Book It Now/ })).toBeNull();
    expect(rateCalls(calls).map((call) => new URL(call.url, 'http://portal.test').search)).toEqual([
      '?shipmentId=4100123&pageSize=50&rateKind=ContractTL',
    ]);
    expect(
      screen.getByRole('tab', { name: 'Contract TL rates' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('lists only the spot quotes at /rates/spot/shipment/{n}, with Book It Now', async () => {
    server();
    open('/rates/Spot/shipment/4100123');
    const table = await screen.findByRole('table', { name: 'Rates for this load' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Spot quote 700001',
    ]);
    expect(screen.getByRole('button', { name: 'Book It Now at $950.00' })).toBeTruthy();
  });

  it('says when the load has no rate of the type', async () => {
    server();
    open('/rates/ltl/shipment/4100123');
    expect(await screen.findByText('You have no LTL rates for this load.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists every rate at /rates/{n}', async () => {
    const { calls } = server();
    open('/rates/4100123');
    expect(await screen.findByRole('heading', { name: 'Rates for load 4100123' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Rates for this load' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(rateCalls(calls)[0]!.url).not.toContain('rateKind');
  });

  it('says an unknown rate type is not one, names the types, and lists nothing', async () => {
    const { calls } = server();
    open('/rates/flatbed/shipment/4100123');
    expect(
      await screen.findByText(
        '"flatbed" is not a rate type. The rate types are contract (Contract TL rates), ltl (LTL rates) and spot (Spot quotes).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Spot quotes' }).getAttribute('href')).toBe(
      '/rates/spot/shipment/4100123',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(rateCalls(calls)).toEqual([]);
  });
});
