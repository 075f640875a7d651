import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTING_VIEWS, AccountingView, INVOICE_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/identity';
import { tokenFor } from '../support/session';

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
  // Orders are the brokers' (decision 012).
  ['/orders', [R, R, R, R, P, R, R, R]],
  ['/profile', [P, P, P, P, P, P, R, P]],
  // Not the spec's: a company's locations and dock schedules (decision 172).
  ['/locations', [P, P, R, P, P, R, R, P]],
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
  '/orders': /^Cancelled/,
  '/profile': /^Upload Picture$/,
  '/locations': /^Add Location$/,
  '/admin/api-keys': /api-key header/,
  '/admin/api-documentation': /^Carrier Portal API$/,
  '/operations': /^Operations$/,
};

type Who = (typeof USERS)[number];

/** What a screen of a row with data must show to the user at it: its heading and its data. */
type ScreenCheck = (page: Page, main: Locator) => Promise<void>;

interface DataRow {
  path: string;
  outcomes: Outcome[];
  /** The screen's own heading and data for this user, read from the API as this user. */
  screen: ScreenCheck;
  /** The answer the screen's read gets for this user is a 404, which the browser logs. */
  expectsNotFound?: boolean;
  /** The screen opens over its list as a dialog (a drawer), which hides the main region. */
  overDialog?: boolean;
}

async function read<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

interface Place {
  city: string | null;
  state: string;
  postalCode?: string | null;
}
// As the screens print a place: "Fargo, ND 58102".
const placeName = (place: Place) =>
  `${place.city ? `${place.city}, ` : ''}${place.state}${place.postalCode ? ` ${place.postalCode}` : ''}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface BoardLoad {
  shipmentNumber: string;
  origin: Place;
  destination: Place;
}

/**
 * A real Ready to Book load of the demo world the carrier holds a contract TL rate for: the one with
 * the latest pickup, furthest from the loads the booking tests take first.
 */
async function loadWithContractRate(request: APIRequestContext, carrierToken: string) {
  const board = await read<{ data: BoardLoad[] }>(
    request,
    carrierToken,
    '/api/v2/load_board?pageSize=100',
  );
  for (const load of [...board.data].reverse()) {
    const rates = await read<{ totalCount: number }>(
      request,
      carrierToken,
      `/api/v2/rates?shipmentId=${load.shipmentNumber}&rateKind=ContractTL`,
    );
    if (rates.totalCount > 0) return load;
  }
  throw new Error('No Ready to Book load with a contract TL rate in the demo world');
}

/** The load's rates on its screen: each one the API lists for this user, or the empty text. */
async function expectRates(
  main: Locator,
  rates: { data: { rateKind: string; lane: string }[] },
  emptyText: string,
) {
  const table = main.getByRole('table', { name: 'Rates for this load' });
  if (rates.data.length === 0) {
    await expect(main.getByText(emptyText)).toBeVisible();
    await expect(table).toHaveCount(0);
    return;
  }
  await expect(table.getByRole('row')).toHaveCount(rates.data.length + 1);
  for (const rate of rates.data)
    await expect(table.getByRole('row').filter({ hasText: rate.lane }).first()).toBeVisible();
}

const LOAD_LANE = (load: BoardLoad) =>
  new RegExp(
    `^${escape(placeName(load.origin))} → ${escape(placeName(load.destination))} · posted at`,
  );

/** The rows whose screens show records, each found through the API for the user at it. */
async function dataRows(request: APIRequestContext, user: Who): Promise<DataRow[]> {
  const carrierToken = await tokenFor(request, 'carrier@demo.test');
  const brokerToken = await tokenFor(request, 'broker@demo.test');
  const token = await tokenFor(request, user);
  const load = await loadWithContractRate(request, carrierToken);
  const number = load.shipmentNumber;

  // The broker's own order that can still be changed.
  const orders = await request.post('/api/v2/orders/find', {
    headers: { authorization: `Bearer ${brokerToken}` },
    data: { statuses: ['Open'], pageSize: 100 },
  });
  expect(orders.status()).toBe(200);
  const open = ((await orders.json()) as { data: { orderNumber: string; shipment: unknown }[] })
    .data;
  let order:
    | {
        orderNumber: string;
        isEditable: boolean;
        stops: {
          type: string;
          location: { name: string };
          early: { local: string } | null;
        }[];
        lineItems: { description: string }[];
      }
    | undefined;
  for (const candidate of open.filter((item) => item.shipment === null)) {
    const detail = await read<{ data: NonNullable<typeof order> }>(
      request,
      brokerToken,
      `/api/v2/orders/${candidate.orderNumber}`,
    );
    if (detail.data.isEditable) {
      order = detail.data;
      break;
    }
  }
  if (!order) throw new Error('No open order of broker@ that can be edited in the demo world');
  const editedOrder = order;

  // Carrier accounting: the invoices this user's company sees, in the view the list opens on.
  const carrierInvoices = await read<{ data: { invoiceNumber: string }[] }>(
    request,
    carrierToken,
    '/api/v2/ap_invoices?pageSize=1',
  );
  const admitted = (outcomes: Outcome[]) => outcomes[USERS.indexOf(user)] === 'page';
  const accountingOutcomes: Outcome[] = [P, P, R, P, P, P, P, P];
  const ownInvoices = admitted(accountingOutcomes)
    ? await read<{ data: { invoiceNumber: string }[] }>(
        request,
        token,
        '/api/v2/ap_invoices?pageSize=1',
      )
    : carrierInvoices;
  const previewed = ownInvoices.data[0] ?? carrierInvoices.data[0]!;
  const previewVisible = admitted(accountingOutcomes) && ownInvoices.data.length > 0;

  const loadBoardOutcomes: Outcome[] = [P, P, R, P, R, R, R, P];
  const ratesFor = async (rateKind?: string) =>
    admitted(loadBoardOutcomes)
      ? read<{ data: { rateKind: string; lane: string }[] }>(
          request,
          token,
          `/api/v2/rates?shipmentId=${number}${rateKind ? `&rateKind=${rateKind}` : ''}`,
        )
      : { data: [] };
  const contractRates = await ratesFor('ContractTL');
  const allRates = await ratesFor();
  const lanes = admitted(loadBoardOutcomes)
    ? await read<{ data: { origin: Place; destination: Place | null }[] }>(
        request,
        token,
        '/api/v2/saved_lanes',
      )
    : { data: [] };

  const savedLanes: ScreenCheck = async (_page, main) => {
    await expect(main.getByRole('heading', { name: 'Saved Lanes', level: 2 })).toBeVisible();
    const first = lanes.data[0];
    if (!first) {
      await expect(main.getByText(/^No saved lanes yet\./)).toBeVisible();
      return;
    }
    const name = `${placeName({ ...first.origin, postalCode: null })} → ${
      first.destination ? placeName({ ...first.destination, postalCode: null }) : 'Anywhere'
    }`;
    const card = main.getByRole('article', { name: `Lane ${name}` }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\d+ matching loads?/);
  };

  const status = (view: AccountingView) =>
    ACCOUNTING_VIEWS.find((definition) => definition.id === view)!.status;
  // The operator's staff open on In Progress, everyone else on Action Required (decision 110).
  const openingView =
    user === 'admin@demo.test' ? AccountingView.InProgress : AccountingView.ActionRequired;
  const listed = admitted(accountingOutcomes)
    ? await read<{ data: { invoiceNumber: string }[] }>(
        request,
        token,
        `/api/v2/ap_invoices?status=${status(openingView)}&pageSize=50`,
      )
    : { data: [] };
  const detail = previewVisible
    ? await read<{
        data: {
          shipmentNumber: string;
          lane: {
            originCity: string;
            originState: string;
            destinationCity: string;
            destinationState: string;
          };
        };
      }>(request, token, `/api/v2/ap_invoices/${previewed.invoiceNumber}`)
    : undefined;

  return [
    { path: '/saved-lanes', outcomes: loadBoardOutcomes, screen: savedLanes },
    { path: '/lanes', outcomes: loadBoardOutcomes, screen: savedLanes },
    {
      path: `/rates/contract/shipment/${number}`,
      outcomes: loadBoardOutcomes,
      screen: async (_page, main) => {
        await expect(
          main.getByRole('heading', { name: `Contract TL rates for load ${number}` }),
        ).toBeVisible();
        await expect(main.getByText(LOAD_LANE(load))).toBeVisible();
        await expectRates(main, contractRates, 'You have no Contract TL rates for this load.');
        for (const row of await main.getByRole('table').getByRole('row').all())
          if (await row.getByRole('cell').count())
            await expect(row.getByRole('cell').first()).toHaveText('Contract TL rate');
      },
    },
    {
      path: `/rates/${number}`,
      outcomes: loadBoardOutcomes,
      screen: async (_page, main) => {
        await expect(main.getByRole('heading', { name: `Rates for load ${number}` })).toBeVisible();
        await expect(main.getByText(LOAD_LANE(load))).toBeVisible();
        await expectRates(main, allRates, 'You have no contract rate or spot quote on this lane.');
      },
    },
    {
      path: '/invoices',
      outcomes: accountingOutcomes,
      screen: async (_page, main) => {
        await expect(
          main.getByRole('list', { name: 'Views' }).locator('[aria-current="true"]'),
        ).toContainText(ACCOUNTING_VIEWS.find((view) => view.id === openingView)!.label);
        const first = listed.data[0];
        if (!first) {
          await expect(main.getByText(INVOICE_MESSAGES.noMatchingInvoices)).toBeVisible();
          return;
        }
        await expect(
          main.getByRole('article', { name: `Invoice ${first.invoiceNumber}` }),
        ).toBeVisible();
      },
    },
    {
      path: `/invoices/${previewed.invoiceNumber}/preview`,
      outcomes: accountingOutcomes,
      expectsNotFound: !previewVisible,
      overDialog: true,
      screen: async (page) => {
        const drawer = page.getByRole('dialog', { name: `Invoice ${previewed.invoiceNumber}` });
        await expect(drawer).toBeVisible();
        if (!detail) {
          // Another company's invoice, to a user with none of its own: missing, like any other.
          await expect(drawer.getByText('Invoice not found')).toBeVisible();
          return;
        }
        const { lane } = detail.data;
        await expect(drawer).toContainText(
          `${lane.originCity}, ${lane.originState} to ${lane.destinationCity}, ${lane.destinationState}`,
        );
        await expect(drawer.getByRole('link', { name: detail.data.shipmentNumber })).toBeVisible();
      },
    },
    {
      path: `/orders/${editedOrder.orderNumber}/edit`,
      outcomes: [R, R, R, R, P, R, R, R],
      screen: async (_page, main) => {
        await expect(
          main.getByRole('heading', { name: `Edit Order ${editedOrder.orderNumber}` }),
        ).toBeVisible();
        const [pickup] = editedOrder.stops;
        // A saved location shows in the location search; an address typed in (another test's
        // order may be the first open one) in its own fields.
        await expect(
          main
            .getByLabel('Pickup location')
            .or(
              main
                .getByRole('group', { name: 'Pickup location: N/A (new address)' })
                .getByLabel('Location name'),
            )
            .first(),
        ).toHaveValue(new RegExp(escape(pickup!.location.name)));
        if (pickup!.early)
          await expect(main.getByLabel('Date').first()).toHaveValue(
            pickup!.early.local.slice(0, 10),
          );
        await expect(main.getByLabel('Description').first()).toHaveValue(
          editedOrder.lineItems[0]!.description,
        );
      },
    },
  ];
}

async function expectOutcome(
  page: Page,
  user: Who,
  path: string,
  outcome: Outcome,
  overDialog = false,
) {
  const main = page.getByRole('main');
  if (outcome === 'page') {
    await expect(page, `${user} at ${path}`).toHaveURL(path);
    // A dialog over the screen hides the main region from the accessibility tree.
    await expect(overDialog ? page.getByRole('dialog') : main).toBeVisible();
    await expect(page.getByText(REFUSED), `${user} at ${path}`).toHaveCount(0);
    await expect(page.getByText('Route Not Found')).toHaveCount(0);
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

/**
 * Opens a path as the app's own links do (React Router navigates without loading the page again),
 * or with a full page load when the last screen already showed what this one must (the refusal):
 * a check made before the router had moved on would pass on the last screen.
 */
async function open(page: Page, path: string, outcome: Outcome, previous: Outcome | undefined) {
  if (previous === undefined || (outcome === 'refused' && previous === 'refused')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

for (const [index, user] of USERS.entries()) {
  test(`route guards for ${user}`, async ({ page, request, consoleErrors }) => {
    test.setTimeout(240_000);
    await signIn(page, user);
    // The first path is loaded whole, as a link from elsewhere would; the rest are opened in the app.
    let previous: Outcome | undefined;
    for (const [path, outcomes] of TABLE) {
      const outcome = outcomes[index]!;
      await open(page, path, outcome, previous);
      previous = outcome;
      await expectOutcome(page, user, path, outcome);
      if (outcome === 'page') {
        const content = SCREEN_CONTENT[path];
        expect(content, `content of ${path}`).toBeDefined();
        await expect(
          page.getByRole('main').getByText(content!).first(),
          `${user} at ${path}`,
        ).toBeVisible();
      }
    }
    for (const row of await dataRows(request, user)) {
      const outcome = row.outcomes[index]!;
      const errorsBefore = consoleErrors.length;
      await open(page, row.path, outcome, previous);
      previous = outcome;
      await expectOutcome(page, user, row.path, outcome, row.overDialog);
      if (outcome !== 'page') continue;
      await test.step(`${user} sees the screen at ${row.path}`, () =>
        row.screen(page, page.getByRole('main')));
      if (row.expectsNotFound) {
        // The browser logs the 404 the screen answered with "not found"; nothing else may fail.
        const logged = consoleErrors.splice(errorsBefore);
        expect(logged.filter((error) => !error.includes('status of 404'))).toEqual([]);
        expect(logged.length).toBeGreaterThan(0);
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
