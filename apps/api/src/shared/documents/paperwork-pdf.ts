import { stopClockTime } from '@portal/domain';
import { PDFDocument as PdfLibDocument, rgb, StandardFonts } from 'pdf-lib';
import PDFDocument from 'pdfkit';

// The bill of lading and the rate confirmation, drawn with pdfkit from the shipment's own data, and
// the carrier's signature stamped onto a rate confirmation with pdf-lib.

const DARK = '#1f2933';
const MUTED = '#52606d';
const BRAND = '#1565c0';
const RULE = '#cbd2d9';

export interface PdfParty {
  name: string;
  lines: string[];
}

export interface PdfStop {
  stopNumber: number;
  stopType: string;
  name: string;
  address: string;
  /** Window, appointment and reference numbers, already written in the stop's zone. */
  details: string[];
}

export interface PdfLineItem {
  handlingUnits: number;
  packageType: string;
  pieces: number | null;
  weightPounds: number;
  description: string;
  freightClass: string | null;
  hazmat: string | null;
}

/** A date as the paper writes it (MM/DD/YYYY), in a zone. */
export function usDate(instant: Date, timeZone = 'America/Chicago'): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(instant);
}

/** A date and time with its zone named (MM/DD/YYYY h:mm AM CDT). */
export function usDateTime(instant: Date, timeZone: string): string {
  return stopClockTime(instant, timeZone).replace(',', '');
}

/** A stop's appointment and window, written in the stop's zone. */
export function stopWindowLines(stop: {
  appointmentAt: Date | null;
  earlyAt: Date | null;
  lateAt: Date | null;
  timeZone: string;
}): string[] {
  const zone = stop.timeZone;
  const lines: string[] = [];
  if (stop.appointmentAt) lines.push(`Appointment ${usDateTime(stop.appointmentAt, zone)}`);
  if (stop.earlyAt || stop.lateAt) {
    lines.push(
      `Window ${stop.earlyAt ? usDateTime(stop.earlyAt, zone) : 'open'} to ${stop.lateAt ? usDateTime(stop.lateAt, zone) : 'open'}`,
    );
  }
  return lines;
}

/** The signing moment as stamped: local time in the zone, then the UTC instant. */
export function signedAtText(instant: Date, timeZone: string): string {
  return `${usDateTime(instant, timeZone)} (${instant.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;
}

function render(
  title: string,
  author: string,
  draw: (doc: PDFKit.PDFDocument) => void,
  createdAt = new Date(),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 48,
      info: { Title: title, Author: author, Creator: 'Carrier Portal', CreationDate: createdAt },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

function heading(doc: PDFKit.PDFDocument, title: string, subtitle: string, reference: string) {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text(title, 48, top, { width: 360 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(subtitle, 48, doc.y + 2, { width: 360 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(DARK)
    .text(reference, 370, top + 4, { width: 194, align: 'right' });
  doc.moveDown(1.2);
  rule(doc);
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveTo(48, doc.y).lineTo(564, doc.y).lineWidth(0.7).strokeColor(RULE).stroke();
  doc.moveDown(0.6);
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, y, { width });
}

function parties(doc: PDFKit.PDFDocument, boxes: { title: string; party: PdfParty }[]) {
  const top = doc.y;
  const width = (516 - 12 * (boxes.length - 1)) / boxes.length;
  let bottom = top;
  boxes.forEach(({ title, party }, index) => {
    const x = 48 + index * (width + 12);
    label(doc, title, x, top, width);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(DARK)
      .text(party.name, x, doc.y + 2, { width });
    doc.font('Helvetica').fontSize(9).fillColor(DARK);
    for (const line of party.lines) doc.text(line, x, doc.y, { width });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 10;
  doc.x = 48;
  rule(doc);
}

function facts(doc: PDFKit.PDFDocument, entries: [string, string][]) {
  const columns = 4;
  const width = 516 / columns;
  for (let start = 0; start < entries.length; start += columns) {
    const top = doc.y;
    let bottom = top;
    entries.slice(start, start + columns).forEach(([name, value], index) => {
      const x = 48 + index * width;
      label(doc, name, x, top, width - 8);
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(DARK)
        .text(value, x, doc.y + 1, { width: width - 8 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 8;
  }
  doc.x = 48;
  rule(doc);
}

function stopsSection(doc: PDFKit.PDFDocument, stops: PdfStop[]) {
  label(doc, 'Stops', 48, doc.y, 516);
  doc.moveDown(0.3);
  for (const stop of stops) {
    const top = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(BRAND)
      .text(`${stop.stopNumber}. ${stop.stopType}`, 48, top, { width: 90 });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(DARK)
      .text(stop.name, 140, top, { width: 424 });
    doc.font('Helvetica').fontSize(9).text(stop.address, 140, doc.y, { width: 424 });
    for (const line of stop.details) doc.fillColor(MUTED).text(line, 140, doc.y, { width: 424 });
    doc.fillColor(DARK);
    doc.y += 6;
  }
  doc.x = 48;
  rule(doc);
}

function paragraph(doc: PDFKit.PDFDocument, title: string, text: string) {
  label(doc, title, 48, doc.y, 516);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(DARK)
    .text(text, 48, doc.y + 2, { width: 516 });
  doc.moveDown(0.6);
}

// ---- Bill of lading ----

export interface BillOfLadingData {
  bolNumber: string;
  shipmentNumber: string;
  orderNumber: string;
  date: string;
  shipFrom: PdfParty;
  shipTo: PdfParty;
  carrier: PdfParty;
  billTo: PdfParty;
  references: string[];
  specialInstructions: string | null;
  emergencyContact: string | null;
  lineItems: PdfLineItem[];
  /** The PDF's creation date (a fixed one keeps the demo world's files the same run to run). */
  createdAt?: Date;
}

export function billOfLadingPdf(data: BillOfLadingData): Promise<Buffer> {
  return render(
    `Bill of Lading ${data.bolNumber}`,
    data.billTo.name,
    (doc) => {
      heading(
        doc,
        'Straight Bill of Lading',
        'Short form - original - not negotiable',
        `BOL ${data.bolNumber}\nShipment ${data.shipmentNumber}\nOrder ${data.orderNumber}\n${data.date}`,
      );
      parties(doc, [
        { title: 'Ship from', party: data.shipFrom },
        { title: 'Ship to', party: data.shipTo },
      ]);
      parties(doc, [
        { title: 'Carrier', party: data.carrier },
        { title: 'Third party freight charges bill to', party: data.billTo },
      ]);
      if (data.references.length > 0)
        paragraph(doc, 'Reference numbers', data.references.join('    '));
      if (data.specialInstructions)
        paragraph(doc, 'Special instructions', data.specialInstructions);
      if (data.emergencyContact) paragraph(doc, 'Hazmat emergency contact', data.emergencyContact);

      // Carrier information table.
      const columns: [string, number][] = [
        ['Handling units', 62],
        ['Type', 54],
        ['Pieces', 46],
        ['Weight (lb)', 62],
        ['HM', 24],
        ['Commodity description', 214],
        ['Class', 54],
      ];
      const top = doc.y;
      let x = 48;
      for (const [name, width] of columns) {
        label(doc, name, x, top, width - 4);
        x += width;
      }
      doc.y = top + 14;
      for (const item of data.lineItems) {
        const rowTop = doc.y;
        const cells = [
          String(item.handlingUnits),
          item.packageType,
          item.pieces === null ? '' : String(item.pieces),
          item.weightPounds.toLocaleString('en-US'),
          item.hazmat ? 'X' : '',
          item.hazmat ? `${item.description} - ${item.hazmat}` : item.description,
          item.freightClass ?? '',
        ];
        let bottom = rowTop;
        x = 48;
        cells.forEach((cell, index) => {
          const width = columns[index]![1];
          doc
            .font('Helvetica')
            .fontSize(9)
            .fillColor(DARK)
            .text(cell, x, rowTop, { width: width - 4 });
          bottom = Math.max(bottom, doc.y);
          x += width;
        });
        doc.y = bottom + 4;
      }
      const units = data.lineItems.reduce((sum, item) => sum + item.handlingUnits, 0);
      const weight = data.lineItems.reduce((sum, item) => sum + item.weightPounds, 0);
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(
          `Total: ${units} handling units, ${weight.toLocaleString('en-US')} lb`,
          48,
          doc.y + 2,
        );
      doc.x = 48;
      doc.moveDown(0.5);
      rule(doc);
      paragraph(
        doc,
        'Terms',
        'Received, subject to the classifications and tariffs in effect on the date of issue of this bill of lading, the property described above in apparent good order, except as noted. The carrier certifies that emergency response information was made available and that the packages were received in the count stated, unless noted otherwise.',
      );
      const signTop = Math.max(doc.y + 10, 640);
      [
        ['Shipper signature / date', 48],
        ['Carrier signature / pickup date', 224],
        ['Consignee signature / delivery date', 400],
      ].forEach(([text, left]) => {
        doc
          .moveTo(left as number, signTop + 30)
          .lineTo((left as number) + 160, signTop + 30)
          .strokeColor(DARK)
          .lineWidth(0.7)
          .stroke();
        label(doc, text as string, left as number, signTop + 34, 160);
      });
    },
    data.createdAt,
  );
}

// ---- Rate confirmation ----

export interface RateConfirmationData {
  shipmentNumber: string;
  orderNumber: string;
  issuedOn: string;
  operator: PdfParty;
  carrier: PdfParty;
  equipment: string;
  weight: string;
  miles: string;
  rate: string;
  rateType: string;
  stops: PdfStop[];
  requirements: string[];
  references: string[];
  /** The PDF's creation date (a fixed one keeps the demo world's files the same run to run). */
  createdAt?: Date;
}

/** Where the carrier's signature goes, in pdf-lib's coordinates (origin bottom left). */
export interface SignatureBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function rateConfirmationPdf(
  data: RateConfirmationData,
): Promise<{ bytes: Buffer; signatureBox: SignatureBox }> {
  let signatureBox: SignatureBox = { page: 0, x: 48, y: 80, width: 300, height: 60 };
  const bytes = await render(
    `Rate Confirmation ${data.shipmentNumber}`,
    data.operator.name,
    (doc) => {
      heading(
        doc,
        'Carrier Rate Confirmation',
        'Load tender and rate agreement',
        `Load ${data.shipmentNumber}\nOrder ${data.orderNumber}\nIssued ${data.issuedOn}`,
      );
      parties(doc, [
        { title: 'Broker', party: data.operator },
        { title: 'Carrier', party: data.carrier },
      ]);
      facts(doc, [
        ['Equipment', data.equipment],
        ['Weight', data.weight],
        ['Miles', data.miles],
        ['Rate type', data.rateType],
      ]);
      stopsSection(doc, data.stops);
      if (data.references.length > 0)
        paragraph(doc, 'Reference numbers', data.references.join('    '));
      if (data.requirements.length > 0)
        paragraph(doc, 'Requirements', data.requirements.join('; '));
      const rateTop = doc.y;
      label(doc, 'Total carrier rate (USD, all-in, fuel included)', 48, rateTop, 300);
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .fillColor(BRAND)
        .text(data.rate, 48, doc.y + 2);
      doc.fillColor(DARK);
      doc.moveDown(0.6);
      rule(doc);
      paragraph(
        doc,
        'Terms',
        'The carrier agrees to transport the shipment above at the rate shown, which includes fuel surcharge. Detention is payable after two hours at a stop when reported while on site. The carrier invoices with the signed bill of lading and a proof of delivery for each delivery stop. Double brokering is prohibited. This confirmation, once signed, is the agreement for this load.',
      );
      if (doc.y > 620) doc.addPage();
      const top = Math.max(doc.y + 6, 600);
      label(doc, 'Accepted for the carrier', 48, top, 300);
      doc
        .moveTo(48, top + 62)
        .lineTo(348, top + 62)
        .strokeColor(DARK)
        .lineWidth(0.7)
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text('Name, title, date and time', 48, top + 66);
      const pageIndex = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
      // pdfkit measures from the top; pdf-lib from the bottom of the 792-point letter page.
      signatureBox = { page: pageIndex, x: 48, y: 792 - (top + 60), width: 300, height: 46 };
    },
    data.createdAt,
  );
  return { bytes, signatureBox };
}

export interface SignatureStamp {
  signerName: string;
  signerTitle: string | null;
  carrierName: string;
  signedAtText: string;
  signedAt: Date;
}

/** Stamps the typed name and time into the signature box of the confirmation. */
export async function stampSignature(
  confirmation: Buffer,
  box: SignatureBox,
  stamp: SignatureStamp,
): Promise<Buffer> {
  const pdf = await PdfLibDocument.load(confirmation);
  pdf.setModificationDate(stamp.signedAt);
  const pages = pdf.getPages();
  const page = pages[Math.min(Math.max(box.page, 0), pages.length - 1)]!;
  const script = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const plain = await pdf.embedFont(StandardFonts.Helvetica);
  const blue = rgb(0.08, 0.4, 0.75);
  page.drawText(stamp.signerName, {
    x: box.x + 4,
    y: box.y + 24,
    size: 18,
    font: script,
    color: blue,
  });
  page.drawText(
    `Electronically signed by ${stamp.signerName}${stamp.signerTitle ? `, ${stamp.signerTitle}` : ''} for ${stamp.carrierName}`,
    { x: box.x + 4, y: box.y + 10, size: 8, font: plain, color: rgb(0.12, 0.16, 0.2) },
  );
  page.drawText(`Signed ${stamp.signedAtText}`, {
    x: box.x + 4,
    y: box.y,
    size: 8,
    font: plain,
    color: rgb(0.12, 0.16, 0.2),
  });
  pdf.setSubject(`Signed by ${stamp.signerName} for ${stamp.carrierName}, ${stamp.signedAtText}`);
  return Buffer.from(await pdf.save());
}
