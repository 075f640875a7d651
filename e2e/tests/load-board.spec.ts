import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authorize } from '../support/identity';
import { signIn } from '../support/session';
import { withoutMapTiles } from '../support/shipments';
import { screenshotPath } from '../support/screenshots';

// The load board (issue 10): a shared search link, narrowing it, Top Picks, booking at a contract
// rate with the reload suggestions, saved lanes and their notification, posted trucks.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenshotPath(`load-board/${name}.png`) });

interface Load {
  id: string;
  shipmentNumber: string;
  origin: { city: string; state: string; postalCode: string };
  destination: { city: string; state: string; postalCode: string };
  equipmentNames: string[];
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * A Top Pick the carrier has a contract TL rate for (the demo world's home-lane rates) whose delivery
 * has Ready to Book loads picking up nearby: of those, the one with the most such reloads, so the
 * booking's suggestions hold even if another test books one of them meanwhile. Answers the pick and
 * the shipment numbers of its reloads as the API lists them before booking.
 */
async function pickWithContractRateAndReloads(request: APIRequestContext, token: string) {
  const picks = await api<{ data: Load[] }>(request, token, '/api/v2/top_picks?pageSize=50');
  let best: { pick: Load; reloads: string[] } | undefined;
  for (const pick of picks.data) {
    const rates = await api<{ data: { rateKind: string }[] }>(
      request,
      token,
      `/api/v2/rates?shipmentId=${pick.shipmentNumber}&rateKind=ContractTL`,
    );
    if (rates.data.length === 0) continue;
    const reloads = await api<{ data: { shipmentNumber: string }[]; totalCount: number }>(
      request,
      token,
      `/api/v2/shipments/${pick.shipmentNumber}/reloads`,
    );
    if (reloads.totalCount > (best?.reloads.length ?? 0))
      best = { pick, reloads: reloads.data.map((reload) => reload.shipmentNumber) };
  }
  if (!best) {
    throw new Error(
      'No Top Pick with a contract rate has Ready to Book loads picking up near its delivery',
    );
  }
  return best;
}

test('a shared load board search opens, narrows by radius and equipment, and shows a map', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'carrier@demo.test');
  await withoutMapTiles(page);
  // A link someone shared: loads within 300 miles of Fargo, ND.
  await page.goto('/reloads?originPostalCode=58102&originLabel=Fargo%2C+ND&originRadius=300');
  const cards = page.getByRole('link', { name: /^Load \d+:/ });
  await expect(cards.first()).toBeVisible();
  const wide = await cards.count();
  expect(wide).toBeGreaterThan(0);
  await shot(page, 'load-board-1440');

  await page.getByRole('tab', { name: 'FILTERS' }).click();
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue('Fargo, ND');
  await page.getByLabel('Origin radius (mi)').fill('50');
  await page.getByRole('checkbox', { name: 'Van' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/originRadius=50/);
  await expect(page).toHaveURL(/equipmentTypes=1(&|$)/);
  // The wider search's cards stay on screen until the narrowed answer replaces them.
  await expect
    .poll(async () => {
      const texts = await cards.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes('Van'));
    })
    .toBe(true);
  for (const text of await cards.allTextContents()) {
    expect(text).toContain('Van');
    expect(text).toMatch(/Deadhead(\d|[0-4]\d|50) mi/);
  }
  // The narrowed search survives a reload: it is all in the link.
  const narrowed = await cards.count();
  await page.reload();
  await expect(cards).toHaveCount(narrowed);

  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'load-board-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Map view' }).click();
  await expect(page).toHaveURL(/pageView=map/);
  await expect(page.getByRole('region', { name: 'Loads map' })).toBeVisible();
  await shot(page, 'load-board-map-1440');
});

test('a carrier opens a load from Top Picks, books it at a contract rate, sees reloads and finds it Booked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request, 'carrier@demo.test');
  const { accessToken } = await authorize(request, 'carrier@demo.test');
  const { pick, reloads } = await pickWithContractRateAndReloads(request, accessToken);

  await page.goto('/available-freight');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Top Picks' })).toBeVisible();
  const pickCard = page.getByRole('link', { name: new RegExp(`^Load ${pick.shipmentNumber}:`) });
  await expect(pickCard).toBeVisible();
  await shot(page, 'top-picks-1440');
  await pickCard.click();
  await expect(page).toHaveURL(`/available-freight/${pick.shipmentNumber}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toContainText(
    pick.origin.city,
  );
  const stops = page.getByRole('region', { name: 'Stops' });
  await expect(stops.getByText(/^1\. Pickup/)).toBeVisible();
  const rates = page.getByRole('table', { name: 'Rates for this load' });
  const contract = rates.getByRole('row').filter({ hasText: 'Contract TL rate' }).first();
  await expect(contract).toBeVisible();
  await shot(page, 'available-load-1440');
  await contract.getByRole('button', { name: /^Book at/ }).click();

  const dialog = page.getByRole('dialog', { name: `Load ${pick.shipmentNumber} booked` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Booked at');
  await expect(dialog.getByRole('heading', { name: 'Reloads near the delivery' })).toBeVisible();
  // The suggestions: loads picking up near the delivery, the ones the API listed before booking.
  const suggestions = dialog.getByRole('list', { name: 'Reloads' }).getByRole('link');
  await expect(suggestions.first()).toBeVisible();
  await expect(
    suggestions.filter({ hasText: new RegExp(`^(${reloads.join('|')}): .+ → .+`) }).first(),
  ).toBeVisible();
  await expect(dialog.getByText('No loads pick up near this delivery right now.')).toHaveCount(0);
  await shot(page, 'booked-with-reloads-1440');
  await dialog.getByRole('link', { name: 'Booking List' }).click();
  await expect(page).toHaveURL(/\/all-shipments/);
  await page.getByLabel('Search by shipment #').fill(pick.shipmentNumber);
  const card = page.getByRole('article', { name: `Shipment ${pick.shipmentNumber}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Booked');
});

test('a dispatcher books a load at its posted price; a broker never sees the load board', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request, 'dispatcher@demo.test');
  const { accessToken } = await authorize(request, 'dispatcher@demo.test');
  const board = await api<{ data: (Load & { price: number | null })[] }>(
    request,
    accessToken,
    '/api/v2/load_board?orderBy=price',
  );
  // Away from the home lanes the carrier's Top Picks test books on.
  const home = ['ND', 'MB', 'MN', 'IL', 'IA', 'NE', 'WI'];
  const load = board.data.find((item) => item.price !== null && !home.includes(item.origin.state))!;
  expect(load, 'a priced load away from the home lanes').toBeDefined();
  await page.goto(`/available-freight/${load.shipmentNumber}`);
  await page.getByRole('button', { name: /^Book It Now at/ }).click();
  await expect(
    page.getByRole('dialog', { name: `Load ${load.shipmentNumber} booked` }),
  ).toBeVisible();

  await signIn(page, request, 'broker@demo.test');
  for (const path of ['/reloads', '/available-freight', '/saved-lanes', '/live-equipment']) {
    await page.goto(path);
    await expect(
      page.getByRole('main').getByText('You are not Authorized for this content'),
    ).toBeVisible();
  }
  await expect(page.getByRole('navigation').getByText('Load Board')).toHaveCount(0);
});

/** The reference place a whole postal code is listed under: a Canadian code's FSA, a ZIP's five digits. */
const referenceCode = (postalCode: string) =>
  /^[A-Z]\d[A-Z]/i.exec(postalCode)?.[0].toUpperCase() ?? postalCode.slice(0, 5);

test('a saved lane tells the carrier within seconds when a matching load is posted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await authorize(request, 'admin@demo.test');
  // A Draft load away from the carrier's own home lanes, so only the new lane matches it.
  const drafts = await api<{
    data: (Omit<Load, 'equipmentNames'> & {
      equipmentTypes: string[];
      totalWeightPounds: number | null;
    })[];
  }>(request, admin.accessToken, '/api/v2/shipments?statuses=0&pageSize=100');
  const home = ['ND', 'MB', 'MN', 'IL', 'IA', 'NE', 'WI'];
  // A truckload (saved lanes watch truckloads), starting away from the carrier's home lanes.
  const draft = drafts.data.find(
    (item) => !home.includes(item.origin.state) && (item.totalWeightPounds ?? 0) > 10_000,
  )!;
  expect(draft, 'a Draft load in the demo world').toBeDefined();

  await signIn(page, request, 'dispatcher@demo.test');
  await page.goto('/saved-lanes');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Saved Lanes' })).toBeVisible();
  await page.getByRole('button', { name: 'New Lane' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Lane' });
  await dialog.getByLabel('Origin', { exact: true }).fill(draft.origin.postalCode);
  await page
    .getByRole('option', { name: new RegExp(referenceCode(draft.origin.postalCode)) })
    .first()
    .click();
  await dialog.getByLabel('Origin radius (mi)').fill('25');
  await dialog.getByLabel('Destination (optional)').fill(draft.destination.postalCode);
  await page
    .getByRole('option', { name: new RegExp(referenceCode(draft.destination.postalCode)) })
    .first()
    .click();
  await dialog.getByLabel('Destination radius (mi)').fill('25');
  await dialog.getByRole('combobox', { name: 'Equipment' }).click();
  for (const name of draft.equipmentTypes.filter((type) => type !== 'Van'))
    await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save Lane' }).click();
  await expect(dialog).toBeHidden();
  const lane = page.getByRole('article', { name: new RegExp(`Lane ${draft.origin.city}`) });
  await expect(lane.first()).toBeVisible();
  await shot(page, 'saved-lanes-1440');

  // The operator puts the load on the board; the dispatcher is told without a reload.
  const detail = await api<{ data: { version: number } }>(
    request,
    admin.accessToken,
    `/api/v2/shipments/${draft.shipmentNumber}`,
  );
  const released = await request.patch(`/api/v2/shipments/${draft.shipmentNumber}/status`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { status: 1, version: detail.data.version },
  });
  expect(released.status(), await released.text()).toBe(200);
  await expect(page.getByText('New load on your saved lane')).toBeVisible({ timeout: 10_000 });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(new RegExp(`Load ${draft.shipmentNumber}`)),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(lane.first()).toContainText(/[1-9]\d* matching load/);
});

test('a posted truck shows the loads it could take', async ({ page, request }) => {
  await signIn(page, request, 'carrier@demo.test');
  await page.goto('/live-equipment');
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Live Equipment' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Post a Truck' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post a Truck' });
  await dialog.getByLabel('Empty at').fill('Minneapolis');
  await page
    .getByRole('option', { name: /^Minneapolis, MN/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Post Truck' }).click();
  await expect(dialog).toBeHidden();
  const truck = page.getByRole('article', { name: /Truck: Van at Minneapolis, MN/ }).first();
  await expect(truck).toBeVisible();
  await expect(truck).toContainText(/\d+ matching loads?/);
  await truck.getByRole('button', { name: 'Show Matches' }).click();
  await expect(truck.getByRole('link', { name: /^Load \d+:/ }).first()).toBeVisible();
  await shot(page, 'live-equipment-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'live-equipment-375');
});
