import { AccountingFilterStatus } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The dashboard's accounting preview shows the invoice itself, in place over the dashboard, in the
// same drawer as /accounting; closing it returns to the dashboard's accounting view.

interface Summary {
  invoiceNumber: string;
}

test('the dashboard’s accounting preview shows the invoice in place', async ({ page, request }) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const response = await request.get(
    `/api/v2/ap_invoices?status=${AccountingFilterStatus.Paid}&pageSize=5`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.status()).toBe(200);
  const [invoice] = ((await response.json()) as { data: Summary[] }).data;
  expect(invoice, 'a paid invoice of the demo carrier').toBeDefined();

  await page.goto(`/dashboard/accounting/${invoice!.invoiceNumber}/preview`);
  // The dashboard stays behind, the invoice opens over it.
  await expect(
    page.getByRole('heading', { name: /^Welcome back/, includeHidden: true }),
  ).toBeAttached();
  const drawer = page.getByRole('dialog', { name: `Invoice ${invoice!.invoiceNumber}` });
  await expect(drawer).toBeVisible();
  const charges = drawer.getByRole('table', { name: 'Charges' });
  await expect(charges).toContainText('Total');
  expect(await charges.getByRole('row').count()).toBeGreaterThanOrEqual(3);
  await expect(drawer.getByRole('region', { name: 'Documents' }).first()).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Summary' })).toContainText('Invoice Amount');
  await expect(drawer.getByRole('link', { name: /^Open Invoice/ })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('accounting/dashboard-preview-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(drawer.getByRole('table', { name: 'Charges' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('accounting/dashboard-preview-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await drawer.getByRole('button', { name: 'Close invoice' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounting$/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Accounting Action Required' })).toBeVisible();
});
