import { expect, test } from '../support/fixtures';
import { signIn } from '../support/identity';

// Every route section's guard for every demo user (spec section 2): the screen itself (its own
// content, never an empty main), the refusal message, the redirect the spec gives, or "Route Not
// Found" for a path of the table no screen serves yet (decision 151).
type Outcome = 'page' | 'refused' | 'unbuilt' | `redirect:${string}`;

const USERS = [
  'carrier@demo.test',
  'dispatcher@demo.test',
  'driver@demo.test',
  'billing@demo.test',
  'broker@demo.test',
  'factoring@demo.test',
  'admin@demo.test',
  'other@demo.test',
] as const;

const P: Outcome = 'page';
const R: Outcome = 'refused';
const U: Outcome = 'unbuilt';
const TO_SHIPMENTS: Outcome = 'redirect:/all-shipments';

// carrier, dispatcher, driver, billing, broker, factoring, admin, other
const TABLE: [path: string, outcomes: Outcome[]][] = [
  ['/dashboard/tenders', [P, P, TO_SHIPMENTS, P, P, TO_SHIPMENTS, TO_SHIPMENTS, P]],
  ['/all-shipments', [P, P, P, P, P, R, R, P]],
  ['/my-shipments', [P, P, P, P, P, R, R, P]],
  ['/available-freight', [P, P, R, P, R, R, R, P]],
  ['/rates', [P, P, R, P, P, R, R, P]],
  ['/tenders', [P, P, R, P, P, R, R, P]],
  ['/equipment/power-units', [P, P, R, P, P, R, R, P]],
  ['/live-equipment', [P, P, R, P, R, R, R, P]],
  ['/videos', [P, P, R, P, P, R, R, P]],
  ['/cases', [P, P, P, P, R, R, P, P]],
  // The operator's staff settle and pay carrier invoices there (decision 110).
  ['/accounting', [P, P, R, P, P, P, P, P]],
  ['/payments', [P, P, R, P, P, P, P, P]],
  ['/third-party-payer-invoices', [P, TO_SHIPMENTS, TO_SHIPMENTS, P, P, P, P, P]],
  ['/reloads', [P, P, R, P, R, R, R, P]],
  ['/contacts', [P, P, R, P, P, P, R, P]],
  // No orders screen yet: brokers, whom the table admits, are told so.
  ['/orders', [R, R, R, R, U, R, R, R]],
  ['/profile', [P, P, P, P, P, P, R, P]],
  ['/admin/api-keys', [P, R, R, R, P, R, P, P]],
  ['/admin/api-documentation', [P, R, R, R, P, R, P, P]],
  ['/operations', [R, R, R, R, R, R, P, R]],
];

const REFUSED = 'You are not Authorized for this content';

/** What each screen shows of its own, so a guard's "page" is the screen itself, not an empty main. */
const SCREEN_CONTENT: Record<string, RegExp> = {
  '/dashboard/tenders': /^Welcome back, /,
  '/all-shipments': /^All Shipments/,
  '/my-shipments': /^All My Shipments/,
  '/available-freight': /^Top Picks$/,
  '/rates': /^Offered/,
  '/tenders': /^Booking Rescinded/,
  '/equipment/power-units': /^Power Units \(\d+\)$/,
  '/live-equipment': /^Live Equipment$/,
  '/videos': /^Finding and booking a load$/,
  '/cases': /^On Hold/,
  '/accounting': /^Pending/,
  '/payments': /^Payments/,
  '/third-party-payer-invoices': /^Settled/,
  '/reloads': /^Current Search/,
  '/contacts': /^All Contacts/,
  '/profile': /^Upload Picture$/,
  '/admin/api-keys': /api-key header/,
  '/admin/api-documentation': /^Carrier Portal API$/,
  '/operations': /^Operations$/,
};

for (const [index, user] of USERS.entries()) {
  test(`route guards for ${user}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, user);
    for (const [path, outcomes] of TABLE) {
      const outcome = outcomes[index]!;
      await page.goto(path);
      const main = page.getByRole('main');
      if (outcome === 'page') {
        await expect(page, `${user} at ${path}`).toHaveURL(path);
        await expect(main).toBeVisible();
        await expect(main.getByText(REFUSED), `${user} at ${path}`).toHaveCount(0);
        const content = SCREEN_CONTENT[path];
        expect(content, `content of ${path}`).toBeDefined();
        await expect(main.getByText(content!).first(), `${user} at ${path}`).toBeVisible();
        await expect(main.getByText('Route Not Found')).toHaveCount(0);
      } else if (outcome === 'unbuilt') {
        await expect(page).toHaveURL(path);
        await expect(main.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
      } else if (outcome === 'refused') {
        await expect(main.getByText(REFUSED), `${user} at ${path}`).toBeVisible();
        await expect(page).toHaveURL(path);
      } else {
        await expect(page, `${user} at ${path}`).toHaveURL(outcome.slice('redirect:'.length));
      }
    }
    // Unknown paths: "Route Not Found" inside a section, the user's landing elsewhere.
    await page.goto('/tenders/1/unknown/deeper');
    await expect(page.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
    await page.goto('/no-such-section');
    const landing = user === 'factoring@demo.test' ? '/accounting' : '/dashboard';
    await expect(page).toHaveURL(
      user === 'driver@demo.test'
        ? '/all-shipments'
        : user === 'admin@demo.test'
          ? '/operations'
          : landing,
    );
  });
}
