import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { authorize } from '../support/identity';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The administrator's screens: access requests from the top bar badge, API keys, and the API
// documentation (administrators and API keys only).
const shots = screenshotPath('people');

test('admin@demo.test approves an access request reached from the top bar badge', async ({
  page,
  request,
}) => {
  const carrier = await authorize(request, 'carrier@demo.test');
  const email = `new.biller.${Date.now()}@redriverfreight.example`;
  const asked = await request.post('/api/v1/access_requests', {
    data: {
      companyNumber: carrier.user.companyNumber,
      firstName: 'Casey',
      lastName: 'Moreau',
      emailAddress: email,
      message: 'Night billing',
    },
  });
  expect(asked.status()).toBe(202);

  await signIn(page, request, 'admin@demo.test');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /open access requests$/ })
    .click();
  await expect(page).toHaveURL('/admin/access-requests');
  await expect(page.getByRole('tab', { name: 'Access Requests', selected: true })).toBeVisible();
  const card = page.getByRole('article', { name: 'Casey Moreau' });
  await expect(card.getByText(email, { exact: false })).toBeVisible();
  await expect(card.getByText('“Night billing”')).toBeVisible();
  await page.screenshot({ path: join(shots, 'access-requests-1440.png') });
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Casey Moreau' });
  await dialog.getByRole('checkbox', { name: 'CarrierPortal' }).check();
  await dialog.getByRole('checkbox', { name: 'AP', exact: true }).check();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByText('Casey Moreau approved; the activation e-mail is on its way'),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Casey Moreau' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  const approved = page.getByRole('article', { name: 'Casey Moreau' });
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
});

test('admin@demo.test creates an API key, calls the API with it, revokes it and is refused after', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'admin@demo.test');
  await page.goto('/admin/api-keys');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API Key' });
  const name = `Reporting ${Date.now()}`;
  await create.getByLabel('Name').fill(name);
  await expect(create.getByRole('checkbox', { name: 'Admin' }).first()).toBeChecked();
  await create.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: `API key ${name}` });
  const key = await shown.getByLabel('API key').inputValue();
  expect(key.length).toBeGreaterThan(20);
  await page.screenshot({ path: join(shots, 'api-key-created-1440.png') });
  await shown.getByRole('button', { name: 'Done' }).click();

  const withKey = { 'api-key': key };
  const company = await request.get('/api/v1/me/company', { headers: withKey });
  expect(company.status()).toBe(200);
  expect((await company.json()).data.kind).toBe('operator');
  const docs = await request.get('/api/docs/json', { headers: withKey });
  expect((await docs.json()).openapi).toBe('3.1.0');

  const card = page.getByRole('article', { name });
  await expect(card.getByText('Active')).toBeVisible();
  await card.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(card.getByText(/^Revoked /)).toBeVisible();
  expect((await request.get('/api/v1/me/company', { headers: withKey })).status()).toBe(401);
});

test('the API documentation: a page for administrators, refused to anyone else', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'carrier@demo.test');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^User menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'API Documentation' }).click();
  await expect(page).toHaveURL('/admin/api-documentation');
  await expect(page.getByRole('heading', { name: 'Carrier Portal API' })).toBeVisible();
  const contacts = page.getByRole('region', { name: 'Contacts' });
  await expect(contacts.getByText('/api/v1/contacts', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Filter operations').fill('trailers');
  await expect(page.getByRole('region', { name: 'Equipment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contacts' })).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'api-documentation-1440.png') });
  // The browser's own session cookie opens the rendered documentation (read without rendering it).
  expect((await page.request.get('/api/docs')).status()).toBe(200);

  await signIn(page, request, 'dispatcher@demo.test');
  expect((await page.request.get('/api/docs')).status()).toBe(403);
  expect((await page.request.get('/api/docs/json')).status()).toBe(403);
  await page.goto('/admin/api-documentation');
  await expect(page.getByText('You are not Authorized for this content')).toBeVisible();
});
