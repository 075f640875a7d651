import { join } from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, tokenFor } from '../support/session';
import { listShipments } from '../support/shipments';
import { screenshotPath } from '../support/screenshots';

// The driver's phone: 375 px, a touch screen, the phone's clock in Tokyo while every stop is in
// North America, so a time shown on the browser's clock instead of the stop's would be caught.
test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  timezoneId: 'Asia/Tokyo',
  geolocation: { latitude: 35.1495, longitude: -90.049 },
  permissions: ['geolocation'],
});

const photo = join(import.meta.dirname, '..', 'fixtures', 'documents', 'trailer-photo.jpg');

interface StopTime {
  at: string;
  local: string;
}
interface Stop {
  shipmentStopId: string;
  stopNumber: number;
  stopType: 'Pickup' | 'Delivery';
  locationName: string;
  ianaTimezone: string;
  early: StopTime | null;
  late: StopTime | null;
  appointment: StopTime | null;
  arrived: StopTime | null;
  departed: StopTime | null;
  orderLineItems: unknown[];
}
interface Activity {
  activityType: string;
  stopNumber: number | null;
  occurredAt: string;
  source: string;
}

/** The stop's clock, written independently of the app: "11/24/2026 9:30 AM CST". */
function onStopClock(instant: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

/** The stop's appointment, else its window (one date written once when both ends share it). */
function schedule(stop: Stop) {
  const zone = stop.ianaTimezone;
  if (stop.appointment) return `Appointment ${onStopClock(stop.appointment.at, zone)}`;
  const from = stop.early ? onStopClock(stop.early.at, zone) : '—';
  const to = stop.late ? onStopClock(stop.late.at, zone) : '—';
  const sameDay =
    from.split(' ')[0] === to.split(' ')[0] && from.split(' ')[3] === to.split(' ')[3];
  return sameDay
    ? `Window ${from.split(' ').slice(0, 3).join(' ')} – ${to.split(' ').slice(1).join(' ')}`
    : `Window ${from} – ${to}`;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A Booked load of the driver's carrier that no other browser test moves (the carrier's walk takes
 * the first one without a driver; this takes the last), dispatched to driver@ through the API.
 */
async function dispatchLoadToDriver(request: APIRequestContext): Promise<string> {
  const carrier = await tokenFor(request, 'carrier@demo.test');
  const headers = { authorization: `Bearer ${carrier}` };
  const booked = (
    await listShipments(request, carrier, '/api/v2/shipments', { statuses: 3, pageSize: 100 })
  ).filter((shipment) => shipment.drivers.length === 0);
  expect(booked.length, 'two Booked loads without a driver').toBeGreaterThanOrEqual(2);
  const number = booked[booked.length - 1]!.shipmentNumber;
  const drivers = await api<{ id: string; name: string }[]>(
    request,
    carrier,
    '/api/v2/drivers?q=Kowalski',
  );
  const driver = drivers.find((candidate) => candidate.name === 'Mike Kowalski')!;
  const assigned = await request.post(`/api/v2/shipments/${number}/drivers`, {
    headers,
    data: { driverId: driver.id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const { version } = await api<{ version: number }>(
    request,
    carrier,
    `/api/v2/shipments/${number}`,
  );
  const equipment = await request.put(`/api/v2/shipments/${number}/equipment`, {
    headers,
    data: {
      powerUnitNumber: `PD${number.slice(-5)}`,
      trailerNumber: `TD${number.slice(-5)}`,
      trailerLengthFeet: 53,
      version,
    },
  });
  expect(equipment.ok(), await equipment.text()).toBe(true);
  return number;
}

const statusChip = (page: Page, status: string) =>
  page.getByLabel(`Status ${status}`, { exact: true });

/**
 * The page's reads and writes in flight (the notifications stream, open for the page's life,
 * aside): `settled()` resolves once none has been for half a second. The browser logs a read
 * that the signal cuts as a console error, so the test takes the signal away only when the
 * reads a sent action set off have come back, as a driver's phone would have them by then.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    settled: async () => {
      let quietSince = Date.now();
      await expect
        .poll(
          () => {
            if (inFlight.size > 0) quietSince = Date.now();
            return Date.now() - quietSince >= 500;
          },
          { message: 'requests still in flight', intervals: [100] },
        )
        .toBe(true);
    },
  };
}

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: screenshotPath(`driver/${name}.png`),
    animations: 'disabled',
  });
}

test('a driver works a load on the phone: big buttons, a proof of delivery photo, GPS, and an arrival and departure taken without signal, sent once with their own times', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const number = await dispatchLoadToDriver(request);
  const token = await signIn(page, request, 'driver@demo.test');
  const stopsOf = () => api<Stop[]>(request, token, `/api/v2/shipments/${number}/stops`);
  const activitiesOf = () =>
    api<Activity[]>(request, token, `/api/v2/shipments/${number}/tracking_activities`);
  const stops = await stopsOf();
  expect(stops.length).toBeGreaterThanOrEqual(2);

  const requests = trackRequests(page);
  await page.goto(`/my-shipments/${number}`);
  await expect(page).toHaveURL(new RegExp(`/all-shipments/${number}/preview/details$`));
  await expect(page.getByRole('heading', { name: `Shipment ${number}` })).toBeVisible();
  await expect(statusChip(page, 'Dispatched')).toBeVisible();
  const next = page.getByRole('region', { name: 'Next stop' });
  await expect(next.getByRole('heading', { name: stops[0]!.locationName })).toBeVisible();

  // The stop's appointment on the stop's own clock, named, never the phone's (Tokyo).
  await expect(next).toContainText(schedule(stops[0]!));
  await expect(page.getByText(/GMT\+9|JST/)).toHaveCount(0);
  const allStops = page.getByRole('region', { name: 'All stops' });
  for (const stop of stops) {
    await expect(allStops.getByRole('listitem', { name: `Stop ${stop.stopNumber}` })).toContainText(
      schedule(stop),
    );
  }
  await expect(next.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
  );
  // No dispatch panels on a driver's phone.
  await expect(page.getByRole('region', { name: 'Dispatch' })).toHaveCount(0);
  await expect(page.getByText('PRO number')).toHaveCount(0);
  await expect(page.getByText(/Empty location/i)).toHaveCount(0);
  await expect(page.getByLabel('Assign driver')).toHaveCount(0);

  // Installable: a manifest and a service worker in control.
  const manifest = await request.get(
    (await page.locator('link[rel="manifest"]').getAttribute('href'))!,
  );
  expect(((await manifest.json()) as { display: string }).display).toBe('standalone');
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    }),
  ).toMatch(/\/sw\.js$/);
  await shot(page, 'next-stop-375');

  const big = (name: string) => next.getByRole('button', { name, exact: true });
  const sent = page.getByRole('list', { name: 'Sent' });

  // Every stop but the last with signal: Arrived, Loaded or Unloaded, Departed.
  for (const stop of stops.slice(0, -1)) {
    await expect(next.getByRole('heading', { name: stop.locationName })).toBeVisible();
    await big('Arrived').click();
    await expect(statusChip(page, 'At Stop')).toBeVisible();
    if (stop.orderLineItems.length > 0) {
      await big(stop.stopType === 'Pickup' ? 'Loaded' : 'Unloaded').click();
      if (stop.stopNumber === 1) await shot(page, 'counts-375');
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    }
    await big('Departed').click();
    await expect(statusChip(page, 'In Transit')).toBeVisible();
    await expect(sent).toContainText(`Departed stop ${stop.stopNumber}`);
  }

  // The phone's GPS, not a typed ZIP.
  await page.getByRole('button', { name: 'Share location' }).click();
  await expect(sent).toContainText('My location');

  // A proof of delivery from the camera: a file input that asks for it.
  const last = stops[stops.length - 1]!;
  const camera = page.locator('input[type="file"][capture]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles(photo);
  await expect(page.getByRole('dialog', { name: 'What is this photo?' })).toBeVisible();
  await shot(page, 'photo-kind-375');
  await page
    .getByRole('dialog', { name: 'What is this photo?' })
    .getByRole('button', { name: `Proof of delivery · Stop ${last.stopNumber}` })
    .click();
  await expect(sent).toContainText(`Proof of delivery photo, stop ${last.stopNumber}`);

  // No signal at the last stop: the arrival and the departure wait on the phone.
  await requests.settled();
  await context.setOffline(true);
  await expect(page.getByText(/^No signal/)).toBeVisible();
  const arrivedFrom = Date.now();
  await big('Arrived').click();
  const arrivedTo = Date.now();
  const waiting = page.getByRole('list', { name: 'Waiting to send' });
  await expect(waiting).toContainText(`Arrived at stop ${last.stopNumber}`);
  if (last.orderLineItems.length > 0) {
    await big(last.stopType === 'Pickup' ? 'Loaded' : 'Unloaded').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }
  const departedFrom = Date.now();
  await big('Departed').click();
  const departedTo = Date.now();
  await expect(waiting).toContainText(`Departed stop ${last.stopNumber}`);
  await expect(page.getByText('Every stop is done', { exact: false })).toBeVisible();
  await shot(page, 'offline-waiting-375');
  // Nothing reached the server, and the phone keeps it across a reload without signal: the
  // service worker's "No signal" page lists it.
  expect((await stopsOf())[stops.length - 1]!.arrived).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No signal' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Waiting to send' })).toContainText(
    `Arrived at stop ${last.stopNumber}`,
  );
  await expect(page.getByRole('list', { name: 'Waiting to send' })).toContainText(
    `Departed stop ${last.stopNumber}`,
  );
  await shot(page, 'offline-reload-375');
  await page.waitForTimeout(1_000);

  // The signal returns: the page reopens the load by itself, which sends what waited.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: `Shipment ${number}` })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(sent).toContainText(`Arrived at stop ${last.stopNumber}`);
  await expect(sent).toContainText(`Departed stop ${last.stopNumber}`);
  await expect(statusChip(page, 'Delivered')).toBeVisible();

  // Sent once each, with the time they happened, not the time the signal came back.
  const after = await stopsOf();
  const arrived = new Date(after[stops.length - 1]!.arrived!.at).getTime();
  const departed = new Date(after[stops.length - 1]!.departed!.at).getTime();
  expect(arrived).toBeGreaterThanOrEqual(arrivedFrom - 1000);
  expect(arrived).toBeLessThanOrEqual(arrivedTo + 1000);
  expect(departed).toBeGreaterThanOrEqual(departedFrom - 1000);
  expect(departed).toBeLessThanOrEqual(departedTo + 1000);
  const activities = await activitiesOf();
  const atLast = activities.filter((activity) => activity.stopNumber === last.stopNumber);
  expect(atLast.filter((activity) => activity.activityType === 'Arrived')).toHaveLength(1);
  expect(
    atLast.filter((activity) => ['Departed', 'Delivered'].includes(activity.activityType)),
  ).toHaveLength(1);
  expect(
    activities.filter(
      (activity) => activity.activityType === 'LocationUpdate' && activity.source === 'Driver App',
    ).length,
  ).toBeGreaterThanOrEqual(1);
  const documents = await api<{ fileType?: number; type?: unknown; name?: string }[]>(
    request,
    token,
    `/api/v2/shipments/${number}/documents`,
  );
  expect(JSON.stringify(documents)).toContain('trailer-photo.jpg');

  // Every recorded time on the stop's clock, named, equal to the server's.
  for (const stop of after) {
    const item = allStops.getByRole('listitem', { name: `Stop ${stop.stopNumber}` });
    await expect(item).toContainText(`Arrived ${onStopClock(stop.arrived!.at, stop.ianaTimezone)}`);
    await expect(item).toContainText(
      `Departed ${onStopClock(stop.departed!.at, stop.ianaTimezone)}`,
    );
  }
  await expect(page.getByText(/GMT\+9|JST/)).toHaveCount(0);
  await shot(page, 'delivered-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'delivered-1440');
});

interface Place {
  timeZone: string;
}
interface Detail {
  shipmentNumber: string;
  pickupAt: string | null;
  deliveryAt: string | null;
  origin: Place;
  destination: Place;
}

test('one clock per screen: with the browser in Tokyo, the list, the header, the stops and the tracking show each time on its place’s clock, named, the same event alike', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const [delivered] = await listShipments(request, token, '/api/v2/shipments', {
    statuses: 7,
    pageSize: 1,
  });
  const number = delivered!.shipmentNumber;
  const detail = await api<Detail>(request, token, `/api/v2/shipments/${number}`);
  const stops = await api<Stop[]>(request, token, `/api/v2/shipments/${number}/stops`);
  const activities = await api<(Activity & { id: string })[]>(
    request,
    token,
    `/api/v2/shipments/${number}/tracking_activities`,
  );

  // The list: pickup on the origin's clock, delivery on the destination's.
  await page.goto('/all-shipments');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const listed = (await card.getAttribute('aria-label'))!.replace('Shipment ', '');
  const listedDetail = await api<Detail>(request, token, `/api/v2/shipments/${listed}`);
  if (listedDetail.pickupAt)
    await expect(card).toContainText(
      `Pickup ${onStopClock(listedDetail.pickupAt, listedDetail.origin.timeZone)}`,
    );
  if (listedDetail.deliveryAt)
    await expect(card).toContainText(
      onStopClock(listedDetail.deliveryAt, listedDetail.destination.timeZone),
    );

  await page.goto(`/all-shipments/${number}/preview/details`);
  await expect(page.getByRole('heading', { name: `Shipment ${number}` })).toBeVisible();
  // The header: the pickup is the first stop's time, on the same clock as the stop shows it.
  await expect(
    page.getByText(onStopClock(detail.pickupAt!, detail.origin.timeZone)).first(),
  ).toBeVisible();
  await expect(
    page.getByText(onStopClock(detail.deliveryAt!, detail.destination.timeZone)).first(),
  ).toBeVisible();

  const stopGroups = page.getByRole('region', { name: 'Stops' }).getByRole('group');
  await expect(stopGroups).toHaveCount(stops.length);
  const tracking = page.getByRole('list', { name: 'Tracking activities' });
  for (const [index, stop] of stops.entries()) {
    const group = stopGroups.nth(index);
    await expect(group).toContainText(schedule(stop).replace(/^(Appointment|Window) /, ''));
    if (stop.arrived)
      await expect(group).toContainText(onStopClock(stop.arrived.at, stop.ianaTimezone));
    if (stop.departed)
      await expect(group).toContainText(onStopClock(stop.departed.at, stop.ianaTimezone));
    await expect(group).not.toContainText(/GMT\+9|JST/);
    // The tracking entry of the same arrival shows the same time.
    const arrival = activities.find(
      (activity) => activity.activityType === 'Arrived' && activity.stopNumber === stop.stopNumber,
    );
    if (arrival)
      await expect(tracking).toContainText(onStopClock(arrival.occurredAt, stop.ianaTimezone));
  }
  await page.getByRole('region', { name: 'Stops' }).screenshot({
    path: screenshotPath('driver/stops-tokyo-375.png'),
  });
});

test('a driver link (driver app mode) opens the same phone screen for the driver’s load', async ({
  page,
  request,
}) => {
  const carrier = await tokenFor(request, 'carrier@demo.test');
  const driverToken = await tokenFor(request, 'driver@demo.test');
  const me = await api<{ id: string }>(request, driverToken, '/api/v1/me');
  const made = await request.post(`/api/v1/drivers/${me.id}/links`, {
    headers: { authorization: `Bearer ${carrier}` },
    data: { expiresInHours: 24 },
  });
  expect(made.status()).toBe(201);
  const link = new URL(((await made.json()) as { data: { url: string } }).data.url);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL('/all-shipments');
  await expect(page.getByRole('banner')).toHaveCount(0);

  const [mine] = await listShipments(request, driverToken, '/api/v2/my_shipments', {
    pageSize: 1,
  });
  await page.goto(`/my-shipments/${mine!.shipmentNumber}`);
  await expect(
    page.getByRole('heading', { name: `Shipment ${mine!.shipmentNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'All stops' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add photo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dispatch' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
});
