import { SHIPMENT_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { signIn, tokenFor } from '../support/session';
import { listShipments, screenshot, withoutMapTiles } from '../support/shipments';

test('the booking list filters by status view and search, keeps them in the URL across a reload, and shows a map', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page, request, 'carrier@demo.test');
  const tiles = await withoutMapTiles(page);
  await page.goto('/all-shipments');
  const views = page.getByRole('list', { name: 'Views' });
  await expect(views.getByRole('button', { name: /All Shipments/ })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await screenshot(page, 'booking-list-1440');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'All Shipments', level: 2 })).toBeVisible();
  // All Shipments counts exactly the status views beneath it.
  const badges = views.getByRole('button').filter({ hasNotText: 'All Shipments' });
  await expect(badges.first()).toContainText(/\d/);
  const badgeTotal = (await badges.allTextContents())
    .map((text) => Number(/([\d,]+)\s*$/.exec(text)?.[1]?.replace(/,/g, '') ?? 0))
    .reduce((sum, count) => sum + count, 0);
  const allText = await views.getByRole('button', { name: /All Shipments/ }).textContent();
  expect(Number(/([\d,]+)\s*$/.exec(allText ?? '')?.[1]?.replace(/,/g, ''))).toBe(badgeTotal);

  // The In Transit view: its count badge, and only In Transit cards.
  const inTransit = views.getByRole('button', { name: /In Transit/ });
  const badge = await inTransit.getByLabel(/In Transit$/).textContent();
  await inTransit.click();
  await expect(page).toHaveURL(/[?&]view=5(&|$)/);
  // The heading names the view chosen.
  await expect(main.getByRole('heading', { name: 'In Transit', level: 2 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(Number(badge?.replace(/,/g, ''))).toBeGreaterThan(0);
  for (const text of await cards.allTextContents()) expect(text).toContain('In Transit');

  // A shipment number prefix narrows the list; both survive a reload. The load is not one the
  // driver's test moves on at the same time.
  const driverLoads = await listShipments(
    request,
    await tokenFor(request, 'driver@demo.test'),
    '/api/v2/my_shipments',
    { pageSize: 100 },
  );
  const driven = new Set(driverLoads.map((shipment) => shipment.shipmentNumber));
  const shownNumbers = (await cards.evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-label')!.replace('Shipment ', '')),
  )) as string[];
  const first = shownNumbers.find((number) => !driven.has(number))!;
  expect(first).toBeDefined();
  await page.getByLabel('Search by shipment #').fill(first);
  await expect(page).toHaveURL(new RegExp(`search=${first}`));
  await expect(cards).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Search by shipment #')).toHaveValue(first);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('In Transit');
  await expect(views.getByRole('button', { name: /In Transit/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The FILTERS tab: only Delivered among the statuses, applied to the All view.
  await page.getByLabel('Search by shipment #').fill('');
  await expect(page).not.toHaveURL(/search=/);
  await views.getByRole('button', { name: /All Shipments/ }).click();
  await page.getByRole('tab', { name: 'FILTERS' }).click();
  for (const status of ['Booked', 'Dispatched', 'In Transit', 'At Stop'])
    await page.getByRole('checkbox', { name: status }).uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/statuses=7(&|$)/);
  // The last list stays on screen until the filtered one arrives.
  await expect(cards.filter({ hasNotText: 'Delivered' })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('Delivered');
  await page.reload();
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('Delivered');

  // The filters saved as a named view: listed under VIEWS, kept for the user, deleted again.
  await page.getByRole('tab', { name: 'FILTERS' }).click();
  await page.getByLabel('View name').fill('Delivered loads');
  await page.getByRole('button', { name: 'Save View' }).click();
  await expect(page.getByText('View "Delivered loads" saved')).toBeVisible();
  await page.getByRole('tab', { name: 'VIEWS' }).click();
  const savedView = views.getByRole('button', { name: 'Delivered loads' });
  await expect(savedView).toHaveAttribute('aria-current', 'true');
  await page.reload();
  await expect(savedView).toHaveAttribute('aria-current', 'true');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('Delivered');
  await page.getByRole('tab', { name: 'FILTERS' }).click();
  await page.getByRole('button', { name: 'Delete View "Delivered loads"' }).click();
  await expect(page.getByText('View "Delivered loads" deleted')).toBeVisible();
  await page.getByRole('tab', { name: 'VIEWS' }).click();
  await expect(savedView).toHaveCount(0);
  await expect(views.getByRole('button', { name: /All Shipments/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The map page view draws the same shipments.
  await page.getByRole('button', { name: 'Map view' }).click();
  await expect(page).toHaveURL(/page=map/);
  const map = page.getByRole('region', { name: 'Shipments map' });
  await expect(map).toBeVisible();
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  expect(Number(await map.getAttribute('data-shipments-drawn'))).toBeGreaterThan(0);
  // Tiles are asked of the configured server (answered empty here); the lanes show without them.
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  await screenshot(page, 'map-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'map-375');
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(cards.first()).toBeVisible();
  await screenshot(page, 'booking-list-375');
});

test('a driver sees only the loads they drive and records an arrival', async ({
  page,
  request,
  consoleErrors,
}) => {
  const driverToken = await signIn(page, request, 'driver@demo.test');
  await withoutMapTiles(page);
  const mine = await listShipments(request, driverToken, '/api/v2/my_shipments', {
    pageSize: 100,
  });
  expect(mine.length).toBeGreaterThan(0);
  await page.goto('/my-shipments');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const shown = (await cards.evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-label')!.replace('Shipment ', '')),
  )) as string[];
  const mineNumbers = new Set(mine.map((shipment) => shipment.shipmentNumber));
  for (const number of shown) expect(mineNumbers.has(number)).toBe(true);
  await screenshot(page, 'my-shipments-1440');

  // A load of the same carrier that this driver does not drive cannot be opened.
  const carrierToken = await tokenFor(request, 'carrier@demo.test');
  const carrierLoads = await listShipments(request, carrierToken, '/api/v2/shipments', {
    pageSize: 100,
  });
  const notMine = carrierLoads.find((shipment) => !mineNumbers.has(shipment.shipmentNumber))!;
  await page.goto(`/all-shipments/${notMine.shipmentNumber}/preview/details`);
  await expect(page.getByText(SHIPMENT_MESSAGES.unableToAccess)).toBeVisible();
  const refused = consoleErrors.filter((message) => message.includes('status of 404'));
  expect(refused.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !refused.includes(m)),
  );

  // A load on the way: the driver records the arrival at the next stop.
  // The earliest pickup among the loads on the way: a seeded one, never a Booked load another
  // browser test dispatches to this driver meanwhile (those pick up later and list first).
  const onTheWay = mine
    .filter((shipment) => shipment.status.value === 4 || shipment.status.value === 5)
    .at(-1)!;
  await page.goto(`/my-shipments/${onTheWay.shipmentNumber}`);
  await expect(page).toHaveURL(
    new RegExp(`/all-shipments/${onTheWay.shipmentNumber}/preview/details$`),
  );
  await expect(page.getByRole('tab', { name: 'Financials' })).toHaveCount(0);
  await expect(page.getByLabel('Assign driver')).toHaveCount(0);
  // The driver's phone screen (e2e/tests/driver-phone.spec.ts walks it whole).
  await page
    .getByRole('region', { name: 'Next stop' })
    .getByRole('button', { name: 'Arrived', exact: true })
    .click();
  await expect(page.getByLabel('Status At Stop', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sent' })).toContainText(/Arrived at stop \d+/);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'driver-detail-375');
});

test('another company’s shipment number shows "Unable to access shipment" and goes back after 3 seconds', async ({
  page,
  request,
  consoleErrors,
}) => {
  const otherToken = await tokenFor(request, 'other@demo.test');
  const [foreign] = await listShipments(request, otherToken, '/api/v2/shipments', { pageSize: 1 });
  await signIn(page, request, 'carrier@demo.test');
  await page.goto('/all-shipments');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The delay is timed by the page's own clock, from the message's first drawing to the address
  // changing: the test runner sees both late, and by different amounts on a busy machine.
  await page.addInitScript((text) => {
    const times: { shown?: number; left?: number } = {};
    (window as unknown as { unableToAccess: typeof times }).unableToAccess = times;
    new MutationObserver(() => {
      if (times.shown === undefined && document.body?.textContent?.includes(text))
        times.shown = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const change = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        if (times.shown !== undefined) times.left ??= performance.now();
        change(...args);
      };
    }
  }, SHIPMENT_MESSAGES.unableToAccess);
  await page.goto(`/all-shipments/${foreign!.shipmentNumber}/preview/details`);
  const message = page.getByText(SHIPMENT_MESSAGES.unableToAccess);
  await expect(message).toBeVisible();
  await page.waitForURL(/\/all-shipments$/, { timeout: 10_000 });
  const times = await page.evaluate(
    () =>
      (window as unknown as { unableToAccess: { shown?: number; left?: number } }).unableToAccess,
  );
  expect(times.left! - times.shown!).toBeGreaterThanOrEqual(2_990);
  expect(times.left! - times.shown!).toBeLessThan(5_000);
  await expect(page.getByRole('article').first()).toBeVisible();
  const refused = consoleErrors.filter((text) => text.includes('status of 404'));
  expect(refused.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !refused.includes(m)),
  );
});
