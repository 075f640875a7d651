import { expect, test } from '../support/fixtures';
import { authorize, signIn } from '../support/identity';

test('the server serves the built app, which sends a visitor to sign in, and its API answers', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Carrier Portal');
  await page.waitForURL(/\/login\?interaction=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Carrier Portal', { exact: true })).toBeVisible();
  // The boot splash gave way to the screen.
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);

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

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('a hard load paints the boot splash from the page itself (decision 239)', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const splash = page.getByRole('progressbar', { name: 'Loading' });
    await expect(splash).toBeVisible();
    await expect(splash.getByText('Carrier Portal')).toBeVisible();
    // Without scripts the splash would wait for ever: it says why. (Playwright's text and role
    // locators leave a noscript element's content out.)
    const note = page.locator('noscript .boot-note');
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      "Carrier Portal needs JavaScript: turn it on in your browser's settings.",
    );
  });
});

test('the not-found page is answered by the app', async ({ page }) => {
  const response = await page.goto('/not-found');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
});

test('the app is sent compressed: hashed assets kept a year, the page shell asked again', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.waitForURL(/\/login\?interaction=/);
  const shell = await request.get('/dashboard');
  expect(shell.headers()['cache-control']).toBe('no-cache');
  // The entry's code: the small entry script imports it, and the page preloads it (decision 200).
  const entry = /<link rel="modulepreload"[^>]* href="(\/assets\/first-load-[\w-]+\.js)"/.exec(
    await shell.text(),
  )?.[1];
  expect(entry).toBeDefined();
  for (const [accepted, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const asset = await request.get(entry!, { headers: { 'accept-encoding': accepted } });
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Playwright decodes the body: what arrives is the script itself.
    expect(await asset.text()).toContain('import');
  }
  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // The code that runs as it loads carries Chrome's compile hint on its first line (decision 271).
  expect((await plain.text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  // A HEAD of a page (a monitor's, a link checker's) is answered as its GET, without the body.
  const head = await request.head('/dashboard');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toBe(shell.headers()['content-type']);
  expect(head.headers()['cache-control']).toBe('no-cache');
  expect(await head.body()).toHaveLength(0);
  expect((await request.head('/api/v1/no-such-thing')).status()).toBe(404);
});

test('a signed-in hard load is told the frame’s code, the session and the client configuration with the page, and fetches each once (decisions 241 and 264)', async ({
  page,
  request,
}) => {
  // Signed out, the page names nothing more: the sign-in screens do not load the frame.
  const signedOut = await request.get('/dashboard');
  expect(signedOut.headers()['link']).toBeUndefined();
  expect(signedOut.headers()['vary']).toContain('cookie');

  await signIn(page, 'carrier@demo.test');
  const signedIn = await page.request.get('/dashboard');
  const link = signedIn.headers()['link'] ?? '';
  const frame = /<(\/assets\/signed-in-frame-[\w-]+\.js)>; rel=modulepreload/.exec(link)?.[1];
  expect(frame).toBeDefined();
  expect(link).toContain('</auth/session>; rel=preload; as=fetch; crossorigin');
  expect(link).toContain('</api/v1/client_config>; rel=preload; as=fetch; crossorigin');
  // The page's own style sheet and entry come first, so they do not wait behind the frame.
  expect(link.indexOf('rel=preload; as=style')).toBeLessThan(link.indexOf(frame!));
  // The dashboard is a landing page: its screen's code is named too, after the frame (decision 246).
  const screen = /<(\/assets\/dashboard-page-[\w-]+\.js)>; rel=modulepreload/.exec(link)?.[1];
  expect(screen).toBeDefined();
  expect(link.indexOf(frame!)).toBeLessThan(link.indexOf(screen!));

  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();
  await expect(page.getByTestId('dashboard-count-sentTenders')).toHaveText(/^\d[\d,]*$/);
  // The app used what the header started: neither the session, the configuration nor the frame was
  // asked for twice.
  expect(fetched.filter((path) => path === '/auth/session')).toHaveLength(1);
  expect(fetched.filter((path) => path === '/api/v1/client_config')).toHaveLength(1);
  expect(fetched.filter((path) => path === frame)).toHaveLength(1);
  expect(fetched.filter((path) => path === screen)).toHaveLength(1);
});

test('each landing page names its screen’s code; other signed-in pages name the frame’s alone (decision 246)', async ({
  page,
}) => {
  await signIn(page, 'carrier@demo.test');
  const screenChunks = async (path: string) =>
    [
      ...((await page.request.get(path)).headers()['link'] ?? '').matchAll(
        /<\/assets\/([\w-]+)-[\w-]{8}\.js>; rel=modulepreload/g,
      ),
    ].map((match) => match[1] ?? '');
  // Each landing page's screen module, as the web app's routes load it.
  const landing: [string, string][] = [
    ['/dashboard', 'dashboard-page'],
    ['/accounting', 'accounting-list-page'],
    ['/all-shipments', 'shipment-list-page'],
    ['/operations', 'operations-page'],
  ];
  for (const [path, screen] of landing) expect(await screenChunks(path), path).toContain(screen);
  const elsewhere = await screenChunks('/tenders');
  expect(elsewhere).toContain('signed-in-frame');
  expect(elsewhere.filter((chunk) => chunk.endsWith('-page'))).toEqual([]);
});
