import { expect, test } from '../support/fixtures';
import {
  authorize,
  acceptAccessTerms,
  approvedAccessRequest,
  dropExpectedFailures,
  linkFromOutbox,
  signInOnProviderScreen,
} from '../support/identity';

test('an approved access request activates by e-mail, and the password is reset through the e-mailed link', async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = `new.dispatcher.${Date.now()}@redriverfreight.example`;
  await approvedAccessRequest(request, {
    firstName: 'Dana',
    lastName: 'Lopez',
    email,
    message: 'New day dispatcher',
  });

  // The activation link from the e-mail sets the first password.
  await page.goto(await linkFromOutbox(request, email, 'ActivateUser'));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('First-Password-9');
  await page.getByLabel('Confirm new password').fill('First-Password-9');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Password Reset Successful' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\?interaction=/);
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('First-Password-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await acceptAccessTerms(page);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('Dana Lopez');

  // Forgot it already: sign out, ask for a reset from the sign-in screen.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^User menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login\?interaction=/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Please check your email' }),
  ).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('Second-Password-8');
  await page.getByLabel('Confirm new password').fill('Second-Password-8');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Password Reset Successful' }),
  ).toBeVisible();
  const used = page.url();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInOnProviderScreen(page, email, 'Second-Password-8');
  await expect(page).toHaveURL('/dashboard');

  // The link worked once.
  await page.goto(new URL(used).pathname);
  await page.getByLabel('New password', { exact: true }).fill('Third-Password-7');
  await page.getByLabel('Confirm new password').fill('Third-Password-7');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This link has already been used. Request a new one.')).toBeVisible();
  dropExpectedFailures(consoleErrors, 400);
});

test('a driver link opens the driver’s shipments without the top bar and navigation', async ({
  page,
  request,
}) => {
  const carrier = await authorize(request, 'carrier@demo.test');
  const driver = await authorize(request, 'driver@demo.test');
  const made = await request.post(`/api/v1/drivers/${driver.user.id}/links`, {
    headers: { authorization: `Bearer ${carrier.accessToken}` },
    data: { expiresInHours: 24 },
  });
  expect(made.status()).toBe(201);
  const { url } = (await made.json()).data as { url: string };
  const link = new URL(url);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL('/all-shipments');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // The mode stays for the session, without the token in the address.
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  const session = await page.evaluate(async () => (await fetch('/auth/session')).json());
  expect(session.data).toMatchObject({ driverMode: true, user: { id: driver.user.id } });
});

test('a driver link that is not valid says so', async ({ page, consoleErrors }) => {
  await page.goto('/all-shipments?driverToken=drv_not-a-real-token');
  await expect(page.getByText('This driver link is not valid or has expired.')).toBeVisible();
  dropExpectedFailures(consoleErrors, 401);
});
