import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authorize, forgetSignIn, signIn } from '../support/identity';
import { openNavigationGroup } from '../support/navigation';
import { screenshotPath } from '../support/screenshots';

const nav = (page: Page) => page.getByTestId('side-navigation');

async function countsFromApi(request: APIRequestContext, email: string) {
  const { accessToken } = await authorize(request, email);
  const get = async (url: string) => {
    const response = await request.get(url, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status(), url).toBe(200);
    return response.json();
  };
  // The shipments count is checked against the list itself, an independent reading.
  const needingUpdates = await get('/api/v2/shipments?needsUpdates=true&pageSize=1');
  return {
    shipmentsNeedingUpdates: needingUpdates.totalCount as number,
    sentTenders: (await get('/api/v2/tenders/status_counts')).data.sent as number,
    openRateRequests: (await get('/api/v2/rate_requests/status_counts')).data.sent as number,
    accountingActionRequired: (await get('/api/v2/invoices/counts')).data.actionRequired as number,
    newCases: (await get('/api/v2/cases/count_stats')).data.new as number,
  };
}

test('the carrier sees every group and live counts that match the data', async ({
  page,
  request,
}) => {
  await signIn(page, 'carrier@demo.test');
  const expected = await countsFromApi(request, 'carrier@demo.test');
  expect(expected.shipmentsNeedingUpdates + expected.accountingActionRequired).toBeGreaterThan(0);
  for (const group of ['Load Board', 'Manage Freight', 'Financials', 'Account']) {
    await expect(nav(page).getByRole('button', { name: group, exact: true })).toBeVisible();
  }
  await openNavigationGroup(page, 'Manage Freight');
  for (const [count, value] of Object.entries(expected).slice(0, 3)) {
    await expect(page.getByTestId(`navigation-count-${count}`)).toHaveText(
      value.toLocaleString('en-US'),
    );
  }
  await openNavigationGroup(page, 'Financials');
  for (const [count, value] of Object.entries(expected).slice(3)) {
    await expect(page.getByTestId(`navigation-count-${count}`)).toHaveText(
      value.toLocaleString('en-US'),
    );
  }
  // The carrier's company has a 3PL network.
  await expect(nav(page).getByRole('link', { name: 'Third Party Payer Invoices' })).toBeVisible();
  // The dashboard shows the same counts.
  await expect(page.getByTestId('dashboard-count-sentTenders')).toHaveText(
    expected.sentTenders.toLocaleString('en-US'),
  );
  await page.screenshot({ path: screenshotPath('shell/dashboard-1440.png') });
});

test('the open menu is remembered on this device', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await openNavigationGroup(page, 'Financials');
  await expect(nav(page).getByRole('link', { name: 'Accounting' })).toBeVisible();
  await page.reload();
  await expect(nav(page).getByRole('button', { name: 'Financials', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(nav(page).getByRole('button', { name: 'Account', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  // Opening another menu closes the first, and that is remembered too.
  await openNavigationGroup(page, 'Account');
  await expect(nav(page).getByRole('button', { name: 'Financials', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await page.evaluate(() => localStorage.getItem('portal.navigation.openMenu'))).toBe(
    'Account',
  );
  // Support opens the help desk in a new tab.
  const support = nav(page).getByRole('link', { name: 'Support' });
  await expect(support).toHaveAttribute('href', 'https://support.carrierportal.example/hc');
  await expect(support).toHaveAttribute('target', '_blank');
});

test('brokers see no load board group and no accessorial requests; no 3PL network, no 3PL invoices', async ({
  page,
}) => {
  await signIn(page, 'broker@demo.test');
  await expect(
    nav(page).getByRole('button', { name: 'Manage Freight', exact: true }),
  ).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Load Board', exact: true })).toHaveCount(0);
  await openNavigationGroup(page, 'Financials');
  await expect(nav(page).getByRole('link', { name: 'Accounting' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Accessorial Requests' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Third Party Payer Invoices' })).toHaveCount(0);
});

test('factoring: its menu offers its carriers’ Third Party Payer Invoices and opens them', async ({
  page,
  request,
}) => {
  // The factoring company has no 3PL network of its own (decision 230).
  const { accessToken, user } = await authorize(request, 'factoring@demo.test');
  expect(user.has3PLNetwork).toBe(false);
  const invoices = await request.get('/api/v1/third_party_payer_invoices', {
    headers: { authorization: `Bearer ${accessToken}` },
    params: { pageSize: 20 },
  });
  expect(invoices.status()).toBe(200);
  const { totalCount } = (await invoices.json()) as { totalCount: number };
  expect(totalCount).toBeGreaterThan(0);

  await signIn(page, 'factoring@demo.test');
  await expect(nav(page).getByRole('button', { name: 'Manage Freight', exact: true })).toHaveCount(
    0,
  );
  await openNavigationGroup(page, 'Financials');
  await expect(nav(page).getByRole('link', { name: 'Payment Remittance' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Third Party Payer Invoices' }).click();
  await expect(page).toHaveURL('/third-party-payer-invoices');
  await expect(
    page.getByRole('banner').getByRole('heading', { name: 'Third Party Payer Invoices' }),
  ).toBeVisible();
  const views = page.getByRole('list', { name: 'Views' });
  await expect(views.getByLabel(`${totalCount} All`, { exact: true })).toBeVisible();
  await views.getByRole('button', { name: /^All/ }).click();
  await expect(page.getByRole('article', { name: /^Invoice / }).first()).toBeVisible();
});

test('the navigation is 240 px open, 60 collapsed, and expands while hovered', async ({ page }) => {
  await signIn(page, 'carrier@demo.test');
  const width = async () => (await nav(page).boundingBox())!.width;
  await expect.poll(width).toBe(240);
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await page.mouse.move(900, 500);
  await expect.poll(width).toBe(60);
  await expect(page.getByRole('main')).toHaveCSS('margin-left', '60px');
  await page.screenshot({ path: screenshotPath('shell/navigation-collapsed-1440.png') });
  await nav(page).hover();
  await expect.poll(width).toBe(240);
  // Expanded over the page: the page does not move.
  await expect(page.getByRole('main')).toHaveCSS('margin-left', '60px');
  await page.mouse.move(900, 500);
  await expect.poll(width).toBe(60);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect.poll(width).toBe(240);
});

test('the top bar: page title, UAT badge, user menu and the admin request badge', async ({
  page,
}) => {
  await signIn(page, 'carrier@demo.test');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('UAT Data')).toBeVisible();
  await page.goto('/available-freight');
  await expect(banner.getByRole('heading', { name: 'Top Picks' })).toBeVisible();
  await banner.getByRole('button', { name: /^User menu for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Jordan Reyes/,
    'My Profile',
    'Admin',
    'API Documentation',
    'Logout',
  ]);
  await menu.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(banner.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await banner.getByRole('link', { name: 'Carrier Portal home' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(banner.getByRole('link', { name: /open access requests$/ })).toBeVisible();

  await forgetSignIn(page);
  await signIn(page, 'dispatcher@demo.test');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^User menu for / })
    .click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    /Sam Patel/,
    'My Profile',
    'Contacts',
    'Logout',
  ]);
});
