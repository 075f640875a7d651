import { expect, test } from '../support/fixtures';
import { signIn } from '../support/identity';
import { screenshotPath } from '../support/screenshots';

test.use({ viewport: { width: 375, height: 812 } });

test('on a phone the quick-search is a full-screen drawer and the navigation a drawer', async ({
  page,
}) => {
  await signIn(page, 'carrier@demo.test');
  await expect(page.getByTestId('side-navigation')).toHaveCount(0);
  // The picture shows the dashboard with its figures, not the moment the frame arrives.
  await expect(page.getByRole('region', { name: 'Shipments Needing Updates' })).toContainText(/\d/);
  await page.screenshot({ path: screenshotPath('shell/dashboard-375.png') });

  await page.getByRole('banner').getByRole('button', { name: 'Search By Shipment #' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search By Shipment #' });
  await expect(drawer).toBeVisible();
  const box = (await drawer.boundingBox())!;
  expect(box.width).toBe(375);
  expect(box.height).toBe(812);
  await expect(drawer.getByText('Enter shipment number to start search')).toBeVisible();
  // The field has the focus: typing searches at once.
  await expect(drawer.getByRole('combobox', { name: 'Search shipments' })).toBeFocused();
  await page.keyboard.type('999999');
  await expect(drawer.getByText('No Matching Results')).toBeVisible();
  await page.screenshot({ path: screenshotPath('shell/quick-search-drawer-375.png') });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const navigation = page.getByRole('navigation', { name: 'Side navigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await navigation.getByRole('button', { name: 'Manage Freight', exact: true }).click();
  await page.screenshot({ path: screenshotPath('shell/navigation-375.png') });
  await navigation.getByRole('link', { name: /^Tenders/ }).click();
  await expect(page).toHaveURL('/tenders');
  await expect(navigation).toHaveCount(0);
});
