import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { carrierScorecardOptions } from '../api/carrier-scorecard';
import { CarrierScorecardCard } from './carrier-scorecard-card';

afterEach(() => cleanup());

const ratio = (count: number, total: number) => ({
  count,
  total,
  percent: total === 0 ? null : Math.round((count / total) * 100),
});

function renderWith(data: ReturnType<typeof scorecard>) {
  const client = new QueryClient();
  client.setQueryData(carrierScorecardOptions('c1').queryKey, data);
  render(
    <QueryClientProvider client={client}>
      <CarrierScorecardCard carrierId="c1" />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Carrier Scorecard' });
}

const scorecard = () => ({
  carrierId: 'c1',
  carrierName: 'Red River Freight Lines',
  periodDays: 90,
  shipmentCount: 51,
  onTimePickup: ratio(45, 50),
  onTimeDelivery: ratio(3, 4),
  tenderAcceptance: ratio(0, 0),
  claims: { count: 6, open: 4, perHundredShipments: 11.8 },
});

const bar = (card: HTMLElement, label: string) =>
  within(card).getByRole('region', { name: label }).querySelector('.dashboard-bar')!;

describe('the carrier scorecard card', () => {
  it('colours each bar by its percent: green from 90, amber from 75, red below, grey with none', () => {
    const card = renderWith({ ...scorecard(), tenderAcceptance: ratio(0, 0) });
    expect(bar(card, 'On-Time Pickup').className).toContain('dashboard-bar--success');
    expect(bar(card, 'On-Time Delivery').className).toContain('dashboard-bar--warning');
    expect(bar(card, 'Tender Acceptance').className).toContain('dashboard-bar--none');
    cleanup();
    const low = renderWith({ ...scorecard(), onTimePickup: ratio(74, 100) });
    expect(bar(low, 'On-Time Pickup').className).toContain('dashboard-bar--error');
  });

  it('fills each bar to its percent and says what was measured', () => {
    const card = renderWith(scorecard());
    const pickup = within(card).getByRole('region', { name: 'On-Time Pickup' });
    expect((bar(card, 'On-Time Pickup').firstChild as HTMLElement).style.transform).toBe(
      'translateX(-10%)',
    );
    expect(pickup.textContent).toBe('On-Time Pickup90%45 of 50 pickups');
    expect(within(card).getByRole('region', { name: 'Tender Acceptance' }).textContent).toBe(
      'Tender Acceptance—Nothing to measure yet',
    );
    expect(within(card).getByRole('region', { name: 'Claims' }).textContent).toBe(
      'Claims64 open · 11.8 per 100 loads',
    );
    expect(within(card).getByText('Last 90 days · 51 loads hauled')).toBeTruthy();
  });
});
