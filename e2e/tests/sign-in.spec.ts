import { expect, test } from '../support/fixtures';
import {
  DEMO_PASSWORD,
  dropExpectedFailures,
  signIn,
  signInOnProviderScreen,
} from '../support/identity';

// Every demo user signs in through the built-in provider and lands where the spec's default
// landing says: accounting for factoring users, the dashboard for carriers, all shipments for drivers.
const landings = [
  ['carrier@demo.test', 'Jordan Reyes', '/dashboard'],
  ['dispatcher@demo.test', 'Sam Patel', '/dashboard'],
  ['billing@demo.test', 'Rachel Nguyen', '/dashboard'],
  ['broker@demo.test', 'Chris Dalton', '/dashboard'],
  ['other@demo.test', 'Ben Carter', '/dashboard'],
  ['factoring@demo.test', 'Linda Park', '/accounting'],
  ['driver@demo.test', 'Mike Kowalski', '/all-shipments'],
  // The operator's staff land on their queues (decision 151).
  ['admin@demo.test', 'Alex Morgan', '/operations'],
] as const;

for (const [email, name, landing] of landings) {
  test(`${email} signs in and lands on ${landing}`, async ({ page }) => {
    await page.goto('/');
    await signInOnProviderScreen(page, email);
    await expect(page).toHaveURL(landing);
    await expect(page.getByText('Login Successful')).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('signed-in-user')).toHaveText(name);
    await banner.getByRole('button', { name: `User menu for ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The browser holds a session cookie and nothing that looks like a token.
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === '__Host-portal_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toMatch(/eyJ/);
  });
}

test('the operator’s administrator who opens the dashboard is refused it as the spec says', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/operations');
  // The dashboard sends users without the carrier portal to all shipments, which refuses them.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/all-shipments');
  await expect(page.getByText('You are not Authorized for this content')).toBeVisible();
});

test('a wrong password says so and keeps the user on the sign-in screen', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await signInOnProviderScreen(page, 'dispatcher@demo.test', 'not-the-password');
  await expect(page.getByText('Wrong username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?interaction=/);
  dropExpectedFailures(consoleErrors, 401);
});

test('a route the user may not see shows the spec’s message; third-party invoices send to shipments', async ({
  page,
}) => {
  await signIn(page, 'driver@demo.test');
  await page.goto('/accounting');
  await expect(page.getByText('You are not Authorized for this content')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Accounting' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/all-shipments');

  await page.goto('/shipments/1000001/nothing/here');
  await expect(page.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
  await page.goto('/no-such-area');
  await expect(page).toHaveURL('/all-shipments');
});

test('a dispatcher without a billing role is sent from third-party invoices to all shipments', async ({
  page,
}) => {
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/third-party-payer-invoices');
  await expect(page).toHaveURL('/all-shipments');
  await page.goto('/reloads');
  await expect(page.getByText('You are not Authorized for this content')).toHaveCount(0);
});

test('a signed-out visitor goes to the provider and comes back to the page asked for', async ({
  page,
}) => {
  await page.goto('/tenders?status=0');
  await signInOnProviderScreen(page, 'carrier@demo.test');
  await expect(page).toHaveURL('/tenders?status=0');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Tenders' })).toBeVisible();
});

test('logout ends the portal session and the provider session', async ({ page }) => {
  await signIn(page, 'other@demo.test');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^User menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Back on the provider's sign-in screen, asking for the password again.
  await page.waitForURL(/\/login\?interaction=/);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === '__Host-portal_session')).toBeUndefined();
  await page.goto('/dashboard');
  await page.waitForURL(/\/login\?interaction=/);
  await signInOnProviderScreen(page, 'other@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
});
