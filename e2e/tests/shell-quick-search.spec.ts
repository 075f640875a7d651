import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authorize, signIn } from '../support/identity';
import { screenshotPath } from '../support/screenshots';

interface Found {
  shipmentNumber: string;
  status: { value: number; displayName: string };
  referenceNumbers: { label: string; value: string }[];
}

/** One shipment the user can find for each status, read through the quick-search API itself. */
async function shipmentsByStatus(request: APIRequestContext, email: string) {
  const { accessToken } = await authorize(request, email);
  const byStatus = new Map<number, Found>();
  for (let page = 1; page <= 10; page++) {
    const response = await request.get(
      `/api/v2/quick_searches/shipments?query=1&page=${page}&pageSize=50`,
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: Found[] };
    for (const shipment of data)
      if (!byStatus.has(shipment.status.value)) byStatus.set(shipment.status.value, shipment);
    if (data.length < 50) break;
  }
  return byStatus;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search shipments' });
const options = (page: Page) =>
  page.getByRole('listbox', { name: 'Shipments found' }).getByRole('option');

test('searches 700 ms after typing stops, shows the prompt and the empty state', async ({
  page,
}) => {
  // The page's clock is ours to move, so 700 ms is measured exactly, however busy the machine.
  await page.clock.install();
  await signIn(page, 'carrier@demo.test');
  await searchBox(page).click();
  await expect(page.getByText('Enter shipment number to start search')).toBeVisible();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/quick_searches/shipments')) searches.push(request.url());
  });
  await page.clock.pauseAt(Date.now() + 60_000);
  await searchBox(page).pressSequentially('9');
  await page.clock.runFor(600);
  // Typing again starts the 700 ms afresh.
  await searchBox(page).pressSequentially('99999');
  await page.clock.runFor(699);
  expect(searches).toEqual([]);
  await page.clock.runFor(2);
  await expect.poll(() => searches.length).toBe(1);
  await page.clock.resume();
  await expect(page.getByText('No Matching Results')).toBeVisible();
  expect(searches).toHaveLength(1);
  const asked = new URL(searches[0]!).searchParams;
  expect(asked.get('query')).toBe('999999');
  expect(asked.get('pageSize')).toBe('20');
  // Clearing the box asks nothing and shows the prompt again.
  await searchBox(page).fill('');
  await expect(page.getByText('Enter shipment number to start search')).toBeVisible();
  await page.waitForTimeout(800);
  expect(searches).toHaveLength(1);
});

test('results show number, status and places; each status leads where the spec says', async ({
  page,
  request,
}) => {
  const found = await shipmentsByStatus(request, 'carrier@demo.test');
  await signIn(page, 'carrier@demo.test');
  const cases: [status: number, path: (number: string) => string][] = [
    [1, (number) => `/available-freight/${number}`],
    [2, (number) => `/tenders/${number}`],
    [5, (number) => `/all-shipments/${number}/preview/details`],
  ];
  for (const [status, path] of cases) {
    const shipment = found.get(status);
    expect(shipment, `a shipment in status ${status}`).toBeDefined();
    await searchBox(page).fill(shipment!.shipmentNumber);
    const option = options(page).filter({ hasText: shipment!.shipmentNumber }).first();
    await expect(option).toContainText(shipment!.status.displayName);
    await expect(option).toContainText(/, [A-Z]{2} [\w ]{3,7} → .+, [A-Z]{2} [\w ]{3,7}/);
    // Brokers only see reference numbers.
    await expect(option.getByTestId('reference-numbers')).toHaveCount(0);
    // Keyboard: down to the first result, Enter opens it.
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(path(shipment!.shipmentNumber));
    // A Ready to Book load opens the Top Picks preview, with its rates and Book.
    if (status === 1) await expect(page.getByRole('region', { name: 'Rates' })).toBeVisible();
  }
});

test('brokers are prompted for reference numbers and see them', async ({ page, request }) => {
  const found = await shipmentsByStatus(request, 'broker@demo.test');
  await signIn(page, 'broker@demo.test');
  await searchBox(page).click();
  await expect(page.getByText('Enter Shipment or Reference Number to Start Search')).toBeVisible();
  const withReference = [...found.values()].find((shipment) => shipment.referenceNumbers.length);
  expect(withReference).toBeDefined();
  await searchBox(page).fill(withReference!.shipmentNumber);
  const option = options(page).filter({ hasText: withReference!.shipmentNumber }).first();
  const reference = withReference!.referenceNumbers[0]!;
  await expect(option.getByTestId('reference-numbers')).toContainText(
    `${reference.label}: ${reference.value}`,
  );
  await page.screenshot({ path: screenshotPath('shell/quick-search-1440.png') });
});

test('a draft shipment is listed but leads nowhere', async ({ page, request }) => {
  // The operator's staff see drafts (a carrier never does).
  const draft = (await shipmentsByStatus(request, 'admin@demo.test')).get(0);
  expect(draft, 'a draft shipment').toBeDefined();
  await signIn(page, 'admin@demo.test');
  await searchBox(page).fill(draft!.shipmentNumber);
  const draftOption = options(page).filter({ hasText: draft!.shipmentNumber }).first();
  await expect(draftOption).toHaveAttribute('aria-disabled', 'true');
  const before = page.url();
  // A pointer click (the option is aria-disabled, so dispatched directly) and the keyboard.
  await draftOption.dispatchEvent('click');
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('Enter');
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
});

test('Enter on a number with one exact match opens it at once', async ({ page, request }) => {
  const booked = (await shipmentsByStatus(request, 'carrier@demo.test')).get(5);
  expect(booked, 'a booked shipment').toBeDefined();
  await signIn(page, 'carrier@demo.test');
  await searchBox(page).fill(booked!.shipmentNumber);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(`/all-shipments/${booked!.shipmentNumber}/preview/details`);
  // A prefix matching several shipments opens nothing: the list stays for the user to choose.
  await searchBox(page).fill(booked!.shipmentNumber.slice(0, 2));
  await searchBox(page).press('Enter');
  await expect(options(page).first()).toBeVisible();
  await expect(page).toHaveURL(`/all-shipments/${booked!.shipmentNumber}/preview/details`);
});

test("the broker's prompt fits the search box on a wide screen", async ({ page }) => {
  await signIn(page, 'broker@demo.test');
  const overflow = await searchBox(page).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
  expect(overflow).toBeLessThanOrEqual(0);
});
