import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authorize } from '../support/identity';
import { openNavigationGroup } from '../support/navigation';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// Tenders and rate requests end to end: the operator's waterfall sends a tender, the carrier opens
// it from the navigation count and accepts it (the load is Booked in its booking list) or rejects
// it (the waterfall offers it to the next carrier); a rate request is answered and awarded; an
// expired tender cannot be accepted.

type Api = {
  get(path: string): Promise<unknown>;
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
};

function api(request: APIRequestContext, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get(path) {
      const response = await request.get(path, { headers });
      expect(response.status(), `${path}`).toBe(200);
      return response.json();
    },
    async send(method, path, body) {
      const response = await request.fetch(path, {
        method,
        headers,
        ...(body ? { data: body } : {}),
      });
      return { status: response.status(), body: await response.json().catch(() => null) };
    },
  };
}

interface Listed {
  shipmentNumber: string;
  id: string;
}

/**
 * A Ready to Book load nobody is tendering or asking rates for yet, different for each caller
 * (`skip`): the demo world's own rate requests would otherwise show beside the test's.
 */
async function readyToBook(admin: Api, skip: number): Promise<Listed> {
  const page = (await admin.get('/api/v2/shipments?statuses=1&pageSize=100')) as { data: Listed[] };
  const free: Listed[] = [];
  for (const shipment of page.data) {
    const state = (await admin.get(
      `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
    )) as {
      data: { canStart: boolean; waterfall: unknown };
    };
    const asked = (await admin.get(
      `/api/v2/rate_requests?shipmentId=${shipment.id}&pageSize=1`,
    )) as {
      totalCount: number;
    };
    if (state.data.canStart && state.data.waterfall === null && asked.totalCount === 0)
      free.push(shipment);
    if (free.length > skip) break;
  }
  const chosen = free[skip];
  if (!chosen) throw new Error('No Ready to Book load free for tendering in the demo world');
  return chosen;
}

async function companyOf(request: APIRequestContext, email: string) {
  const session = await authorize(request, email);
  const me = (await api(request, session.accessToken).get('/api/v1/me')) as {
    data: { companyId: string };
  };
  return me.data.companyId;
}

async function openTenderFor(carrier: Api, shipmentNumber: string) {
  await expect
    .poll(
      async () =>
        (
          (await carrier.get(`/api/v2/tenders?statuses=0&query=${shipmentNumber}`)) as {
            totalCount: number;
          }
        ).totalCount,
      { timeout: 20_000 },
    )
    .toBe(1);
}

async function startWaterfall(admin: Api, shipmentNumber: string, carriers: string[]) {
  const started = await admin.send(
    'POST',
    `/api/v2/shipments/${shipmentNumber}/automatic_tendering`,
    {
      carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1875 },
      carriers: carriers.map((carrierId) => ({ carrierId, answerWindowMinutes: 60 })),
    },
  );
  expect(started.status).toBe(200);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`tenders/${name}.png`) });
}

test('the carrier opens a tender from the navigation count, accepts it, and finds the load Booked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = api(request, (await authorize(request, 'admin@demo.test')).accessToken);
  const demoCarrierId = await companyOf(request, 'carrier@demo.test');
  const shipment = await readyToBook(admin, 0);
  await startWaterfall(admin, shipment.shipmentNumber, [demoCarrierId]);

  const token = await signIn(page, request, 'carrier@demo.test');
  await openTenderFor(api(request, token), shipment.shipmentNumber);

  await page.goto('/dashboard');
  const navigation = page.getByTestId('side-navigation');
  await openNavigationGroup(page, 'Manage Freight');
  await expect(page.getByTestId('navigation-count-sentTenders')).toBeVisible();
  await expect(page.getByTestId('navigation-count-sentTenders')).not.toHaveText('0');
  await navigation.getByRole('link', { name: /Tenders/ }).click();
  await expect(page).toHaveURL(/\/tenders$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await shot(page, 'tender-list-1440');
  await page.getByLabel('Search by tender or shipment number').fill(shipment.shipmentNumber);
  // The search settles into the address and the list reloads; a click before that could land on a
  // card the reload replaces.
  await expect(page).toHaveURL(new RegExp(`search=${shipment.shipmentNumber}`));
  const card = page.getByRole('article').filter({ hasText: `Shipment ${shipment.shipmentNumber}` });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);
  await card.click();

  // The list's cards are headed "Tender N" too (h3) while the tender's screen loads.
  await expect(page.getByRole('heading', { level: 2, name: /^Tender \d+$/ })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/left/);
  await expect(page.getByText('$1,875.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stops' })).toContainText('Pickup');
  await shot(page, 'tender-detail-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'tender-detail-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Accept Tender' }).click();
  await expect(page.getByText('Tender accepted: the shipment is booked to you')).toBeVisible();
  await expect(page.getByText(/has already been accepted/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Tender' })).toHaveCount(0);

  await page.goto(`/all-shipments?search=${shipment.shipmentNumber}`);
  const booked = page.getByRole('article', { name: `Shipment ${shipment.shipmentNumber}` });
  await expect(booked).toBeVisible();
  await expect(booked).toContainText('Booked');
});

test('a rejected tender goes to the next carrier of the waterfall', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = api(request, (await authorize(request, 'admin@demo.test')).accessToken);
  const demoCarrierId = await companyOf(request, 'carrier@demo.test');
  const otherCarrierId = await companyOf(request, 'other@demo.test');
  const shipment = await readyToBook(admin, 1);
  await startWaterfall(admin, shipment.shipmentNumber, [demoCarrierId, otherCarrierId]);

  const token = await signIn(page, request, 'carrier@demo.test');
  await openTenderFor(api(request, token), shipment.shipmentNumber);
  await page.goto(`/tenders/${shipment.shipmentNumber}`);
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Tender' });
  await expect(dialog.getByRole('button', { name: 'Reject Tender' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('No truck near the pickup that day');
  await dialog.getByRole('button', { name: 'Reject Tender' }).click();
  await expect(page.getByText('Tender rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Reason given: No truck near the pickup that day')).toBeVisible();

  // The waterfall moves on: other@demo.test now holds the open tender.
  const otherToken = await signIn(page, request, 'other@demo.test');
  await openTenderFor(api(request, otherToken), shipment.shipmentNumber);
  await page.goto('/tenders');
  await page.getByLabel('Search by tender or shipment number').fill(shipment.shipmentNumber);
  // As above: the search settles into the address first. The unfiltered list can already show this
  // tender, and a click on it before the search lands would be undone by the search's navigation.
  await expect(page).toHaveURL(new RegExp(`search=${shipment.shipmentNumber}`));
  const card = page.getByRole('article').filter({ hasText: `Shipment ${shipment.shipmentNumber}` });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Sent');
  await card.click();
  await expect(page.getByRole('button', { name: 'Accept Tender' })).toBeVisible();

  // The operator sees the waterfall where it stands.
  await signIn(page, request, 'admin@demo.test');
  await page.goto(`/operations/tendering?shipment=${shipment.shipmentNumber}`);
  const steps = page.getByRole('table', { name: 'Waterfall steps' });
  await expect(steps).toContainText('Rejected: No truck near the pickup that day');
  await expect(steps.getByRole('row')).toHaveCount(3);
  await shot(page, 'operator-tendering-1440');
});

test('the carrier answers a rate request and the operator awards it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = api(request, (await authorize(request, 'admin@demo.test')).accessToken);
  const demoCarrierId = await companyOf(request, 'carrier@demo.test');
  const shipment = await readyToBook(admin, 2);
  const asked = await admin.send(
    'POST',
    `/api/v2/shipments/${shipment.shipmentNumber}/rate_requests`,
    {
      carrierIds: [demoCarrierId],
    },
  );
  expect(asked.status).toBe(200);
  const requestId = (asked.body as { data: { id: string }[] }).data[0]!.id;

  await signIn(page, request, 'carrier@demo.test');
  await page.goto('/rates');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Search by shipment number').fill(shipment.shipmentNumber);
  // As for tenders: the search settles into the address first, or it would land on the preview's.
  await expect(page).toHaveURL(new RegExp(`search=${shipment.shipmentNumber}`));
  await page
    .getByRole('article', { name: `Rate request for shipment ${shipment.shipmentNumber}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/rates/${requestId}/preview$`));
  await page.getByLabel('Offer Amount').fill('-5');
  await expect(page.getByLabel('Offer Amount')).toHaveValue('5');
  await page.getByLabel('Offer Amount').fill('2150');
  await shot(page, 'rate-request-1440');
  await page.getByRole('button', { name: 'Send Offer' }).click();
  await expect(page.getByText('Offer sent')).toBeVisible();
  await expect(page.getByText('You have already sent an offer.')).toBeVisible();
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('region', { name: 'Load details' })).toContainText('Pickup');

  await signIn(page, request, 'admin@demo.test');
  await page.goto(`/operations/rate-requests?view=offered&request=${requestId}`);
  const drawer = page.getByRole('region', { name: 'Rate offer' });
  await expect(drawer).toContainText('$2,150.00');
  await drawer.getByRole('button', { name: 'Award Offer' }).click();
  await expect(page.getByText('Offer awarded: the shipment is booked')).toBeVisible();
  await expect(drawer).toContainText('This offer has already been awarded.');
  const state = (await admin.get(
    `/api/v2/shipments/${shipment.shipmentNumber}/automatic_tendering`,
  )) as {
    data: { shipmentStatus: { displayName: string } };
  };
  expect(state.data.shipmentStatus.displayName).toBe('Booked');
});

test('an expired tender cannot be accepted', async ({ page, request }) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const carrier = api(request, token);
  const rescinded = (await carrier.get('/api/v2/tenders?statuses=3&pageSize=100')) as {
    data: { id: string; tenderNumber: string; isExpired: boolean }[];
  };
  const expired = rescinded.data.find((tender) => tender.isExpired);
  expect(expired, 'the demo world has expired tenders for the demo carrier').toBeDefined();
  await page.goto(`/tenders/${expired!.id}`);
  await expect(
    page.getByRole('heading', { name: `Tender ${expired!.tenderNumber}` }),
  ).toBeVisible();
  await expect(page.getByText('Expired', { exact: true })).toBeVisible();
  await expect(page.getByText(/has expired; it can no longer be answered/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Tender' })).toHaveCount(0);
  const refused = await carrier.send('PUT', `/api/v2/tenders/${expired!.id}/offers`, {
    status: 1,
    carrierRate: { rateType: 'Flat', chargeRateType: 'LineHaul', rate: 1000 },
  });
  expect(refused.status).toBe(409);
});

test('the operator tenders a load by hand to one carrier, who accepts it as any tender', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = api(request, (await authorize(request, 'admin@demo.test')).accessToken);
  const demoCarrierId = await companyOf(request, 'carrier@demo.test');
  const carriers = (await admin.get('/api/v2/tender_carriers')) as {
    data: { id: string; name: string }[];
  };
  const carrierName = carriers.data.find((carrier) => carrier.id === demoCarrierId)!.name;
  const shipment = await readyToBook(admin, 4);

  await signIn(page, request, 'admin@demo.test');
  await page.goto(`/operations/tendering?shipment=${shipment.shipmentNumber}`);
  await expect(
    page.getByRole('heading', { name: `Shipment ${shipment.shipmentNumber}` }),
  ).toBeVisible();
  const form = page.getByRole('region', { name: 'Tender to one carrier' });
  await expect(form.getByRole('button', { name: 'Send Tender' })).toBeDisabled();
  await form.getByLabel('Carrier').click();
  await page.getByRole('option', { name: carrierName, exact: true }).click();
  await form.getByLabel('Rate').fill('1925');
  await form.getByLabel('Answer window (min)').fill('45');
  await shot(page, 'manual-tender-1440');
  await form.getByRole('button', { name: 'Send Tender' }).click();
  await expect(page.getByText(new RegExp(`^Tender \\d+ sent to ${carrierName}$`))).toBeVisible();
  const sent = page.getByRole('table', { name: 'Tenders sent by hand' });
  await expect(sent).toContainText(carrierName);
  await expect(sent).toContainText('$1,925.00');
  await expect(sent).toContainText('Sent');
  await expect(page.getByText('A tender sent by hand is waiting for its answer.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'manual-tender-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  const token = await signIn(page, request, 'carrier@demo.test');
  await openTenderFor(api(request, token), shipment.shipmentNumber);
  await page.goto(`/tenders/${shipment.shipmentNumber}`);
  await expect(page.getByText('$1,925.00')).toBeVisible();
  await page.getByRole('button', { name: 'Accept Tender' }).click();
  await expect(page.getByText('Tender accepted: the shipment is booked to you')).toBeVisible();

  await signIn(page, request, 'admin@demo.test');
  await page.goto(`/operations/tendering?shipment=${shipment.shipmentNumber}`);
  await expect(page.getByRole('table', { name: 'Tenders sent by hand' })).toContainText('Accepted');
  await expect(
    page.getByRole('region', { name: `Shipment ${shipment.shipmentNumber}` }),
  ).toContainText('Booked');
});

test("the dashboard's tender and rate request previews show the record and open it", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const carrier = api(request, token);
  // The oldest sent tender: one the demo world holds, not one another test has just sent and is about
  // to accept (the newest, first by default).
  const {
    data: [tender],
  } = (await carrier.get(
    '/api/v2/tenders?statuses=0&sortProperty=sentAt&sortDirection=asc&pageSize=1',
  )) as {
    data: {
      id: string;
      tenderNumber: string;
      shipmentNumber: string;
      customer: { name: string };
    }[];
  };
  if (!tender) throw new Error('carrier@demo.test has no sent tender in the demo world');
  await page.goto(`/dashboard/tenders/${tender.id}/preview`);
  const tenderPanel = page.getByRole('region', { name: 'Tender' });
  await expect(tenderPanel.getByText(`Tender ${tender.tenderNumber} · Sent`)).toBeVisible();
  await expect(tenderPanel).toContainText(tender.shipmentNumber);
  await expect(tenderPanel).toContainText(tender.customer.name);
  await expect(tenderPanel).toContainText('Offered Rate');
  await tenderPanel.getByRole('link', { name: 'Open Tender' }).click();
  await expect(page).toHaveURL(`/tenders/${tender.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `Tender ${tender.tenderNumber}` }),
  ).toBeVisible();

  const {
    data: [rateRequest],
  } = (await carrier.get('/api/v2/rate_requests?pageSize=1')) as {
    data: { id: string; shipmentNumber: string; status: string; customer: { name: string } }[];
  };
  if (!rateRequest) throw new Error('carrier@demo.test has no rate request in the demo world');
  await page.goto(`/dashboard/rates/${rateRequest.id}/preview`);
  const ratePanel = page.getByRole('region', { name: 'Rate Request' });
  await expect(
    ratePanel.getByText(`Shipment ${rateRequest.shipmentNumber} · ${rateRequest.status}`),
  ).toBeVisible();
  await expect(ratePanel).toContainText(rateRequest.customer.name);
  await expect(ratePanel).toContainText('Your Offer');
  await ratePanel.getByRole('link', { name: 'Open Rate Request' }).click();
  await expect(page).toHaveURL(`/rates/${rateRequest.id}/preview`);
  await expect(page.getByText(rateRequest.shipmentNumber).first()).toBeVisible();
});
