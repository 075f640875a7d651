import { join } from 'node:path';
import {
  SHIPMENT_MESSAGES,
  SHIPMENT_SUB_PAGES,
  shipmentStatusTabIndex,
  type ShipmentStatus,
} from '@portal/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

const shots = screenshotPath('access');
const TAB_LABELS: Record<string, string> = {
  details: 'Details',
  financials: 'Financials',
  cases: 'Cases',
  documents: 'Documents',
  SignedRateConfirmation: 'Signed Rate Confirmation',
};

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

interface Stop {
  stopNumber: number;
  stopType: string;
  locationName: string;
  locationAddress: { city: string; state: string };
  departed: unknown;
}

test('the dashboard preview shows its shipment: lane, status, times, rate and next stop', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  // A load on the road (In Transit): it has a stop still ahead.
  const { data: onTheRoad } = await apiGet<{ data: { shipmentNumber: string }[] }>(
    request,
    token,
    '/api/v2/shipments?statuses=5&pageSize=1',
  );
  const shipmentNumber = onTheRoad[0]!.shipmentNumber;
  const { data: shipment } = await apiGet<{
    data: {
      origin: { city: string; state: string; postalCode: string };
      destination: { city: string; state: string; postalCode: string };
      status: { displayName: string };
      carrierRate: number;
    };
  }>(request, token, `/api/v2/shipments/${shipmentNumber}`);
  const { data: stops } = await apiGet<{ data: Stop[] }>(
    request,
    token,
    `/api/v2/shipments/${shipmentNumber}/stops`,
  );
  const next = stops.find((stop) => !stop.departed)!;

  await page.goto(`/dashboard/shipments/${shipmentNumber}/preview`);
  const preview = page.getByRole('region', { name: `Shipment ${shipmentNumber}` });
  await expect(
    preview.getByText(
      `${shipment.origin.city}, ${shipment.origin.state} ${shipment.origin.postalCode} to ${shipment.destination.city}, ${shipment.destination.state} ${shipment.destination.postalCode}`,
    ),
  ).toBeVisible();
  await expect(preview.getByLabel(`Status ${shipment.status.displayName}`)).toBeVisible();
  await expect(preview).toContainText(
    shipment.carrierRate.toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
  );
  // Times on the stop's clock, its zone named ("11/24/2026 9:30 AM CST").
  await expect(preview.getByText('Pickup')).toBeVisible();
  await expect(preview).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M [A-Z]/);
  await expect(preview).toContainText(
    `Stop ${next.stopNumber} of ${stops.length} · ${next.stopType} · ${next.locationName}, ${next.locationAddress.city}, ${next.locationAddress.state}`,
  );
  await page.screenshot({ path: join(shots, 'dashboard-shipment-preview-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'dashboard-shipment-preview-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await preview.getByRole('link', { name: `Open Shipment ${shipmentNumber}` }).click();
  await expect(page).toHaveURL(`/all-shipments/${shipmentNumber}/preview/details`);
  await expect(page.getByRole('heading', { name: `Shipment ${shipmentNumber}` })).toBeVisible();
});

test("a third-party invoice's shipment link opens the tab its status gives; an unknown tab says so", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await signIn(page, request, 'billing@demo.test');
  // An invoice whose shipment opens on a tab other than Details (one on the road or delivered):
  // the demo world's invoices are read page by page until one is found.
  type Card = { invoiceNumber: string; shipmentNumber: string; shipmentStatus: { value: number } };
  let invoice: Card | undefined;
  for (let pageNumber = 1; !invoice; pageNumber++) {
    const { data: cards } = await apiGet<{ data: Card[] }>(
      request,
      token,
      `/api/v1/third_party_payer_invoices?page=${pageNumber}&pageSize=50`,
    );
    if (cards.length === 0) break;
    invoice = cards.find(
      (card) => shipmentStatusTabIndex(card.shipmentStatus.value as ShipmentStatus) !== 0,
    );
  }
  if (!invoice)
    throw new Error('billing@demo.test has no invoice of a load on the road or delivered');
  const tab = shipmentStatusTabIndex(invoice.shipmentStatus.value as ShipmentStatus);
  const subPage = SHIPMENT_SUB_PAGES[tab];

  await page.goto(`/third-party-payer-invoices/${invoice.invoiceNumber}/preview`);
  const link = page
    .getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` })
    .getByRole('link', { name: invoice.shipmentNumber });
  await expect(link).toHaveAttribute(
    'href',
    `/all-shipments/${invoice.shipmentNumber}/preview?tab=${tab}`,
  );
  await link.click();
  await expect(page).toHaveURL(`/all-shipments/${invoice.shipmentNumber}/preview/${subPage}`);
  await expect(
    page.getByRole('heading', { name: `Shipment ${invoice.shipmentNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: TAB_LABELS[subPage] })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Every index names its tab.
  for (const [index, name] of SHIPMENT_SUB_PAGES.entries()) {
    await page.goto(`/all-shipments/${invoice.shipmentNumber}/preview?tab=${index}`);
    await expect(page).toHaveURL(`/all-shipments/${invoice.shipmentNumber}/preview/${name}`);
    await expect(page.getByRole('tab', { name: TAB_LABELS[name] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  await page.goto(`/all-shipments/${invoice.shipmentNumber}/preview?tab=7`);
  await expect(page.getByText(SHIPMENT_MESSAGES.unknownTab('7'))).toBeVisible();
  await expect(page).toHaveURL(`/all-shipments/${invoice.shipmentNumber}/preview/details`);
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
});
