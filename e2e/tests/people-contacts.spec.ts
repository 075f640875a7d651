import { join } from 'node:path';
import { LIST_PAGE_SIZE, PEOPLE_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { acceptAccessTerms, activateFromEmailAndSignIn, forgetSignIn } from '../support/identity';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// Contacts as carrier@demo.test (an administrator of Red River): the list by role, a new contact
// with portal access whose activation e-mail (read from the outbox) lets them sign in.
const shots = screenshotPath('people');

test('a contact created with portal access activates from the e-mail and signs in', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const listed = await request.get(`/api/v1/contacts?roles=Driver`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const drivers = (await listed.json()) as { totalCount: number; pageSize: number };
  expect(drivers.pageSize).toBe(LIST_PAGE_SIZE);
  expect(drivers.totalCount).toBeGreaterThan(0);

  await page.goto('/contacts');
  await expect(page.getByRole('article').first()).toBeVisible();
  const views = page.getByRole('list', { name: 'Views' });
  await expect(views.getByRole('button', { name: /Drivers/ })).toContainText(
    String(drivers.totalCount),
  );
  await views.getByRole('button', { name: /Drivers/ }).click();
  await expect(page.getByRole('article')).toHaveCount(Math.min(drivers.totalCount, LIST_PAGE_SIZE));
  await page.screenshot({ path: join(shots, 'contacts-drivers-1440.png') });

  // A driver's contact page makes a driver link.
  await page.getByRole('article').first().getByRole('link').click();
  const preview = page.getByRole('dialog');
  await preview.getByRole('button', { name: 'Create Driver Link' }).click();
  await expect(preview.getByLabel(/Driver link/)).toHaveValue(/driverToken=/);
  await preview.getByRole('button', { name: 'Close contact' }).click();

  const email = `avery.${Date.now()}@redriverfreight.example`;
  await page.getByRole('link', { name: 'Add Contact' }).click();
  await expect(page).toHaveURL(/\/contacts\/create$/);
  const form = page.getByRole('form', { name: 'Add Contact' });
  await form.getByLabel('First name').fill('Avery');
  await form.getByLabel('Last name').fill('Lindgren');
  await form.getByLabel('Title').fill('Billing Clerk');
  await form.getByRole('checkbox', { name: 'AP', exact: true }).check();
  await form.getByRole('checkbox', { name: 'BillTo', exact: true }).check();
  await form.getByLabel(/Portal access/).check();
  await form.getByRole('checkbox', { name: 'CarrierPortal', exact: true }).check();
  await form.getByRole('textbox', { name: 'E-mail 1', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Add Phone' }).click();
  await form.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('701 555 0144');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'contact-create-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PEOPLE_MESSAGES.contactCreated)).toBeVisible();

  const created = page.getByRole('dialog', { name: 'Avery Lindgren' });
  await expect(created.getByText('Invitation sent')).toBeVisible();
  await expect(created.getByText('(701) 555-0144 (Mobile)')).toBeVisible();
  await page.screenshot({ path: join(shots, 'contact-preview-1440.png') });

  // The activation e-mail, read from the outbox, sets the first password; the new person signs in.
  await forgetSignIn(page);
  await activateFromEmailAndSignIn(page, request, email, 'First-Password-9');
  await acceptAccessTerms(page);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('Avery Lindgren');
});
