import { NOTE_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { involvedCase, signIn, tokenFor } from '../support/session';

test('admin@ writes an internal note on a case, and carrier@ never sees it', async ({
  page,
  request,
}) => {
  const carrierToken = await tokenFor(request, 'carrier@demo.test');
  const accessorial = await involvedCase(request, carrierToken, 4);
  const stamp = Date.now();
  const internalText = `Carrier disputes the lumper fee ${stamp}`;
  const sharedText = `Lumper receipt received ${stamp}`;

  await signIn(page, request, 'admin@demo.test');
  await page.goto(`/cases/${accessorial.caseNumber}/preview/notes`);
  const editor = page.getByRole('textbox', { name: 'New comment' });
  const send = page.getByRole('button', { name: 'Send' });
  const internalSwitch = page.getByRole('switch', { name: NOTE_MESSAGES.internalNote });

  // One note for everyone on the case, then one for the operator's staff only.
  await editor.click();
  await page.keyboard.type(sharedText);
  await send.click();
  const shared = page.getByRole('article', { name: /^Note by / }).filter({ hasText: sharedText });
  await expect(shared).toBeVisible();

  await internalSwitch.check();
  await editor.click();
  await page.keyboard.type(internalText);
  await send.click();
  const internal = page
    .getByRole('article', { name: /^Internal note by / })
    .filter({ hasText: internalText });
  await expect(internal).toBeVisible();
  await expect(internal.getByText(NOTE_MESSAGES.internalNote)).toBeVisible();

  await signIn(page, request, 'carrier@demo.test');
  await page.goto(`/cases/${accessorial.caseNumber}/preview/notes`);
  await expect(
    page.getByRole('article', { name: /^Note by / }).filter({ hasText: sharedText }),
  ).toBeVisible();
  await expect(page.getByText(internalText)).toHaveCount(0);
  await expect(page.getByRole('article', { name: /^Internal note by / })).toHaveCount(0);
  // The carrier is offered no way to write one either.
  await expect(internalSwitch).toHaveCount(0);

  // Nor does the API give it to the carrier.
  const notes = await request.get(`/api/v2/cases/${accessorial.caseNumber}/notes`, {
    headers: { authorization: `Bearer ${carrierToken}` },
  });
  expect(notes.status()).toBe(200);
  const contents = ((await notes.json()) as { data: { content: string }[] }).data.map(
    (note) => note.content,
  );
  expect(contents).toContain(sharedText);
  expect(contents).not.toContain(internalText);
});
