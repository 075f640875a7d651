import { stopClockTime } from '@portal/domain';
import PDFDocument from 'pdfkit';

export interface DetentionEvidence {
  caseNumber: string;
  shipmentNumber: string;
  stop: {
    stopNumber: number;
    stopType: string;
    locationName: string;
    city: string;
    state: string;
    ianaTimezone: string;
    arrivedAt: Date | string;
    departedAt: Date | string;
  };
  freeMinutes: number;
  billableHours: number;
  rateCentsPerHour: number;
  amountCents: number;
  events: {
    activityType: string;
    occurredAt: Date | string;
    city: string | null;
    state: string | null;
    note: string | null;
  }[];
}

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

// "StopArrival" -> "Stop Arrival"
const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2');

/**
 * The evidence filed with a drafted detention request: the stop's arrival and departure, the
 * customer's free time and rate, and every tracking event recorded while the truck was there.
 */
export function renderDetentionEvidence(evidence: DetentionEvidence): Promise<Buffer> {
  const { stop } = evidence;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 50,
      info: { Title: `Detention evidence, case ${evidence.caseNumber}`, Creator: 'Carrier Portal' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));

    doc.fillColor('#1565c0').font('Helvetica-Bold').fontSize(18).text('Detention Evidence');
    doc
      .fillColor('#333333')
      .font('Helvetica')
      .fontSize(10)
      .text(`Case ${evidence.caseNumber} · Shipment ${evidence.shipmentNumber}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text(`Stop ${stop.stopNumber} (${stop.stopType})`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${stop.locationName}, ${stop.city}, ${stop.state}`)
      .text(`Arrived: ${stopClockTime(stop.arrivedAt, stop.ianaTimezone)}`)
      .text(`Departed: ${stopClockTime(stop.departedAt, stop.ianaTimezone)}`)
      .text(`Free time: ${evidence.freeMinutes / 60} hours`)
      .text(
        `Billable: ${evidence.billableHours} hours at ${money(evidence.rateCentsPerHour)} per hour = ${money(evidence.amountCents)}`,
      );
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text('Tracking events');
    doc.font('Helvetica').fontSize(10);
    if (evidence.events.length === 0) doc.text('No tracking events were recorded at this stop.');
    for (const event of evidence.events) {
      const place = event.city ? ` · ${event.city}${event.state ? `, ${event.state}` : ''}` : '';
      const note = event.note ? ` · ${event.note}` : '';
      doc.text(
        `${stopClockTime(event.occurredAt, stop.ianaTimezone)} · ${words(event.activityType)}${place}${note}`,
      );
    }
    doc.end();
  });
}
