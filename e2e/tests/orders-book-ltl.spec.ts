import { buildStopDateTime, ShipmentStatus } from '@portal/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { withoutMapTiles } from '../support/shipments';
import { screenshotPath } from '../support/screenshots';

// Book LTL order (issue 15, decision 210): the broker creates an LTL order on one of its demo LTL
// lanes (Chicago to Dallas, where carriers hold LTL rates for it), books it at the cheapest LTL
// rate from the order's preview, and finds the shipment Booked to that carrier at that rate.

/** A screenshot of the screen; a whole page for the shipment, the viewport for the dialog. */
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: screenshotPath(`orders/${name}.png`), fullPage });

/** A day this many days from now, as YYYY-MM-DD (UTC). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

interface Rate {
  id: string;
  rateKind: string;
  rate: number;
  carrierName: string;
}

test('a broker books an LTL order at an LTL rate and finds the shipment booked to that carrier', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, request, 'broker@demo.test');
  const api = { authorization: `Bearer ${token}` };
  const pickupDate = daysAhead(5);
  const deliveryDate = daysAhead(8);
  const purchaseOrder = `LTL-${Date.now()}`;

  // The order: four pallets from Chicago to Dallas, LTL, dry van.
  const created = await request.post('/api/v2/orders', {
    headers: api,
    data: {
      shippingMode: 1,
      equipmentMode: 0,
      equipmentTypes: [1],
      specialInstructions: '',
      stops: [
        {
          type: 'Pickup',
          locationNumber: 'N/A',
          location: {
            name: 'Loop Distribution',
            addressLine1: '200 W Randolph St',
            addressLine2: '',
            city: 'Chicago',
            state: 'IL',
            postalCode: '60601',
          },
          earlyDateTime: buildStopDateTime(pickupDate, '08:00', '60601'),
          lateDateTime: buildStopDateTime(pickupDate, '12:00', '60601'),
          appointmentDateTime: '',
          referenceNumbers: [],
        },
        {
          type: 'Delivery',
          locationNumber: 'N/A',
          location: {
            name: 'Commerce Street Receiving',
            addressLine1: '1500 Commerce St',
            addressLine2: '',
            city: 'Dallas',
            state: 'TX',
            postalCode: '75201',
          },
          earlyDateTime: buildStopDateTime(deliveryDate, '09:00', '75201'),
          lateDateTime: buildStopDateTime(deliveryDate, '15:00', '75201'),
          appointmentDateTime: '',
          referenceNumbers: [],
        },
      ],
      lineItems: [
        {
          id: 'new-1',
          pickupStop: 0,
          deliveryStop: 1,
          description: 'Boxed housewares',
          freightClass: '85',
          packageCount: 4,
          weightPounds: 2800,
          lengthInches: 48,
          widthInches: 40,
          heightInches: 50,
        },
      ],
      referenceNumbers: [{ label: 'Purchase Order', value: purchaseOrder }],
      requirements: [],
      accessorials: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data as { id: string; orderNumber: string };

  // The rates the dialog must list: the unified rates search by the order, cheapest first.
  const search = await request.get(`/api/v2/rates?orderId=${order.id}`, { headers: api });
  const rates = ((await search.json()).data as Rate[]).filter((rate) => rate.rateKind === 'LTL');
  expect(rates.length).toBeGreaterThan(1);
  const cheapest = rates[0]!;
  const amount = usd.format(cheapest.rate);

  await page.goto(`/orders/${order.orderNumber}/preview/details`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Book LTL' }).click();
  const dialog = page.getByRole('dialog', { name: `Book LTL Order ${order.orderNumber}` });
  const list = dialog.getByRole('list', { name: 'LTL rates' });
  await expect(list.getByRole('radio')).toHaveCount(rates.length);
  const choice = dialog.getByRole('radio', { name: `${cheapest.carrierName} ${amount}` });
  await expect(choice).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book' })).toBeDisabled();
  await choice.check();
  await shot(page, 'order-book-ltl-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(dialog.getByRole('button', { name: 'Book' })).toBeVisible();
  await shot(page, 'order-book-ltl-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Book' }).click();

  const booked = dialog.getByRole('alert').filter({ hasText: /is booked on shipment \d+/ });
  await expect(booked).toContainText(`Order ${order.orderNumber} is booked on shipment`);
  await expect(booked).toContainText(`with ${cheapest.carrierName} at ${amount}. Status: Booked.`);
  const shipmentLink = booked.getByRole('link', { name: /^shipment \d+$/ });
  const shipmentNumber = /(\d+)$/.exec((await shipmentLink.textContent()) ?? '')![1]!;
  await shot(page, 'order-book-ltl-booked-1440');

  // The shipment screen: Booked, the rate's carrier, the booked rate.
  await withoutMapTiles(page);
  await dialog.getByRole('link', { name: 'Open Shipment' }).click();
  await expect(page).toHaveURL(`/all-shipments/${shipmentNumber}/preview/details`);
  await expect(page.getByRole('heading', { name: `Shipment ${shipmentNumber}` })).toBeVisible();
  await expect(page.getByLabel('Status Booked')).toBeVisible();
  const fact = (label: string) =>
    page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(fact('Carrier')).toHaveText(cheapest.carrierName);
  await expect(fact('Customer rate')).toHaveText(amount);
  await expect(fact('Order')).toHaveText(order.orderNumber);
  await shot(page, 'order-book-ltl-shipment-1440', true);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(fact('Carrier')).toHaveText(cheapest.carrierName);
  await shot(page, 'order-book-ltl-shipment-375', true);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The API agrees, and the order now names its shipment and is no longer offered for booking.
  const shipment = await request.get(`/api/v2/shipments/${shipmentNumber}`, { headers: api });
  expect((await shipment.json()).data).toMatchObject({
    status: { value: ShipmentStatus.Booked },
    carrier: { name: cheapest.carrierName },
    customerRate: cheapest.rate,
  });
  await page.goto(`/orders/${order.orderNumber}/preview/details`);
  await expect(page.getByRole('link', { name: `Shipment ${shipmentNumber}` })).toBeVisible();
  await expect(page.getByText(`Shipment ${shipmentNumber} (Booked)`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book LTL' })).toHaveCount(0);
});
