import { expect, test } from '../support/fixtures';
import { authorize, signIn } from '../support/identity';
import { involvedCase } from '../support/session';
import { screenshotPath } from '../support/screenshots';

test('a mention reaches the signed-in user live, in the notification widget', async ({
  page,
  request,
}) => {
  await signIn(page, 'carrier@demo.test');
  const carrier = await authorize(request, 'carrier@demo.test');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const before = await page.request.get('/api/v1/notifications?pageSize=1');
  const unreadBefore = ((await before.json()) as { unreadCount: number }).unreadCount;

  // A dispatcher of the same carrier mentions the carrier admin on an accessorial request.
  const dispatcher = await authorize(request, 'dispatcher@demo.test');
  const accessorial = await involvedCase(request, dispatcher.accessToken);
  const text = `Please check the lumper receipt ${Date.now()}`;
  const posted = await request.post('/api/v2/notes', {
    headers: {
      authorization: `Bearer ${dispatcher.accessToken}`,
      'idempotency-key': crypto.randomUUID(),
    },
    data: {
      entityId: accessorial.id,
      entityType: 6,
      noteContent: text,
      noteHTML: `<p>${text}</p>`,
      noteJSON: { root: { type: 'root', version: 1, children: [] } },
      notifyUsers: [{ id: carrier.user.id, email: null }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // Pushed: the toast and the badge arrive without a reload.
  await expect(page.getByText('Sam Patel mentioned you')).toBeVisible();
  await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} unread`);
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(text)).toBeVisible();
  await page.screenshot({ path: screenshotPath('shell/notifications-1440.png') });
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
});
