import { join } from 'node:path';
import { ACCESS_TERMS_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { activateFromEmailAndSignIn, approvedAccessRequest, authorize } from '../support/identity';
import { screenshotPath } from '../support/screenshots';

const shots = screenshotPath('access');

test('a user activated from the e-mail accepts the access terms before seeing the dashboard', async ({
  page,
  request,
}) => {
  const email = `terms.${Date.now()}@redriverfreight.example`;
  await approvedAccessRequest(request, {
    firstName: 'Morgan',
    lastName: 'Ashby',
    email,
    message: 'Night dispatcher',
  });
  await activateFromEmailAndSignIn(page, request, email, 'First-Password-9');

  // The terms, and nothing else: no top bar, no navigation, no dashboard.
  await expect(page.getByRole('heading', { name: 'Carrier Portal Access Terms' })).toBeVisible();
  await expect(page.getByText('Version 2026-11-01')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Terms' })).toContainText(
    'Your account is personal',
  );
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByText('Welcome back')).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'access-terms-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'access-terms-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A script signed in as the same person is refused too, with the reason.
  const morgan = await authorize(request, email, 'First-Password-9');
  const asMorgan = { authorization: `Bearer ${morgan.accessToken}` };
  const refused = await request.get('/api/v2/shipments', { headers: asMorgan });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ detail: ACCESS_TERMS_MESSAGES.mustAccept });

  // Opening another page shows the terms all the same.
  await page.goto('/all-shipments');
  await expect(page.getByRole('heading', { name: 'Carrier Portal Access Terms' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Accept Access Terms' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan' })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('Morgan Ashby');
  expect((await request.get('/api/v2/shipments', { headers: asMorgan })).status()).toBe(200);
  const terms = await request.get('/api/v1/access_terms', { headers: asMorgan });
  expect((await terms.json()).data).toMatchObject({ version: '2026-11-01' });
  expect((await terms.json()).data.acceptedAt).not.toBeNull();

  // Accepted once: the next visit opens the portal at once.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Carrier Portal Access Terms' })).toHaveCount(0);
});
