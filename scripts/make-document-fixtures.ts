// Writes the sample files the document tests upload (e2e/fixtures/documents): a three-page PDF,
// a three-page bilevel TIFF scan, a PNG receipt and a JPEG photo. Run again only to change them:
//   node --import tsx scripts/make-document-fixtures.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { chromium } from 'playwright-core';
import { buildDemoFiles } from '../apps/api/src/seed/demo-files';
import { SeededRandom } from '../apps/api/src/seed/random';

const out = join(import.meta.dirname, '..', 'e2e', 'fixtures', 'documents');
mkdirSync(out, { recursive: true });

function threePagePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 60,
      info: { Title: 'Delivery packet', CreationDate: new Date(Date.UTC(2026, 0, 5, 12)) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    const pages = [
      [
        'Delivery receipt',
        'Consignee: Sunbelt Home Goods DC, Atlanta GA',
        '24 pallets, no exceptions',
      ],
      [
        'Bill of lading',
        'Shipper: Great Lakes Paper Products, Green Bay WI',
        'Seal 0448127 intact',
      ],
      ['Lumper receipt', 'Capitol Unloading Services', 'Unload 24 pallets: $185.00'],
    ];
    pages.forEach(([title, line1, line2], index) => {
      if (index > 0) doc.addPage();
      doc.fillColor('#1565c0').font('Helvetica-Bold').fontSize(28).text(title!);
      doc.moveDown().fillColor('#1f2933').font('Helvetica').fontSize(14).text(line1!).text(line2!);
      doc
        .moveDown(2)
        .fontSize(40)
        .text(`Page ${index + 1} of 3`, { align: 'center' });
    });
    doc.end();
  });
}

async function jpegPhoto(): Promise<Buffer> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      const sky = context.createLinearGradient(0, 0, 0, 480);
      sky.addColorStop(0, '#9cc3e6');
      sky.addColorStop(1, '#e8eef3');
      context.fillStyle = sky;
      context.fillRect(0, 0, 640, 480);
      context.fillStyle = '#5f6b76';
      context.fillRect(0, 360, 640, 120);
      context.fillStyle = '#f4f4f2';
      context.fillRect(90, 170, 440, 190);
      context.fillStyle = '#1565c0';
      context.font = 'bold 44px sans-serif';
      context.fillText('TRAILER 5317', 150, 280);
      context.fillStyle = '#222';
      for (const x of [140, 200, 420, 480]) {
        context.beginPath();
        context.arc(x, 370, 28, 0, Math.PI * 2);
        context.fill();
      }
      return canvas.toDataURL('image/jpeg', 0.9);
    });
    return Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  } finally {
    await browser.close();
  }
}

const files = await buildDemoFiles(new SeededRandom(42));
writeFileSync(join(out, 'delivery-packet.pdf'), await threePagePdf());
writeFileSync(join(out, 'delivery-scan.tif'), files.proofOfDeliveryScan.bytes);
writeFileSync(join(out, 'lumper-receipt.png'), files.lumperReceipt.bytes);
writeFileSync(join(out, 'trailer-photo.jpg'), await jpegPhoto());
process.stdout.write(`Wrote the document fixtures to ${out}\n`);
