import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES } from '@portal/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { involvedCase, signIn } from '../support/session';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'documents');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const files = {
  pdf: join(fixtures, 'delivery-packet.pdf'),
  tiff: join(fixtures, 'delivery-scan.tif'),
  png: join(fixtures, 'lumper-receipt.png'),
  jpeg: join(fixtures, 'trailer-photo.jpg'),
};

async function chooseType(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'File type' }).click();
  await page.getByRole('option', { name }).click();
}

/**
 * The toast of an upload. An earlier upload's toast may still be in the page, leaving (hidden) or
 * not yet gone: the one that counts is a visible one.
 */
const uploadedToast = (page: Page) =>
  page.getByText(DOCUMENT_MESSAGES.uploaded).filter({ visible: true }).first();

async function uploadWithPicker(page: Page, type: string, file: string, stop?: string) {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await chooseType(page, type);
  if (stop) {
    await page.getByRole('combobox', { name: 'Stop' }).click();
    await page.getByRole('option', { name: stop }).click();
  }
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploadedToast(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeHidden();
}

/** Drops a file on the dialog's drop zone as a browser would. */
async function uploadByDrop(page: Page, type: string, file: string, name: string, mime: string) {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await chooseType(page, type);
  const bytes = readFileSync(file).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, mime }) => {
      const transfer = new DataTransfer();
      const data = Uint8Array.from(atob(bytes), (character) => character.charCodeAt(0));
      transfer.items.add(new File([data], name, { type: mime }));
      return transfer;
    },
    { bytes, name, mime },
  );
  await page.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText(new RegExp(`^${name.replace('.', '\\.')} \\(`))).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploadedToast(page)).toBeVisible();
}

async function downloadMatches(page: Page, original: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  const saved = readFileSync((await download.path())!);
  expect(sha(saved)).toBe(sha(readFileSync(original)));
  return download.suggestedFilename();
}

const tools = (page: Page) => page.getByRole('toolbar', { name: 'Document tools' });

async function deleteDocument(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.deleted).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
}

test('uploads each kind of file to an accessorial request, views, downloads and deletes it', async ({
  page,
  request,
}) => {
  // Nine uploads, views and deletes on the single-threaded embedded database, beside the shell's
  // own reads (navigation counts, notifications): longer than the default minute.
  test.slow();
  const token = await signIn(page, request, 'carrier@demo.test');
  // A retry works on another request: the first attempt's uploads stay on its own.
  const accessorial = await involvedCase(request, token, test.info().retry === 0 ? 0 : 5);
  const stop = `Stop ${accessorial.dropoffs[0]!.stopNumber} - ${accessorial.dropoffs[0]!.city}, ${accessorial.dropoffs[0]!.state}`;
  await page.goto(`/cases/${accessorial.caseNumber}/preview/documents`);
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  // The validation messages, in order.
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(UPLOAD_MESSAGES.selectFile);
  await page.getByLabel('File', { exact: true }).setInputFiles(files.pdf);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(UPLOAD_MESSAGES.selectFileType);
  await chooseType(page, 'Proof of Delivery');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(UPLOAD_MESSAGES.noDropoff);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // PDF (three pages) with the picker, as shipment miscellaneous.
  await uploadWithPicker(page, 'Shipment Miscellaneous', files.pdf);
  await page.getByRole('button', { name: 'Open delivery-packet.pdf' }).click();
  await expect(tools(page).getByText('Page 1 of 3')).toBeVisible();
  await expect(page.locator('.react-pdf__Page[data-page-number="1"] canvas')).toBeVisible();
  await tools(page).getByRole('button', { name: 'Next page' }).click();
  await tools(page).getByRole('button', { name: 'Next page' }).click();
  await expect(tools(page).getByText('Page 3 of 3')).toBeVisible();
  await expect(page.locator('.react-pdf__Page[data-page-number="3"] canvas')).toBeVisible();
  await expect(tools(page).getByRole('button', { name: 'Next page' })).toBeDisabled();
  await tools(page).getByRole('button', { name: 'Previous page' }).click();
  await expect(tools(page).getByText('Page 2 of 3')).toBeVisible();
  const zoom = tools(page).getByLabel('Zoom', { exact: true });
  const before = await zoom.textContent();
  await tools(page).getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(before!);
  const pageBox = page.locator('.react-pdf__Page[data-page-number="2"] canvas');
  const upright = await pageBox.boundingBox();
  await tools(page).getByRole('button', { name: 'Rotate right' }).click();
  await expect
    .poll(async () => {
      const turned = await pageBox.boundingBox();
      return turned ? turned.width > turned.height : false;
    })
    .toBe(true);
  expect(upright!.height).toBeGreaterThan(upright!.width);
  expect(await downloadMatches(page, files.pdf)).toBe('delivery-packet.pdf');
  await tools(page).getByRole('button', { name: 'Print' }).click();
  await expect(tools(page).getByRole('button', { name: 'Print' })).toBeEnabled();
  await page.getByRole('button', { name: 'Close' }).click();

  // TIFF scan (three pages) as proof of delivery on a dropoff.
  await uploadWithPicker(page, 'Proof of Delivery', files.tiff, stop);
  await page.getByRole('button', { name: 'Open delivery-scan.tif' }).click();
  await expect(tools(page).getByText('Page 1 of 3')).toBeVisible();
  await expect(page.getByRole('img', { name: 'delivery-scan.tif, page 1' })).toBeVisible();
  await tools(page).getByRole('button', { name: 'Next page' }).click();
  await tools(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('img', { name: 'delivery-scan.tif, page 3' })).toBeVisible();
  await tools(page).getByRole('button', { name: 'Rotate left' }).click();
  await tools(page).getByRole('button', { name: 'Zoom out' }).click();
  const scan = page.getByRole('img', { name: 'delivery-scan.tif, page 3' });
  await expect(scan).toHaveAttribute('style', /rotate\(270deg\)/);
  expect(await downloadMatches(page, files.tiff)).toBe('delivery-scan.tif');
  await page.getByRole('button', { name: 'Close' }).click();

  // PNG dropped on the dialog, JPEG with the picker.
  await uploadByDrop(page, 'Shipment Miscellaneous', files.png, 'lumper-receipt.png', 'image/png');
  await uploadWithPicker(page, 'Shipment Miscellaneous', files.jpeg);
  for (const [name, file] of [
    ['lumper-receipt.png', files.png],
    ['trailer-photo.jpg', files.jpeg],
  ] as const) {
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect(tools(page).getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('img', { name })).toBeVisible();
    expect(await downloadMatches(page, file)).toBe(name);
    await page.getByRole('button', { name: 'Close' }).click();
  }

  // Refresh reads the list again; the uploads are all there.
  await page.getByRole('button', { name: 'Refresh documents' }).click();
  for (const name of [
    'delivery-packet.pdf',
    'delivery-scan.tif',
    'lumper-receipt.png',
    'trailer-photo.jpg',
  ])
    await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();

  for (const name of [
    'delivery-packet.pdf',
    'delivery-scan.tif',
    'lumper-receipt.png',
    'trailer-photo.jpg',
  ])
    await deleteDocument(page, name);
});

test('the misspelt documents path opens the documents, and another carrier sees nothing', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const accessorial = await involvedCase(request, token, 1);
  await page.goto(`/cases/${accessorial.caseNumber}/preview/documnets`);
  await expect(page).toHaveURL(new RegExp(`/cases/${accessorial.caseNumber}/preview/documents$`));
  await expect(page.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
  await page.goto(`/cases/${accessorial.caseNumber}/preview/history`);
  await expect(page.getByRole('list', { name: 'History' })).toContainText(
    'Accessorial request created',
  );

  await signIn(page, request, 'other@demo.test');
  await page.goto(`/cases/${accessorial.caseNumber}/preview/documents`);
  await expect(page.getByText('Case not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
  // The browser reports the refused reads of the case (404) on its console; those are expected.
  const refused = consoleErrors.filter((message) => message.includes('status of 404'));
  expect(refused.length).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !refused.includes(m)),
  );
});

test('a pasted WebP picture is kept as a JPEG', async ({ page, request }) => {
  const token = await signIn(page, request, 'carrier@demo.test');
  const accessorial = await involvedCase(request, token, 4);
  await page.goto(`/cases/${accessorial.caseNumber}/preview/documents`);
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await chooseType(page, 'Shipment Miscellaneous');
  // A phone screenshot on the clipboard, pasted into the dialog.
  await page.getByTestId('upload-drop-zone').evaluate(async (zone) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1565c0';
    context.fillRect(0, 0, 320, 200);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/webp'),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'dock-door.webp', { type: 'image/webp' }));
    zone.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }));
  });
  await expect(page.getByText(/^dock-door\.jpg \(/)).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(DOCUMENT_MESSAGES.uploaded)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open dock-door.jpg' })).toBeVisible();

  const listed = await request.get(`/api/v2/documents?caseId=${accessorial.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const pasted = (await listed.json()).data.find(
    (item: { name: string }) => item.name === 'dock-door.jpg',
  );
  expect(pasted).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
  await deleteDocument(page, 'dock-door.jpg');
});
