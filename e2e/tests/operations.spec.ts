import { join } from 'node:path';
import { LIST_PAGE_SIZE } from '@portal/domain';
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, tokenFor } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The operator's staff land on Operations (decision 151): each queue's count is what the API counts,
// and a queue opens the screen where its work is done.
const shots = screenshotPath('operations');

async function thirdPartyInvoiceCount(request: APIRequestContext, token: string, status: string) {
  const response = await request.get(
    `/api/v1/third_party_payer_invoices?status=${status}&isAuditable=false&pageSize=0`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalCount: number }).totalCount;
}

test('admin lands on Operations and opens the invoices to settle', async ({ page, request }) => {
  const token = await signIn(page, request, 'admin@demo.test');
  await expect(page).toHaveURL('/operations');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();

  const navigation = page.getByTestId('side-navigation');
  await expect(navigation.getByRole('button', { name: 'Operations', exact: true })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Queues' })).toBeVisible();
  // The dashboard would refuse the operator: it is not offered.
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  const toSettle = await thirdPartyInvoiceCount(request, token, 'RECEIVED');
  const toPay = await thirdPartyInvoiceCount(request, token, 'SETTLED');
  expect(toSettle + toPay).toBeGreaterThan(0);
  const settleCard = main.getByRole('article', { name: 'Invoices to settle' });
  await expect(settleCard).toContainText(toSettle.toLocaleString('en-US'));
  await expect(main.getByRole('article', { name: 'Invoices to pay' })).toContainText(
    toPay.toLocaleString('en-US'),
  );
  const carrierInvoices = await request.get('/api/v2/ap_invoices?status=2&pageSize=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const inProgress = ((await carrierInvoices.json()) as { totalCount: number }).totalCount;
  await expect(
    main.getByRole('article', { name: 'Carrier invoices to approve and pay' }),
  ).toContainText(inProgress.toLocaleString('en-US'));
  await page.screenshot({ path: join(shots, 'operations-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'operations-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await settleCard.getByRole('link').click();
  await expect(page).toHaveURL(/\/third-party-payer-invoices\?view=received&auditable=false/);
  await expect(
    page.getByRole('banner').getByRole('heading', { name: 'Third Party Payer Invoices' }),
  ).toBeVisible();
});

test('a carrier is refused Operations and is not offered it', async ({ page, request }) => {
  await signIn(page, request, 'carrier@demo.test');
  await expect(
    page.getByTestId('side-navigation').getByRole('button', { name: 'Operations', exact: true }),
  ).toHaveCount(0);
  await page.goto('/operations');
  await expect(
    page.getByRole('main').getByText('You are not Authorized for this content'),
  ).toBeVisible();
});

test('admin opens the carrier invoices waiting for approval or payment', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'admin@demo.test');
  await page
    .getByRole('main')
    .getByRole('article', { name: 'Carrier invoices to approve and pay' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/accounting\?view=inProgress/);
  await expect(
    page.getByRole('list', { name: 'Views' }).getByRole('button', { name: /In Progress/ }),
  ).toHaveAttribute('aria-current', 'true');
});

async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  params: Record<string, string | number | boolean> = {},
): Promise<T> {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${token}` },
    params,
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The card shows exactly this count (its big number), and it is not an empty queue. */
async function expectCount(card: Locator, count: number) {
  expect(count, 'the queue holds something to open').toBeGreaterThan(0);
  await expect(card.getByText(count.toLocaleString('en-US'), { exact: true })).toBeVisible();
}

type CaseCounts = { new: number; inProgress: number; onHold: number; resolved: number };

/**
 * The freight-cycle queues (decision 231): each card's count is the API's, and each opens the
 * screen that lists exactly that queue. other@ (Granite State Carriers, whose requests no other
 * test counts) raises a request first, so the accessorial queues (unassigned is empty in the demo
 * world) hold one this test knows; it is declined after.
 */
test('admin opens the tenders, rate offers and accessorial requests queues from Operations', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const carrierToken = await tokenFor(request, 'other@demo.test');
  const delivered = await apiGet<{ data: { shipmentNumber: string }[] }>(
    request,
    carrierToken,
    '/api/v2/shipments',
    { statuses: '7,8', pageSize: 1 },
  );
  expect(delivered.data.length, 'a load Granite State Carriers delivered').toBe(1);
  const raised = await request.post('/api/v2/cases', {
    headers: { authorization: `Bearer ${carrierToken}` },
    data: {
      shipmentId: delivered.data[0]!.shipmentNumber,
      caseType: 'Other',
      amountRequested: 75,
      description: 'Operations queue check: waited for a gate pass at the receiver.',
    },
  });
  expect(raised.status()).toBe(201);
  const raisedCase = ((await raised.json()) as { data: { caseNumber: string } }).data;

  const token = await signIn(page, request, 'admin@demo.test');
  const main = page.getByRole('main');
  const running = await apiGet<{ data: { shipmentNumber: string }[]; totalCount: number }>(
    request,
    token,
    '/api/v2/tender_waterfalls',
    { status: 'Running', pageSize: LIST_PAGE_SIZE },
  );
  const awardable = await apiGet<{ totalCount: number }>(request, token, '/api/v2/rate_requests', {
    awardableOnly: true,
    pageSize: 1,
  });
  const newCases = (await apiGet<{ data: CaseCounts }>(request, token, '/api/v2/cases/count_stats'))
    .data.new;
  const unassignedCounts = (
    await apiGet<{ data: CaseCounts }>(request, token, '/api/v2/cases/count_stats', {
      activeOnly: true,
      unassignedOnly: true,
    })
  ).data;
  const unassigned = unassignedCounts.new + unassignedCounts.inProgress + unassignedCounts.onHold;
  expect(unassignedCounts.resolved).toBe(0);

  const waterfallCard = main.getByRole('article', { name: 'Waterfalls running' });
  const offersCard = main.getByRole('article', { name: 'Rate offers to award' });
  const newCard = main.getByRole('article', { name: 'New accessorial requests' });
  const unassignedCard = main.getByRole('article', { name: 'Unassigned accessorial requests' });
  await expectCount(waterfallCard, running.totalCount);
  await expectCount(offersCard, awardable.totalCount);
  await expectCount(newCard, newCases);
  await expectCount(unassignedCard, unassigned);
  await page.screenshot({ path: join(shots, 'operations-queues-1440.png'), fullPage: true });

  // Tenders: the tendering screen lists the running waterfalls first.
  await waterfallCard.getByRole('link').click();
  await expect(page).toHaveURL('/operations/tendering');
  await expect(main.getByRole('heading', { name: 'Automatic Tendering' })).toBeVisible();
  const waterfalls = main.getByRole('region', { name: 'Waterfalls' });
  await expect(waterfalls.getByRole('button').filter({ hasText: 'Running' })).toHaveCount(
    Math.min(running.totalCount, LIST_PAGE_SIZE),
  );
  for (const waterfall of running.data) {
    await expect(
      waterfalls
        .getByRole('button')
        .filter({ hasText: `Shipment ${waterfall.shipmentNumber}` })
        .filter({ hasText: 'Running' }),
    ).toBeVisible();
  }

  // Rate offers: the To Award view holds exactly the offers counted.
  await page.goto('/operations');
  await offersCard.getByRole('link').click();
  await expect(page).toHaveURL('/operations/rate-requests?view=toAward');
  await expect(main.getByRole('heading', { name: 'Rate Offers' })).toBeVisible();
  await expect(main.getByRole('tab', { name: 'To Award' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(main.getByRole('article', { name: /^Rate request for shipment / })).toHaveCount(
    Math.min(awardable.totalCount, LIST_PAGE_SIZE),
  );

  // Accessorial requests: the New view, with the request just raised among them.
  const views = main.getByRole('list', { name: 'Views' });
  const caseCard = main.getByRole('article', {
    name: `Accessorial request ${raisedCase.caseNumber}`,
  });
  await page.goto('/operations');
  await newCard.getByRole('link').click();
  await expect(page).toHaveURL('/cases?view=New');
  await expect(views.getByRole('button', { name: /^New/ })).toHaveAttribute('aria-current', 'true');
  await expect(views.getByLabel(`${newCases} New`, { exact: true })).toBeVisible();
  await expect(main.getByRole('article', { name: /^Accessorial request \d+$/ })).toHaveCount(
    Math.min(newCases, LIST_PAGE_SIZE),
  );
  await expect(caseCard).toBeVisible();

  // And the open requests nobody is assigned to.
  await page.goto('/operations');
  await unassignedCard.getByRole('link').click();
  await expect(page).toHaveURL('/cases?activeOnly=true&unassignedOnly=true');
  await expect(views.getByLabel(`${unassigned} All`, { exact: true })).toBeVisible();
  await expect(main.getByRole('article', { name: /^Accessorial request \d+$/ })).toHaveCount(
    Math.min(unassigned, LIST_PAGE_SIZE),
  );
  await expect(caseCard).toBeVisible();

  // Leave the queues as the demo world had them.
  const detail = await apiGet<{ data: { version: number } }>(
    request,
    token,
    `/api/v2/cases/${raisedCase.caseNumber}`,
  );
  const declined = await request.post(`/api/v2/cases/${raisedCase.caseNumber}/actions`, {
    headers: { authorization: `Bearer ${token}` },
    data: { action: 'ResolveDeclined', version: detail.data.version },
  });
  expect(declined.status()).toBe(200);
});
