import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The dashboard's carrier scorecard, the training videos and the application updates, as
// carrier@demo.test.
const shots = screenshotPath('people');

test('the dashboard shows the carrier scorecard computed by the server', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
  const { companyId } = (await me.json()).data as { companyId: string };
  const answer = await request.get(`/api/v1/carriers/${companyId}/scorecard`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const scorecard = (await answer.json()).data as {
    shipmentCount: number;
    onTimePickup: { percent: number | null };
    onTimeDelivery: { percent: number | null };
    tenderAcceptance: { percent: number | null };
    claims: { count: number };
  };
  expect(scorecard.shipmentCount).toBeGreaterThan(0);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Carrier Scorecard' });
  await expect(card.getByText(`${scorecard.shipmentCount} loads hauled`)).toBeVisible();
  const percent = (value: number | null) => (value === null ? '—' : `${value}%`);
  await expect(card.getByRole('region', { name: 'On-Time Pickup' })).toContainText(
    percent(scorecard.onTimePickup.percent),
  );
  await expect(card.getByRole('region', { name: 'On-Time Delivery' })).toContainText(
    percent(scorecard.onTimeDelivery.percent),
  );
  await expect(card.getByRole('region', { name: 'Tender Acceptance' })).toContainText(
    percent(scorecard.tenderAcceptance.percent),
  );
  await expect(card.getByRole('region', { name: 'Claims' })).toContainText(
    String(scorecard.claims.count),
  );
  await card.screenshot({ path: join(shots, 'dashboard-scorecard-1440.png') });
});

test('videos play in the player, and the application updates come from the changelog', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'carrier@demo.test');
  await page.goto('/videos');
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('heading', { name: 'Finding and booking a load' })).toBeVisible();
  const video = player.locator('video');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.2);
  await page.screenshot({ path: join(shots, 'videos-1440.png') });

  await page
    .getByRole('navigation', { name: 'Training videos' })
    .getByRole('button', { name: /Getting paid/ })
    .click();
  await expect(page).toHaveURL(/\?video=getting-paid$/);
  await expect(player.getByRole('heading', { name: 'Getting paid' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'videos-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Changelog' }).click();
  const updates = page.getByRole('heading', { name: 'Application updates' }).locator('..');
  await expect(updates.getByText('Equipment, contacts and your profile')).toBeVisible();
  await expect(updates.getByText('Shipment quick-search')).toBeVisible();
});
