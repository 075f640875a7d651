import { join } from 'node:path';
import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { bookFreshVanLoad, screenshot, withoutMapTiles } from '../support/shipments';

const proofOfDelivery = join(
  import.meta.dirname,
  '..',
  'fixtures',
  'documents',
  'delivery-packet.pdf',
);

const statusChip = (page: Page, status: string) =>
  page.getByLabel(`Status ${status}`, { exact: true });

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test('a carrier takes a Booked load through dispatch, every stop and proof of delivery to Delivery Confirmed, with its paperwork', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, request, 'carrier@demo.test');
  await withoutMapTiles(page);
  // A load of its own, booked for this test: no driver, truck or trailer yet.
  const load = await bookFreshVanLoad(request, token);
  const number = load.shipmentNumber;

  await page.goto(`/all-shipments/${number}/preview`);
  await expect(page).toHaveURL(new RegExp(`/all-shipments/${number}/preview/details$`));
  await expect(statusChip(page, 'Booked')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();

  // Dispatch: a driver, then the truck and trailer.
  const dispatch = page.getByRole('region', { name: 'Dispatch' });
  await dispatch.getByLabel('Assign driver').click();
  await dispatch.getByLabel('Assign driver').fill('Kowalski');
  await page.getByRole('option', { name: 'Mike Kowalski' }).click();
  await expect(dispatch.getByRole('list', { name: 'Assigned drivers' })).toContainText(
    'Mike Kowalski',
  );
  // A driver alone does not dispatch the load: it waits for its equipment.
  await expect(statusChip(page, 'Booked')).toBeVisible();
  await dispatch.getByLabel('Power unit').fill(`PU${number.slice(-5)}`);
  await dispatch.getByLabel('Trailer').fill(`TR${number.slice(-5)}`);
  await dispatch.getByLabel('Length').click();
  await page.getByRole('option', { name: '53 ft' }).click();
  await dispatch.getByRole('button', { name: 'Save Equipment' }).click();
  await toast(page, 'Equipment saved');
  await expect(statusChip(page, 'Dispatched')).toBeVisible();
  await screenshot(page, 'detail-dispatched-1440');

  // Every stop: arrival, then departure with the package counts.
  const stops = page.getByRole('region', { name: 'Stops' }).getByRole('group');
  const stopCount = await stops.count();
  expect(stopCount).toBeGreaterThanOrEqual(2);
  for (let index = 0; index < stopCount; index++) {
    const stop = stops.nth(index);
    await stop.getByRole('button', { name: 'Record Arrival' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(statusChip(page, 'At Stop')).toBeVisible();
    await expect(stop.getByRole('button', { name: 'Record Arrival' })).toHaveCount(0);
    await stop.getByRole('button', { name: 'Record Departure' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(stop.getByRole('button', { name: 'Record Departure' })).toHaveCount(0);
    if (index < stopCount - 1) await expect(statusChip(page, 'In Transit')).toBeVisible();
  }
  await expect(statusChip(page, 'Delivered')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Tracking activities' }).getByText(/^Delivered/),
  ).toBeVisible();

  // Proof of delivery on every delivery stop, then Delivery Confirmed.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const dropoffs = await request.get(`/api/v2/shipments/${number}/order_dropoffs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const orders = (await dropoffs.json()) as {
    data: { dropoffs: { stopNumber: number; city: string; state: string }[] }[];
  };
  for (const stop of orders.data.flatMap((order) => order.dropoffs)) {
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByRole('combobox', { name: 'File type' }).click();
    await page.getByRole('option', { name: 'Proof of Delivery' }).click();
    await page.getByRole('combobox', { name: 'Stop' }).click();
    await page
      .getByRole('option', { name: `Stop ${stop.stopNumber} - ${stop.city}, ${stop.state}` })
      .click();
    await page.getByLabel('File', { exact: true }).setInputFiles(proofOfDelivery);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeHidden();
  }
  await toast(page, DOCUMENT_MESSAGES.uploaded);

  // Rate confirmation: generate, view, sign; then the signed copy.
  const confirmation = page.getByRole('region', { name: 'Rate confirmation' });
  await confirmation
    .getByRole('button', { name: /^(Generate Rate Confirmation|Generate Again)$/ })
    .click();
  await toast(page, 'Rate confirmation generated');
  await confirmation.getByRole('button', { name: 'View Rate Confirmation' }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await confirmation.getByRole('button', { name: 'Sign Rate Confirmation' }).click();
  await page.getByLabel('Title').fill('Dispatcher');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await toast(page, 'Rate confirmation signed');
  await expect(confirmation).toContainText('Signed by');

  // Bill of lading from the first pickup to the first delivery.
  await page
    .getByRole('region', { name: 'Bill of lading' })
    .getByRole('button', { name: 'Create BOL' })
    .click();
  await toast(page, 'Bill of lading created');
  await expect(
    page.getByRole('button', { name: new RegExp(`^Open BOL_${number}-`) }).first(),
  ).toBeVisible();
  await screenshot(page, 'documents-1440');

  await page.getByRole('tab', { name: 'Signed Rate Confirmation' }).click();
  await expect(page).toHaveURL(/\/preview\/SignedRateConfirmation$/);
  await page.getByRole('button', { name: 'View Signed Rate Confirmation' }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Confirm Delivery' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(statusChip(page, 'Delivery Confirmed')).toBeVisible();

  await page.getByRole('tab', { name: 'Details' }).click();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'detail-delivery-confirmed-375');
});
