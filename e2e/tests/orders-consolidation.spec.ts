import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openNavigationGroup } from '../support/navigation';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// Orders (issue 15): a broker creates an order with a Canadian stop (country CA, the stop's times on
// its own clock), duplicates it three times, consolidates two of the orders into a draft shipment
// and makes it Ready to Book; a carrier then finds that load on the load board.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(`orders/${name}.png`), fullPage: true });

/** A day this many days from now, as YYYY-MM-DD (UTC). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Chooses "N/A" in the stop's location picker and types the address in. */
async function typeInLocation(
  page: Page,
  stop: Locator,
  label: string,
  place: { name: string; address: string; city: string; state: string; postalCode: string },
) {
  await stop.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: 'N/A - type in a new address' }).click();
  await stop.getByLabel('Location name').fill(place.name);
  await stop.getByLabel('Address').fill(place.address);
  await stop.getByLabel('City').fill(place.city);
  await stop.getByLabel('State or province').fill(place.state);
  await stop.getByLabel('ZIP or postal code').fill(place.postalCode);
}

async function fillTimes(stop: Locator, date: string, early: string, late: string) {
  await stop.getByLabel('Date').fill(date);
  await stop.getByLabel('Early').fill(early);
  await stop.getByLabel('Late').fill(late);
}

test('a broker creates, duplicates and consolidates orders; a carrier finds the load', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const brokerToken = await signIn(page, request, 'broker@demo.test');
  const pickupDate = daysAhead(6);
  const deliveryDate = daysAhead(7);
  const purchaseOrder = `PO-${Date.now()}`;

  // The broker finds Orders in the side navigation's Manage Freight group.
  await page.goto('/dashboard');
  const navigation = page.getByTestId('side-navigation');
  await openNavigationGroup(page, 'Manage Freight');
  await navigation.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(
    page
      .getByRole('main')
      .getByText(/^Cancelled/)
      .first(),
  ).toBeVisible();
  await shot(page, 'order-list-1440');
  await page.getByRole('link', { name: 'Create Order' }).click();
  await expect(page.getByRole('heading', { name: 'Create Order' })).toBeVisible();

  const pickup = page.getByRole('group', { name: 'Stop 1' });
  await typeInLocation(page, pickup, 'Pickup location', {
    name: 'Lakeside Cross-Dock',
    address: '200 Ohio St',
    city: 'Buffalo',
    state: 'New York',
    postalCode: '14202',
  });
  await fillTimes(pickup, pickupDate, '07:00', '10:00');

  // The form checks the rules before anything is sent: a US state with a Canadian postal code.
  const delivery = page.getByRole('group', { name: 'Stop 2' });
  await typeInLocation(page, delivery, 'Delivery location', {
    name: 'Harbourfront Distribution',
    address: '10 Bay St',
    city: 'Toronto',
    state: 'New York',
    postalCode: 'M5J 2N8',
  });
  await expect(
    delivery.getByText('NY is not a Canadian province; a Canadian postal code needs one'),
  ).toBeVisible();
  await delivery.getByLabel('State or province').fill('Ontario');
  await expect(delivery.getByText(/not a Canadian province/)).toHaveCount(0);
  await fillTimes(delivery, deliveryDate, '08:00', '12:00');
  const item = page.getByRole('group', { name: 'Line item 1' });
  await item.getByLabel('Description').fill('Boxed auto parts');
  await item.getByLabel('Packages').fill('12');
  await item.getByLabel('Weight (lb)').fill('9000');
  await page.getByLabel('Reference number').fill(purchaseOrder);
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'order-form-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'order-form-1440');
  await page.getByRole('button', { name: 'Create Order' }).click();

  await expect(page).toHaveURL(/\/orders\/\d+\/preview\/details$/);
  const orderNumber = /\/orders\/(\d+)\//.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(purchaseOrder)).toBeVisible();
  await expect(page.getByText('Boxed auto parts')).toBeVisible();

  // The Canadian stop is in Canada, its window on Toronto's clock.
  await page.getByRole('tab', { name: 'Logistics' }).click();
  const toronto = page.getByRole('region', { name: 'Stop 2' });
  await expect(toronto.getByText('2. Delivery · Harbourfront Distribution')).toBeVisible();
  await expect(toronto.getByText(/Toronto, ON M5J 2N8 · CA/)).toBeVisible();
  const [year, month, day] = deliveryDate.split('-');
  await expect(
    toronto.getByText(new RegExp(`${month}/${day}/${year} 8:00 AM – 12:00 PM E[SD]T`)),
  ).toBeVisible();
  await expect(toronto.getByText('America/Toronto')).toBeVisible();
  const detail = await request.get(`/api/v2/orders/${orderNumber}`, {
    headers: { authorization: `Bearer ${brokerToken}` },
  });
  const stop = (await detail.json()).data.stops[1];
  expect(stop.location.country).toBe('CA');
  expect(stop.early.local).toBe(`${deliveryDate}T08:00`);
  expect(stop.early.at).not.toBe(`${deliveryDate}T08:00:00.000Z`);
  await shot(page, 'order-logistics-1440');

  // Three copies.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: `Duplicate Order ${orderNumber}` });
  await duplicate.getByLabel('Copies').fill('3');
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  const created = page.getByText(/^3 orders were created: (\d+), (\d+), (\d+)$/);
  await expect(created).toBeVisible();
  const copies = /: (\d+), (\d+), (\d+)$/.exec((await created.textContent()) ?? '')!.slice(1);
  expect(copies).toHaveLength(3);

  // Consolidate with one copy into a draft shipment, then put it on the load board.
  await page.getByRole('button', { name: 'Consolidate' }).click();
  const consolidate = page.getByRole('dialog', { name: `Consolidate Order ${orderNumber}` });
  for (const copy of copies) {
    await expect(consolidate.getByRole('checkbox', { name: `Order ${copy}` })).toBeVisible();
  }
  await consolidate.getByRole('checkbox', { name: `Order ${copies[0]}` }).click();
  await expect(
    consolidate.getByText('Selected: 18,000 lb of 45,000 · 24 of 60 units'),
  ).toBeVisible();
  await shot(page, 'order-consolidate-1440');
  await consolidate.getByRole('button', { name: 'Create Draft Shipment' }).click();
  const summary = consolidate.getByText(/^Shipment (\d+) carries orders/);
  await expect(summary).toContainText(`carries orders ${orderNumber}, ${copies[0]}`);
  await expect(summary).toContainText('18,000 lb, 24 units, max buy $0. Status: Draft.');
  const shipmentNumber = /^Shipment (\d+)/.exec((await summary.textContent()) ?? '')![1]!;
  await consolidate.getByRole('button', { name: 'Make Ready to Book' }).click();
  await expect(summary).toContainText('Status: Ready to Book.');
  await consolidate.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(`Shipment ${shipmentNumber} (Ready to Book)`)).toBeVisible();

  // The carrier finds the load leaving Buffalo that day.
  await signIn(page, request, 'carrier@demo.test');
  await page.goto(
    `/reloads?originPostalCode=14202&originLabel=Buffalo%2C+NY&originRadius=50&pickupFrom=${pickupDate}&pickupTo=${pickupDate}`,
  );
  await expect(
    page.getByRole('link', { name: `Load ${shipmentNumber}: Buffalo, NY to Toronto, ON` }),
  ).toBeVisible();
});
