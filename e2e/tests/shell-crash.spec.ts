import { expect, test } from '../support/fixtures';
import { signIn } from '../support/identity';
import { screenshotPath } from '../support/screenshots';

test('a render crash shows the crash screen and is logged on the server', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'carrier@demo.test');
  // The dashboard signed into has its own payments first: its recent payments are drawn in turn
  // after the frame (decision 272), and their request must not meet the answer set below.
  const recentPayments = page.getByRole('region', { name: 'Recent Payments' });
  await expect(
    recentPayments
      .getByRole('link', { name: /^Check / })
      .first()
      .or(recentPayments.getByText('No payments in the last 3 months')),
  ).toBeVisible();
  // A payments answer the dashboard cannot read makes it crash while rendering.
  await page.route('**/api/v1/payments?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":null}' }),
  );
  const logged = page.waitForRequest(
    (request) => request.url().endsWith('/api/v1/client_errors') && request.method() === 'POST',
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Whoops! Something Went Wrong' })).toBeVisible();
  await expect(page.getByText('Our provider has been notified of the problem.')).toBeVisible();
  const report = (await logged).postDataJSON() as { kind: string; path: string };
  expect(report).toMatchObject({ kind: 'crash', path: '/dashboard' });
  expect((await (await logged).response())?.status()).toBe(204);
  await page.screenshot({ path: screenshotPath('shell/crash-1440.png') });
  await page.unroute('**/api/v1/payments?*');
  await page.getByRole('link', { name: 'Return to Home Page' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The crash was written to the console on purpose.
  consoleErrors.splice(0);
});

test('a page whose code fails to load reloads once, then shows the crash screen', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'carrier@demo.test');
  await page.goto('/all-shipments');
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads += 1;
  });
  await page.route('**/assets/dashboard-page-*.js', (route) => route.abort());
  await page.evaluate(() => sessionStorage.removeItem('portal.failedPageLoadReloadAt'));
  await page.getByTestId('side-navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Whoops! Something Went Wrong' })).toBeVisible();
  // Exactly one reload: no loop.
  expect(documentLoads).toBe(1);
  await page.waitForTimeout(1000);
  expect(documentLoads).toBe(1);
  consoleErrors.splice(0);
});
