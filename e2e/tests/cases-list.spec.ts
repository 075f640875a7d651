import { join } from 'node:path';
import { CASE_MESSAGES, NOT_AUTHORIZED_MESSAGE } from '@portal/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, tokenFor } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// Accessorial requests: the list with its filters, raising a request from a shipment, a drafted
// detention request, the operator's staff resolving one Paid, a driver's and a broker's view. Serial:
// the later steps read the counts the earlier ones change.
test.describe.configure({ mode: 'serial' });

const shots = screenshotPath('cases');
const receipt = join(import.meta.dirname, '..', 'fixtures', 'documents', 'lumper-receipt.png');

interface ListedCase {
  id: string;
  caseNumber: string;
  statusDescription: string;
  shipment: { id: string; shipmentNumber: string } | null;
}
interface CasePage {
  data: ListedCase[];
  totalCount: number;
}

async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${token}` },
    params,
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

const filterPanel = (page: Page) => page.getByRole('tabpanel', { name: 'FILTERS' });
const views = (page: Page) => page.getByRole('list', { name: 'Views' });
const cards = (page: Page) => page.getByRole('article', { name: /^Accessorial request \d+$/ });

/** The list on screen holds what the API answers for the same filters: the first card, or the empty text. */
async function expectListMatches(
  page: Page,
  request: APIRequestContext,
  token: string,
  params: Record<string, string>,
) {
  const answer = await apiGet<CasePage>(request, token, '/api/v2/cases', params);
  if (answer.totalCount === 0) {
    await expect(page.getByRole('status')).toHaveText(CASE_MESSAGES.noMatchingCases);
  } else {
    await expect(cards(page).first()).toHaveAccessibleName(
      `Accessorial request ${answer.data[0]!.caseNumber}`,
    );
    await expect(cards(page)).toHaveCount(Math.min(answer.totalCount, 50));
  }
  return answer;
}

/**
 * The list's answer to a request with every one of these parameters (lists compared as sets). A
 * filter that leaves the list as it was shows no change to wait for: the answer is the sign.
 */
function listAnswered(page: Page, params: Record<string, string>) {
  const sorted = (values: string[]) => [...values].sort().join(',');
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/v2/cases' &&
      Object.entries(params).every(
        ([name, value]) =>
          sorted(url.searchParams.getAll(name).flatMap((item) => item.split(','))) ===
          sorted(value.split(',')),
      )
    );
  });
}

async function openFilters(page: Page) {
  await page.getByRole('tab', { name: 'FILTERS' }).click();
}

async function apply(page: Page) {
  await page.getByRole('button', { name: 'Apply' }).click();
}

async function reset(page: Page) {
  await openFilters(page);
  await page.getByRole('button', { name: 'Reset' }).click();
}

/** Picks options of a filter's select (single or multiple), then closes its menu. */
async function choose(page: Page, label: string, options: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option }).click();
  // A multiple select stays open; Escape would also close a dialog around a single one.
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('carrier@ filters the list by each filter group, searches and sorts', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await signIn(page, request, 'carrier@demo.test');
  await page.goto('/cases');
  await expect(page.getByRole('heading', { name: 'Accessorial Requests' })).toBeVisible();
  const all = await expectListMatches(page, request, token, {});
  expect(all.totalCount).toBeGreaterThan(3);

  // Views by collapsed status, with the counts of count_stats.
  const counts = (
    await apiGet<{ data: Record<string, number> }>(request, token, '/api/v2/cases/count_stats')
  ).data;
  for (const [label, key] of [
    ['New', 'new'],
    ['In Progress', 'inProgress'],
    ['On Hold', 'onHold'],
    ['Resolved', 'resolved'],
  ] as const) {
    expect(counts[key], label).toBeGreaterThan(0);
    await views(page)
      .getByRole('button', { name: new RegExp(`^${label}\\b`) })
      .click();
    await expect(page.getByLabel(`${counts[key]} ${label}`)).toBeVisible();
    const view = await expectListMatches(page, request, token, {
      statusGroups:
        key === 'new'
          ? 'New'
          : key === 'inProgress'
            ? 'InProgress'
            : key === 'onHold'
              ? 'OnHold'
              : 'Resolved',
    });
    await expect(cards(page).first()).toContainText(label);
    expect(view.data.every((item) => item.statusDescription === label)).toBe(true);
  }
  await views(page)
    .getByRole('button', { name: /^All\b/ })
    .click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(shots, 'list-1440.png') });

  // Each filter group, applied from the FILTERS tab, narrows the list as the API does.
  const first = all.data[0]!;
  const groups: [string, (page: Page) => Promise<void>, Record<string, string>][] = [
    [
      'shipment',
      (p) => filterPanel(p).getByLabel('Shipment Number').fill(first.shipment!.shipmentNumber),
      { shipmentId: first.shipment!.shipmentNumber },
    ],
    [
      'types',
      (p) => choose(p, 'Types', ['Lumper', 'Detention']),
      { caseTypes: 'Lumper,Detention' },
    ],
    [
      'statuses',
      (p) => choose(p, 'Statuses', ['On Hold Pending Documents']),
      { caseStatuses: 'OnHoldPendingDocuments' },
    ],
    ['sources', (p) => choose(p, 'Sources', ['Portal']), { caseSources: 'Portal' }],
    ['priority', (p) => choose(p, 'Priority', ['High']), { casePriority: 'High' }],
    [
      'active only',
      (p) => filterPanel(p).getByRole('checkbox', { name: 'Active Only' }).check(),
      { activeOnly: 'true' },
    ],
    [
      'unassigned only',
      (p) => filterPanel(p).getByRole('checkbox', { name: 'Unassigned Only' }).check(),
      { unassignedOnly: 'true' },
    ],
    [
      'incident range',
      async (p) => {
        await choose(p, 'Incident', ['Range']);
        await filterPanel(p).getByLabel('Incident From').fill('2020-01-01');
        await filterPanel(p).getByLabel('Incident To').fill('2030-12-31');
      },
      { incidentTimeRange: 'Range', incidentFromDate: '2020-01-01', incidentToDate: '2030-12-31' },
    ],
    [
      'follow-up range',
      (p) => choose(p, 'Follow-Up', ['This Week']),
      { followUpTimeRange: 'ThisWeek' },
    ],
  ];
  const options = (
    await apiGet<{
      data: Record<string, { id: string; name?: string; firstName?: string; lastName?: string }[]>;
    }>(request, token, '/api/v2/cases/filter_options')
  ).data;
  const customer = options.customers![0]!;
  const carrier = options.carriers![0]!;
  const party = options.involvedParties![0]!;
  const assignee = options.assignees![0]!;
  groups.push(
    [
      'involved parties',
      (p) => choose(p, 'Involved Parties', [party.name!]),
      { involvedPartyIds: party.id },
    ],
    ['customers', (p) => choose(p, 'Customers', [customer.name!]), { customerIds: customer.id }],
    ['carriers', (p) => choose(p, 'Carriers', [carrier.name!]), { carrierIds: carrier.id }],
    [
      'assignees',
      (p) => choose(p, 'Assignees', [`${assignee.firstName} ${assignee.lastName}`]),
      { assignees: assignee.id },
    ],
  );
  for (const [name, set, params] of groups) {
    await openFilters(page);
    await set(page);
    const answered = listAnswered(page, params);
    await apply(page);
    await answered;
    await test.step(name, () => expectListMatches(page, request, token, params));
    await reset(page);
  }

  // Search by case number, and sort.
  await page.getByLabel('Search by case number, shipment number or subject').fill(first.caseNumber);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAccessibleName(`Accessorial request ${first.caseNumber}`);
  await page.getByLabel('Search by case number, shipment number or subject').fill('');
  await expect(cards(page)).toHaveCount(Math.min(all.totalCount, 50));
  await choose(page, 'Sort', ['Largest amount first']);
  await expectListMatches(page, request, token, { sort: 'amountRequested:desc' });

  // The case page's back arrow returns to the list as it was left.
  await page.getByRole('tab', { name: 'VIEWS' }).click();
  await views(page)
    .getByRole('button', { name: /^On Hold\b/ })
    .click();
  await cards(page).first().click();
  await expect(page).toHaveURL(/\/cases\/\d+\/preview\/notes$/);
  await page.getByRole('link', { name: 'Back to Accessorial Requests' }).click();
  await expect(page).toHaveURL(/\/cases\?(.*&)?view=OnHold/);
  await expect(views(page).getByRole('button', { name: /^On Hold\b/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'list-375.png') });
});

async function carrierShipments(request: APIRequestContext, token: string) {
  return (
    await apiGet<{ data: { id: string; shipmentNumber: string }[] }>(
      request,
      token,
      '/api/v2/shipments',
      { statuses: '7,8', pageSize: 50 },
    )
  ).data;
}

test('carrier@ raises a lumper request with a receipt from a shipment, and files a drafted detention request', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, request, 'carrier@demo.test');
  const shipments = await carrierShipments(request, token);
  const shipment = shipments[0]!;

  await page.goto(`/all-shipments/${shipment.shipmentNumber}/preview/cases`);
  await page.getByRole('button', { name: 'New Accessorial Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Accessorial Request' });
  await choose(page, 'Type', ['Lumper']);
  await dialog.getByLabel('Amount Requested').fill('185.50');
  await dialog
    .getByLabel('Description')
    .fill('Receiver required a lumper; Comchek receipt attached.');
  await dialog.getByLabel('Evidence documents').setInputFiles(receipt);
  await expect(dialog.getByText('lumper-receipt.png')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'new-request-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Create Request' }).click();
  await expect(page.getByText(CASE_MESSAGES.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  // It is on the shipment, in the list, with the receipt filed on the case.
  const onShipment = (
    await apiGet<{ data: { caseNumber: string; caseType: string; createdAt: string }[] }>(
      request,
      token,
      `/api/v2/shipments/${shipment.shipmentNumber}/cases`,
      { page: 1, pageSize: 1000 },
    )
  ).data;
  const created = onShipment.find((item) => item.caseType === 'Lumper')!;
  await expect(
    page.getByRole('link', { name: new RegExp(`^${created.caseNumber} · Lumper · New`) }),
  ).toBeVisible();
  const documents = await apiGet<{ data: { name: string }[] }>(
    request,
    token,
    '/api/v2/documents',
    { caseNumber: created.caseNumber },
  );
  expect(documents.data.map((document) => document.name)).toContain('lumper-receipt.png');
  await page.goto('/cases');
  await page
    .getByLabel('Search by case number, shipment number or subject')
    .fill(created.caseNumber);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('185.50');

  // A shipment whose stop ran past the free time offers the detention request, drafted.
  let drafted: { shipmentNumber: string; stopNumber: number } | undefined;
  for (const candidate of shipments) {
    const drafts = await apiGet<{ data: { stopNumber: number; filedCaseNumber: string | null }[] }>(
      request,
      token,
      '/api/v2/cases/detention_drafts',
      { shipmentId: candidate.shipmentNumber },
    );
    const open = drafts.data.find((draft) => draft.filedCaseNumber === null);
    if (open) {
      drafted = { shipmentNumber: candidate.shipmentNumber, stopNumber: open.stopNumber };
      break;
    }
  }
  expect(drafted, 'a delivered shipment with a stop past its free time').toBeDefined();
  await page.goto(`/all-shipments/${drafted!.shipmentNumber}/preview/cases`);
  const draft = page.getByRole('article', { name: `Detention at stop ${drafted!.stopNumber}` });
  await expect(draft).toContainText('Arrived');
  await expect(draft).toContainText('Departed');
  await expect(draft).toContainText(/Billable.*h ×/);
  await page.screenshot({ path: join(shots, 'detention-draft-1440.png') });
  await draft.getByRole('button', { name: 'File Detention Request' }).click();
  await expect(page.getByText(CASE_MESSAGES.created)).toBeVisible();
  await expect(draft.getByText(/^Filed as case \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /· Detention · New$/ }).first()).toBeVisible();
});

test('admin@ resolves a request Paid, and the charge lands on the carrier invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, request, 'admin@demo.test');
  await page.goto('/cases?view=InProgress');
  const answer = await expectListMatches(page, request, token, { statusGroups: 'InProgress' });
  const target = answer.data[0]!;
  await cards(page).first().click();
  await expect(
    page.getByRole('heading', { name: `Accessorial Request ${target.caseNumber}` }),
  ).toBeVisible();
  const work = page.getByRole('region', { name: 'Work this request' });
  const current = (await page.getByRole('combobox', { name: 'Assignee' }).textContent())!;
  await page.getByRole('combobox', { name: 'Assignee' }).click();
  // Someone of the staff other than the one it is assigned to now.
  const staff = page
    .getByRole('option')
    .filter({ hasNotText: /^Unassigned$/ })
    .filter({ hasNotText: new RegExp(`^${current}$`) })
    .first();
  const staffName = (await staff.textContent())!;
  await staff.click();
  await work.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(CASE_MESSAGES.updated).first()).toBeVisible();
  await expect(page.getByRole('main').last()).toContainText(`Assignee${staffName}`);
  await work.getByRole('button', { name: 'Resolve Paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Resolve Paid' });
  await page.screenshot({ path: join(shots, 'resolve-paid-1440.png') });
  await paid.getByRole('button', { name: 'Resolve Paid' }).click();
  // The assignment's toast may still be on screen: this one is the newest (decision 262).
  await expect(page.getByText(CASE_MESSAGES.updated).last()).toBeVisible();
  await expect(
    page.getByRole('main').last().getByText('Resolved', { exact: true }).first(),
  ).toBeVisible();
  await expect(work).toBeHidden();

  const charges = (
    await apiGet<{ data: { charges: { caseNumber: string | null }[] } }>(
      request,
      token,
      `/api/v2/shipments/${target.shipment!.shipmentNumber}/carrier_charges`,
    )
  ).data.charges;
  expect(charges.map((charge) => charge.caseNumber)).toContain(target.caseNumber);
});

test('driver@ sees only the cases of its own loads; broker@ has no entry', async ({
  page,
  request,
}) => {
  // carrier@ raises one request on a load driver@ drives and one on a Red River load someone else
  // drives; the driver's list holds the first and not the second.
  const carrierToken = await tokenFor(request, 'carrier@demo.test');
  const driverToken = await tokenFor(request, 'driver@demo.test');
  const everyStatus = { statuses: '-1,0,1,2,3,4,5,6,7,8', pageSize: 100 };
  const shipmentsOf = async (token: string) =>
    (
      await apiGet<{ data: { shipmentNumber: string }[] }>(
        request,
        token,
        '/api/v2/shipments',
        everyStatus,
      )
    ).data.map((shipment) => shipment.shipmentNumber);
  const loads = new Set(await shipmentsOf(driverToken));
  const driven = [...loads][0];
  expect(driven, 'a load driver@ drives').toBeDefined();
  const notDriven = (await shipmentsOf(carrierToken)).find((number) => !loads.has(number));
  expect(notDriven, 'a Red River load driver@ does not drive').toBeDefined();
  const hidden = await request.get(`/api/v2/shipments/${notDriven}`, {
    headers: { authorization: `Bearer ${driverToken}` },
  });
  expect(hidden.status()).toBe(404);

  const raise = async (shipmentNumber: string, description: string) => {
    const response = await request.post('/api/v2/cases', {
      headers: { authorization: `Bearer ${carrierToken}` },
      data: {
        shipmentId: shipmentNumber,
        caseType: 'DriverAssist',
        amountRequested: 60,
        description,
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { data: { caseNumber: string } }).data.caseNumber;
  };
  const mine = await raise(driven!, 'Driver helped unload at the receiver.');
  const theirs = await raise(notDriven!, 'Another driver helped unload at the receiver.');

  const token = await signIn(page, request, 'driver@demo.test');
  await page.goto('/cases');
  const answer = await expectListMatches(page, request, token, {});
  expect(answer.data.map((item) => item.caseNumber)).toContain(mine);
  expect(answer.data.map((item) => item.caseNumber)).not.toContain(theirs);
  for (const item of answer.data) expect(loads.has(item.shipment!.shipmentNumber)).toBe(true);
  for (const card of await cards(page).all()) {
    const shipmentNumber = (await card
      .locator('p', { hasText: /^\d{5,}$/ })
      .first()
      .textContent())!;
    expect(loads.has(shipmentNumber)).toBe(true);
  }
  const search = page.getByLabel('Search by case number, shipment number or subject');
  await search.fill(mine);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAccessibleName(`Accessorial request ${mine}`);
  await search.fill(theirs);
  await expect(page.getByRole('status')).toHaveText(CASE_MESSAGES.noMatchingCases);
  await expect(cards(page)).toHaveCount(0);
  const direct = await request.get(`/api/v2/cases/${theirs}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(direct.status()).toBe(404);

  // The two requests leave the queues: the operator's staff decline them.
  const adminToken = await tokenFor(request, 'admin@demo.test');
  for (const caseNumber of [mine, theirs]) {
    const { data } = await apiGet<{ data: { version: number } }>(
      request,
      adminToken,
      `/api/v2/cases/${caseNumber}`,
    );
    const declined = await request.post(`/api/v2/cases/${caseNumber}/actions`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { action: 'ResolveDeclined', version: data.version },
    });
    expect(declined.status()).toBe(200);
  }

  await signIn(page, request, 'broker@demo.test');
  await expect(page.getByRole('link', { name: /Accessorial Requests/ })).toHaveCount(0);
  await page.goto('/cases');
  await expect(page.getByRole('main').getByText(NOT_AUTHORIZED_MESSAGE)).toBeVisible();
});
