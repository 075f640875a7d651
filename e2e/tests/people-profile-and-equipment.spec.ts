import { join } from 'node:path';
import { EQUIPMENT_MESSAGES, PROFILE_MESSAGES } from '@portal/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The profile (picture, edit, integrations) and the equipment lists, as carrier@demo.test.
const shots = screenshotPath('people');
const documents = join(import.meta.dirname, '..', 'fixtures', 'documents');

async function totalOf(request: APIRequestContext, token: string, url: string) {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalCount: number }).totalCount;
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}-1440.png`) });
  await page.setViewportSize({ width: 375, height: 812 });
  // The navigation collapses with a transition when the window narrows.
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, `${name}-375.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Opens My Profile from the user menu, on its Details tab. */
async function openProfile(page: Page, name: string) {
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
}

// As other@demo.test: carrier@demo.test's pages run in other tests beside this one, and a picture
// removed while one of them shows it (its top bar, its company's contacts) answers their image 404.
test('My Profile: a picture saved and removed with the toasts', async ({ page, request }) => {
  await signIn(page, request, 'other@demo.test');
  await openProfile(page, 'Ben Carter');
  await page
    .getByLabel('Profile picture file')
    .setInputFiles(join(documents, 'lumper-receipt.png'));
  await expect(page.getByText(PROFILE_MESSAGES.pictureSaved)).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: 'Ben Carter' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Picture' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.pictureRemoved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Picture' })).toHaveCount(0);
});

test('My Profile: details edited, the integrations and notifications tabs', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'carrier@demo.test');
  await openProfile(page, 'Jordan Reyes');

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel('Title').fill('Owner and Dispatcher');
  await page.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('701.555.0188');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Owner and Dispatcher')).toBeVisible();
  await expect(page.getByText(/\(701\) 555-0188/)).toBeVisible();

  await page.goto('/profile?tab=integrations');
  await expect(page.getByRole('tab', { name: 'Integrations', selected: true })).toBeVisible();
  const integrations = page.getByRole('region', { name: 'Integrations' });
  await expect(integrations.getByRole('heading', { name: 'Tracking Integration' })).toBeVisible();
  await expect(integrations.getByText('Token expired')).toBeVisible();
  await expect(integrations.getByRole('link', { name: 'Manage API Keys' })).toBeVisible();
  await screenshots(page, 'profile-integrations');

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const tenders = page.getByLabel('A tender is sent to us: by e-mail');
  const wasOn = await tenders.isChecked();
  await tenders.click();
  await expect(tenders).toBeChecked({ checked: !wasOn });
  await page.reload();
  await expect(page.getByLabel('A tender is sent to us: by e-mail')).toBeChecked({
    checked: !wasOn,
  });
});

test('Equipment: tabs with counts, a trailer added with its photo, edited and retired', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const trailers = await totalOf(request, token, '/api/v2/trailers?pageSize=1');
  const powerUnits = await totalOf(request, token, '/api/v2/power_units?pageSize=1');
  expect(trailers).toBeGreaterThan(0);
  expect(powerUnits).toBeGreaterThan(0);

  await page.goto('/equipment');
  await expect(
    page.getByRole('tab', { name: `Trailers (${trailers})`, selected: true }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: `Power Units (${powerUnits})` })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Trailer / }).first()).toBeVisible();
  await screenshots(page, 'equipment-trailers');

  const number = `E2E-${Date.now().toString().slice(-6)}`;
  await page.getByRole('button', { name: 'Add Trailer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trailer' });
  await dialog.getByLabel('Trailer number').fill(number);
  await dialog.getByLabel('Equipment type').click();
  await page.getByRole('option', { name: 'Reefer', exact: true }).click();
  await dialog.getByLabel('Length').click();
  await page.getByRole('option', { name: '53 ft' }).click();
  await dialog.getByLabel('License plate').fill('ND 7781');
  await dialog.getByLabel('State').fill('ND');
  await dialog.getByLabel('VIN').fill('1UYVS2538LU123456');
  await dialog.getByLabel('Year').fill('2022');
  await dialog.getByLabel('Make').fill('Utility');
  await dialog.getByLabel('Trailer photo').setInputFiles(join(documents, 'trailer-photo.jpg'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(EQUIPMENT_MESSAGES.trailerSaved)).toBeVisible();
  await expect(page.getByRole('tab', { name: `Trailers (${trailers + 1})` })).toBeVisible();

  await page.getByRole('searchbox').fill(number);
  const card = page.getByRole('article', { name: `Trailer ${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Reefer')).toBeVisible();
  await expect(card.getByText('53 ft')).toBeVisible();
  await expect(card.getByRole('img', { name: `Photo of trailer ${number}` })).toBeVisible();
  await screenshots(page, 'equipment-trailer-created');

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit Trailer ${number}` });
  await edit.getByLabel('Make').fill('Wabash');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('2022 Wabash')).toBeVisible();

  await card.getByRole('button', { name: 'Retire' }).click();
  await page
    .getByRole('dialog', { name: `Retire trailer ${number}?` })
    .getByRole('button', { name: 'Retire' })
    .click();
  await expect(page.getByText(EQUIPMENT_MESSAGES.trailerRetired)).toBeVisible();
  await expect(page.getByRole('tab', { name: `Trailers (${trailers})` })).toBeVisible();
  await expect(page.getByText(EQUIPMENT_MESSAGES.noTrailers)).toBeVisible();

  await page.getByRole('tab', { name: `Power Units (${powerUnits})` }).click();
  await expect(page).toHaveURL(/\/equipment\/power-units/);
  await expect(page.getByRole('article', { name: /^Power Unit / }).first()).toBeVisible();
});
