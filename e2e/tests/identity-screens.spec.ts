import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { screenshotPath } from '../support/screenshots';
import {
  authorize,
  dropExpectedFailures,
  forgetSignIn,
  signInOnProviderScreen,
} from '../support/identity';

// Screenshots of the sign-in screens and the signed-in frame at phone and desktop widths, for
// docs/screenshots/identity. Run with SCREENSHOTS=1.
test.skip(!process.env.SCREENSHOTS, 'screenshots only when asked for');

const sizes = [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: screenshotPath('identity', `${name}.png`) });
}

for (const [size, viewport] of sizes) {
  test(`sign-in screens at ${size} width`, async ({ page, request, consoleErrors }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.waitForURL(/\/login\?interaction=/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shoot(page, `sign-in-${size}`);

    await signInOnProviderScreen(page, 'dispatcher@demo.test', 'wrong-password');
    await expect(page.getByText('Wrong username or password')).toBeVisible();
    if (size === 'phone') await shoot(page, `sign-in-wrong-password-${size}`);
    dropExpectedFailures(consoleErrors, 401);

    await page.goto('/forgot-password?login_hint=dispatcher%40demo.test');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    if (size === 'phone') await shoot(page, `forgot-password-${size}`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please check your email');
    if (size === 'phone') await shoot(page, `check-email-${size}`);

    await page.goto('/reset-password/an-example-token');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    if (size === 'phone') await shoot(page, `reset-password-${size}`);

    await page.goto('/login?error=do_not_use&contact=carriers%40meridianfreight.example');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Do Not Use');
    if (size === 'phone') await shoot(page, `do-not-use-${size}`);
    await request.dispose();
  });

  test(`signed-in frame at ${size} width`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await signInOnProviderScreen(page, 'carrier@demo.test');
    await expect(page.getByText('Login Successful')).toBeVisible();
    await shoot(page, `signed-in-carrier-${size}`);

    await forgetSignIn(page);
    await page.goto('/');
    await signInOnProviderScreen(page, 'driver@demo.test');
    await expect(page).toHaveURL('/all-shipments');
    await page.goto('/accounting');
    await expect(page.getByText('You are not Authorized for this content')).toBeVisible();
    await shoot(page, `not-authorized-${size}`);

    const carrier = await authorize(request, 'carrier@demo.test');
    const driver = await authorize(request, 'driver@demo.test');
    const made = await request.post(`/api/v1/drivers/${driver.user.id}/links`, {
      headers: { authorization: `Bearer ${carrier.accessToken}` },
      data: {},
    });
    const link = new URL((await made.json()).data.url);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL('/all-shipments');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
}
