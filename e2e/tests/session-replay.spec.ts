import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { authorize, signIn as signInOnly } from '../support/identity';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

const shots = screenshotPath('access');
const TYPED = '7777123';

interface RecordedEvent {
  type: number;
  data: { source?: number; text?: string };
}

test('admin@ plays back a recorded session with what was typed masked', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const carrier = (await authorize(request, 'carrier@demo.test')).user;
  const carrierName = `${carrier.firstName} ${carrier.lastName}`;

  const adminToken = await signIn(page, request, 'admin@demo.test');
  await page.goto('/admin/session-replays');
  const recordSwitch = page.getByRole('switch', { name: 'Record sessions' });
  await expect(recordSwitch).toBeEnabled();
  await expect(
    page.getByText('A recording is deleted 30 days after its last event.'),
  ).toBeVisible();
  // The switch follows the server's answer.
  if (!(await recordSwitch.isChecked())) {
    await recordSwitch.click();
    await expect(recordSwitch).toBeChecked();
    await expect(page.getByText('Sessions are recorded')).toBeVisible();
  }

  try {
    // The carrier's own browser: signs in, types a search, and the recording reaches the portal.
    const carrierContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const carrierPage = await carrierContext.newPage();
    const chunks = /\/api\/v1\/session_replays\/[^/]+\/chunks$/;
    // The recorder loads after the shell: what is typed before it runs is in its first snapshot,
    // not in an input event. Its first chunk says it runs.
    const recording = carrierPage.waitForResponse((response) => chunks.test(response.url()), {
      timeout: 60_000,
    });
    await signInOnly(carrierPage, 'carrier@demo.test');
    expect((await recording).status()).toBe(201);
    const typedChunk = carrierPage.waitForResponse(
      (response) => {
        if (!chunks.test(response.url())) return false;
        const body = response.request().postDataJSON() as { events: RecordedEvent[] };
        // The search box's input event (type 3, source 5) once every character was typed.
        return body.events.some(
          (event) =>
            event.type === 3 && event.data.source === 5 && event.data.text?.length === TYPED.length,
        );
      },
      { timeout: 60_000 },
    );
    const searchBox = carrierPage.getByRole('combobox', { name: 'Search shipments' });
    await searchBox.click();
    await carrierPage.keyboard.type(TYPED);
    await expect(searchBox).toHaveValue(TYPED);
    const sent = await typedChunk;
    expect(sent.status()).toBe(201);
    // This browser's recording: other tests' carrier sessions may be recorded meanwhile.
    const recordedId = new URL(sent.url()).pathname.split('/').at(-2)!;
    // Never sent as typed.
    expect(sent.request().postData()).not.toContain(TYPED);
    await carrierContext.close();

    // Off again before playing back: the player's own page is not recorded.
    await page.goto('/admin/session-replays');
    await recordSwitch.click();
    await expect(recordSwitch).not.toBeChecked();
    await page.reload();
    const session = page
      .getByRole('article', { name: `Session of ${carrierName}` })
      .filter({ has: page.locator(`a[href$="/${recordedId}"]`) });
    await expect(session).toContainText('CarrierPortal');
    await page.screenshot({ path: join(shots, 'session-replays-1440.png') });
    await session.getByRole('link', { name: 'Play' }).click();
    await expect(page.getByRole('heading', { name: `Session of ${carrierName}` })).toBeVisible();
    await expect(page.getByText(/roles Admin, AP, AR, BillTo/)).toBeVisible();

    // What was stored: the search box's input, masked, never the text typed.
    const replayId = page.url().split('/').pop()!;
    expect(replayId).toBe(recordedId);
    const stored = await request.get(`/api/v1/admin/session_replays/${replayId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(stored.status()).toBe(200);
    expect(await stored.text()).not.toContain(TYPED);
    const inputs = ((await stored.json()) as { data: { events: RecordedEvent[] } }).data.events
      .filter((event) => event.type === 3 && event.data.source === 5)
      .map((event) => event.data.text);
    expect(inputs).toContain('*'.repeat(TYPED.length));

    const recorded = page.getByRole('region', { name: 'Recorded session' }).frameLocator('iframe');
    await expect(
      recorded.getByRole('heading', { name: `Welcome back, ${carrier.firstName}` }),
    ).toBeVisible();
    // Played back with the portal's own styles (emotion's rules, recorded from the style sheets):
    // the recorded top bar is the colour of the live one, its icons icon-sized.
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    const liveTopBar = await page.locator('header').first().evaluate(background);
    expect(liveTopBar).not.toBe('rgba(0, 0, 0, 0)');
    await expect
      .poll(() => recorded.locator('header').first().evaluate(background))
      .toBe(liveTopBar);
    const iconWidth = await recorded
      .locator('header svg')
      .first()
      .evaluate((icon) => icon.getBoundingClientRect().width);
    expect(iconWidth).toBeLessThanOrEqual(40);
    await page.getByRole('button', { name: 'Play' }).click();
    const replayed = recorded.getByRole('combobox', { name: 'Search shipments' });
    // The search box as the carrier left it: as many characters, every one masked.
    await expect(replayed).toHaveValue('*'.repeat(TYPED.length), { timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: join(shots, 'session-replay-player-1440.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: join(shots, 'session-replay-player-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  } finally {
    // The player's frame is sandboxed without scripts: a recorded page never runs, and Chromium
    // says so for each script it refused there. Nothing else may fail.
    for (let index = consoleErrors.length - 1; index >= 0; index--)
      if (/^Blocked script execution in .* frame is sandboxed/.test(consoleErrors[index]!))
        consoleErrors.splice(index, 1);
    // Recording is off again for the browser tests that follow.
    await page.goto('/admin/session-replays');
    const recording = page.getByRole('switch', { name: 'Record sessions' });
    await expect(recording).toBeEnabled();
    if (await recording.isChecked()) {
      await recording.click();
      await expect(recording).not.toBeChecked();
      await expect(page.getByText('Recording is off')).toBeVisible();
    }
  }
});
