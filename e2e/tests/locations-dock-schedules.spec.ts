import { buildStopDateTime, DAY_NAMES, LOCATION_MESSAGES, ShipmentStatus } from '@portal/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { dropExpectedFailures } from '../support/identity';
import { signIn, tokenFor } from '../support/session';
import { withoutMapTiles } from '../support/shipments';
import { screenshotPath } from '../support/screenshots';

interface Stop {
  shipmentStopId: string;
  stopNumber: number;
  stopType: 'Pickup' | 'Delivery';
  locationName: string;
  locationAddress: { zip: string };
  ianaTimezone: string;
  early: { at: string; local: string } | null;
}
function apiAs(request: APIRequestContext, token: string) {
  return async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const response = await request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data !== undefined ? { data } : {}),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
type Api = ReturnType<typeof apiAs>;

/** A day this many days from now, as YYYY-MM-DD (UTC). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * The load this test acts on, made through the API: a new location of the broker's, an order that
 * picks up there four days ahead, its shipment (a draft of that one order) with a max buy, put on
 * the load board.
 */
async function brokerLoadAtOwnLocation(broker: Api) {
  const stamp = Date.now().toString(36);
  const location = (
    await broker<{ data: { locationNumber: string; name: string } }>('POST', '/api/v1/locations', {
      name: `Joliet Dock Yard ${stamp}`,
      addressLine1: '1 Yard Rd',
      city: 'Joliet',
      province: 'IL',
      postalCode: '60432',
    })
  ).data;
  const pickupDate = daysAhead(4);
  const deliveryDate = daysAhead(6);
  const order = (
    await broker<{ data: { orderNumber: string } }>('POST', '/api/v2/orders', {
      shippingMode: 0,
      equipmentMode: 0,
      equipmentTypes: [1],
      specialInstructions: '',
      stops: [
        {
          type: 'Pickup',
          locationNumber: location.locationNumber,
          earlyDateTime: buildStopDateTime(pickupDate, '09:00', '60432'),
          lateDateTime: buildStopDateTime(pickupDate, '11:00', '60432'),
          appointmentDateTime: '',
          referenceNumbers: [],
        },
        {
          type: 'Delivery',
          locationNumber: 'N/A',
          location: {
            name: 'Atlanta Receiving',
            addressLine1: '100 Commerce Way',
            addressLine2: '',
            city: 'Atlanta',
            state: 'GA',
            postalCode: '30303',
          },
          earlyDateTime: buildStopDateTime(deliveryDate, '09:00', '30303'),
          lateDateTime: buildStopDateTime(deliveryDate, '15:00', '30303'),
          appointmentDateTime: '',
          referenceNumbers: [],
        },
      ],
      lineItems: [
        {
          id: 'new-1',
          pickupStop: 0,
          deliveryStop: 1,
          description: 'Palletized dry goods',
          freightClass: '70',
          packageCount: 10,
          weightPounds: 12000,
          lengthInches: 48,
          widthInches: 40,
          heightInches: 60,
        },
      ],
      referenceNumbers: [],
      requirements: [],
      accessorials: [],
    })
  ).data;
  const { shipmentNumber } = (
    await broker<{ data: { shipmentNumber: string } }>('POST', '/api/v2/orders/draft_shipments', {
      orderIds: [order.orderNumber],
    })
  ).data;
  const version = async () =>
    (await broker<{ data: { version: number } }>('GET', `/api/v2/shipments/${shipmentNumber}`)).data
      .version;
  await broker('PATCH', `/api/v2/shipments/${shipmentNumber}/max_buy`, {
    maxBuy: 2400,
    version: await version(),
  });
  await broker('PATCH', `/api/v2/shipments/${shipmentNumber}/status`, {
    status: ShipmentStatus.ReadyToBook,
    version: await version(),
  });
  const stops = (await broker<{ data: Stop[] }>('GET', `/api/v2/shipments/${shipmentNumber}/stops`))
    .data;
  return { shipmentNumber, equipmentMode: 0, stops, pickup: stops[0]!, location };
}

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: screenshotPath(`locations/${name}.png`),
    fullPage: false,
  });
}

test('a broker closes a dock for a day, sees the notice, and a carrier’s appointment that day is refused with the dock hours', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const broker = apiAs(request, await tokenFor(request, 'broker@demo.test'));
  const carrier = apiAs(request, await tokenFor(request, 'carrier@demo.test'));

  // The carrier books the broker's load at a spot quote of its posted price.
  const load = await brokerLoadAtOwnLocation(broker);
  const quote = await carrier<{ data: { id: string } }>('POST', '/api/v2/quotes', {
    shippingMode: 0,
    equipmentMode: load.equipmentMode,
    effectiveDate: load.pickup.early!.local.slice(0, 10),
    quoteStops: load.stops.map((stop) => ({
      stopType: stop.stopType,
      postalCode: stop.locationAddress.zip,
    })),
    shipmentId: load.shipmentNumber,
  });
  const booked = await carrier<{ bookingSucceeded: boolean }>(
    'POST',
    `/api/v2/shipments/${load.shipmentNumber}/book`,
    { rateKind: 'SpotQuote', rateId: quote.data.id },
  );
  expect(booked.bookingSucceeded).toBe(true);

  const appointment = load.pickup.early!.local;
  const dayOfWeek = new Date(`${appointment.slice(0, 10)}T00:00:00Z`).getUTCDay();
  const day = DAY_NAMES[dayOfWeek]!;
  // The broker finds its new location, which has no dock schedule yet, and adds one closed on the
  // pickup's day.
  await signIn(page, request, 'broker@demo.test');
  await page.goto('/locations');
  await expect(page.getByRole('heading', { name: 'Locations', level: 2 })).toBeVisible();
  await page.getByLabel('Search locations').fill(load.location.locationNumber);
  const list = page.getByRole('list', { name: 'Locations' });
  await expect(list.getByRole('link')).toHaveCount(1);
  await list.getByRole('link', { name: new RegExp(load.location.name) }).click();
  await expect(
    page.getByRole('heading', {
      name: `#${load.location.locationNumber} ${load.location.name}`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dock Schedules' })).toBeVisible();
  await expect(page.getByText('No dock schedules yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Dock Schedule' }).click();
  const added = page.getByRole('region', { name: 'New dock schedule' });
  await added.getByLabel('Dock schedule name').fill('Main Dock');
  // The default: open 00:00-23:59 every day, both stop types.
  await expect(added.getByRole('group', { name: 'Monday' }).getByLabel('Monday opens')).toHaveValue(
    '00:00',
  );
  await added.getByRole('group', { name: day }).getByLabel('Closed').check();
  await expect(added.getByLabel(`${day} opens`)).toBeDisabled();
  await added.getByRole('button', { name: 'Save Dock Schedule' }).click();
  await toast(page, LOCATION_MESSAGES.dockScheduleSaved);
  await expect(
    page
      .getByRole('region', { name: 'Dock schedule Main Dock' })
      .getByRole('group', { name: day })
      .getByLabel('Closed'),
  ).toBeChecked();
  await screenshot(page, 'location-dock-schedules-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'location-dock-schedules-375');
  await page.goto('/locations');
  await expect(
    page.getByRole('list', { name: 'Locations' }).getByRole('link').first(),
  ).toBeVisible();
  await screenshot(page, 'locations-list-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'locations-list-1440');

  // The carrier asks for the pickup's first minute: the dock is closed that day.
  await signIn(page, request, 'carrier@demo.test');
  await withoutMapTiles(page);
  await page.goto(`/all-shipments/${load.shipmentNumber}/preview/details`);
  const stop = page.getByRole('region', { name: 'Stops' }).getByRole('group', { name: 'Stop 1' });
  await stop.getByRole('button', { name: 'Set Appointment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Appointment').fill(appointment);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByText(/is outside the dock hours of/).first();
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(
    `The appointment (${day.slice(0, 3)} ${appointment.replace('T', ' ')}, ${load.pickup.ianaTimezone}) at stop 1 is outside the dock hours of ${load.pickup.locationName}`,
  );
  await expect(refusal).toContainText(`${day.slice(0, 3)} Closed`);
  // The refused appointment is the one failed request this test expects.
  expect(consoleErrors.filter((message) => message.includes('status of 400'))).toHaveLength(1);
  dropExpectedFailures(consoleErrors, 400);
  await screenshot(page, 'appointment-refused-1440');
});

test('a broker adds a location typed with a Canadian postal code and a province name: it is saved in Canada', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'broker@demo.test');
  await page.goto('/locations');
  await page.getByRole('link', { name: 'Add Location' }).click();
  await expect(page).toHaveURL('/locations/create');
  const form = page.getByRole('form', { name: 'Add Location' });
  await expect(form.getByRole('heading', { name: 'Add Location' })).toBeVisible();
  await screenshot(page, 'location-create-1440');

  const name = `Ottawa Cross-Dock ${Date.now().toString(36)}`;
  await form.getByLabel('Location name').fill(name);
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('120 Bank St');
  await form.getByLabel('City').fill('Ottawa');
  // A US state with a Canadian postal code is refused before saving, naming the field.
  await form.getByLabel('State or province').fill('Texas');
  await form.getByLabel('ZIP or postal code').fill('k1p-5n2');
  await form.getByRole('button', { name: 'Save Location' }).click();
  await expect(
    form.getByText('TX is not a Canadian province; a Canadian postal code needs one'),
  ).toBeVisible();
  await form.getByLabel('State or province').fill('Ontario');
  await form.getByRole('button', { name: 'Save Location' }).click();
  await toast(page, LOCATION_MESSAGES.locationSaved);
  await expect(page).toHaveURL(/\/locations\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`^#\\d+ ${name}$`) })).toBeVisible();
  await expect(page.getByText('Crossroads Freight Brokerage · CA · America/Toronto')).toBeVisible();
  await expect(page.getByLabel('State or province')).toHaveValue('ON');
  await expect(page.getByLabel('ZIP or postal code')).toHaveValue('K1P 5N2');
  await expect(page.getByText('No dock schedules yet')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/locations/create');
  await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
  await screenshot(page, 'location-create-375');
});
