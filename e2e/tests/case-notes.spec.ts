import { NOTE_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { involvedCase, signIn } from '../support/session';

test('writes a note with a mention, edits it and deletes it', async ({ page, request }) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const accessorial = await involvedCase(request, token, 2);
  await page.goto(`/cases/${accessorial.caseNumber}/preview/notes`);

  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  const editor = page.getByRole('textbox', { name: 'New comment' });
  await editor.click();
  await page.keyboard.type('   ');
  await expect(send).toBeDisabled();
  await page.keyboard.type('Gate log attached, @pri');
  const suggestion = page.getByRole('menuitem', { name: /Priya Raman/ });
  await expect(suggestion).toBeVisible();
  expect(
    await page.getByRole('menu', { name: 'Mention suggestions' }).getByRole('menuitem').count(),
  ).toBeLessThanOrEqual(5);
  await suggestion.click();
  await page.keyboard.type(' please add the detention to the settlement');
  await send.click();

  const note = page
    .getByRole('article', { name: /^Note by / })
    .filter({ hasText: 'Gate log attached' });
  await expect(note).toBeVisible();
  await expect(note.locator('.mention')).toHaveText('@Priya Raman');
  await expect(note).toContainText('please add the detention to the settlement');
  await expect(editor).toHaveText('');

  // The mention was recorded with the note.
  const notes = await request.get(`/api/v2/cases/${accessorial.caseNumber}/notes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const saved = (await notes.json()).data.find((item: { content: string }) =>
    item.content.startsWith('Gate log attached'),
  );
  expect(saved.mentions.map((mention: { mention: string }) => mention.mention)).toEqual([
    '@Priya Raman',
  ]);

  // Edit inline: Update and Cancel.
  await note.getByRole('button', { name: 'Edit comment' }).click();
  const edit = page.getByRole('textbox', { name: 'Edit comment' });
  await edit.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Gate log and lumper receipt attached');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(NOTE_MESSAGES.updated)).toBeVisible();
  const edited = page.getByRole('article', { name: /^Note by / }).filter({
    hasText: 'Gate log and lumper receipt attached',
  });
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(NOTE_MESSAGES.deleted)).toBeVisible();
  await expect(edited).toHaveCount(0);
});

test('formats a note, and a note carrying script shows only its text', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const accessorial = await involvedCase(request, token, 3);
  // Its own texts on each attempt: a retry finds the first attempt's notes on the same case.
  const attempt = Date.now().toString(36);
  const hostileText = `Hostile note ${attempt}`;
  const summary = `Detention summary ${attempt}`;
  // Written straight to the API, as a script could.
  const posted = await request.post('/api/v2/notes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      entityId: accessorial.caseNumber,
      entityType: 6,
      noteContent: hostileText,
      noteHTML: `<p>${hostileText}<img src="x" onerror="window.hacked=1"><script>window.hacked=2</script></p>`,
      noteJSON: { root: { type: 'root', version: 1, children: [] } },
      notifyUsers: [],
    },
  });
  expect(posted.status()).toBe(201);
  await page.goto(`/cases/${accessorial.caseNumber}/preview/notes`);
  const hostile = page.getByRole('article', { name: /^Note by / }).filter({ hasText: hostileText });
  await expect(hostile).toBeVisible();
  await expect(hostile.getByTestId('note-content').locator('img, script')).toHaveCount(0);
  await expect(hostile.getByTestId('note-content')).toHaveText(hostileText);
  expect(
    await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
  ).toBeUndefined();

  // A heading and a numbered list from the toolbar. Typing waits until the editor holds the new
  // block and has the focus back from the menu, or the first keys go to the menu.
  const editor = page.getByRole('textbox', { name: 'New comment' });
  // On a busy machine the menu has closed by itself before its option was clicked, leaving another
  // block type chosen: open it again until the option is there (the editor's block is checked after).
  const chooseBlock = (name: string) =>
    expect(async () => {
      const option = page.getByRole('option', { name });
      if (!(await option.isVisible()))
        await page.getByRole('combobox', { name: 'Block type' }).click();
      await option.click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  await editor.click();
  await chooseBlock('Heading 2');
  await expect(editor.locator('h2')).toHaveCount(1);
  await expect(editor).toBeFocused();
  await page.keyboard.type(summary);
  await page.keyboard.press('Enter');
  await chooseBlock('Numbered List');
  await expect(editor.locator('ol > li')).toHaveCount(1);
  await expect(editor).toBeFocused();
  await page.keyboard.type('Arrived 07:19');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Departed 11:40');
  await page.getByRole('button', { name: 'Send' }).click();
  const formatted = page.getByRole('article', { name: /^Note by / }).filter({ hasText: summary });
  await expect(formatted.getByRole('heading', { level: 2, name: summary })).toBeVisible();
  await expect(formatted.locator('ol > li')).toHaveText(['Arrived 07:19', 'Departed 11:40']);
});
