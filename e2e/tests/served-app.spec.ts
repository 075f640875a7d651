import { expect, test } from '../support/fixtures';
import { authorize } from '../support/identity';

test('the server serves the built app, which sends a visitor to sign in, and its API answers', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Carrier Portal');
  await page.waitForURL(/\/login\?interaction=/);
  await expect(page.getByText('Carrier Portal', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const health = await request.get('/healthz');
  expect(health.ok()).toBe(true);
  // The API documentation is for administrators (and API keys): anyone else is refused.
  expect((await request.get('/api/docs/json')).status()).toBe(401);
  const admin = await authorize(request, 'admin@demo.test');
  const docs = await request.get('/api/docs/json', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  expect((await docs.json()).openapi).toBe('3.1.0');
});

test('the not-found page is answered by the app', async ({ page }) => {
  const response = await page.goto('/not-found');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
});
