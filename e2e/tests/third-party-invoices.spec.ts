import { join } from 'node:path';
import {
  DOCUMENT_MESSAGES,
  INVOICE_MESSAGES,
  THIRD_PARTY_INVOICE_MESSAGES,
  THIRD_PARTY_INVOICE_VIEWS,
} from '@portal/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { dropExpectedFailures } from '../support/identity';
import { signIn } from '../support/session';
import { screenshotPath } from '../support/screenshots';

// The third-party payer invoice list and detail, as billing@ (the carrier's billing coordinator),
// factoring@ (its factor) and admin@ (the operator, who settles). One file, in order: the detail
// steps change the counts the list steps read.
test.describe.configure({ mode: 'serial' });

const LIST = '/third-party-payer-invoices';
const shots = screenshotPath('third-party-invoices');
const proofOfDelivery = join(
  import.meta.dirname,
  '..',
  'fixtures',
  'documents',
  'delivery-packet.pdf',
);

const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

interface Card {
  invoiceNumber: string;
  shipmentNumber: string;
  status: { status: string; description: string };
}
interface Page_ {
  data: Card[];
  totalCount: number;
}

async function find(
  request: APIRequestContext,
  token: string,
  query: Record<string, string | number | boolean>,
): Promise<Page_> {
  const response = await request.get('/api/v1/third_party_payer_invoices', {
    headers: { authorization: `Bearer ${token}` },
    params: query,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Page_;
}

const views = (page: Page) => page.getByRole('list', { name: 'Views' });
const cards = (page: Page) => page.getByRole('article', { name: /^Invoice / });
const detail = (page: Page) => page.getByRole('dialog', { name: /^Invoice / });

async function expectBadges(page: Page, request: APIRequestContext, token: string) {
  for (const view of THIRD_PARTY_INVOICE_VIEWS) {
    const { totalCount } = await find(request, token, {
      ...view.params,
      page: 1,
      pageSize: view.countPageSize,
    });
    await expect(
      views(page).getByLabel(`${totalCount} ${view.label}`, { exact: true }),
    ).toBeVisible();
  }
}

async function scrollToEnd(page: Page) {
  const end = page.getByText(INVOICE_MESSAGES.endOfList);
  for (let step = 0; step < 40 && !(await end.isVisible()); step++) {
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
}

let submitted: Card;

test('billing: views with their counts, filters, search and the cards to the end', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'billing@demo.test');
  await page.goto(LIST);
  await expect(views(page)).toBeVisible();
  await expectBadges(page, request, token);

  // Action Required (the default view): delivered, open, auditable invoices with something to do.
  const actionRequired = await find(request, token, {
    actionRequired: true,
    isAuditable: true,
    pageSize: 50,
  });
  expect(actionRequired.totalCount).toBeGreaterThan(0);
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first()).toContainText(actionRequired.data[0]!.invoiceNumber);
  const first = cards(page).first();
  for (const label of ['Amount Due', 'Fees & Balances', 'Balance Due', 'SPOT', 'SHIP']) {
    await expect(first).toContainText(label);
  }
  await expect(first).toContainText(/(Est\. Pay Date|Invoice Date)\d{1,2}\/\d{2}\/\d{4}/);
  await expect(first.getByLabel(/^Required documents: \d+ required, \d+ uploaded$/)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(shots, 'list-1440.png') });

  // The All view, auditable or not, scrolled to its end: every invoice once, then "No More Results".
  await views(page).getByRole('button', { name: /^All/ }).click();
  await page.getByRole('tab', { name: 'FILTERS' }).click();
  await page.getByLabel('Only Show Auditable').uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  const all = await find(request, token, { isAuditable: false, pageSize: 1 });
  await expect(cards(page).first()).toBeVisible();
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(all.totalCount);

  // Invoice Status narrows the view; every card then carries that status.
  await page.getByRole('combobox', { name: 'Invoice Status' }).click();
  await page.getByRole('option', { name: 'Settled' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const settled = await find(request, token, {
    isAuditable: false,
    status: 'SETTLED',
    pageSize: 1,
  });
  await expect(cards(page)).toHaveCount(Math.min(settled.totalCount, 50));
  await expect(cards(page).filter({ hasNotText: 'Settled' })).toHaveCount(0);
  await expect(page).toHaveURL(/status=SETTLED/);

  // A load date in the future matches nothing.
  await page.getByRole('combobox', { name: 'Load Date' }).click();
  await page.getByRole('option', { name: 'Tomorrow' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const tomorrow = await find(request, token, {
    isAuditable: false,
    status: 'SETTLED',
    loadDateStart: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    loadDateEnd: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    pageSize: 1,
  });
  if (tomorrow.totalCount === 0) {
    await expect(page.getByText(INVOICE_MESSAGES.noMatchingInvoices)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/status=|loadDate=|auditable=/);

  // Search by invoice number: one card.
  const target = actionRequired.data.find((card) => card.status.status === 'DRAFT')!;
  await page.getByRole('searchbox', { name: /^Search/ }).fill(target.invoiceNumber);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(target.invoiceNumber);
  await page.getByRole('searchbox', { name: /^Search/ }).fill('no-such-invoice-zz');
  await expect(page.getByText(INVOICE_MESSAGES.noMatchingInvoices)).toBeVisible();
});

test('billing: opens an invoice, saves its number and amount, uploads a proof of delivery, comments with a mention', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, request, 'billing@demo.test');
  const drafts = await find(request, token, {
    actionRequired: true,
    isAuditable: true,
    status: 'DRAFT',
    pageSize: 50,
  });
  // A draft whose shipment still lacks a required document (the save check names it).
  for (const draft of drafts.data) {
    const headers = { authorization: `Bearer ${token}` };
    const read = await request.get(`/api/v1/third_party_payer_invoices/${draft.invoiceNumber}`, {
      headers,
    });
    const { id } = ((await read.json()) as { data: { id: string } }).data;
    const required = await request.get(`/api/v2/invoices/${id}/required_documents`, { headers });
    expect(required.status()).toBe(200);
    const documents = ((await required.json()) as { data: { isUploaded: boolean }[] }).data;
    if (documents.some((document) => !document.isUploaded)) {
      submitted = draft;
      break;
    }
  }
  expect(submitted, 'a draft invoice with a required document missing').toBeDefined();
  await page.goto(`${LIST}?view=draft`);
  await page.getByRole('searchbox', { name: /^Search/ }).fill(submitted.invoiceNumber);
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().click();

  const drawer = detail(page);
  await expect(
    drawer.getByRole('heading', { name: `Invoice ${submitted.invoiceNumber}` }),
  ).toBeVisible();
  await expect(drawer.getByText('Draft', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Charges' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Summary' })).toBeVisible();

  // At least one of the two; a non-numeric amount becomes empty. No red before the user types.
  const save = drawer.getByRole('button', { name: 'Save Invoice' });
  const number = drawer.getByRole('textbox', { name: 'Invoice Number' });
  const amount = drawer.getByRole('textbox', { name: 'Invoice Amount' });
  const requiredRule = drawer.getByText(THIRD_PARTY_INVOICE_MESSAGES.numberOrAmountRequired);
  await expect(requiredRule).toHaveCount(0);
  await number.fill('R');
  await number.fill('');
  await amount.fill('');
  await expect(save).toBeDisabled();
  await expect(requiredRule.first()).toBeVisible();
  await amount.fill('abc');
  await expect(amount).toHaveValue('');
  await expect(save).toBeDisabled();
  await number.fill('RR-INV-4471');
  await amount.fill('1875.50');
  await expect(save).toBeEnabled();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(shots, 'detail-1440.png') });
  // An amount off the invoice's total and a missing proof of delivery are said before saving.
  const before = await request.get(
    `/api/v1/third_party_payer_invoices/${submitted.invoiceNumber}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const total = ((await before.json()) as { data: { total: number } }).data.total;
  const difference = Math.abs(1875.5 - total);
  expect(difference).toBeGreaterThan(0);
  await save.click();
  const check = page.getByRole('dialog', { name: 'Save this invoice?' });
  await expect(check).toContainText(
    `${money(difference)} ${1875.5 > total ? 'more' : 'less'} than the invoice total of ${money(total)}`,
  );
  await expect(check).toContainText('Required documents not uploaded yet: ');
  await page.screenshot({ path: join(shots, 'save-check-1440.png') });
  await check.getByRole('button', { name: 'Save Anyway' }).click();
  await expect(page.getByText(INVOICE_MESSAGES.updated)).toBeVisible();
  await expect(drawer.getByText('Received', { exact: true })).toBeVisible();

  // Someone else saves meanwhile: this screen's save is refused with the reason, and the form
  // then shows their version.
  const read = await request.get(`/api/v1/third_party_payer_invoices/${submitted.invoiceNumber}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const current = ((await read.json()) as { data: { id: string; version: number } }).data;
  const other = await request.patch(`/api/v2/invoices/${current.id}`, {
    headers: { authorization: `Bearer ${token}`, 'if-match': `"${current.version}"` },
    data: { invoiceId: current.id, externalInvoiceNumber: 'RR-INV-4471-B' },
  });
  expect(other.status()).toBe(200);
  await amount.fill('1900');
  await save.click();
  await check.getByRole('button', { name: 'Save Anyway' }).click();
  // The spec's toast: the server's title, its errors as a list under it.
  await expect(page.getByText(THIRD_PARTY_INVOICE_MESSAGES.notUpdated)).toBeVisible();
  await expect(
    // (the open drawer hides the toasts' container from the accessibility tree, so not by role)
    page.locator('li', { hasText: THIRD_PARTY_INVOICE_MESSAGES.changedByOthers }),
  ).toBeVisible();
  await expect(number).toHaveValue('RR-INV-4471-B');
  await expect(amount).toHaveValue('1875.50');
  dropExpectedFailures(consoleErrors, 409);

  // A proof of delivery for a stop of the shipment.
  await drawer.getByRole('button', { name: 'Upload Document' }).click();
  await page.getByRole('combobox', { name: 'File type' }).click();
  await page.getByRole('option', { name: 'Proof of Delivery' }).click();
  await page.getByRole('combobox', { name: 'Stop' }).click();
  await page
    .getByRole('option', { name: /^Stop \d+ - / })
    .first()
    .click();
  await page.getByLabel('File', { exact: true }).setInputFiles(proofOfDelivery);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.uploaded)).toBeVisible();
  await expect(drawer.getByText('delivery-packet.pdf').first()).toBeVisible();

  // A comment that mentions the operator's carrier accounting.
  const comment = `POD uploaded for ${submitted.invoiceNumber}`;
  await drawer.getByRole('textbox', { name: 'New comment' }).click();
  await page.keyboard.type(`${comment}, @pri`);
  await drawer.getByRole('menuitem', { name: /Priya Raman/ }).click();
  await page.keyboard.type(' please review');
  await drawer.getByRole('button', { name: 'Send' }).click();
  const note = drawer.getByRole('article', { name: /^Note by / }).filter({ hasText: comment });
  await expect(note).toBeVisible();
  await expect(note.locator('.mention')).toHaveText('@Priya Raman');
  await expect(note).toContainText('please review');

  // Closing goes back to the list it came from; the saved invoice has left the Draft view.
  await drawer.getByRole('button', { name: 'Close invoice' }).click();
  await expect(page).toHaveURL(/\/third-party-payer-invoices\?view=draft/);
  await expect(page.getByText(INVOICE_MESSAGES.noMatchingInvoices)).toBeVisible();
});

test('admin settles the invoice; billing then finds it read-only', async ({ page, request }) => {
  test.skip(!submitted, 'needs the invoice submitted above');
  await signIn(page, request, 'admin@demo.test');
  await page.goto(`${LIST}/${submitted.invoiceNumber}/preview`);
  // The operator's admin may see the expired tracking-token dialog first.
  const tokenDialog = page.getByRole('dialog', { name: 'Tracking Integration Token Expired' });
  if (await tokenDialog.isVisible().catch(() => false)) {
    await tokenDialog.getByRole('button', { name: 'Close' }).click();
  }
  await detail(page).getByRole('button', { name: 'Mark as Settled' }).click();
  await expect(page.getByText(INVOICE_MESSAGES.updated)).toBeVisible();
  await expect(detail(page).getByText('Settled', { exact: true })).toBeVisible();

  await signIn(page, request, 'billing@demo.test');
  await page.goto(`${LIST}/${submitted.invoiceNumber}/preview`);
  const drawer = detail(page);
  await expect(drawer.getByText(THIRD_PARTY_INVOICE_MESSAGES.readOnly)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Save Invoice' })).toBeDisabled();
  await expect(drawer.getByRole('textbox', { name: 'Invoice Number' })).toBeDisabled();
  await expect(drawer.getByRole('textbox', { name: 'Invoice Number' })).toHaveValue(
    'RR-INV-4471-B',
  );
  await expect(drawer.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'detail-settled-375.png'), fullPage: true });
});

test('factoring: its carrier’s invoices with Remit To; to another company the invoice answers as missing', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await signIn(page, request, 'factoring@demo.test');
  await page.goto(LIST);
  await expectBadges(page, request, token);
  const all = await find(request, token, { isAuditable: false, pageSize: 50 });
  expect(all.totalCount).toBeGreaterThan(0);
  await views(page).getByRole('button', { name: /^All/ }).click();
  await expect(cards(page).first()).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'list-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  const invoice = (await find(request, token, { pageSize: 1 })).data[0]!;
  await page.getByRole('searchbox', { name: /^Search/ }).fill(invoice.invoiceNumber);
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('link', { name: invoice.invoiceNumber }).click();
  await expect(detail(page).getByText('Remit To')).toBeVisible();
  await expect(detail(page).getByText('Summit Freight Factoring')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, 'detail-375.png') });

  // Red River's invoice, opened by another carrier's admin (Granite State Carriers, who may use the
  // section), answers exactly as an invoice number that does not exist.
  const otherToken = await signIn(page, request, 'other@demo.test');
  const foreign = invoice.invoiceNumber;
  const direct = await request.get(`/api/v1/third_party_payer_invoices/${foreign}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(direct.status()).toBe(404);
  await page.goto(`${LIST}/TP0000001/preview`);
  const missing = detail(page).getByRole('alert');
  await expect(missing).toBeVisible();
  const missingText = await missing.textContent();
  await page.goto(`${LIST}/${foreign}/preview`);
  await expect(detail(page).getByRole('alert')).toHaveText(missingText ?? '');
  dropExpectedFailures(consoleErrors, 404);
});
