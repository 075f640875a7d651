import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

// The operator's staff land on Operations (decision 151): each queue's count is what the API counts,
// and a queue opens the screen where its work is done.
const shots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'operations');

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
