import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { GreyCanvas, hexColor, RgbaCanvas, textWidth, type Rgb } from './raster';
import type { SeededRandom } from './random';
import { encodeBilevelTiff } from './tiff';

// The real files behind the demo world's document rows. Each distinct file is made once; many
// rows then store the same bytes under their own keys, which keeps seeding fast.

export interface DemoFile {
  bytes: Buffer;
  sha256: string;
  sizeBytes: number;
  contentType: string;
  extension: 'pdf' | 'png' | 'tif';
}

export function demoFile(
  bytes: Buffer,
  contentType: string,
  extension: DemoFile['extension'],
): DemoFile {
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.length,
    contentType,
    extension,
  };
}

// A fixed creation date keeps the PDF bytes the same from one run to the next.
const PDF_DATE = new Date(Date.UTC(2026, 0, 5, 12, 0, 0));

function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<DemoFile> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 50,
      info: {
        Title: title,
        Author: 'Meridian Freight Partners',
        Creator: 'Carrier Portal',
        CreationDate: PDF_DATE,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(demoFile(Buffer.concat(chunks), 'application/pdf', 'pdf')));
    draw(doc);
    doc.end();
  });
}

function png(canvas: RgbaCanvas): DemoFile {
  const image = new PNG({ width: canvas.width, height: canvas.height });
  canvas.data.copy(image.data);
  return demoFile(PNG.sync.write(image), 'image/png', 'png');
}

const DARK = '#1f2933';
const BRAND = '#1565c0';

function heading(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(title, 50, 50);
  doc.fillColor(DARK).font('Helvetica').fontSize(10).text(subtitle, 50, 76);
  doc.moveTo(50, 96).lineTo(562, 96).lineWidth(1.5).strokeColor(BRAND).stroke();
}

function box(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  label: string,
  lines: readonly string[],
): void {
  const height = 22 + lines.length * 13;
  doc.rect(x, y, width, height).lineWidth(0.8).strokeColor('#9aa5b1').stroke();
  doc
    .fillColor('#52606d')
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(label.toUpperCase(), x + 6, y + 6);
  doc.fillColor(DARK).font('Helvetica').fontSize(10);
  lines.forEach((line, index) => doc.text(line, x + 6, y + 19 + index * 13, { width: width - 12 }));
}

function table(
  doc: PDFKit.PDFDocument,
  y: number,
  columns: readonly { label: string; width: number; align?: 'left' | 'right' }[],
  rows: readonly (readonly string[])[],
): number {
  let x = 50;
  doc.rect(50, y, 512, 18).fill('#e4e7eb');
  doc.fillColor(DARK).font('Helvetica-Bold').fontSize(8.5);
  for (const column of columns) {
    doc.text(column.label, x + 4, y + 5, {
      width: column.width - 8,
      align: column.align ?? 'left',
    });
    x += column.width;
  }
  let rowY = y + 18;
  doc.font('Helvetica').fontSize(9.5);
  for (const row of rows) {
    x = 50;
    columns.forEach((column, index) => {
      doc.text(row[index] ?? '', x + 4, rowY + 5, {
        width: column.width - 8,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    doc
      .moveTo(50, rowY + 20)
      .lineTo(562, rowY + 20)
      .lineWidth(0.5)
      .strokeColor('#cbd2d9')
      .stroke();
    rowY += 20;
  }
  return rowY;
}

function signatureLine(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  label: string,
  signed: boolean,
): void {
  if (signed) {
    doc
      .moveTo(x + 10, y - 4)
      .bezierCurveTo(x + 30, y - 28, x + 45, y + 6, x + 60, y - 14)
      .bezierCurveTo(x + 75, y - 30, x + 85, y + 2, x + 110, y - 10)
      .bezierCurveTo(x + 125, y - 18, x + 140, y - 2, x + 160, y - 12)
      .lineWidth(1.4)
      .strokeColor('#0b3d91')
      .stroke();
  }
  doc
    .moveTo(x, y)
    .lineTo(x + 220, y)
    .lineWidth(0.8)
    .strokeColor(DARK)
    .stroke();
  doc
    .fillColor('#52606d')
    .font('Helvetica')
    .fontSize(8)
    .text(label, x, y + 4);
}

function proofOfDelivery(): Promise<DemoFile> {
  return renderPdf('Proof of Delivery', (doc) => {
    heading(doc, 'DELIVERY RECEIPT', 'Proof of delivery for shipment 1004512, BOL 7730418');
    box(doc, 50, 110, 512, 'Delivered to', [
      'Sunbelt Home Goods Distribution Center, 455 Logistics Boulevard, Atlanta, GA 30303',
      'Door 14   Arrived 13:05   Departed 14:40',
    ]);
    table(
      doc,
      170,
      [
        { label: 'Description', width: 250 },
        { label: 'Shipped', width: 80, align: 'right' },
        { label: 'Received', width: 80, align: 'right' },
        { label: 'Exceptions', width: 102 },
      ],
      [
        ['Corrugated boxes, flat-packed', '14', '14', 'None'],
        ['Paper towel rolls', '10', '10', 'None'],
      ],
    );
    doc.save().rotate(-12, { origin: [420, 330] });
    doc.rect(350, 300, 150, 50).lineWidth(2.5).strokeColor('#c62828').stroke();
    doc.fillColor('#c62828').font('Helvetica-Bold').fontSize(20).text('RECEIVED', 362, 316);
    doc.restore();
    signatureLine(doc, 50, 420, 'Received in good order by: T. Washington, receiving clerk', true);
    signatureLine(doc, 330, 420, 'Driver', true);
  });
}

function carrierInvoice(): Promise<DemoFile> {
  return renderPdf('Carrier Invoice', (doc) => {
    heading(
      doc,
      'INVOICE RRF-20418',
      'Red River Freight Lines  |  2410 Main Avenue, Fargo, ND 58102  |  billing@redriverfreight.example',
    );
    box(doc, 50, 110, 250, 'Bill to', [
      'Meridian Freight Partners',
      'Carrier Accounting',
      '300 Commerce Drive, Indianapolis, IN 46225',
    ]);
    box(doc, 312, 110, 250, 'Remit to', [
      'Summit Freight Factoring',
      'PO Box 26640',
      'Oklahoma City, OK 73108',
    ]);
    const y = table(
      doc,
      190,
      [
        { label: 'Description', width: 300 },
        { label: 'Units', width: 80, align: 'right' },
        { label: 'Rate', width: 66, align: 'right' },
        { label: 'Amount', width: 66, align: 'right' },
      ],
      [
        ['Line haul, load 1004512 Green Bay, WI to Atlanta, GA', '1', '$2,050.00', '$2,050.00'],
        ['Fuel surcharge', '812', '$0.52', '$422.24'],
        ['Detention at receiver (2.5 h)', '2.5', '$75.00', '$187.50'],
        ['Invoice total', '', '', '$2,659.74'],
      ],
    );
    doc
      .fillColor(DARK)
      .font('Helvetica')
      .fontSize(9)
      .text(
        'Terms: Net 30. This account has been assigned to Summit Freight Factoring; pay only the factor.',
        50,
        y + 20,
      );
  });
}

function thirdPartyInvoice(): Promise<DemoFile> {
  return renderPdf('Freight Invoice', (doc) => {
    heading(
      doc,
      'FREIGHT INVOICE',
      'Red River Freight Lines, billed through the Carrier Portal third-party payer program',
    );
    box(doc, 50, 110, 250, 'Payer', [
      'Prairie Harvest Foods',
      'Accounts Payable',
      '1800 Harvest Way, Omaha, NE 68102',
    ]);
    box(doc, 312, 110, 250, 'Shipment', [
      'Load date 01/04/2026',
      'Omaha, NE to Minneapolis, MN',
      'Reefer, 36 F continuous',
    ]);
    table(
      doc,
      190,
      [
        { label: 'Charge', width: 300 },
        { label: 'Units', width: 80, align: 'right' },
        { label: 'Rate', width: 66, align: 'right' },
        { label: 'Amount', width: 66, align: 'right' },
      ],
      [
        ['Line haul', '1', '$1,180.00', '$1,180.00'],
        ['Fuel surcharge', '458', '$0.55', '$251.90'],
        ['Total due', '', '', '$1,431.90'],
      ],
    );
  });
}

function scannedPage(random: SeededRandom, lines: readonly string[], signed: boolean): GreyCanvas {
  const page = new GreyCanvas(1275, 1650);
  page.text(90, 90, lines[0] ?? '', 6);
  page.line(90, 150, 1185, 150, 4);
  let y = 200;
  for (const line of lines.slice(1)) {
    page.text(90, y, line, 3);
    y += 48;
  }
  page.strokeRect(90, y + 20, 1095, 300, 3);
  for (let row = 1; row < 6; row++) page.line(90, y + 20 + row * 50, 1185, y + 20 + row * 50, 2);
  if (signed) {
    page.signature(140, y + 420, 380, random);
    page.line(120, y + 450, 620, y + 450, 2);
    page.text(120, y + 470, 'RECEIVED BY', 3);
    page.strokeRect(760, y + 380, 360, 110, 5);
    page.text(790, y + 415, 'RECEIVED', 6);
  }
  page.scanNoise(random);
  return page;
}

function proofOfDeliveryScan(random: SeededRandom): DemoFile {
  const pages = [
    scannedPage(
      random,
      [
        'DELIVERY RECEIPT',
        'SHIPMENT 1004512   BOL 7730418',
        'CONSIGNEE: SUNBELT HOME GOODS DC, ATLANTA GA',
        '24 PALLETS RECEIVED, NO EXCEPTIONS',
        'ARRIVED 13:05   DEPARTED 14:40   DOOR 14',
      ],
      true,
    ),
    scannedPage(
      random,
      [
        'BILL OF LADING',
        'SHIPPER: GREAT LAKES PAPER PRODUCTS',
        'GREEN BAY WI 54304',
        'SEAL 0448127 INTACT AT DELIVERY',
        'PIECES: 24 PALLETS  WEIGHT: 19,920 LB',
      ],
      true,
    ),
    scannedPage(
      random,
      [
        'LUMPER RECEIPT',
        'CAPITOL UNLOADING SERVICES',
        'UNLOAD 24 PALLETS  $185.00',
        'PAID BY COMCHEK 55120873',
        'THANK YOU',
      ],
      false,
    ),
  ];
  const tiff = encodeBilevelTiff(
    pages.map((page) => ({ width: page.width, height: page.height, bits: page.toBilevel() })),
    150,
  );
  return demoFile(tiff, 'image/tiff', 'tif');
}

function proofOfDeliveryPhoto(random: SeededRandom): DemoFile {
  const canvas = new RgbaCanvas(600, 800, [96, 84, 72]);
  canvas.fillRect(50, 40, 500, 720, [250, 248, 240]);
  canvas.fillRect(56, 46, 500, 720, [60, 52, 44]);
  canvas.fillRect(50, 40, 500, 720, [250, 248, 240]);
  const ink: Rgb = [30, 36, 48];
  canvas.text(80, 80, 'DELIVERY RECEIPT', 4, ink);
  canvas.line(80, 120, 520, 120, ink, 2);
  const lines = [
    'SHIPMENT 1004512',
    'CONSIGNEE: SUNBELT HOME GOODS',
    'ATLANTA, GA 30303',
    '24 PALLETS  19,920 LB',
    'NO SHORTAGE  NO DAMAGE',
  ];
  lines.forEach((line, index) => canvas.text(80, 150 + index * 40, line, 2, ink));
  // A hand signature: loops of varying height drifting right, then an underline flourish.
  const ink2: Rgb = [20, 50, 140];
  let previous: [number, number] = [110, 560];
  for (let step = 1; step <= 140; step++) {
    const t = step / 140;
    const amplitude = 10 + 14 * Math.abs(Math.sin(step * 0.21 + random.next() * 0.2));
    const point: [number, number] = [
      110 + t * 270 + Math.cos(step * 0.55) * 9,
      560 + Math.sin(step * 0.55) * amplitude - t * 12,
    ];
    canvas.line(previous[0], previous[1], point[0], point[1], ink2, 3);
    previous = point;
  }
  canvas.line(120, 588, 360, 578, ink2, 2);
  canvas.line(90, 600, 400, 600, ink, 2);
  canvas.text(90, 615, 'RECEIVED BY', 2, ink);
  const red: Rgb = [198, 40, 40];
  canvas.line(420, 680, 445, 710, red, 5);
  canvas.line(445, 710, 505, 640, red, 5);
  return png(canvas);
}

function trailerPhoto(): DemoFile {
  const canvas = new RgbaCanvas(640, 360);
  canvas.gradient(0, 0, 640, 230, [120, 170, 220], [210, 228, 240]);
  canvas.gradient(0, 230, 640, 130, [110, 110, 105], [70, 70, 66]);
  canvas.fillRect(0, 236, 640, 4, [235, 235, 200]);
  canvas.fillRect(40, 90, 430, 150, [245, 246, 248]);
  canvas.fillRect(40, 230, 430, 10, [60, 64, 70]);
  canvas.fillRect(60, 150, 390, 22, hexColor('#b3261e'));
  canvas.centeredText(255, 110, 'RED RIVER FREIGHT LINES', 3, hexColor('#b3261e'));
  canvas.centeredText(255, 182, 'FARGO, ND  USDOT 2455817', 2, [40, 40, 40]);
  canvas.fillRect(470, 130, 110, 110, hexColor('#b3261e'));
  canvas.fillRect(500, 145, 60, 40, [170, 205, 230]);
  canvas.fillRect(580, 200, 20, 40, [90, 90, 90]);
  for (const x of [110, 150, 400, 440, 510, 560]) {
    canvas.disc(x, 250, 22, [25, 25, 25]);
    canvas.disc(x, 250, 9, [150, 150, 150]);
  }
  return png(canvas);
}

function lumperReceipt(): DemoFile {
  const canvas = new RgbaCanvas(420, 640, [252, 252, 248]);
  const ink: Rgb = [40, 40, 40];
  canvas.centeredText(210, 30, 'CAPITOL UNLOADING', 3, ink);
  canvas.centeredText(210, 60, 'SERVICES LLC', 3, ink);
  canvas.centeredText(210, 95, 'ATLANTA, GA  (404) 555-0188', 2, ink);
  const rows = [
    'RECEIPT NO. 118274',
    'DATE 01/07/2026 13:20',
    'CARRIER RED RIVER FREIGHT',
    'TRAILER 5317',
    'PALLETS UNLOADED 24',
    'RESTACK 0',
    '',
    'UNLOAD FEE   $160.00',
    'SERVICE FEE   $25.00',
    'TOTAL        $185.00',
    '',
    'PAID: COMCHEK 55120873',
  ];
  rows.forEach((row, index) => canvas.text(30, 140 + index * 30, row, 2, ink));
  for (let x = 0; x < 420; x += 14) canvas.fillRect(x, 630, 7, 10, [200, 200, 200]);
  return png(canvas);
}

/** A square logo: the company's initials on its colour. */
export function logoPng(name: string, colors: readonly [string, string]): DemoFile {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const background = hexColor(colors[0]);
  const foreground = hexColor(colors[1]);
  const canvas = new RgbaCanvas(256, 256, background);
  canvas.fillRect(0, 196, 256, 12, foreground);
  const scale = initials.length > 1 ? 14 : 18;
  canvas.text(Math.round(128 - textWidth(initials, scale) / 2), 50, initials, scale, foreground);
  return png(canvas);
}

/** A round avatar with initials, for profile pictures. */
export function avatarPng(firstName: string, lastName: string, color: string): DemoFile {
  const canvas = new RgbaCanvas(160, 160, [255, 255, 255]);
  canvas.disc(80, 80, 78, hexColor(color));
  canvas.centeredText(80, 52, `${firstName[0] ?? ''}${lastName[0] ?? ''}`, 8, [255, 255, 255]);
  return png(canvas);
}

export interface DemoFileSet {
  proofOfDeliveryPdf: DemoFile;
  proofOfDeliveryScan: DemoFile;
  proofOfDeliveryPhoto: DemoFile;
  carrierInvoice: DemoFile;
  thirdPartyInvoice: DemoFile;
  trailerPhoto: DemoFile;
  lumperReceipt: DemoFile;
}

export async function buildDemoFiles(random: SeededRandom): Promise<DemoFileSet> {
  return {
    proofOfDeliveryPdf: await proofOfDelivery(),
    proofOfDeliveryScan: proofOfDeliveryScan(random.fork('pod-scan')),
    proofOfDeliveryPhoto: proofOfDeliveryPhoto(random.fork('pod-photo')),
    carrierInvoice: await carrierInvoice(),
    thirdPartyInvoice: await thirdPartyInvoice(),
    trailerPhoto: trailerPhoto(),
    lumperReceipt: lumperReceipt(),
  };
}
