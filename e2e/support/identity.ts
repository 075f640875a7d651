import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export const DEMO_PASSWORD = 'Portal-Demo-1';

/** Signs in through the built-in provider's screen, as a person would, from wherever the page is. */
export async function signInOnProviderScreen(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.waitForURL(/\/login\?interaction=/);
  const emailField = page.getByLabel('Email address');
  await emailField.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Forgets the signed-in person (their cookies) to sign in as someone else. The portal is left
 * first: a page still open would answer its next refresh with a 401 and send itself to sign-in,
 * cutting the next navigation short.
 */
export async function forgetSignIn(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Opens the portal signed out and signs in; answers once the app's frame is there. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await signInOnProviderScreen(page, email, password);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Someone asks Red River (carrier@'s company) for access; its administrator approves. */
export async function approvedAccessRequest(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; message: string },
) {
  const carrier = await authorize(request, 'carrier@demo.test');
  const asCarrier = { authorization: `Bearer ${carrier.accessToken}` };
  const asked = await request.post('/api/v1/access_requests', {
    data: {
      companyNumber: carrier.user.companyNumber,
      firstName: person.firstName,
      lastName: person.lastName,
      emailAddress: person.email,
      message: person.message,
    },
  });
  expect(asked.status()).toBe(202);
  const open = await request.get('/api/v1/access_requests?status=Open', { headers: asCarrier });
  const pending = ((await open.json()).data as { id: string; email: string }[]).find(
    (row) => row.email === person.email,
  )!;
  const approved = await request.post(`/api/v1/access_requests/${pending.id}/approve`, {
    headers: asCarrier,
    data: { permissions: ['CarrierPortal'] },
  });
  expect(approved.status()).toBe(200);
}

/** The activation link from the e-mail sets the first password; the new person then signs in. */
export async function activateFromEmailAndSignIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  await page.goto(await linkFromOutbox(request, email, 'ActivateUser'));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\?interaction=/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new user accepts the access terms shown in place of the portal after sign-in (decision 180). */
export async function acceptAccessTerms(page: Page) {
  await expect(page.getByRole('heading', { name: 'Carrier Portal Access Terms' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Access Terms' }).click();
}

/** A script's bearer token and the user (POST /api/v1/auth/authorize). */
export async function authorize(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
) {
  const response = await request.post('/api/v1/auth/authorize', {
    data: { emailAddress: email, password },
  });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  return data as {
    accessToken: string;
    user: {
      id: string;
      companyNumber: string;
      firstName: string;
      lastName: string;
      has3PLNetwork: boolean;
    };
  };
}

/**
 * The newest link of one kind the portal e-mailed to an address, read from the outbox by the
 * operator's administrator (the embedded default has no mailbox).
 */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  page: 'reset-password' | 'ActivateUser',
): Promise<string> {
  const { accessToken } = await authorize(request, 'admin@demo.test');
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get(`/api/v1/admin/email_outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { textBody: string }[] };
    link = data
      .map((mail) => new RegExp(`https?://[^\\s]+/${page}/[\\w-]+`).exec(mail.textBody)?.[0])
      .find(Boolean);
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname;
}

/** Console errors a test expects (the browser logs every 4xx answer it fetched). */
export function dropExpectedFailures(errors: string[], status: number) {
  for (let index = errors.length - 1; index >= 0; index--) {
    if (errors[index]!.includes(`status of ${status}`)) errors.splice(index, 1);
  }
}
